// What a planar sweep samples: POD distributions of W, the approach angle, mu, e and e_t (sample k ->
// inputs).
#pragma once

#include <cstdint>

#include "collsweep/models/planar/contact.hpp"
#include "collsweep/models/planar/parameters.hpp"
#include "collsweep/sampling/scalar_dist.hpp"

namespace collsweep {

// How W is drawn (configs/README.md, '[matrix]'). Every kind is scale-free: only the shape of W matters
// (each law is homogeneous of degree -1 in W's scale, Chatterjee 1997, §3.6).
//   direct     W = R(phi) diag(1, 1/c) R(phi)^T, phi ~ U[0, pi), log10 c from log10_cond
//   wishart    W = A A^T / dof, A a 2 x dof matrix of standard normals
//   mechanism  W = J M^-1 J^T with M = Q diag(m_i) Q^T (n x n, log10 of m_max/m_min from log10_cond_M,
//              Q Haar-random orthogonal) and J a 2 x n matrix of standard normals
//   fixed      W given
//   shape      m_nn = kappa, m_tt = 1/kappa, m_nt = rho: rho = m_nt/sqrt(m_nn m_tt), kappa = sqrt(m_nn/m_tt)
enum class MatrixKind : std::uint8_t { direct = 0, wishart, mechanism, fixed, shape };

struct MatrixDist {
  MatrixKind kind = MatrixKind::direct;
  ScalarDist log10_cond{ScalarKind::uniform, 0.0, 4.0, 1};    // direct
  std::uint32_t wishart_dof = 2;                              // wishart (>= 2)
  std::uint32_t mechanism_dof = 3;                            // mechanism (2 .. max_mechanism_dof)
  ScalarDist log10_cond_M{ScalarKind::uniform, 0.0, 3.0, 1};  // mechanism
  Delassus2 fixed{1.0, 0.0, 1.0};                             // fixed
  ScalarDist rho{ScalarKind::uniform, -0.99, 0.99, 1};        // shape
  ScalarDist kappa{ScalarKind::log_uniform, 0.1, 10.0, 1};    // shape
};

struct PlanarSamplePlan {
  std::uint64_t seed = 1;
  MatrixDist W;
  ScalarDist theta_deg{ScalarKind::uniform, 0.0, 90.0, 1};     // angle between -v1 and the normal, [0, 90)
  bool random_tangent_sign = false;                            // v_t's sign drawn at random (else v_t >= 0)
  COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_PARAMETER_PLAN_FIELD)  // mu, e, e_t, s1, s2, ratio (parameters.hpp)
};

// One drawn collision with the derived quantities that map axes may use. |v1| = 1.
struct PlanarSample {
  PlanarCollision c;
  double theta_deg = 0.0;   // atan(|v_t| / -v_n) in degrees
  double alpha = 0.0;       // tan(theta) = |v_t| / -v_n
  double rho = 0.0;         // m_nt / sqrt(m_nn m_tt)
  double kappa = 0.0;       // sqrt(m_nn / m_tt)
  double log10_cond = 0.0;  // log10 of W's condition number (eigenvalue ratio)
};

// What a consumer of samples reads beyond W, v, mu and e (all of it by default): a sweep that maps no
// shape quantity and reads no law parameter beyond mu and e skips their cost.
struct SampleNeeds {
  unsigned inputs = ~0u;   // the law-input bits (planar_input) whose parameters are drawn (parameters.hpp)
  bool shape = true;       // rho and kappa from W (always exact for the shape kind)
  bool log10_cond = true;  // log10 cond(W) from W (always exact, the drawn value, for the direct kind)
  bool alpha = true;       // alpha = tan theta (only the alpha axis reads it: one division)
  bool grid = true;        // the plan may have grid axes (false: every grid digit is 0 without computing it)
};

// RNG streams, one per purpose, so that changing how one input is drawn never changes the others (append
// only: a new parameter's stream never changes an existing sample).
enum class Stream : std::uint32_t {
  matrix = 1,
  approach = 2,
  friction = 3,
  restitution = 4,
  tangential = 5,
  weights = 6,
  ratio = 7,
  engine = 8
};

}  // namespace collsweep

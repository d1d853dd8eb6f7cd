// What a spatial sweep samples: POD distributions of W (3x3), the approach (incidence psi, azimuth phi), mu,
// e and e_t (sample k -> inputs), and the drawn sample with its derived map quantities.
#pragma once

#include <cstdint>

#include "collsweep/models/spatial/contact.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"
#include "collsweep/sampling/scalar_dist.hpp"

namespace collsweep {

// How W is drawn (docs/spatial.md, '[matrix]'). Every kind but fixed is put in the canonical frame before
// use: the tangent axes rotated about n onto the principal axes of b (b12 = 0, b11 >= b22), so that the
// azimuth phi is measured from b's principal axis whatever the kind (Elkaranshawy 2002's symmetry reduction;
// the laws are equivariant under rotations about n), and W scaled to a = W_nn = 1 (the laws are homogeneous
// of degree -1 in W's scale). The kinds give different measures over the canonical box; runs record which.
//   direct     W = Q diag(1, 10^(-x u), 10^-x) Q^T, Q Haar-random (3x3), x = log10 cond from log10_cond
//   canonical  the four-parameter form: a = 1, b = diag(b1, b2), b1 >= b2 the sorted pair 10^log10_b of two
//              draws; c = (sqrt(b1) r cos chi, sqrt(b2) r sin chi), r = coupling in [0, 1), chi ~ U[0, pi/2]:
//              SPD iff r < 1 (r^2 = c1^2/b1 + c2^2/b2 = 1 - (a - c^T b^-1 c)), c1, c2 >= 0
//   bodies     two random rigid bodies (body 2 fixed ground when ground = true): masses 1 and mass_ratio,
//              principal second moments s_x,y,z = m u_x,y,z (u ~ U(0,1)), so the principal inertias
//              J1 = s_y + s_z, ... satisfy the triangle inequalities; Haar-random orientations; mass centres
//              at lever (the distance from the contact point, in units of the bodies' size) along a random
//              direction of the half-space of each body (body 1 along +n). W = sum_i [1/m_i - [r_i]x
//              J_i^-1 [r_i]x] (Sypniewska-Kaminska & Rosinski 2008, eq. 12)
//   mechanism  W = J M^-1 J^T with M = Q diag(m_i) Q^T (n x n, log10 m_max/m_min from log10_cond_M, Q
//              Haar) and J a 3 x n matrix of standard normals (the planar and multi-contact mechanism draw)
//   fixed      W given, in the frame given (phi measured from its t1)
enum class SpatialMatrixKind : std::uint8_t { direct = 0, canonical, bodies, mechanism, fixed };

struct SpatialMatrixDist {
  SpatialMatrixKind kind = SpatialMatrixKind::direct;
  ScalarDist log10_cond{ScalarKind::uniform, 0.0, 3.0, 1};       // direct
  ScalarDist log10_b{ScalarKind::uniform, -1.0, 1.0, 1};         // canonical (two draws)
  ScalarDist coupling{ScalarKind::uniform, 0.0, 0.99, 1};        // canonical
  ScalarDist mass_ratio{ScalarKind::log_uniform, 0.1, 10.0, 1};  // bodies: m2 / m1
  ScalarDist lever{ScalarKind::uniform, 0.5, 2.0, 1};            // bodies: |r_i| / body size
  bool ground = false;                                           // bodies: body 2 is fixed ground
  std::uint32_t mechanism_dof = 6;                               // mechanism (3 .. max_mechanism_dof)
  ScalarDist log10_cond_M{ScalarKind::uniform, 0.0, 3.0, 1};     // mechanism
  Delassus3 fixed{1.0, 0.0, 0.0, 1.0, 0.0, 1.0};                 // fixed
};

struct SpatialSamplePlan {
  std::uint64_t seed = 1;
  SpatialMatrixDist W;
  ScalarDist psi_deg{ScalarKind::uniform, 0.0, 90.0, 1};        // incidence: angle between -v1 and n, [0, 90)
  ScalarDist phi_deg{ScalarKind::uniform, 0.0, 360.0, 1};       // azimuth from the principal axis of b
  COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_PARAMETER_PLAN_FIELD)  // mu, e, ... (parameters.hpp)
};

// One drawn collision with the derived quantities that map axes may use. |v1| = 1:
// v1 = (-cos psi, sin psi cos phi, sin psi sin phi) in (n, t1, t2).
struct SpatialSample {
  SpatialCollision c;
  double psi_deg = 0.0, phi_deg = 0.0;  // the drawn angles themselves (grid values stay exact)
  double log10_cond = 0.0;              // log10 of W's condition number (direct: the drawn value)
  double mu_c = 0.0;                    // |b^-1 c| (Elkaranshawy eq. 36)
  SpatialThesisParams params;           // s1, s2, r1, r2, ... (drawn only when a law or an axis reads them)
};

// RNG streams, one per purpose, so that changing how one input is drawn never changes the others (append
// only: a new parameter's stream never changes an existing sample).
enum class SpatialStream : std::uint32_t {
  matrix = 1,
  approach = 2,
  friction = 3,
  restitution = 4,
  tangential = 5,
  weights = 6,     // s1, then s2
  ratio = 7,       // r1, then r2
  iterations = 8,  // sequential-impulse-3d's engine parameters, one stream each
  threshold = 9,
  normal_first = 10,
  friction_cone = 11
};

}  // namespace collsweep

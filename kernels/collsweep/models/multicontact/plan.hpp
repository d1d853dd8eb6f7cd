// What a multi-contact sweep samples: POD distributions of k, G, gamma^-, mu, eps_N and eps_T (sample i ->
// inputs).
#pragma once

#include <cstdint>

#include "collsweep/models/multicontact/contact.hpp"
#include "collsweep/models/multicontact/parameters.hpp"
#include "collsweep/sampling/scalar_dist.hpp"

namespace collsweep {

inline constexpr int max_contacts = 4;

// How G (2k x 2k, rows N1..Nk, T1..Tk) is drawn; each is scale-free like the planar kinds.
//   direct     G = Q diag(lambda) Q^T, Q Haar-random orthogonal (2k x 2k), lambda log-uniform between 1 and
//              10^-x with x from log10_cond (largest 1, smallest 10^-x: cond(G) = 10^x exactly)
//   wishart    G = A A^T / dof, A a 2k x dof matrix of standard normals, dof = 2k + wishart_extra_dof
//   mechanism  G = J M^-1 J^T: M n x n SPD (n = mechanism_dof >= 2k, log10 cond from log10_cond_M, as the
//              planar mechanism kind) and J the 2k x n stack of k random contact Jacobians (normal rows
//              first, then tangent rows), standard normal entries. n may be below 2k: G then has rank n
//              and the drawn contact velocities are projected onto its range (sampler.hpp)
//   body       one given planar rigid body on k fixed obstacles (PlanarBody, models/multicontact/
//              planar_body.hpp): G = J M^-1 J^T of rank <= 3, the same for every sample; the sweep draws
//              the body's velocity (v_x, v_y, omega) and gamma^- = J v
enum class DelassusKind : std::uint8_t { direct = 0, wishart, mechanism, body };

// One planar rigid body (mass m, moment of inertia I about its mass centre) touching fixed obstacles at k
// points: point[j] is contact j's position minus the mass centre, normal[j] its unit normal, pointing from
// the obstacle into the body. World axes x, y; omega counterclockwise.
struct PlanarBody {
  double mass = 1.0;
  double inertia = 1.0;
  double point[max_contacts][2] = {};
  double normal[max_contacts][2] = {};
};

struct MultiContactSamplePlan {
  std::uint64_t seed = 1;
  ScalarDist contacts{ScalarKind::constant, 2.0, 2.0, 1};  // k in 1..4 (constant, or grid over integers)
  DelassusKind G_kind = DelassusKind::direct;
  ScalarDist log10_cond{ScalarKind::uniform, 0.0, 3.0, 1};  // direct
  std::uint32_t wishart_extra_dof = 0;                      // wishart
  std::uint32_t mechanism_dof = 8;                          // mechanism (>= 2 * max k, <= max_mechanism_dof)
  ScalarDist log10_cond_M{ScalarKind::uniform, 0.0, 3.0, 1};  // mechanism
  PlanarBody body;                                            // body (k = model.contacts points)
  // Pre-impact contact velocities (docs/multicontact.md): gamma_Nj^- <= 0 (a sample where no contact
  // approaches is reported invalid by the law, never redrawn), gamma_Tj^- of either sign.
  ScalarDist gamma_N{ScalarKind::uniform, -1.0, 0.0, 1};
  ScalarDist gamma_T{ScalarKind::uniform, -1.0, 1.0, 1};
  // body: the mass-centre velocity (v_x, v_y) and the angular velocity omega before impact, gamma^- = J v.
  ScalarDist v_x{ScalarKind::uniform, -1.0, 1.0, 1};
  ScalarDist v_y{ScalarKind::uniform, -1.0, 0.0, 1};
  ScalarDist omega{ScalarKind::uniform, -1.0, 1.0, 1};
  ScalarDist mu{ScalarKind::uniform, 0.0, 1.5, 1};     // per contact, independent draws
  ScalarDist eps_N{ScalarKind::uniform, 0.0, 1.0, 1};  // per contact
  ScalarDist eps_T_ratio{ScalarKind::uniform, 0.0, 1.0,
                         1};  // eps_Tj = ratio_j * eps_Nj, keeps 0 <= eps_T <= eps_N
  COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_PARAMETER_PLAN_FIELD)  // the engine law's (parameters.hpp)
};

// One drawn multi-contact collision. Only the leading 2k x 2k block of G and the first 2k entries of
// gamma_minus (ordered N1..Nk, T1..Tk) and the first k coefficients are meaningful.
struct MultiContactSample {
  std::uint32_t k = 2;
  std::uint32_t unused_ = 0;  // explicit padding, so that whole samples compare bitwise (memcmp)
  double G[2 * max_contacts][2 * max_contacts] = {};
  double gamma_minus[2 * max_contacts] = {};
  double mu[max_contacts] = {}, eps_N[max_contacts] = {}, eps_T[max_contacts] = {};
  double log10_cond = 0.0;       // log10 cond(G) (NaN where a sweep that maps no log10_cond axis skipped it)
  double eps_spread = 0.0;       // max - min over all eps_Nj and eps_Tj of the sample
  double mu_mean = 0.0;          // mean friction coefficient over the contacts
  double body_velocity[3] = {};  // body kind: (v_x, v_y, omega) before impact (0 for the other kinds)
  MultiContactEngineParams params;  // the law parameters (parameters.hpp; sampler.hpp draws them)
};

// The largest number of contacts the plan can draw (k is rounded to the nearest integer in 1..4).
COLLSWEEP_HD_INLINE int max_contacts_of(const MultiContactSamplePlan& p) {
  const double x = p.contacts.kind == ScalarKind::constant
                       ? p.contacts.lo
                       : (p.contacts.hi > p.contacts.lo ? p.contacts.hi : p.contacts.lo);
  return x >= 3.5 ? 4 : x >= 2.5 ? 3 : x >= 1.5 ? 2 : 1;
}

// The sample as the law's input for K = sample.k (the caller dispatches on k).
template <int K>
COLLSWEEP_HD_INLINE MultiContactCollision<K> collision_of(const MultiContactSample& s) {
  MultiContactCollision<K> c;
  for (int i = 0; i < 2 * K; ++i) {
    for (int j = 0; j < 2 * K; ++j) c.G[i][j] = s.G[i][j];
    c.gamma_minus[i] = s.gamma_minus[i];
  }
  for (int j = 0; j < K; ++j) {
    c.mu[j] = s.mu[j];
    c.eps_N[j] = s.eps_N[j];
    c.eps_T[j] = s.eps_T[j];
  }
  c.params = s.params;
  return c;
}

// RNG streams of the multi-contact sampler (distinct from the planar ones), one per purpose:
//   contacts k; delassus G; velocity gamma_Nj^-; friction mu_j; restitution eps_Nj;
//   tangent_velocity gamma_Tj^-; tangent_restitution the ratios eps_Tj / eps_Nj; body_v_x, body_v_y,
//   body_omega the body kind's velocity; engine the engine law's settings (parameters.hpp); normal_order the
//   permutation of the engine law's normal impulses where order = 2 draws one per sample.
enum class MultiStream : std::uint32_t {
  contacts = 11,
  delassus = 12,
  velocity = 13,
  friction = 14,
  restitution = 15,
  tangent_velocity = 16,
  tangent_restitution = 17,
  body_v_x = 18,
  body_v_y = 19,
  body_omega = 20,
  engine = 21,
  normal_order = 22
};

}  // namespace collsweep

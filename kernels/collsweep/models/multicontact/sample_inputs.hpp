// The multi-contact sampler's layout that holds for any lane type V (one sample: sampler.hpp, the CPU's
// scalar path and the GPU; eight: host/backend/multicontact_sample_lanes.cpp): the grid axes in digit order,
// which stream and which distribution feed each per-contact input, and the derived quantities.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/models/multicontact/planar_body.hpp"

namespace collsweep {

// The grid digits of one multi-contact sample, one per ScalarDist of the plan (0 for a non-grid one).
struct MultiGridDigits {
  std::uint32_t contacts = 0, log10_cond = 0, log10_cond_M = 0, gamma_N = 0, gamma_T = 0, mu = 0, eps_N = 0,
                eps_T_ratio = 0, v_x = 0, v_y = 0, omega = 0;
  COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_PARAMETER_DIGIT_FIELD)  // the law parameters' (parameters.hpp)
};

inline constexpr int multicontact_grid_axes =
    multicontact_parameter_first_slot + COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_PARAMETER_COUNT) 0;

// The table's slots are the next ones in row order (appended, so that every existing sample keeps its
// digits).
namespace multicontact_slots {
#define COLLSWEEP_X(name, holder, stream, at, slot, ...) slot,
inline constexpr int of_rows[] = {COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_X)};
#undef COLLSWEEP_X
constexpr bool in_order() {
  for (int r = 0; r < static_cast<int>(sizeof of_rows / sizeof of_rows[0]); ++r)
    if (of_rows[r] != multicontact_parameter_first_slot + r) return false;
  return true;
}
static_assert(in_order(), "parameters.hpp: the rows' slots must follow the eleven axes in row order");
}  // namespace multicontact_slots

// f(digit, dist) for every grid axis in digit order (contacts fastest): MultiGridDigits' member and the
// plan's ScalarDist member. A grid axis the G kind does not read still counts; so does a law parameter's that
// no law of the sweep reads (the config refuses such a grid: parameters.hpp's rows are `read`).
template <class F>
COLLSWEEP_HD_INLINE void for_multicontact_grid_axes(F f) {
  f(&MultiGridDigits::contacts, &MultiContactSamplePlan::contacts);
  f(&MultiGridDigits::log10_cond, &MultiContactSamplePlan::log10_cond);
  f(&MultiGridDigits::log10_cond_M, &MultiContactSamplePlan::log10_cond_M);
  f(&MultiGridDigits::gamma_N, &MultiContactSamplePlan::gamma_N);
  f(&MultiGridDigits::gamma_T, &MultiContactSamplePlan::gamma_T);
  f(&MultiGridDigits::mu, &MultiContactSamplePlan::mu);
  f(&MultiGridDigits::eps_N, &MultiContactSamplePlan::eps_N);
  f(&MultiGridDigits::eps_T_ratio, &MultiContactSamplePlan::eps_T_ratio);
  f(&MultiGridDigits::v_x, &MultiContactSamplePlan::v_x);
  f(&MultiGridDigits::v_y, &MultiContactSamplePlan::v_y);
  f(&MultiGridDigits::omega, &MultiContactSamplePlan::omega);
#define COLLSWEEP_X(name, ...) f(&MultiGridDigits::name, &MultiContactSamplePlan::name);
  COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
}

// The per-contact inputs of k contacts, one stream each, contact j = 0 .. k-1 in order (so that contact j's
// values do not depend on k):
//   velocity             gamma_Nj^- = gamma[j]      from gamma_N     (not the body kind)
//   tangent_velocity     gamma_Tj^- = gamma[k + j]  from gamma_T     (not the body kind)
//   body_v_x, body_v_y, body_omega                                   (the body kind only)
//                        body_v = (v_x, v_y, omega) from v_x, v_y and omega, one word each, and
//                        gamma^- = J body_v (planar_body.hpp)
//   friction             mu_j                       from mu
//   restitution          eps_Nj                     from eps_N
//   tangent_restitution  eps_Tj = r_j eps_Nj        r_j from eps_T_ratio
// draw(stream, dist, digit, k, v) fills v[0 .. k) with draw_scalar(dist) from that stream of every lane,
// at the lanes' grid digit `digit` (MultiGridDigits' member).
template <class V, class Draw>
COLLSWEEP_HD_INLINE void draw_contact_inputs(const MultiContactSamplePlan& p, std::uint32_t k, Draw& draw,
                                             V* gamma, V (&body_v)[planar_body_dof], V* mu, V* eps_N,
                                             V* eps_T) {
  if (p.G_kind == DelassusKind::body) {
    draw(MultiStream::body_v_x, p.v_x, &MultiGridDigits::v_x, 1u, &body_v[0]);
    draw(MultiStream::body_v_y, p.v_y, &MultiGridDigits::v_y, 1u, &body_v[1]);
    draw(MultiStream::body_omega, p.omega, &MultiGridDigits::omega, 1u, &body_v[2]);
    planar_body_contact_velocities(p.body, k, body_v, gamma);
  } else {
    for (int d = 0; d < planar_body_dof; ++d) body_v[d] = V{};
    draw(MultiStream::velocity, p.gamma_N, &MultiGridDigits::gamma_N, k, gamma);
    draw(MultiStream::tangent_velocity, p.gamma_T, &MultiGridDigits::gamma_T, k, gamma + k);
  }
  draw(MultiStream::friction, p.mu, &MultiGridDigits::mu, k, mu);
  draw(MultiStream::restitution, p.eps_N, &MultiGridDigits::eps_N, k, eps_N);
  draw(MultiStream::tangent_restitution, p.eps_T_ratio, &MultiGridDigits::eps_T_ratio, k, eps_T);
  for (std::uint32_t j = 0; j < k; ++j) eps_T[j] = eps_T[j] * eps_N[j];
}

// eps_spread = max - min over the k eps_Nj and the k eps_Tj; mu_mean = (sum_j mu_j) / k, j ascending.
template <class V>
COLLSWEEP_HD_INLINE void contact_derived(std::uint32_t k, const V* mu, const V* eps_N, const V* eps_T,
                                         V& eps_spread, V& mu_mean) {
  V lo = eps_N[0], hi = eps_N[0], mu_sum{};
  for (std::uint32_t j = 0; j < k; ++j) {
    lo = min_r(lo, min_r(eps_N[j], eps_T[j]));
    hi = max_r(hi, max_r(eps_N[j], eps_T[j]));
    mu_sum += mu[j];
  }
  eps_spread = hi - lo;
  mu_mean = mu_sum / static_cast<double>(k);
}

}  // namespace collsweep

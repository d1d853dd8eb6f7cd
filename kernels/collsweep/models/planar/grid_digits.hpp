// The grid digits of a planar sample: which digit of the plan's grid counter each input takes.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

// The grid digits of one planar sample, one per ScalarDist of the plan (0 for a non-grid one), in the fixed
// order of the plan's grid counter (sampling/scalar.hpp)
//   theta_deg, mu, e, e_t, W.log10_cond, W.log10_cond_M, W.rho, W.kappa, s1, s2, ratio   (theta fastest;
// the last three were appended for the thesis laws' parameters, so the digits of every earlier plan are unchanged).
// A grid ScalarDist that the W kind does not read still counts in G (the config validator rejects it).
struct GridDigits {
  std::uint32_t theta_deg = 0, mu = 0, e = 0, e_t = 0;
  std::uint32_t log10_cond = 0, log10_cond_M = 0, rho = 0, kappa = 0;
  std::uint32_t s1 = 0, s2 = 0, ratio = 0;
};

// f(dist, digit) for each ScalarDist of the plan and its digit in d, in the counter's order above.
template <class F>
COLLSWEEP_HD_INLINE void for_each_planar_grid_axis(const PlanarSamplePlan& p, GridDigits& d, F&& f) {
  f(p.theta_deg, d.theta_deg);
  f(p.mu, d.mu);
  f(p.e, d.e);
  f(p.e_t, d.e_t);
  f(p.W.log10_cond, d.log10_cond);
  f(p.W.log10_cond_M, d.log10_cond_M);
  f(p.W.rho, d.rho);
  f(p.W.kappa, d.kappa);
  f(p.s1, d.s1);
  f(p.s2, d.s2);
  f(p.ratio, d.ratio);
}

// G: the number of grid combinations (1 without grid axes). The validator keeps it far below 2^64.
COLLSWEEP_HD_INLINE std::uint64_t planar_grid_size(const PlanarSamplePlan& p) {
  GridDigits d;
  std::uint64_t G = 1u;
  for_each_planar_grid_axis(p, d, [&](const ScalarDist& s, std::uint32_t&) { G *= grid_points(s); });
  return G;
}

// Digits of g = k mod G in the fixed order above (theta fastest).
COLLSWEEP_HD_INLINE GridDigits planar_grid_digits(const PlanarSamplePlan& p, std::uint64_t k) {
  GridDigits d;
  const std::uint64_t G = planar_grid_size(p);
  if (G == 1u) return d;
  std::uint64_t g = k % G;
  for_each_planar_grid_axis(p, d,
                            [&](const ScalarDist& s, std::uint32_t& digit) { digit = pop_grid_digit(g, s); });
  return d;
}

// planar_grid_digits(p, k0 + l) for the W lanes l = 0 .. W-1: lane 0's by division, each next one counted on
// by one.
template <int W>
COLLSWEEP_HD_INLINE void planar_grid_digits_lanes(const PlanarSamplePlan& p, std::uint64_t k0,
                                                  GridDigits (&g)[W]) {
  g[0] = planar_grid_digits(p, k0);
  for (int l = 1; l < W; ++l) {
    g[l] = g[l - 1];
    std::uint64_t carry = 1u;
    for_each_planar_grid_axis(
        p, g[l], [&](const ScalarDist& s, std::uint32_t& digit) { carry_grid_digit(digit, s, carry); });
  }
}

}  // namespace collsweep

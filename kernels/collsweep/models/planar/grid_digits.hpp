// The grid digits of a planar sample: which digit of the plan's grid counter each input takes.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/sampling/grid_slots.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

// The grid digits of one planar sample, one per ScalarDist of the plan (0 for a non-grid one). Slots, the
// counter's order (theta fastest): the geometry's below, each law parameter's in its row of parameters.hpp
//   0 theta_deg, 1 mu, 2 e, 3 e_t, 4 W.log10_cond, 5 W.log10_cond_M, 6 W.rho, 7 W.kappa, 8 s1, 9 s2, 10 ratio,
//   11 iterations, 12 threshold, 13 normal_first
// (a new parameter takes the next slot, so the digits of every earlier plan are unchanged). A grid ScalarDist
// that the W kind does not read still counts in G (the config validator rejects it).
struct GridDigits {
  std::uint32_t theta_deg = 0, log10_cond = 0, log10_cond_M = 0, rho = 0, kappa = 0;
  COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_PARAMETER_DIGIT_FIELD)
};

// Slot -> the plan's ScalarDist and its digit (a slot given twice or missing does not compile).
template <int Slot>
struct PlanarGridAxis;
#define COLLSWEEP_PLANAR_GRID_AXIS(slot, dist, digit) \
  COLLSWEEP_GRID_AXIS(PlanarGridAxis, PlanarSamplePlan, GridDigits, slot, dist, digit)
COLLSWEEP_PLANAR_GRID_AXIS(0, theta_deg, theta_deg)
COLLSWEEP_PLANAR_GRID_AXIS(4, W.log10_cond, log10_cond)
COLLSWEEP_PLANAR_GRID_AXIS(5, W.log10_cond_M, log10_cond_M)
COLLSWEEP_PLANAR_GRID_AXIS(6, W.rho, rho)
COLLSWEEP_PLANAR_GRID_AXIS(7, W.kappa, kappa)
#define COLLSWEEP_X(name, holder, stream, at, slot, ...) COLLSWEEP_PLANAR_GRID_AXIS(slot, name, name)
COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
#undef COLLSWEEP_PLANAR_GRID_AXIS

inline constexpr int planar_grid_slots = 5 + COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_PARAMETER_COUNT) 0;

// f(dist, digit) for each ScalarDist of the plan and its digit in d, in the counter's order above.
template <class F>
COLLSWEEP_HD_INLINE void for_each_planar_grid_axis(const PlanarSamplePlan& p, GridDigits& d, F&& f) {
  visit_grid_slots<PlanarGridAxis>(p, d, f, MakeGridSlots<planar_grid_slots>{});
}

// G: the number of grid combinations (1 without grid axes). The validator keeps it far below 2^64.
COLLSWEEP_HD_INLINE std::uint64_t planar_grid_size(const PlanarSamplePlan& p) {
  return grid_size_of<PlanarGridAxis, planar_grid_slots, GridDigits>(p);
}

// Digits of g = k mod G in the fixed order above (theta fastest).
COLLSWEEP_HD_INLINE GridDigits planar_grid_digits(const PlanarSamplePlan& p, std::uint64_t k) {
  return grid_digits_of<PlanarGridAxis, planar_grid_slots, GridDigits>(p, k);
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

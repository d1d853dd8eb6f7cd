// A plan's grid counter over slots 0 .. N-1 (Axis<slot>: the plan's ScalarDist and its digit, a family's
// specializations): the visit in slot order with no loop or switch left at run time, G and the digits of a
// sample (sampling/scalar.hpp's mixed-radix counter).
#pragma once

#include <cstdint>
#include <utility>

#include "collsweep/hd.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

// Axis<slot> of a family's grid counter: the plan's ScalarDist `dist` and its digit `digit` in Digits (a
// family's slot given twice or missing does not compile).
#define COLLSWEEP_GRID_AXIS(Axis, Plan, Digits, slot, dist, digit)                         \
  template <>                                                                              \
  struct Axis<slot> {                                                                      \
    COLLSWEEP_HD_INLINE static const ScalarDist& dist_of(const Plan& p) { return p.dist; } \
    COLLSWEEP_HD_INLINE static std::uint32_t& digit_of(Digits& d) { return d.digit; }      \
  };

template <int... Slots>
using GridSlots = std::integer_sequence<int, Slots...>;

template <int N>
using MakeGridSlots = std::make_integer_sequence<int, N>;

// f(Axis<slot>::dist_of(plan), Axis<slot>::digit_of(digits)) for every slot, in order.
template <template <int> class Axis, class Plan, class Digits, class F, int... Slots>
COLLSWEEP_HD_INLINE void visit_grid_slots(const Plan& p, Digits& d, F& f, GridSlots<Slots...>) {
  (f(Axis<Slots>::dist_of(p), Axis<Slots>::digit_of(d)), ...);
}

// G: the number of grid combinations of slots 0 .. N-1 (1 without grid axes).
template <template <int> class Axis, int N, class Digits, class Plan>
COLLSWEEP_HD_INLINE std::uint64_t grid_size_of(const Plan& p) {
  Digits d;
  std::uint64_t G = 1u;
  auto f = [&](const ScalarDist& s, std::uint32_t&) { G *= grid_points(s); };
  visit_grid_slots<Axis>(p, d, f, MakeGridSlots<N>{});
  return G;
}

// The digits of g = k mod G, slot 0 fastest.
template <template <int> class Axis, int N, class Digits, class Plan>
COLLSWEEP_HD_INLINE Digits grid_digits_of(const Plan& p, std::uint64_t k) {
  Digits d;
  const std::uint64_t G = grid_size_of<Axis, N, Digits>(p);
  if (G == 1u) return d;
  std::uint64_t g = k % G;
  auto f = [&](const ScalarDist& s, std::uint32_t& digit) { digit = pop_grid_digit(g, s); };
  visit_grid_slots<Axis>(p, d, f, MakeGridSlots<N>{});
  return d;
}

}  // namespace collsweep

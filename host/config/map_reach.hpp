// The values a map quantity can take under a sampling plan, so that a map no sample can reach is rejected.
#pragma once

#include <string>

#include "collsweep/sampling/scalar_dist.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// A superset of the values a quantity takes: [lo, hi], or [lo, hi) when hi_open. `from` names what sets
// it (a config key, or why the range is what it is).
struct ValueRange {
  double lo = 0.0, hi = 0.0;
  bool hi_open = false;
  std::string from;
};

// Each family gives `ValueRange reachable_range(const Plan&, Q)` for its plan and quantities
// (families/<family>/map_reach.cpp), built of these:

// The values a SCALAR can produce; `key` names it.
ValueRange of_dist(const ScalarDist& d, const char* key);

// Widened by a relative 1e-9 for the rounding of a derived quantity; the upper end closed.
ValueRange widened(ValueRange r);

// [lo, inf]: a quantity of a random W or G with no finite upper bound; `why` says so.
ValueRange unbounded_above(double lo, const char* why);

// No value at all: a quantity the plan does not define (a body's velocity without a body); `why` says so.
ValueRange no_value(const char* why);

// log2 of an iteration count under `d` (key: its config key), the map quantity log2_iterations of every
// family's engine law: its count 0 (to convergence) is +inf, outside every map (no_value when d holds only 0).
ValueRange log2_sweeps_range(const ScalarDist& d, const char* key);

// Whether the range holds no value (no_value).
inline bool is_empty(const ValueRange& r) { return !(r.lo <= r.hi); }

// Whether some value of `range` falls into the axis' [lo, hi].
template <class Q>
bool axis_reachable(const MapAxis<Q>& a, const ValueRange& r) {
  if (is_empty(r) || a.hi < r.lo) return false;
  return r.hi_open ? a.lo < r.hi : a.lo <= r.hi;
}

// "[0, 1)", "[0, inf]", "{0.5}".
std::string describe_range(const ValueRange& range);

}  // namespace collsweep

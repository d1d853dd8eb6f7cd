// The values a map quantity can take under a sampling plan, so that a map no sample can reach is rejected.
#pragma once

#include <string>

#include "collsweep/models/multicontact/sweep_spec.hpp"
#include "collsweep/models/planar/sweep_spec.hpp"

namespace collsweep {

// A superset of the values a quantity takes: [lo, hi], or [lo, hi) when hi_open. `from` names what sets
// it (a config key, or why the range is what it is).
struct ValueRange {
  double lo = 0.0, hi = 0.0;
  bool hi_open = false;
  std::string from;
};

ValueRange reachable_range(const PlanarSamplePlan& plan, Quantity q);
ValueRange reachable_range(const MultiContactSamplePlan& plan, Quantity q);

// Whether some value of `range` falls into the axis' [lo, hi].
bool axis_reachable(const MapAxis& axis, const ValueRange& range);

// "[0, 1)", "[0, inf]", "{0.5}".
std::string describe_range(const ValueRange& range);

}  // namespace collsweep

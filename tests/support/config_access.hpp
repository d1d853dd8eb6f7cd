// The family spec of a parsed RunConfig, for tests that know which family their config is (std::get throws
// std::bad_variant_access, which fails the test, when it is the other one).
#pragma once

#include <variant>

#include "families/run_config.hpp"

namespace collsweep::testing {

inline const PlanarSweepSpec& planar_spec(const RunConfig& c) { return std::get<PlanarSweepSpec>(c.model); }
inline const MultiContactSweepSpec& multicontact_spec(const RunConfig& c) {
  return std::get<MultiContactSweepSpec>(c.model);
}
inline const SpatialSweepSpec& spatial_spec(const RunConfig& c) {
  return std::get<SpatialSweepSpec>(c.model);
}

}  // namespace collsweep::testing

// Every spatial law behind one dispatch point, with the names used in configs and outputs.
#pragma once

#include <cstring>

#include "collsweep/models/spatial/chatterjee_ruina_3d.hpp"
#include "collsweep/models/spatial/routh_laws.hpp"

namespace collsweep {

inline constexpr int spatial_law_count = static_cast<int>(SpatialLaw::count_);

// Whether the law reads e_t (only chatterjee-ruina-3d).
COLLSWEEP_HD_INLINE bool law_reads_tangential_restitution(SpatialLaw law) {
  return law == SpatialLaw::chatterjee_ruina3d;
}

// Evaluates one spatial law on one collision (sweeps, `eval` and `solve` all come here).
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_spatial(SpatialLaw law, const SpatialCollision& c) {
  static_assert(spatial_law_count == 4, "a new spatial law needs its case here and a name below");
  return law == SpatialLaw::chatterjee_ruina3d ? ChatterjeeRuina3d::evaluate(c) : evaluate_routh(law, c);
}

inline const char* law_name(SpatialLaw law) {
  switch (law) {
    case SpatialLaw::stronge3d:
      return Stronge3d::name;
    case SpatialLaw::poisson3d:
      return Poisson3d::name;
    case SpatialLaw::newton3d:
      return Newton3d::name;
    case SpatialLaw::chatterjee_ruina3d:
      return ChatterjeeRuina3d::name;
    default:
      return "unknown";
  }
}

// Parses a spatial law name; returns false for an unknown name.
inline bool parse_law(const char* name, SpatialLaw* out) {
  for (int i = 0; i < spatial_law_count; ++i) {
    const auto law = static_cast<SpatialLaw>(i);
    if (std::strcmp(name, law_name(law)) == 0) {
      *out = law;
      return true;
    }
  }
  return false;
}

}  // namespace collsweep

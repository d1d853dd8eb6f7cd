// The spatial map quantities: what a spatial sweep may map, their names, and their values on a SpatialSample.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/models/spatial/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// psi (incidence, the angle between -v1 and n, degrees in [0, 90)), phi (azimuth of v1's tangential part
// from the principal axis of b, degrees in [0, 360)), mu_ratio = mu / mu_c (mu_c = |b^-1 c| >= 1: sticking
// can hold once slip halts), log10_cond (of W), then every law parameter (parameters.hpp).
enum class SpatialQuantity : std::uint8_t {
  psi,
  phi,
  mu_ratio,
  log10_cond,
  COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_PARAMETER_ENUMERATOR) count_
};
using SpatialAxis = MapAxis<SpatialQuantity>;

inline const char* quantity_name(SpatialQuantity q) {
  static const char* const names[] = {"psi", "phi", "mu_ratio", "log10_cond",
                                      COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_PARAMETER_NAME)};
  return q < SpatialQuantity::count_ ? names[static_cast<int>(q)] : "unknown";
}

// The map-axis value of a spatial sample; mu_ratio = mu / mu_c is +inf when mu_c = 0 (c = 0: sticking
// holds for every mu), outside every finite axis.
COLLSWEEP_HD_INLINE double quantity_value(const SpatialSample& s, SpatialQuantity q) {
  switch (q) {
    case SpatialQuantity::psi:
      return s.psi_deg;
    case SpatialQuantity::phi:
      return s.phi_deg;
    case SpatialQuantity::mu_ratio:
      return s.c.mu / s.mu_c;
    case SpatialQuantity::log10_cond:
      return s.log10_cond;
#define COLLSWEEP_X(name, holder, ...) \
  case SpatialQuantity::name:          \
    return s.holder.name;
      COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
    default:
      return 0.0;
  }
}

}  // namespace collsweep

// The spatial map quantities: which Quantity a spatial sweep may map, and its value on a SpatialSample.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/models/spatial/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// Whether a quantity exists in spatial sweeps: psi, phi, mu_ratio, log10_cond (of W), and every law
// parameter (parameters.hpp).
inline bool spatial_quantity(Quantity q) {
#define COLLSWEEP_X(name, ...) q == Quantity::name ||
  return q == Quantity::psi || q == Quantity::phi || q == Quantity::mu_ratio || q == Quantity::log10_cond ||
         COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_X) false;
#undef COLLSWEEP_X
}

// The map-axis value of a spatial sample; mu_ratio = mu / mu_c is +inf when mu_c = 0 (c = 0: sticking
// holds for every mu), outside every finite axis. Any other quantity gives 0.
COLLSWEEP_HD_INLINE double quantity_value(const SpatialSample& s, Quantity q) {
  switch (q) {
    case Quantity::psi:
      return s.psi_deg;
    case Quantity::phi:
      return s.phi_deg;
    case Quantity::mu_ratio:
      return s.c.mu / s.mu_c;
    case Quantity::log10_cond:
      return s.log10_cond;
#define COLLSWEEP_X(name, holder, ...) \
  case Quantity::name:                 \
    return s.holder.name;
      COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
    default:
      return 0.0;
  }
}

}  // namespace collsweep

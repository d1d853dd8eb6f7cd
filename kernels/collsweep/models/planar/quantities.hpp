// The planar map quantities: which Quantity a planar sweep may map, and its value on a PlanarSample.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// Whether a quantity exists in planar sweeps: theta, alpha, rho, kappa, log10_cond (of W), and every law
// parameter (parameters.hpp).
inline bool planar_quantity(Quantity q) {
#define COLLSWEEP_X(name, ...) q == Quantity::name ||
  return q == Quantity::theta || q == Quantity::alpha || q == Quantity::rho || q == Quantity::kappa ||
         q == Quantity::log10_cond || COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X) false;
#undef COLLSWEEP_X
}

// The map-axis value of a planar sample (0 for a quantity that is not a planar one).
COLLSWEEP_HD_INLINE double quantity_value(const PlanarSample& s, Quantity q) {
  switch (q) {
    case Quantity::theta:
      return s.theta_deg;
    case Quantity::alpha:
      return s.alpha;
    case Quantity::rho:
      return s.rho;
    case Quantity::kappa:
      return s.kappa;
    case Quantity::log10_cond:
      return s.log10_cond;
#define COLLSWEEP_X(name, holder, ...) \
  case Quantity::name:                 \
    return s.holder.name;
      COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
    default:
      return 0.0;  // not a planar quantity (the config validator rejects it for planar sweeps)
  }
}

}  // namespace collsweep

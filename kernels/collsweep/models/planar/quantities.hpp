// The planar map quantities: which Quantity a planar sweep may map, and its value on a PlanarSample.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// Whether a quantity exists in planar sweeps: theta, alpha, mu, e, e_t, rho, kappa, log10_cond (of W), and
// the thesis laws' parameters s1, s2 (chatterjee-combined) and ratio (brach).
inline bool planar_quantity(Quantity q) {
  return q <= Quantity::log10_cond || q == Quantity::s1 || q == Quantity::s2 || q == Quantity::ratio;
}

// The map-axis value of a planar sample (0 for a quantity that is not a planar one).
COLLSWEEP_HD_INLINE double quantity_value(const PlanarSample& s, Quantity q) {
  switch (q) {
    case Quantity::theta:
      return s.theta_deg;
    case Quantity::alpha:
      return s.alpha;
    case Quantity::mu:
      return s.c.mu;
    case Quantity::e:
      return s.c.e;
    case Quantity::e_t:
      return s.c.e_t;
    case Quantity::rho:
      return s.rho;
    case Quantity::kappa:
      return s.kappa;
    case Quantity::log10_cond:
      return s.log10_cond;
    case Quantity::s1:
      return s.c.s1;
    case Quantity::s2:
      return s.c.s2;
    case Quantity::ratio:
      return s.c.ratio;
    default:
      return 0.0;  // not a planar quantity (the config validator rejects it for planar sweeps)
  }
}

}  // namespace collsweep

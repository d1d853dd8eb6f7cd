// The spatial map quantities: which Quantity a spatial sweep may map, and its value on a SpatialSample.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/models/spatial/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// Whether a quantity exists in spatial sweeps: psi, phi, mu, mu_ratio, e, e_t, log10_cond (of W), and the
// thesis laws' parameters s1, s2, r1, r2.
inline bool spatial_quantity(Quantity q) {
  return q == Quantity::psi || q == Quantity::phi || q == Quantity::mu || q == Quantity::mu_ratio ||
         q == Quantity::e || q == Quantity::e_t || q == Quantity::log10_cond || q == Quantity::s1 ||
         q == Quantity::s2 || q == Quantity::r1 || q == Quantity::r2;
}

// The map-axis value of a spatial sample; mu_ratio = mu / mu_c is +inf when mu_c = 0 (c = 0: sticking
// holds for every mu), outside every finite axis. Any other quantity gives 0.
COLLSWEEP_HD_INLINE double quantity_value(const SpatialSample& s, Quantity q) {
  switch (q) {
    case Quantity::psi:
      return s.psi_deg;
    case Quantity::phi:
      return s.phi_deg;
    case Quantity::mu:
      return s.c.mu;
    case Quantity::mu_ratio:
      return s.c.mu / s.mu_c;
    case Quantity::e:
      return s.c.e;
    case Quantity::e_t:
      return s.c.e_t;
    case Quantity::log10_cond:
      return s.log10_cond;
    case Quantity::s1:
      return s.params.s1;
    case Quantity::s2:
      return s.params.s2;
    case Quantity::r1:
      return s.params.r1;
    case Quantity::r2:
      return s.params.r2;
    default:
      return 0.0;
  }
}

}  // namespace collsweep

// The multi-contact map quantities: which Quantity a multi-contact sweep may map, and its value on a sample.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// Whether a quantity exists in multi-contact sweeps: log10_cond (of G), eps_spread, mu (the mean over the
// contacts) and contacts (k).
inline bool multicontact_quantity(Quantity q) {
  return q == Quantity::log10_cond || q == Quantity::eps_spread || q == Quantity::mu ||
         q == Quantity::contacts;
}

// The map-axis value of a multi-contact sample: log10_cond (of G), eps_spread, mu (the mean over the
// contacts), contacts (k); any other quantity is not a multi-contact one and gives 0.
COLLSWEEP_HD_INLINE double quantity_value(const MultiContactSample& s, Quantity q) {
  switch (q) {
    case Quantity::log10_cond:
      return s.log10_cond;
    case Quantity::eps_spread:
      return s.eps_spread;
    case Quantity::mu:
      return s.mu_mean;
    case Quantity::contacts:
      return static_cast<double>(s.k);
    default:
      return 0.0;
  }
}

}  // namespace collsweep

// The multi-contact map quantities: what a multi-contact sweep may map, their names, and their values on a
// sample.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// mu (the mean over the contacts), log10_cond (of G), eps_spread (max - min of all eps_N, eps_T) and
// contacts (k).
enum class MultiContactQuantity : std::uint8_t { mu, log10_cond, eps_spread, contacts, count_ };
using MultiContactAxis = MapAxis<MultiContactQuantity>;

inline const char* quantity_name(MultiContactQuantity q) {
  static const char* const names[] = {"mu", "log10_cond", "eps_spread", "contacts"};
  return q < MultiContactQuantity::count_ ? names[static_cast<int>(q)] : "unknown";
}

// The map-axis value of a multi-contact sample.
COLLSWEEP_HD_INLINE double quantity_value(const MultiContactSample& s, MultiContactQuantity q) {
  switch (q) {
    case MultiContactQuantity::log10_cond:
      return s.log10_cond;
    case MultiContactQuantity::eps_spread:
      return s.eps_spread;
    case MultiContactQuantity::mu:
      return s.mu_mean;
    case MultiContactQuantity::contacts:
      return static_cast<double>(s.k);
    default:
      return 0.0;
  }
}

}  // namespace collsweep

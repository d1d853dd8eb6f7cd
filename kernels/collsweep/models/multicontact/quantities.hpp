// The multi-contact map quantities: what a multi-contact sweep may map, their names, and their values on a
// sample.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/laws/sequential_impulse_limits.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// mu (the mean over the contacts), log10_cond (of G), eps_spread (max - min of all eps_N, eps_T), contacts
// (k), for the body kind the body's velocity before impact: v_x, v_y (mass centre) and omega; then every law
// parameter (parameters.hpp) and log2_iterations = log2 of the engine law's sweeps (+inf for 0, until
// converged: outside every finite axis).
enum class MultiContactQuantity : std::uint8_t {
  mu,
  log10_cond,
  eps_spread,
  contacts,
  v_x,
  v_y,
  omega,
  COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_PARAMETER_ENUMERATOR) log2_iterations,
  count_
};
using MultiContactAxis = MapAxis<MultiContactQuantity>;

inline const char* quantity_name(MultiContactQuantity q) {
  static const char* const names[] = {
      "mu",         "log10_cond",
      "eps_spread", "contacts",
      "v_x",        "v_y",
      "omega",      COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_PARAMETER_NAME) "log2_iterations"};
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
    case MultiContactQuantity::v_x:
      return s.body_velocity[0];
    case MultiContactQuantity::v_y:
      return s.body_velocity[1];
    case MultiContactQuantity::omega:
      return s.body_velocity[2];
#define COLLSWEEP_X(name, holder, ...) \
  case MultiContactQuantity::name:     \
    return s.holder.name;
      COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
    case MultiContactQuantity::log2_iterations:
      return log2_sweeps(s.params.iterations);
    default:
      return 0.0;
  }
}

}  // namespace collsweep

// The planar map quantities: what a planar sweep may map, their names, and their values on a PlanarSample.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/laws/sequential_impulse_limits.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// theta, alpha = tan theta, rho, kappa, log10_cond (of W), then every law parameter (parameters.hpp), then
// log2_iterations = log2 of the engine law's iterations (a log-spaced axis over K; K = 0, to convergence,
// is +inf: outside every map).
enum class PlanarQuantity : std::uint8_t {
  theta,
  alpha,
  rho,
  kappa,
  log10_cond,
  COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_PARAMETER_ENUMERATOR) log2_iterations,
  count_
};
using PlanarAxis = MapAxis<PlanarQuantity>;

inline const char* quantity_name(PlanarQuantity q) {
  static const char* const names[] = {
      "theta", "alpha",      "rho",
      "kappa", "log10_cond", COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_PARAMETER_NAME) "log2_iterations"};
  return q < PlanarQuantity::count_ ? names[static_cast<int>(q)] : "unknown";
}

// The map-axis value of a planar sample.
COLLSWEEP_HD_INLINE double quantity_value(const PlanarSample& s, PlanarQuantity q) {
  switch (q) {
    case PlanarQuantity::theta:
      return s.theta_deg;
    case PlanarQuantity::alpha:
      return s.alpha;
    case PlanarQuantity::rho:
      return s.rho;
    case PlanarQuantity::kappa:
      return s.kappa;
    case PlanarQuantity::log10_cond:
      return s.log10_cond;
#define COLLSWEEP_X(name, holder, ...) \
  case PlanarQuantity::name:           \
    return s.holder.name;
      COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
    case PlanarQuantity::log2_iterations:
      return log2_sweeps(s.c.iterations);
    default:
      return 0.0;
  }
}

}  // namespace collsweep

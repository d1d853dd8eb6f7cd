// The spatial map quantities: what a spatial sweep may map, their names, and their values on a SpatialSample.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/laws/sequential_impulse_limits.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/models/spatial/plan.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

// psi (incidence, the angle between -v1 and n, degrees in [0, 90)), phi (azimuth of v1's tangential part
// from the principal axis of b, degrees in [0, 360)), mu_ratio = mu / mu_c (mu_c = |b^-1 c| >= 1: sticking
// can hold once slip halts), log10_cond (of W), then every law parameter (parameters.hpp), then
// log2_iterations = log2 of sequential-impulse-3d's iterations K (a log-spaced axis over K; K = 0, to
// convergence, is +inf: outside every map).
enum class SpatialQuantity : std::uint8_t {
  psi,
  phi,
  mu_ratio,
  log10_cond,
  COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_PARAMETER_ENUMERATOR) log2_iterations,
  count_
};
using SpatialAxis = MapAxis<SpatialQuantity>;

inline const char* quantity_name(SpatialQuantity q) {
  static const char* const names[] = {
      "psi", "phi", "mu_ratio", "log10_cond",
      COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_PARAMETER_NAME) "log2_iterations"};
  return q < SpatialQuantity::count_ ? names[static_cast<int>(q)] : "unknown";
}

// The law inputs (spatial_input) a derived quantity reads beyond the parameters' own rows: log2_iterations
// reads the engine parameters.
COLLSWEEP_HD_INLINE unsigned derived_quantity_reads(SpatialQuantity q) {
  return q == SpatialQuantity::log2_iterations ? static_cast<unsigned>(spatial_input::engine) : 0u;
}

namespace spatial {}  // namespace spatial

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
    case SpatialQuantity::log2_iterations:
      return log2_sweeps(s.params.iterations);
    default:
      return 0.0;
  }
}

}  // namespace collsweep

// The spatial map quantities: what a spatial sweep may map, their names, and their values on a SpatialSample.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
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

namespace spatial {

// log2 of an iteration count k >= 1: e + log(m) / ln 2 with k = m 2^e, m in [1, 2) (detmath's log: the same
// bits on the CPU and the GPU), so that a power of two gives its exponent exactly; k = 0 (to convergence)
// gives +inf, and anything else (not a count) NaN: outside every map either way.
COLLSWEEP_HD_INLINE double log2_count(double k) {
  if (k == 0.0) return detmath::detail::infinity();
  if (!(k >= 1.0 && k <= 0x1.fffffffffffffp+1023)) return __builtin_nan("");
  const std::uint64_t bits = detmath::detail::to_bits(k);
  const int e = static_cast<int>((bits >> 52) & 0x7ffu) - 1023;
  const double m = detmath::detail::from_bits((bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
  return static_cast<double>(e) + detmath::log(m) * 1.4426950408889634;
}

}  // namespace spatial

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
      return spatial::log2_count(s.params.iterations);
    default:
      return 0.0;
  }
}

}  // namespace collsweep

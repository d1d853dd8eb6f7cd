// One ScalarDist value (constant, uniform, log-uniform, grid) and the grid digits of a sample index.
//
// Grid axes of a plan form one mixed-radix counter: g = k mod G with G the product of the point counts of
// every grid-kind ScalarDist of the plan (a non-grid one counts 1), digits taken in the fixed order
//   theta_deg, mu, e, e_t, W.log10_cond, W.log10_cond_M, W.rho, W.kappa   (theta fastest).
// So samples k = 0 .. G m - 1 visit every grid combination exactly m times, whatever the W kind (a grid
// ScalarDist that the W kind does not read still counts in G; the config validator should reject it).
#pragma once

#include <cmath>
#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/random/philox.hpp"

namespace collsweep {

// Number of values a ScalarDist contributes to the grid counter (n = 0 is read as 1).
COLLSWEEP_HD_INLINE std::uint32_t grid_points(const ScalarDist& d) {
  return d.kind == ScalarKind::grid && d.n > 1u ? d.n : 1u;
}

// Grid value i of n: lo + i (hi - lo)/(n - 1), with the endpoints lo and hi returned exactly.
COLLSWEEP_HD_INLINE double grid_value(const ScalarDist& d, std::uint32_t i) {
  const std::uint32_t n = grid_points(d);
  if (n == 1u || i == 0u) return d.lo;
  if (i >= n - 1u) return d.hi;
  return d.lo + static_cast<double>(i) * ((d.hi - d.lo) / static_cast<double>(n - 1u));
}

// x clamped into [lo, hi) (lo when the interval is empty): guards the rounding of lo + (hi - lo) u and of
// pow(10, .) at the upper end, so a U[lo, hi) draw never returns hi.
COLLSWEEP_HD_INLINE double clamp_half_open(double x, double lo, double hi) {
  if (!(lo < hi)) return lo;
  if (x < lo) return lo;
  if (x >= hi) return ::nextafter(hi, lo);
  return x;
}

// lo + (hi - lo) u, the uniform value before clamp_half_open (any lane type).
template <class R>
COLLSWEEP_HD_INLINE R uniform_between(double lo, double hi, R u) {
  return lo + (hi - lo) * u;
}

// The value of d for this sample: a grid dist uses its digit (no RNG draw); uniform and log_uniform take
// one u01 (two words) from rng; constant takes nothing. Results lie in [lo, hi) (lo when lo >= hi).
COLLSWEEP_HD_INLINE double draw_scalar(const ScalarDist& d, SampleRng& rng, std::uint32_t grid_digit) {
  switch (d.kind) {
    case ScalarKind::constant:
      return d.lo;
    case ScalarKind::uniform: {
      const double u = rng.uniform();
      return clamp_half_open(uniform_between(d.lo, d.hi, u), d.lo, d.hi);
    }
    case ScalarKind::log_uniform: {
      const double u = rng.uniform();
      const double a = detmath::log10(d.lo), b = detmath::log10(d.hi);
      return clamp_half_open(detmath::pow10(a + (b - a) * u), d.lo, d.hi);
    }
    case ScalarKind::grid:
      return grid_value(d, grid_digit);
  }
  return d.lo;
}

// The grid digits of one sample, one per ScalarDist of the plan (0 for a non-grid one).
struct GridDigits {
  std::uint32_t theta_deg = 0, mu = 0, e = 0, e_t = 0;
  std::uint32_t log10_cond = 0, log10_cond_M = 0, rho = 0, kappa = 0;
};

// G: the number of grid combinations (1 without grid axes). The validator keeps it far below 2^64.
COLLSWEEP_HD_INLINE std::uint64_t planar_grid_size(const PlanarSamplePlan& p) {
  return std::uint64_t{grid_points(p.theta_deg)} * grid_points(p.mu) * grid_points(p.e) * grid_points(p.e_t) *
         grid_points(p.W.log10_cond) * grid_points(p.W.log10_cond_M) * grid_points(p.W.rho) *
         grid_points(p.W.kappa);
}

// Removes the lowest digit (radix grid_points(s)) from the remaining grid counter g.
COLLSWEEP_HD_INLINE std::uint32_t pop_grid_digit(std::uint64_t& g, const ScalarDist& s) {
  const std::uint32_t n = grid_points(s);
  const auto digit = static_cast<std::uint32_t>(g % n);
  g /= n;
  return digit;
}

// Digits of g = k mod G in the fixed order above (theta fastest).
COLLSWEEP_HD_INLINE GridDigits planar_grid_digits(const PlanarSamplePlan& p, std::uint64_t k) {
  GridDigits d;
  const std::uint64_t G = planar_grid_size(p);
  if (G == 1u) return d;
  std::uint64_t g = k % G;
  d.theta_deg = pop_grid_digit(g, p.theta_deg);
  d.mu = pop_grid_digit(g, p.mu);
  d.e = pop_grid_digit(g, p.e);
  d.e_t = pop_grid_digit(g, p.e_t);
  d.log10_cond = pop_grid_digit(g, p.W.log10_cond);
  d.log10_cond_M = pop_grid_digit(g, p.W.log10_cond_M);
  d.rho = pop_grid_digit(g, p.W.rho);
  d.kappa = pop_grid_digit(g, p.W.kappa);
  return d;
}

}  // namespace collsweep

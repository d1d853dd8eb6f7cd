// One ScalarDist value (constant, uniform, log-uniform, grid) and the digits of a plan's grid counter.
//
// Grid axes of a plan form one mixed-radix counter: g = k mod G with G the product of the point counts of
// every grid-kind ScalarDist of the plan (a non-grid one counts 1), so samples k = 0 .. G m - 1 visit every
// grid combination exactly m times. Each family's sampler takes the digits in its own fixed order
// (models/planar/sampler.hpp, models/multicontact/sampler.hpp).
#pragma once

#include <cmath>
#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/scalar_dist.hpp"

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

// Removes the lowest digit (radix grid_points(s)) from the remaining grid counter g.
COLLSWEEP_HD_INLINE std::uint32_t pop_grid_digit(std::uint64_t& g, const ScalarDist& s) {
  const std::uint32_t n = grid_points(s);
  const auto digit = static_cast<std::uint32_t>(g % n);
  g /= n;
  return digit;
}

// Adds the carry to one digit (radix grid_points(s)) of a grid counter held as digits, leaving in carry what
// passes to the next digit: digit by digit from the fastest, the digits of sample k + carry from those of k,
// wrapping at G as k mod G does.
COLLSWEEP_HD_INLINE void carry_grid_digit(std::uint32_t& digit, const ScalarDist& s, std::uint64_t& carry) {
  const std::uint32_t radix = grid_points(s);
  if (carry == 0u || radix == 1u) return;  // (digit 0, the carry passes)
  const std::uint64_t v = digit + carry;
  digit = static_cast<std::uint32_t>(v % radix);
  carry = v / radix;
}

// Adds s to a grid counter held as digits (digit[i] of radix grid_points(*dist[i]), the first the fastest).
COLLSWEEP_HD_INLINE void advance_grid_digits(std::uint32_t* const* digit, const ScalarDist* const* dist,
                                             int n, std::uint64_t s) {
  for (int i = 0; i < n && s != 0u; ++i) carry_grid_digit(*digit[i], *dist[i], s);
}

}  // namespace collsweep

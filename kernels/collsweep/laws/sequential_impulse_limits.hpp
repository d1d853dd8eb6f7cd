// What the sequential impulses of every family share: the largest iteration count and the cap of
// "iterate to convergence" (both 10000 sweeps), when a sweep has reached the fixed point, and the test of a
// whole-number setting.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"

namespace collsweep {

// The largest K a config, eval or solve may give, and the sweeps K = 0 runs at most before the outcome is
// not_converged (Gauss-Seidel cycling between stick and slip, or creeping near W's singular limit).
inline constexpr std::uint32_t kSequentialImpulseCap = 10000;

// Whether a sweep reached the fixed point. m: the largest change of an accumulated impulse in this sweep,
// m_prev: the previous sweep's (0 before the first), scale: the impulses' scale (the family's sum of |P| and
// its frictionless impulse). Converged when m = 0, or when m <= 1e-13 scale and the sweeps contract
// (m < m_prev) so that the geometric tail m r / (1 - r), r = m / m_prev, the distance left to the fixed
// point, is <= 1e-13 scale too (Aitken's estimate: near a singular W, where Gauss-Seidel's rate tends to 1, a
// small step alone says little about the distance left).
COLLSWEEP_HD_INLINE bool sweep_converged(double m, double m_prev, double scale) {
  const double tol = 1e-13 * scale;
  return m == 0.0 || (m <= tol && m < m_prev && m * m <= tol * (m_prev - m));
}

// log2 of an iteration count k >= 1, the map quantity log2_iterations of every family: e + log(m) / ln 2
// with k = m 2^e, m in [1, 2) (detmath's log: the same bits on the CPU and the GPU), so that a power of two
// gives its exponent exactly; k = 0 (to convergence) gives +inf, anything else (not a count) NaN: outside
// every map either way.
COLLSWEEP_HD_INLINE double log2_sweeps(double k) {
  if (k == 0.0) return detmath::detail::infinity();
  if (!(k >= 1.0 && k <= 0x1.fffffffffffffp+1023)) return __builtin_nan("");
  const std::uint64_t bits = detmath::detail::to_bits(k);
  const int e = static_cast<int>((bits >> 52) & 0x7ffu) - 1023;
  const double m = detmath::detail::from_bits((bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
  return static_cast<double>(e) + detmath::log(m) * 1.4426950408889634;
}

// Whether x is a whole number in [lo, hi] (false for NaN): an iteration count, a 0/1 switch, an order.
COLLSWEEP_HD_INLINE bool is_whole_in(double x, double lo, double hi) {
  return x >= lo && x <= hi && x == ::floor(x);
}

}  // namespace collsweep

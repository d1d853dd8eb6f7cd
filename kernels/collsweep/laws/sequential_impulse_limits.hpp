// What the sequential impulses of every family share: the largest iteration count and the cap of
// "iterate to convergence" (both 10000 sweeps), and the test of a whole-number setting.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

namespace collsweep {

// The largest K a config, eval or solve may give, and the sweeps K = 0 runs at most before the outcome is
// not_converged (Gauss-Seidel cycling between stick and slip, or creeping near W's singular limit).
inline constexpr std::uint32_t kSequentialImpulseCap = 10000;

// Whether x is a whole number in [lo, hi] (false for NaN): an iteration count, a 0/1 switch, an order.
COLLSWEEP_HD_INLINE bool is_whole_in(double x, double lo, double hi) {
  return x >= lo && x <= hi && x == ::floor(x);
}

}  // namespace collsweep

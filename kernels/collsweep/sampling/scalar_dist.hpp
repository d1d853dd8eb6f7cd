// A scalar input of a sampling plan (ScalarDist): a constant, a uniform or log-uniform draw, or a grid axis.
#pragma once

#include <cstdint>

namespace collsweep {

// A scalar input: a constant, a random draw, or a grid axis.
//   constant     value lo
//   uniform      U[lo, hi)
//   log_uniform  10^U[log10 lo, log10 hi)   (lo > 0)
//   grid         n values lo + i (hi - lo)/(n - 1), i = 0..n-1 (n = 1: lo); sample k visits them in turn
enum class ScalarKind : std::uint8_t { constant = 0, uniform, log_uniform, grid };

struct ScalarDist {
  ScalarKind kind = ScalarKind::constant;
  double lo = 0.0, hi = 0.0;
  std::uint32_t n = 1;  // grid points (grid only)
};

}  // namespace collsweep

// Lane-generic helpers: kernel code written once for one sample (R = double: the scalar CPU path and the
// GPU) and for the CPU's SIMD lanes (host/backend/simd_lanes.hpp specializes LaneOps for its vectors).
//
// A comparison of two R gives a LaneMask<R>: a bool for double, a vector of all-ones / all-zeros words for
// the SIMD type. The helpers below use only ?:, comparisons and IEEE arithmetic, so every lane gets exactly
// the bits of the scalar code (the build forbids FMA contraction).
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

// Lane-generic functions: always inlined on the host (so that the SIMD instantiations compile for the
// instruction set of the function that calls them), left to the compiler on the GPU.
#if defined(__CUDACC__)
#define COLLSWEEP_HD_LANES __host__ __device__
#else
#define COLLSWEEP_HD_LANES inline __attribute__((always_inline))
#endif

// The same for a large function that the GPU keeps out of line (one stack frame per thread for its arrays,
// however many places call it).
#if defined(__CUDACC__)
#define COLLSWEEP_HD_LANES_OUTLINE __host__ __device__ __noinline__
#else
#define COLLSWEEP_HD_LANES_OUTLINE inline __attribute__((always_inline))
#endif

namespace collsweep {

template <class R>
struct LaneOps;

template <>
struct LaneOps<double> {
  using Mask = bool;
  using Int = std::int64_t;
  static constexpr int width = 1;
  COLLSWEEP_HD_INLINE static double splat(double x) { return x; }
  COLLSWEEP_HD_INLINE static Int splat_int(std::int64_t x) { return x; }
  COLLSWEEP_HD_INLINE static double sqrt(double x) { return ::sqrt(x); }
  COLLSWEEP_HD_INLINE static double abs(double x) { return ::fabs(x); }
  COLLSWEEP_HD_INLINE static bool any(bool m) { return m; }
  COLLSWEEP_HD_INLINE static bool all(bool m) { return m; }
  COLLSWEEP_HD_INLINE static bool lnot(bool m) { return !m; }
  COLLSWEEP_HD_INLINE static bool true_mask() { return true; }
};

template <class R>
using LaneMask = typename LaneOps<R>::Mask;
template <class R>
using LaneInt = typename LaneOps<R>::Int;

// The scalar helpers of hd.hpp for any lane type (the same expressions, so the same bits), and |a| with the
// sign bit cleared (fabs, as hd.hpp's abs_d; one instruction on every lane type).
template <class R>
COLLSWEEP_HD_INLINE R max_r(R a, R b) {
  return a > b ? a : b;
}
template <class R>
COLLSWEEP_HD_INLINE R min_r(R a, R b) {
  return a < b ? a : b;
}
template <class R>
COLLSWEEP_HD_INLINE R abs_r(R a) {
  return LaneOps<R>::abs(a);
}
template <class R>
COLLSWEEP_HD_INLINE LaneMask<R> finite_r(R a) {
  return a - a == 0.0;
}

}  // namespace collsweep

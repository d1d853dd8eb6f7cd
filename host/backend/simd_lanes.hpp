// Eight-lane SIMD types for the CPU sampler (GCC vector extensions) and their bit views for the kernels'
// lane-generic cores (det_math.hpp LaneBits, philox.hpp PhiloxLane).
#pragma once

#include <cstdint>

#include "collsweep/math/det_math.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/random/philox.hpp"

// A lambda always inlined into the function of its instruction set: out of line, g++ compiles it for
// baseline x86-64 whatever its caller's target (a vector argument would also be passed differently).
#define COLLSWEEP_LAMBDA_INLINE __attribute__((always_inline))

namespace collsweep {

inline constexpr int simd_lanes = 8;

using LaneD = double __attribute__((vector_size(8 * simd_lanes)));
using LaneU = std::uint64_t __attribute__((vector_size(8 * simd_lanes)));
using LaneI = std::int64_t __attribute__((vector_size(8 * simd_lanes)));

namespace detmath::detail {
template <>
struct LaneBits<LaneD> {
  using Bits = LaneU;
  using Int = LaneI;
  COLLSWEEP_HD_INLINE static Int to_int(Bits u) { return reinterpret_cast<LaneI>(u); }
  COLLSWEEP_HD_INLINE static Bits bits(LaneD x) { return reinterpret_cast<LaneU>(x); }
  COLLSWEEP_HD_INLINE static LaneD from(Bits u) { return reinterpret_cast<LaneD>(u); }
  COLLSWEEP_HD_INLINE static LaneD to_double(Int k) { return __builtin_convertvector(k, LaneD); }
};
}  // namespace detmath::detail

// Native-width vectors for the lane-generic kernel code of the multi-contact laws (multicontact_lanes.cpp):
// four doubles (one AVX2 register) and two (one SSE2 register). Their comparisons stay vector compares;
// GCC 12 turns those of a vector wider than the instruction set's registers into per-element code.
using Lane4D = double __attribute__((vector_size(32)));
using Lane4I = std::int64_t __attribute__((vector_size(32)));
using Lane2D = double __attribute__((vector_size(16)));
using Lane2I = std::int64_t __attribute__((vector_size(16)));

// x in every lane of the vector D: x - (+0) = x exactly, signed zeros included (+0 + x would turn -0 into
// +0).
template <class D>
COLLSWEEP_HD_INLINE D splat_lanes(double x) {
  return x - D{};
}

// The lane-generic kernel code's operations (math/lanes.hpp) on a vector D of W doubles: masks are I words,
// all ones where true. The reductions any / all are the instruction set's own (below).
template <class D, class I, int W>
struct VectorLaneOps {
  using Mask = I;
  using Int = I;
  static constexpr int width = W;
  COLLSWEEP_HD_INLINE static D splat(double x) { return splat_lanes<D>(x); }
  COLLSWEEP_HD_INLINE static I splat_int(std::int64_t x) { return x + I{}; }
  COLLSWEEP_HD_INLINE static D sqrt(D x) {
    D r;
    for (int l = 0; l < W; ++l) r[l] = __builtin_sqrt(x[l]);
    return r;
  }
  COLLSWEEP_HD_INLINE static D abs(D x) { return (D)((I)x & 0x7fffffffffffffffLL); }
  COLLSWEEP_HD_INLINE static I lnot(I m) { return m == 0; }
  COLLSWEEP_HD_INLINE static I true_mask() { return I{} == 0; }
};

template <>
struct LaneOps<Lane4D> : VectorLaneOps<Lane4D, Lane4I, 4> {
  COLLSWEEP_HD_INLINE static bool any(Lane4I m) {
    const auto h = __builtin_shufflevector(m, m, 0, 1) | __builtin_shufflevector(m, m, 2, 3);
    return (h[0] | h[1]) != 0;
  }
  COLLSWEEP_HD_INLINE static bool all(Lane4I m) { return !any(m == 0); }
};
// Eight lanes: the CPU's SIMD samplers' vectors (their comparisons are few; the multi-contact laws keep to
// four lanes, see multicontact_lanes.cpp).
template <>
struct LaneOps<LaneD> : VectorLaneOps<LaneD, LaneI, 8> {
  COLLSWEEP_HD_INLINE static bool any(LaneI m) {
    const auto h = __builtin_shufflevector(m, m, 0, 1, 2, 3) | __builtin_shufflevector(m, m, 4, 5, 6, 7);
    const auto q = __builtin_shufflevector(h, h, 0, 1) | __builtin_shufflevector(h, h, 2, 3);
    return (q[0] | q[1]) != 0;
  }
  COLLSWEEP_HD_INLINE static bool all(LaneI m) { return !any(m == 0); }
};
template <>
struct LaneOps<Lane2D> : VectorLaneOps<Lane2D, Lane2I, 2> {
  COLLSWEEP_HD_INLINE static bool any(Lane2I m) { return (m[0] | m[1]) != 0; }
  COLLSWEEP_HD_INLINE static bool all(Lane2I m) { return (m[0] & m[1]) != 0; }
};

// 32-bit Philox words held in 64-bit lanes (upper halves zero), so one 64-bit multiply gives both halves.
template <>
struct PhiloxLane<LaneU> {
  COLLSWEEP_HD_INLINE static void mul(LaneU a, std::uint32_t m, LaneU* hi, LaneU* lo) {
    const LaneU p = a * std::uint64_t{m};
    *hi = p >> 32;
    *lo = p & 0xffffffffull;
  }
};

}  // namespace collsweep

// Eight-lane SIMD types for the CPU sampler (GCC vector extensions) and their bit views for the kernels'
// lane-generic cores (det_math.hpp LaneBits, philox.hpp PhiloxLane).
#pragma once

#include <cstdint>

#include "collsweep/math/det_math.hpp"
#include "collsweep/random/philox.hpp"

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
};
}  // namespace detmath::detail

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

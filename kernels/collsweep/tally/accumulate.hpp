// Exact, order-independent accumulation on 64-bit words: plain (one owner) or atomic (CUDA) updates.
//
// Everything a tally sums is an integer, so any thread count, batch size, grid size or merge order
// gives the same bits: counts are uint64; maxima of doubles use an order-preserving 64-bit key
// (max of keys = key of the max); real-valued sums are fixed point (value * 2^32 rounded to nearest,
// |value| clamped to 2^30) accumulated in a 128-bit two's-complement integer split over two words.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

namespace collsweep {

using u64 = unsigned long long;  // the type CUDA's 64-bit atomics take

// Host or single-owner updates.
struct PlainOps {
  COLLSWEEP_HD_INLINE static u64 fetch_add(u64* p, u64 v) {
    const u64 old = *p;
    *p = old + v;
    return old;
  }
  COLLSWEEP_HD_INLINE static void max(u64* p, u64 v) {
    if (v > *p) *p = v;
  }
};

#if defined(__CUDACC__)
// Device updates from many threads (global or shared memory).
struct AtomicOps {
  __device__ __forceinline__ static u64 fetch_add(u64* p, u64 v) { return atomicAdd(p, v); }
  __device__ __forceinline__ static void max(u64* p, u64 v) { atomicMax(p, v); }
};
#endif

// Order-preserving key of a double: key(a) < key(b) <=> a < b for finite a, b. 0 means "no value".
COLLSWEEP_HD_INLINE u64 double_bits(double x) {
#if COLLSWEEP_DEVICE_COMPILE
  return static_cast<u64>(__double_as_longlong(x));
#else
  u64 bits;
  static_assert(sizeof bits == sizeof x, "64-bit double");
  __builtin_memcpy(&bits, &x, sizeof bits);
  return bits;
#endif
}

COLLSWEEP_HD_INLINE double bits_double(u64 bits) {
#if COLLSWEEP_DEVICE_COMPILE
  return __longlong_as_double(static_cast<long long>(bits));
#else
  double x;
  __builtin_memcpy(&x, &bits, sizeof x);
  return x;
#endif
}

COLLSWEEP_HD_INLINE u64 ordered_key(double x) {
  const u64 bits = double_bits(x);
  return (bits >> 63) ? ~bits : (bits | (1ull << 63));
}

COLLSWEEP_HD_INLINE double key_value(u64 key) {
  return bits_double((key >> 63) ? (key & ~(1ull << 63)) : ~key);
}

inline constexpr double fixed_point_scale = 4294967296.0;  // 2^32: resolution 2.3e-10 per sample
inline constexpr double fixed_point_limit = 1073741824.0;  // |value| clamped to 2^30

// value * 2^32 rounded to nearest (ties to even on host and device alike), after clamping.
COLLSWEEP_HD_INLINE long long to_fixed_point(double value, bool* clamped) {
  *clamped = !(value <= fixed_point_limit && value >= -fixed_point_limit);
  const double v = value > fixed_point_limit    ? fixed_point_limit
                   : value < -fixed_point_limit ? -fixed_point_limit
                                                : value;
#if COLLSWEEP_DEVICE_COMPILE
  return __double2ll_rn(v * fixed_point_scale);
#else
  return static_cast<long long>(__builtin_rint(v * fixed_point_scale));
#endif
}

// Adds a signed 64-bit q to the 128-bit integer (hi, lo): lo wraps, the carry and q's sign go to hi.
template <class Ops>
COLLSWEEP_HD_INLINE void add_int128(u64* lo, u64* hi, long long q) {
  const u64 uq = static_cast<u64>(q);
  const u64 old = Ops::fetch_add(lo, uq);
  const u64 carry = (old + uq < old) ? 1u : 0u;
  const u64 sign = q < 0 ? ~0ull : 0ull;  // sign extension: -1 in the high word
  const u64 high = carry + sign;
  if (high != 0) Ops::fetch_add(hi, high);
}

// Adds the 128-bit (src_hi, src_lo) into (hi, lo).
template <class Ops>
COLLSWEEP_HD_INLINE void merge_int128(u64* lo, u64* hi, u64 src_lo, u64 src_hi) {
  const u64 old = Ops::fetch_add(lo, src_lo);
  const u64 high = src_hi + ((old + src_lo < old) ? 1u : 0u);
  if (high != 0) Ops::fetch_add(hi, high);
}

// The 128-bit fixed-point sum as a double (host only, for reporting means).
inline double int128_to_double(u64 lo, u64 hi) {
  const bool negative = (hi >> 63) != 0;
  if (negative) {  // two's-complement negate
    lo = ~lo + 1;
    hi = ~hi + (lo == 0 ? 1 : 0);
  }
  const double magnitude = static_cast<double>(hi) * 18446744073709551616.0 + static_cast<double>(lo);
  return (negative ? -magnitude : magnitude) / fixed_point_scale;
}

}  // namespace collsweep

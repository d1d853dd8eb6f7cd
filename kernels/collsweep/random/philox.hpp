// Counter-based RNG for one (seed, stream, sample): Philox4x32-10 (Salmon et al. 2011), open-interval u01,
// Box-Muller.
//
// Layout (docs/reproducibility.md, 'Random numbers'; the stream id sits in the counter so that the key is
// the seed alone and one key schedule serves every stream):
//   key     = (seed bits 0..31, seed bits 32..63)
//   counter = (sample index bits 0..31, sample index bits 32..63, stream id, draw block index)
// Each Philox call yields one block of four 32-bit words; the draw block index counts the blocks used so
// far for this (seed, stream, sample), from 0. Words are consumed in order v[0], v[1], v[2], v[3]. A
// stream therefore holds 2^32 blocks (2^34 words) per sample, far beyond what one sample uses.
#pragma once

#include <cmath>
#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"

namespace collsweep {

// A Philox4x32 counter (or output block) and key.
struct Philox4x32Ctr {
  std::uint32_t v[4];
};
struct Philox4x32Key {
  std::uint32_t v[2];
};

// The 64-bit product of a 32-bit word with a 32-bit multiplier, split into its high and low words, for
// one lane type W holding 32-bit words: std::uint32_t here (CPU and GPU: x86 mul, CUDA mul.wide.u32); the
// CPU's SIMD sampler adds its vector type (host/backend/simd_lanes.hpp).
template <class W>
struct PhiloxLane;

template <>
struct PhiloxLane<std::uint32_t> {
  COLLSWEEP_HD_INLINE static void mul(std::uint32_t a, std::uint32_t m, std::uint32_t* hi,
                                      std::uint32_t* lo) {
    const std::uint64_t p = std::uint64_t{m} * a;
    *hi = static_cast<std::uint32_t>(p >> 32);
    *lo = static_cast<std::uint32_t>(p);
  }
};

// Philox4x32-R (Salmon, Moraes, Dror, Shaw, SC'11; the bijection of Random123's philox.h, R = 10 its
// default) on the counter c in place, for any lane type W: each round
//   (c0, c1, c2, c3) <- (hi(M1 c2) ^ c1 ^ k0, lo(M1 c2), hi(M0 c0) ^ c3 ^ k1, lo(M0 c0)),
// then the key is bumped by the Weyl constants (W0, W1). Written here rather than taken from Random123 so
// that the scalar and the SIMD sampler share one implementation; tests compare it with Random123 itself.
template <int R = 10, class W>
COLLSWEEP_HD_INLINE void philox_rounds(W (&c)[4], Philox4x32Key key) {
  constexpr std::uint32_t kM0 = 0xD2511F53u, kM1 = 0xCD9E8D57u;
  constexpr std::uint32_t kW0 = 0x9E3779B9u, kW1 = 0xBB67AE85u;
  std::uint32_t k0 = key.v[0], k1 = key.v[1];
  for (int r = 0; r < R; ++r) {
    W hi0, lo0, hi1, lo1;
    PhiloxLane<W>::mul(c[0], kM0, &hi0, &lo0);
    PhiloxLane<W>::mul(c[2], kM1, &hi1, &lo1);
    c[0] = hi1 ^ c[1] ^ k0;
    c[1] = lo1;
    c[2] = hi0 ^ c[3] ^ k1;
    c[3] = lo0;
    k0 += kW0;
    k1 += kW1;
  }
}

// One Philox4x32-R block: the raw bijection of Random123's known-answer vectors.
template <int R = 10>
COLLSWEEP_HD_INLINE Philox4x32Ctr philox_block(Philox4x32Ctr ctr, Philox4x32Key key) {
  std::uint32_t c[4] = {ctr.v[0], ctr.v[1], ctr.v[2], ctr.v[3]};
  philox_rounds<R>(c, key);
  return Philox4x32Ctr{{c[0], c[1], c[2], c[3]}};
}

COLLSWEEP_HD_INLINE Philox4x32Ctr philox4x32_10(Philox4x32Ctr ctr, Philox4x32Key key) {
  return philox_block<10>(ctr, key);
}

// A double in the OPEN interval (0, 1) from the top 52 bits of a 64-bit word: u = (j + 1/2) 2^-52 with
// j = w >> 12 in [0, 2^52). Every u is the exact midpoint of one of 2^52 equal bins, so
//   smallest u = 2^-53 (w = 0),  largest u = 1 - 2^-53 (w = 2^64 - 1),
// and 1 - u is again a possible u (the set is symmetric about 1/2; log(u) is finite and nonzero).
// 52 and not 53 bits: (j + 1/2) 2^-53 with j < 2^53 needs 54 significant bits, so the largest values would
// round to 1.0 (round-half-even gives exactly 1 for j = 2^53 - 1); with 52 bits every value is exact.
template <class R>
COLLSWEEP_HD_INLINE R u01_open_lanes(typename detmath::detail::LaneBits<R>::Bits w) {
  constexpr double kTwoToMinus52 = 2.220446049250313080847263336181640625e-16;
  // j = w >> 12 < 2^52 as a double through its bits (2^52 + j has exponent 52 and fraction bits j, and the
  // subtraction is exact): the same value as a conversion, without the GPU's slow 64-bit int-to-double.
  const R j = detmath::detail::LaneBits<R>::from((w >> 12) | 0x4330000000000000ull) - 0x1p52;
  return (j + 0.5) * kTwoToMinus52;
}

COLLSWEEP_HD_INLINE double u01_open(std::uint64_t w) { return u01_open_lanes<double>(w); }

// 2 pi as Box-Muller's angle factor (the scalar transform below and the CPU's SIMD one share it).
inline constexpr double kBoxMullerTwoPi = 6.28318530717958647692;

// Box-Muller: two independent standard normals from u1, u2 in (0, 1):
//   r = sqrt(-2 ln u1), z0 = r cos(2 pi u2), z1 = r sin(2 pi u2).
// u1 in (0, 1) keeps r finite and > 0; |z| <= sqrt(-2 ln 2^-53) ~ 8.57 (a tail cut no test can see).
COLLSWEEP_HD_INLINE void box_muller(double u1, double u2, double& z0, double& z1) {
  const double r = ::sqrt(-2.0 * detmath::log(u1));
  const double phi = kBoxMullerTwoPi * u2;  // in (0, 2 pi)
  double s, c;
  detmath::sincos(phi, &s, &c);
  z0 = r * c;
  z1 = r * s;
}

// Successive random words, uniforms and normals of one (seed, stream, sample). Holds only the key, the
// counter (whose last word is the next block index), the current block and the position in it.
class SampleRng {
 public:
  COLLSWEEP_HD_INLINE SampleRng(std::uint64_t seed, std::uint32_t stream, std::uint64_t sample)
      : key_{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}},
        ctr_{{static_cast<std::uint32_t>(sample), static_cast<std::uint32_t>(sample >> 32), stream, 0u}},
        buf_{{0u, 0u, 0u, 0u}},
        pos_(4u) {}

  // Next 32-bit word; the first call generates block 0 (nothing is computed for an unused stream).
  COLLSWEEP_HD_INLINE std::uint32_t next_u32() {
    if (pos_ == 4u) {
      buf_ = philox4x32_10(ctr_, key_);
      ++ctr_.v[3];
      pos_ = 0u;
    }
    return buf_.v[pos_++];
  }

  // Two successive words, the first one in the high half.
  COLLSWEEP_HD_INLINE std::uint64_t next_u64() {
    const std::uint64_t hi = next_u32();
    const std::uint64_t lo = next_u32();
    return (hi << 32) | lo;
  }

  // U(0, 1), open at both ends (see u01_open); consumes two words.
  COLLSWEEP_HD_INLINE double uniform() { return u01_open(next_u64()); }

  // uniform() `count` times into out: the same values, and the RNG left where those calls leave it. The whole
  // blocks among them come from Blocks::philox_uniform_blocks(key, ctr, blocks, out), which must write the
  // two uniforms of each of the blocks ctr, ctr + 1, ... (last counter word counting up) under key, u01_open
  // of words (0, 1) then of (2, 3) (the host's SIMD batch, host/backend/normal_lanes.hpp), when the words are
  // block-aligned, as they are unless an odd number of words (a coin) was taken before.
  template <class Blocks>
  COLLSWEEP_HD_INLINE void uniforms(double* out, std::uint32_t count) {
    std::uint32_t i = 0;
    while (i < count && pos_ == 2u) out[i++] = uniform();  // the rest of a half-used block
    if (pos_ == 4u) {
      const std::uint32_t blocks = (count - i) / 2u;
      Blocks::philox_uniform_blocks(key_, ctr_, blocks, out + i);
      ctr_.v[3] += blocks;  // buf_ is stale, but pos_ = 4 regenerates it before any read
      i += 2u * blocks;
    }
    for (; i < count; ++i) out[i] = uniform();
  }

  // A fair coin from the top bit of one word.
  COLLSWEEP_HD_INLINE bool coin() { return (next_u32() >> 31) != 0u; }

  // Two independent standard normals by Box-Muller (box_muller above) from u1 = uniform(), u2 = uniform(),
  // in this order.
  COLLSWEEP_HD_INLINE void normal_pair(double& z0, double& z1) {
    const double u1 = uniform();
    const double u2 = uniform();
    box_muller(u1, u2, z0, z1);
  }

  // One standard normal: the first of a Box-Muller pair (the second is discarded: no stored state).
  COLLSWEEP_HD_INLINE double normal() {
    double z0, z1;
    normal_pair(z0, z1);
    return z0;
  }

 private:
  Philox4x32Key key_;
  Philox4x32Ctr ctr_;
  Philox4x32Ctr buf_;
  std::uint32_t pos_;
};

}  // namespace collsweep

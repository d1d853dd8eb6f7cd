// SampleRng for a vector of samples at once: the words of one (seed, stream) for each lane's sample.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/random/philox.hpp"

namespace collsweep {

// Lane l reads the words of SampleRng(seed, stream, sample[l]) in SampleRng's order: block b is Philox of
// the counter (sample bits 0..31, sample bits 32..63, stream, b) under the key (seed bits 0..31, 32..63).
// Every lane reads the same number of words (the samplers' layouts do not depend on drawn values), so one
// position serves them all. R: the CPU's SIMD vector of doubles; its words are 32-bit values in the lanes of
// LaneBits<R>::Bits (PhiloxLane of that type).
//
// A block is generated when its first word is read, alone, or, after expect_uniforms(n), together with the
// next blocks that the n uniforms announced reach (kWindow at most): their Philox chains are independent, so
// the CPU overlaps them instead of waiting on each in turn. When a block is generated never changes a word.
template <class R>
class LaneSampleRng {
 public:
  using Bits = typename detmath::detail::LaneBits<R>::Bits;
  static constexpr std::uint32_t kWindow = 8;  // blocks generated at once at most

  COLLSWEEP_HD_INLINE LaneSampleRng(std::uint64_t seed, std::uint32_t stream, Bits sample)
      : key_{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}},
        c0_(sample & 0xffffffffull),
        c1_(sample >> 32),
        c2_(Bits{} + std::uint64_t{stream}) {}

  // The next word of every lane (SampleRng::next_u32).
  COLLSWEEP_HD_INLINE Bits next_u32() {
    if (pos_ == end_) refill();
    const Bits w = w_[pos_ / 4u][pos_ % 4u];
    ++pos_;
    return w;
  }

  // SampleRng::uniform: u01_open of two words, the first high.
  COLLSWEEP_HD_INLINE R uniform() {
    const Bits hi = next_u32();
    const Bits lo = next_u32();
    return u01_open_lanes<R>((hi << 32) | lo);
  }

  // SampleRng::coin: the top bit of one word, as a mask.
  COLLSWEEP_HD_INLINE LaneMask<R> coin() { return (next_u32() >> 31) != 0u; }

  // The caller reads n uniforms (2n words) next: the blocks they reach are generated kWindow at a time.
  COLLSWEEP_HD_INLINE void expect_uniforms(std::uint32_t n) {
    announced_ = 4u * block_ - (end_ - pos_) + 2u * n;
  }

 private:
  // Blocks block_, block_ + 1, ...: as many as the announced words reach, at least one, at most kWindow.
  COLLSWEEP_HD_INLINE void refill() {
    const std::uint32_t first = 4u * block_;
    std::uint32_t blocks = announced_ > first ? (announced_ - first + 3u) / 4u : 1u;
    if (blocks > kWindow) blocks = kWindow;
    for (std::uint32_t j = 0; j < blocks; ++j) {
      Bits(&c)[4] = w_[j];
      c[0] = c0_;
      c[1] = c1_;
      c[2] = c2_;
      c[3] = c3_;
      philox_rounds<10>(c, key_);
      c3_ += 1u;
    }
    block_ += blocks;
    pos_ = 0u;
    end_ = 4u * blocks;
  }

  Philox4x32Key key_;
  Bits c0_, c1_, c2_;  // the counter's sample and stream words
  Bits c3_{};          // the counter's block word of the next block to generate (block_ in every lane)
  std::uint32_t block_ = 0u;
  std::uint32_t pos_ = 0u, end_ = 0u;  // the next word and the end of the generated ones in w_
  std::uint32_t announced_ = 0u;       // the words announced by expect_uniforms, from the stream's start
  Bits w_[kWindow][4];
};

}  // namespace collsweep

// SampleRng for a vector of samples at once: the words of one (seed, stream) for each lane's sample.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/random/philox.hpp"

namespace collsweep {

// Lane l reads the words of SampleRng(seed, stream, sample[l]) in SampleRng's order: block b is Philox of
// the counter (sample bits 0..31, sample bits 32..63, stream, b) under the key (seed bits 0..31, 32..63),
// generated when its first word is read. Every lane reads the same number of words (the samplers' layouts
// do not depend on drawn values), so one position serves them all. R: the CPU's SIMD vector of doubles;
// its words are 32-bit values in the lanes of LaneBits<R>::Bits (PhiloxLane of that type).
template <class R>
class LaneSampleRng {
 public:
  using Bits = typename detmath::detail::LaneBits<R>::Bits;

  COLLSWEEP_HD_INLINE LaneSampleRng(std::uint64_t seed, std::uint32_t stream, Bits sample)
      : key_{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}},
        lo_(sample & 0xffffffffull),
        hi_(sample >> 32),
        stream_(stream) {}

  // The next word of every lane (SampleRng::next_u32).
  COLLSWEEP_HD_INLINE Bits next_u32() {
    if (pos_ == 4u) {
      buf_[0] = lo_;
      buf_[1] = hi_;
      buf_[2] = Bits{} + static_cast<std::uint64_t>(stream_);
      buf_[3] = Bits{} + static_cast<std::uint64_t>(block_);
      philox_rounds<10>(buf_, key_);
      ++block_;
      pos_ = 0u;
    }
    return buf_[pos_++];
  }

  // SampleRng::uniform: u01_open of two words, the first high.
  COLLSWEEP_HD_INLINE R uniform() {
    const Bits hi = next_u32();
    const Bits lo = next_u32();
    return u01_open_lanes<R>((hi << 32) | lo);
  }

  // SampleRng::coin: the top bit of one word, as a mask.
  COLLSWEEP_HD_INLINE LaneMask<R> coin() { return (next_u32() >> 31) != 0u; }

 private:
  Philox4x32Key key_;
  Bits lo_, hi_;
  std::uint32_t stream_;
  std::uint32_t block_ = 0u;
  Bits buf_[4];
  std::uint32_t pos_ = 4u;
};

}  // namespace collsweep

// The host's SIMD Box-Muller batch against the scalar box_muller, bit for bit, for every instruction set the
// CPU runs; and NormalSequence's batched draws (the host's SimdNormals) against one pair at a time (values
// and the RNG left behind).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "backend/normal_lanes.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "support/csv_text.hpp"

namespace collsweep {
namespace {

using testing::bits;

// u1, u2 of `pairs` pairs: random uniforms, with the edge cases spread among them: the smallest and largest
// u01 values, u1 outside the u01 values (subnormal, 1, 0: log's other paths), and angles 2 pi u2 that leave
// sincos's common path (below 2^-27; on multiples of pi/2, where the first reduction step cancels).
std::vector<double> uniforms(std::uint32_t pairs, std::uint64_t seed) {
  SampleRng rng(seed, 3, 11);
  std::vector<double> u(2 * pairs);
  for (double& x : u) x = rng.uniform();
  const double edges1[] = {0x1p-53, 1.0 - 0x1p-53, 0.5, 0x1p-30, 0.999, 0x1p-1070, 1.0, 0.0};
  const double edges2[] = {0x1p-53, 1e-9, 0.25, 0.5, 0.75, 1.0 - 0x1p-53, 0.125};
  for (std::uint32_t p = 0; p < pairs; p += 3) u[2 * p] = edges1[(p / 3) % 8];
  for (std::uint32_t p = 1; p < pairs; p += 4) u[2 * p + 1] = edges2[(p / 4) % 7];
  return u;
}

void expect_batch_is_scalar(LaneIsa isa, std::uint32_t pairs) {
  const std::vector<double> u = uniforms(pairs, 100 + pairs);
  std::vector<double> z = u;
  box_muller_batch_with(isa, z.data(), pairs);
  for (std::uint32_t p = 0; p < pairs; ++p) {
    double z0, z1;
    box_muller(u[2 * p], u[2 * p + 1], z0, z1);
    ASSERT_EQ(bits(z[2 * p]), bits(z0)) << "pair " << p << " of " << pairs << ", u1 " << u[2 * p];
    ASSERT_EQ(bits(z[2 * p + 1]), bits(z1)) << "pair " << p << " of " << pairs << ", u2 " << u[2 * p + 1];
  }
}

TEST(NormalLanes, BatchIsBoxMullerBitForBitOnEveryInstructionSet) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa))  // nor the later ones: each needs the one before it
      GTEST_SKIP() << "instruction set " << static_cast<int>(isa)
                   << " not available on this CPU (the ones before it were checked)";
    for (std::uint32_t pairs : {0u, 1u, 7u, 8u, 9u, 17u, 120u, 4000u}) expect_batch_is_scalar(isa, pairs);
  }
}

// Box-Muller's moments, as a check that the batch computes normals at all (not only the scalar's bits):
// mean 0, variance 1, E z^4 = 3 for 2 * 10^5 values (standard errors ~0.0022, 0.0032, 0.02).
TEST(NormalLanes, BatchGivesStandardNormals) {
  const std::uint32_t pairs = 100000;
  SampleRng rng(7, 1, 2);
  std::vector<double> z(2 * pairs);
  for (double& x : z) x = rng.uniform();
  box_muller_batch(z.data(), pairs);
  double m1 = 0.0, m2 = 0.0, m4 = 0.0;
  for (double x : z) {
    m1 += x;
    m2 += x * x;
    m4 += x * x * x * x;
  }
  const double n = 2.0 * pairs;
  EXPECT_NEAR(m1 / n, 0.0, 0.012);
  EXPECT_NEAR(m2 / n, 1.0, 0.016);
  EXPECT_NEAR(m4 / n, 3.0, 0.1);
}

// SimdNormals::philox_uniform_blocks against SampleRng's one word at a time, for every instruction set,
// including a block index that wraps past 2^32 - 1.
TEST(NormalLanes, UniformBlocksAreSampleRngsBitForBitOnEveryInstructionSet) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa)) continue;
    for (std::uint32_t first : {0u, 5u, 0xfffffffcu}) {
      for (std::uint32_t blocks : {0u, 1u, 8u, 13u, 40u}) {
        const Philox4x32Key key{{0x12345678u, 0x9abcdef0u}};
        std::vector<double> out(2 * blocks + 1, -1.0);
        philox_uniform_blocks_with(isa, key, Philox4x32Ctr{{7u, 8u, 9u, first}}, blocks, out.data());
        for (std::uint32_t b = 0; b < blocks; ++b) {
          const Philox4x32Ctr w = philox4x32_10(Philox4x32Ctr{{7u, 8u, 9u, first + b}}, key);
          const double u0 = u01_open((std::uint64_t{w.v[0]} << 32) | w.v[1]);
          const double u1 = u01_open((std::uint64_t{w.v[2]} << 32) | w.v[3]);
          ASSERT_EQ(bits(out[2 * b]), bits(u0)) << "block " << first + b;
          ASSERT_EQ(bits(out[2 * b + 1]), bits(u1)) << "block " << first + b;
        }
        EXPECT_EQ(out[2 * blocks], -1.0) << "wrote past the last block";
      }
    }
  }
}

// SampleRng::uniforms<SimdNormals>(out, n) is n calls of uniform(): the same values and the same words next,
// from a fresh stream, a half-used block and an odd word position (after a coin).
TEST(NormalLanes, UniformsAreUniformCalls) {
  for (std::uint32_t words_before : {0u, 2u, 1u, 3u}) {
    for (std::uint32_t count : {0u, 1u, 2u, 3u, 16u, 17u, 33u}) {
      SampleRng a(5, 6, count), b(5, 6, count);
      for (std::uint32_t w = 0; w < words_before; ++w) a.next_u32(), b.next_u32();
      std::vector<double> out(count);
      a.uniforms<SimdNormals>(out.data(), count);
      for (std::uint32_t i = 0; i < count; ++i) ASSERT_EQ(bits(out[i]), bits(b.uniform())) << i;
      EXPECT_EQ(a.next_u32(), b.next_u32()) << "words before " << words_before << ", count " << count;
    }
  }
}

// NormalSequence<SimdNormals>(rng, total) gives the values of pairs drawn one at a time (z0, z1, z0, ...),
// also past `total`, and leaves the RNG where one pair at a time leaves it (an odd total's spare included).
TEST(NormalSequence, BatchedDrawsAreOnePairAtATime) {
  for (std::uint32_t total : {0u, 1u, 2u, 3u, 16u, 17u, 64u, 143u, 240u, 241u, 300u}) {
    for (std::uint32_t words_before : {0u, 2u}) {  // the normals may start mid-block
      SampleRng a(99, 4, total), b(99, 4, total);
      for (std::uint32_t w = 0; w < words_before; ++w) {
        a.next_u32();
        b.next_u32();
      }
      NormalSequence<SimdNormals> z(a, total);
      std::uint32_t taken = 0;
      for (std::uint32_t p = 0; taken < total + 3; ++p) {
        double z0, z1;
        b.normal_pair(z0, z1);
        ASSERT_EQ(bits(z.next()), bits(z0)) << "total " << total << ", value " << taken;
        if (++taken == total + 3) break;
        ASSERT_EQ(bits(z.next()), bits(z1)) << "total " << total << ", value " << taken;
        ++taken;
      }
      EXPECT_EQ(a.next_u32(), b.next_u32()) << "total " << total;
    }
  }
}

}  // namespace
}  // namespace collsweep

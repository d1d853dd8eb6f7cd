// The host's batches for the samplers' standard normals (SimdNormals, normal_lanes.hpp): Philox uniforms and
// Box-Muller pairs eight at once for AVX-512, AVX2 or baseline x86-64, with the scalar code's bits.
#include "backend/normal_lanes.hpp"

#include "backend/lane_math.hpp"
#include "backend/simd_lanes.hpp"

namespace collsweep {
namespace {

// Pairs p .. p + 7 of uz (u1, u2 in turn; those beyond `pairs` are padded with 1/2 and not written back); a
// lane that box_muller_lanes flags is transformed by box_muller itself.
COLLSWEEP_HD_INLINE void eight_pairs(double* uz, std::uint32_t p, std::uint32_t pairs) {
  const std::uint32_t n = pairs - p < 8u ? pairs - p : 8u;
  LaneD u1, u2;
  for (int l = 0; l < 8; ++l) {
    const bool real = static_cast<std::uint32_t>(l) < n;
    u1[l] = real ? uz[2 * (p + l)] : 0.5;
    u2[l] = real ? uz[2 * (p + l) + 1] : 0.5;
  }
  LaneD z0, z1;
  LaneI bad = LaneI{};
  box_muller_lanes(u1, u2, &z0, &z1, &bad);
  for (std::uint32_t l = 0; l < n; ++l) {
    double* z = uz + 2 * (p + l);
    if (bad[l] != 0) {
      box_muller(u1[l], u2[l], z[0], z[1]);
    } else {
      z[0] = z0[l];
      z[1] = z1[l];
    }
  }
}

COLLSWEEP_HD_INLINE void batch_body(double* uz, std::uint32_t pairs) {
  for (std::uint32_t p = 0; p < pairs; p += 8u) eight_pairs(uz, p, pairs);
}

// Blocks b .. b + 7 of philox_uniform_blocks (those beyond `blocks` computed and not written).
COLLSWEEP_HD_INLINE void eight_blocks(Philox4x32Key key, Philox4x32Ctr ctr, std::uint32_t b,
                                      std::uint32_t blocks, double* out) {
  const LaneU lane = {0, 1, 2, 3, 4, 5, 6, 7};
  const std::uint64_t first_block = static_cast<std::uint32_t>(ctr.v[3] + b);
  LaneU w[4] = {LaneU{} + ctr.v[0], LaneU{} + ctr.v[1], LaneU{} + ctr.v[2],
                (lane + first_block) & 0xffffffffull};  // the block index counts up modulo 2^32
  philox_rounds<10>(w, key);
  const LaneD first = uniform_of_words(w, 0), second = uniform_of_words(w, 2);
  const std::uint32_t n = blocks - b < 8u ? blocks - b : 8u;
  for (std::uint32_t l = 0; l < n; ++l) {
    out[2 * (b + l)] = first[l];
    out[2 * (b + l) + 1] = second[l];
  }
}

COLLSWEEP_HD_INLINE void blocks_body(Philox4x32Key key, Philox4x32Ctr ctr, std::uint32_t blocks,
                                     double* out) {
  for (std::uint32_t b = 0; b < blocks; b += 8u) eight_blocks(key, ctr, b, blocks, out);
}

// The same body compiled for three instruction sets (the bits do not depend on which).
#if defined(__x86_64__)
__attribute__((target("arch=x86-64-v4"))) void batch_avx512(double* uz, std::uint32_t pairs) {
  batch_body(uz, pairs);
}
__attribute__((target("arch=x86-64-v3"))) void batch_avx2(double* uz, std::uint32_t pairs) {
  batch_body(uz, pairs);
}
#endif
void batch_baseline(double* uz, std::uint32_t pairs) { batch_body(uz, pairs); }

#if defined(__x86_64__)
__attribute__((target("arch=x86-64-v4"))) void blocks_avx512(Philox4x32Key key, Philox4x32Ctr ctr,
                                                             std::uint32_t blocks, double* out) {
  blocks_body(key, ctr, blocks, out);
}
__attribute__((target("arch=x86-64-v3"))) void blocks_avx2(Philox4x32Key key, Philox4x32Ctr ctr,
                                                           std::uint32_t blocks, double* out) {
  blocks_body(key, ctr, blocks, out);
}
#endif
void blocks_baseline(Philox4x32Key key, Philox4x32Ctr ctr, std::uint32_t blocks, double* out) {
  blocks_body(key, ctr, blocks, out);
}

using Batch = void (*)(double*, std::uint32_t);
using Blocks = void (*)(Philox4x32Key, Philox4x32Ctr, std::uint32_t, double*);

Batch batch_for(LaneIsa isa) {
#if defined(__x86_64__)
  if (isa == LaneIsa::avx512) return batch_avx512;
  if (isa == LaneIsa::avx2) return batch_avx2;
#endif
  (void)isa;
  return batch_baseline;
}

Blocks blocks_for(LaneIsa isa) {
#if defined(__x86_64__)
  if (isa == LaneIsa::avx512) return blocks_avx512;
  if (isa == LaneIsa::avx2) return blocks_avx2;
#endif
  (void)isa;
  return blocks_baseline;
}

}  // namespace

void box_muller_batch(double* uz, std::uint32_t pairs) {
  static const Batch batch = batch_for(planar_lanes_isa());
  batch(uz, pairs);
}

void box_muller_batch_with(LaneIsa isa, double* uz, std::uint32_t pairs) { batch_for(isa)(uz, pairs); }

void SimdNormals::draw_normal_pairs(SampleRng& rng, std::uint32_t pairs, double* z) {
  rng.uniforms<SimdNormals>(z, 2u * pairs);  // u1, u2 of each pair in turn, as normal_pair draws them
  box_muller_batch(z, pairs);
}

void SimdNormals::philox_uniform_blocks(Philox4x32Key key, Philox4x32Ctr ctr, std::uint32_t blocks,
                                        double* out) {
  static const Blocks generate = blocks_for(planar_lanes_isa());
  generate(key, ctr, blocks, out);
}

void philox_uniform_blocks_with(LaneIsa isa, Philox4x32Key key, Philox4x32Ctr ctr, std::uint32_t blocks,
                                double* out) {
  blocks_for(isa)(key, ctr, blocks, out);
}

}  // namespace collsweep

// The words of one Philox stream for eight samples, all generated at once (the CPU's SIMD multi-contact
// sampler's per-contact streams), and the most uniforms a sampler's stream gives one sample.
#pragma once

#include <cstdint>

#include "backend/lane_math.hpp"
#include "collsweep/models/multicontact/sampler.hpp"
#include "collsweep/sampling/mechanism.hpp"

namespace collsweep {

// The most uniforms a sampler's stream gives one sample: a multi-contact mechanism with the most degrees of
// freedom and k = 4 (log10 cond M, the spectrum's n - 2 values, the n x n Gaussian's and J's normals in
// pairs); every other stream takes fewer (the direct kind with k = 4: 1 + 6 + 64).
inline constexpr int kLaneStreamMaxNormals =
    max_mechanism_dof * max_mechanism_dof + max_contact_rows * max_mechanism_dof;
inline constexpr int kLaneStreamMaxUniforms =
    1 + (max_mechanism_dof - 2) + 2 * ((kLaneStreamMaxNormals + 1) / 2);

// The words of one stream for the eight samples: block b of every lane (counter = (sample, stream, b), as
// SampleRng), and the uniforms in the order SampleRng::uniform takes them (uniform j: words 2j, 2j + 1, the
// first high).
struct StreamLanes {
  static constexpr int kMaxBlocks = (kLaneStreamMaxUniforms + 1) / 2;
  LaneU w[kMaxBlocks][4];
  int next = 0;  // the next uniform

  COLLSWEEP_HD_INLINE void generate(std::uint64_t seed, std::uint32_t stream, LaneU sample, int uniforms) {
    const Philox4x32Key key{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
    for (int b = 0; b < (uniforms + 1) / 2; ++b) {
      w[b][0] = sample & 0xffffffffull;
      w[b][1] = sample >> 32;
      w[b][2] = LaneU{} + stream;
      w[b][3] = LaneU{} + static_cast<std::uint64_t>(b);
      philox_rounds<10>(w[b], key);
    }
  }
  COLLSWEEP_HD_INLINE LaneD uniform() {
    const int j = next++;
    return uniform_of_words(w[j / 2], 2 * (j % 2));
  }
  // draw_scalar for a d the lanes draw (lanes_draw_scalar); bad as scalar_of_uniform_lanes.
  COLLSWEEP_HD_INLINE LaneD scalar(const ScalarDist& d, LaneI* bad) {
    if (d.kind == ScalarKind::constant) return splat_lanes<LaneD>(d.lo);
    return scalar_of_uniform_lanes(d, uniform(), bad);
  }
};

COLLSWEEP_HD_INLINE int uniforms_of(const ScalarDist& d) { return takes_uniform(d) ? 1 : 0; }

}  // namespace collsweep

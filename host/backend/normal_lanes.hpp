// The host's SIMD batches behind the samplers' normals: box_muller_batch and philox_uniform_blocks (declared
// in kernels/collsweep/random/philox.hpp, used by SampleRng::uniforms and NormalSequence) with a given
// instruction set, for tests.
#pragma once

#include <cstdint>

#include "backend/planar_lanes.hpp"
#include "collsweep/random/philox.hpp"

namespace collsweep {

// box_muller_batch and philox_uniform_blocks with a given instruction set (it must be available:
// planar_lanes_isa_available).
void box_muller_batch_with(LaneIsa isa, double* uz, std::uint32_t pairs);
void philox_uniform_blocks_with(LaneIsa isa, Philox4x32Key key, Philox4x32Ctr ctr, std::uint32_t blocks,
                                double* out);

}  // namespace collsweep

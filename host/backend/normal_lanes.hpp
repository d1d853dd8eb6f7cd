// The host's SIMD batches behind the samplers' normals: SimdNormals, the batching policy that the host passes
// to the kernels' samplers (NormalSequence, SampleRng::uniforms), and its batches with a given instruction
// set, for tests.
#pragma once

#include <cstdint>

#include "backend/planar_lanes.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/mechanism.hpp"

namespace collsweep {

// NormalSequence's and SampleRng::uniforms' policy on the host (kernels/collsweep/sampling/mechanism.hpp):
// the normals of a whole draw at once, their uniforms eight Philox blocks at a time and their Box-Muller
// pairs eight at a time (normal_lanes.cpp), bit for bit the kernels' one pair at a time. The samplers called
// on the host take it as their Normals parameter (draw_planar_sample<SimdNormals>, sweep_sample<Ops,
// SimdNormals>, ...): the Gaussian matrices of the mechanism, direct and wishart kinds.
struct SimdNormals {
  // The largest draw: a mechanism's 12 x 12 Gaussian and 8 Jacobian rows of 12 (a multi-contact mechanism
  // with k = 4); a larger total (a wishart with many extra degrees of freedom) is taken one pair at a time.
  static constexpr std::uint32_t batch_capacity =
      max_mechanism_dof * max_mechanism_dof + 2 * max_contacts * max_mechanism_dof;

  // `pairs` Box-Muller pairs of rng into z (z0, z1 of each pair in turn): the values and the words of
  // normal_pair called `pairs` times (rng.uniforms<SimdNormals>, then box_muller_batch). Out of line, so
  // that the samplers that inline it stay small.
  static void draw_normal_pairs(SampleRng& rng, std::uint32_t pairs, double* z);

  // Blocks ctr, ctr + 1, ... (last counter word counting up) under key, two uniforms each, u01_open of
  // words (0, 1) then of (2, 3), into out[0 .. 2 blocks - 1].
  static void philox_uniform_blocks(Philox4x32Key key, Philox4x32Ctr ctr, std::uint32_t blocks, double* out);
};

// The batch of Box-Muller pairs: uz holds u1, u2 of each pair in turn and receives z0, z1 of each pair in
// their place, bit for bit box_muller's.
void box_muller_batch(double* uz, std::uint32_t pairs);

// box_muller_batch and SimdNormals::philox_uniform_blocks with a given instruction set (it must be
// available: planar_lanes_isa_available).
void box_muller_batch_with(LaneIsa isa, double* uz, std::uint32_t pairs);
void philox_uniform_blocks_with(LaneIsa isa, Philox4x32Key key, Philox4x32Ctr ctr, std::uint32_t blocks,
                                double* out);

}  // namespace collsweep

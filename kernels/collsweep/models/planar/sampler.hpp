// The planar sampler: sample index k of a PlanarSamplePlan -> one PlanarSample, identical on CPU and GPU.
//
// The stream layout (which Philox stream and which of its words feed which input) is inputs.hpp's
// draw_planar_inputs, written once for any lane type; here it runs on one sample (the CPU's scalar path and
// the GPU), and host/backend/planar_lanes.cpp runs it on eight at once. A W that is not SPD to working
// precision (a mechanism with extreme conditioning, a wishart with dof < 2, a bad fixed W) is returned as
// drawn, never redrawn: the laws report it invalid and the sweep counts it.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/models/planar/contact.hpp"
#include "collsweep/models/planar/grid_digits.hpp"
#include "collsweep/models/planar/inputs.hpp"
#include "collsweep/models/planar/mechanism_draw.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/mechanism.hpp"

namespace collsweep {

COLLSWEEP_HD_INLINE SampleRng stream_rng(const PlanarSamplePlan& plan, Stream s, std::uint64_t k) {
  return planar_stream<double>(plan, s, k);
}

// The mechanism behind sample k's W (plan.W.kind must be mechanism): replays the matrix stream, so
// draw_planar_mechanism(plan, k).W is bitwise the W of draw_planar_sample(plan, k).
template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE void draw_planar_mechanism(const PlanarSamplePlan& plan, std::uint64_t k,
                                               MechanismDraw& out) {
  SampleRng rng = stream_rng(plan, Stream::matrix, k);
  draw_mechanism<Normals>(plan.W, rng, planar_grid_digits(plan, k).log10_cond_M, out);
}

// Sample k of the plan (draw_planar_inputs on one lane, then planar_sample_of's derived fields).
//   theta_deg   the drawn angle itself (not atan of v: grid values stay exact for the map axes)
//   alpha       |v_t| / -v_n = tan theta
//
// needs lets a sweep skip what it never reads (the derived shape quantities, alpha, and e_t when no law or
// axis uses it; the grid digits of a plan without grid axes): skipped fields are left 0. Every input has its
// own stream, so skipping never changes another. Normals: where the mechanism kind's normals come from
// (sampling/mechanism.hpp's NormalSequence; the host passes its SIMD batches), the same values either way.
template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE PlanarSample draw_planar_sample(const PlanarSamplePlan& plan, std::uint64_t k,
                                                    SampleNeeds needs = SampleNeeds{}) {
  GridDigits g[1];
  if (needs.grid) g[0] = planar_grid_digits(plan, k);
  PlanarInputs<double> in;
  bool bad = false;  // (never set for one sample)
  draw_planar_inputs<double, Normals>(plan, needs, k, g, in, &bad);
  return planar_sample_of(plan, needs, in);
}

// Host helper: samples first .. first + count - 1 into out[0 .. count-1] (the same values as
// draw_planar_sample one by one; batch boundaries never change a sample).
inline void generate_planar_batch(const PlanarSamplePlan& plan, std::uint64_t first, std::uint64_t count,
                                  PlanarSample* out) {
  for (std::uint64_t i = 0; i < count; ++i) out[i] = draw_planar_sample(plan, first + i);
}

}  // namespace collsweep

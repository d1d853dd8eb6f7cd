// The CPU's SIMD planar sampler: eight consecutive samples at once, bit for bit draw_planar_sample's.
#pragma once

#include <cstdint>

#include "collsweep/models/planar/sampler.hpp"

namespace collsweep {

inline constexpr int planar_lane_batch = 8;

// The instruction sets the sampler is compiled for; planar_lanes_isa() is the one it uses (the best the CPU
// runs).
enum class LaneIsa { baseline, avx2, avx512 };
LaneIsa planar_lanes_isa();
bool planar_lanes_isa_available(LaneIsa isa);

// Whether draw_planar_lanes serves this plan: W direct, shape, fixed, of a mechanism, or wishart with at most
// 125 degrees of freedom; log10 cond, rho, kappa, theta, mu, e (and e_t when needed) constant, uniform
// (lo < hi), log-uniform (0 < lo < hi) or a grid; log10 cond M one of the first three. Every other plan is
// drawn one sample at a time by draw_planar_sample.
bool planar_lanes_serve(const PlanarSamplePlan& plan, SampleNeeds needs);

// out[l] = draw_planar_sample(plan, k0 + l, needs) for l = 0 .. 7, bit for bit: the kernels' stream layout
// (draw_planar_inputs, models/planar/inputs.hpp) on eight lanes, with its lane-generic cores (Philox rounds,
// u01, the sincos and 10^x polynomials, W's entries; the Box-Muller normals of a wishart or a mechanism, and
// the mechanism's Gram-Schmidt, M, Cholesky and forward substitutions, sampling/mechanism.hpp); a lane whose
// sincos or 10^x leaves their common path (an argument near a multiple of pi/2 or below 2^-27, an integer
// exponent, a subnormal result), or whose mechanism M has no Cholesky factor, is drawn again by
// draw_planar_sample. Requires planar_lanes_serve. Returns how many lanes were drawn again (for tests: the
// sweep's results never depend on it).
int draw_planar_lanes(const PlanarSamplePlan& plan, SampleNeeds needs, std::uint64_t k0,
                      PlanarSample (&out)[planar_lane_batch]);

// The same with a given instruction set (tests; it must be available).
int draw_planar_lanes_with(LaneIsa isa, const PlanarSamplePlan& plan, SampleNeeds needs, std::uint64_t k0,
                           PlanarSample (&out)[planar_lane_batch]);

}  // namespace collsweep

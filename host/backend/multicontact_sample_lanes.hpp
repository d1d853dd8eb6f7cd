// The CPU's SIMD multi-contact sampler: eight consecutive samples at once, bit for bit
// draw_multicontact_sample's.
#pragma once

#include <cstdint>

#include "backend/planar_lanes.hpp"
#include "collsweep/sampling/multicontact_sampler.hpp"

namespace collsweep {

inline constexpr int multicontact_sample_batch = 8;

// Whether draw_multicontact_lanes serves this plan: G of the direct kind, of the wishart kind with at most
// 240 normals (2k (2k + extra dof)), or of the mechanism kind with log10_cond_M constant or uniform; a
// constant number of contacts; log10_cond, gamma_N, gamma_T, mu, eps_N and eps_T_ratio constant or uniform
// (lo < hi); no grid axis. Every other plan (a varying k, a grid, a larger wishart) is drawn one sample at a
// time by draw_multicontact_sample.
bool multicontact_lanes_sample_serve(const MultiContactSamplePlan& plan);

// out[l] = draw_multicontact_sample(plan, i0 + l, log10_cond_needed) for l = 0 .. 7, bit for bit: the
// kernels' lane-generic cores (Philox rounds, u01, 10^x, log and sincos polynomials, Gram-Schmidt,
// Q diag(lambda) Q^T; the wishart sums; for a mechanism Cholesky, the forward substitutions and Y^T Y; the
// Jacobi eigenvalues of a wishart or mechanism G) run on eight lanes; a lane whose 10^x or sincos leaves
// their common path, or whose mechanism M is not positive definite, is drawn again by
// draw_multicontact_sample. Requires multicontact_lanes_sample_serve. Returns how many lanes were drawn again
// (for tests).
int draw_multicontact_lanes(const MultiContactSamplePlan& plan, std::uint64_t i0,
                            MultiContactSample (&out)[multicontact_sample_batch],
                            bool log10_cond_needed = true);

// The same with a given instruction set (tests; it must be available).
int draw_multicontact_lanes_with(LaneIsa isa, const MultiContactSamplePlan& plan, std::uint64_t i0,
                                 MultiContactSample (&out)[multicontact_sample_batch],
                                 bool log10_cond_needed = true);

}  // namespace collsweep

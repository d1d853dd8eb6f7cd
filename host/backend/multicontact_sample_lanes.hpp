// The CPU's SIMD multi-contact sampler: eight consecutive samples at once, bit for bit
// draw_multicontact_sample's.
#pragma once

#include <cstdint>

#include "backend/planar_lanes.hpp"
#include "collsweep/models/multicontact/sampler.hpp"

namespace collsweep {

inline constexpr int multicontact_sample_batch = 8;
// The largest grid of k served (one strided batch per grid point): k takes at most four values.
inline constexpr std::uint32_t multicontact_sample_max_stride = 4;

// Whether draw_multicontact_lanes serves this plan: G of the direct kind, of the wishart kind with at most
// 240 normals (2k (2k + extra dof)), or of the mechanism kind with log10_cond_M as lanes_draw_scalar serves;
// a constant number of contacts, or a grid of them with at most four points; log10_cond, gamma_N, gamma_T,
// mu, eps_N and eps_T_ratio constant, uniform (lo < hi), log-uniform (0 < lo < hi) or a grid. Every
// other plan (a random k, a grid of k beyond four points or of log10_cond_M, a larger wishart) is drawn one
// sample at a time by draw_multicontact_sample.
bool multicontact_lanes_sample_serve(const MultiContactSamplePlan& plan);

// The stride of the samples one call draws (0 where the plan is not served): 1 for a constant k; for a grid
// of k, its number of points n, since sample i has the k of point i mod n: samples i0, i0 + n, ...,
// i0 + 7 n share k, and n calls from i0, i0 + 1, ..., i0 + n - 1 draw the 8 n samples from i0 on.
std::uint32_t multicontact_lanes_sample_stride(const MultiContactSamplePlan& plan);

// out[l] = draw_multicontact_sample(plan, i0 + l stride, log10_cond_needed) for l = 0 .. 7, bit for bit
// (stride: multicontact_lanes_sample_stride): the kernels' lane-generic cores (Philox rounds, u01, 10^x, log
// and sincos polynomials, Gram-Schmidt, Q diag(lambda) Q^T; the wishart sums; for a mechanism Cholesky, the
// forward substitutions and Y^T Y; the Jacobi eigenvalues of a wishart or mechanism G) run on eight lanes; a
// lane whose 10^x or sincos leaves their common path, or whose mechanism M is not positive definite, is drawn
// again by draw_multicontact_sample. Requires multicontact_lanes_sample_serve. Returns how many lanes were
// drawn again (for tests).
int draw_multicontact_lanes(const MultiContactSamplePlan& plan, std::uint64_t i0,
                            MultiContactSample (&out)[multicontact_sample_batch],
                            bool log10_cond_needed = true, std::uint32_t stride = 1);

// The same with a given instruction set (tests; it must be available).
int draw_multicontact_lanes_with(LaneIsa isa, const MultiContactSamplePlan& plan, std::uint64_t i0,
                                 MultiContactSample (&out)[multicontact_sample_batch],
                                 bool log10_cond_needed = true, std::uint32_t stride = 1);

}  // namespace collsweep

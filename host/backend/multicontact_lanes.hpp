// The CPU's SIMD path of the one- and two-contact LCP laws: batches of eight samples, evaluated four (AVX2)
// or two (SSE2) at a time, bit for bit the one-sample evaluate_poisson_lcp / evaluate_newton_lcp.
#pragma once

#include "backend/planar_lanes.hpp"
#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "collsweep/models/multicontact/near_singular.hpp"
#include "collsweep/models/multicontact/sweep_spec.hpp"

namespace collsweep {

inline constexpr int multicontact_lane_batch = 8;

// Whether the SIMD path serves k contacts with these options: k <= 2 and the enumeration solver (which
// `automatic` is for k <= 2). Lemke, one solution per phase, runs one sample at a time.
bool multicontact_lanes_serve(int k, const MultiContactOptions& opt);

// out[l] = evaluate_poisson_lcp<K>(c[l], opt) (law poisson_lcp) or evaluate_newton_lcp<K>(c[l], opt) for
// l = 0 .. 7, bit for bit: validation, T_acc, the mode solver's scales, the compression and each round of
// decompressions, and the theorem predicates of fully frictional samples run on the vector lanes through the
// laws' own lane-generic code (law_enumeration.hpp, glocker_modes.hpp, glocker_conditions.hpp); each lane's
// solutions are folded one sample at a time by the laws' PoissonChoice / NewtonChoice. Requires
// multicontact_lanes_serve(K, opt); K is 1 or 2; a value of law that names no law throws
// std::invalid_argument.
template <int K>
void evaluate_multicontact_lanes(MultiContactLaw law,
                                 const MultiContactCollision<K> (&c)[multicontact_lane_batch],
                                 const MultiContactOptions& opt,
                                 MultiContactOutcome<K> (&out)[multicontact_lane_batch]);

// out[l] = cond_verdict(smallmat::cond_bracket(c[l].G)) for l = 0 .. 7 (near_singular.hpp), bit for bit, on
// the vector lanes: the sweep's near-singular test of a batch (SweepSampleFlags::given_verdict). K is 1 or 2.
template <int K>
void multicontact_cond_verdicts(const MultiContactCollision<K> (&c)[multicontact_lane_batch],
                                CondVerdict (&out)[multicontact_lane_batch]);

// The same with a given instruction set (tests; it must be available, planar_lanes_isa_available).
template <int K>
void evaluate_multicontact_lanes_with(LaneIsa isa, MultiContactLaw law,
                                      const MultiContactCollision<K> (&c)[multicontact_lane_batch],
                                      const MultiContactOptions& opt,
                                      MultiContactOutcome<K> (&out)[multicontact_lane_batch]);

}  // namespace collsweep

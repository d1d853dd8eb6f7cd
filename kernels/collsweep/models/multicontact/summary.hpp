// What a multi-contact sweep keeps of one law's outcome on a sample, whatever its number of contacts k.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/models/multicontact/laws/law_steps.hpp"
#include "collsweep/models/multicontact/near_singular.hpp"

namespace collsweep {

// What a sweep keeps of one multi-contact outcome (independent of k).
struct MultiContactSummary {
  Status status = Status::ok;
  std::uint8_t solutions = 0;
  bool truncated = false;
  double W = 0.0, W_min = 0.0, W_max = 0.0, T_acc = 0.0;
  bool psd_111 = false, similar_117 = false, small_121 = false;
  std::uint8_t contacts = 0;       // k
  std::uint8_t delassus_rank = 0;  // G's numerical rank (2k unless G is singular)
  bool near_singular = false;      // full rank, cond2(G) > 1e8 (near_singular.hpp)
  // The engine law (laws/sequential_impulse.hpp; 0 for the LCP laws): its sweeps, whether the last reached
  // the fixed point, and W's spread over the orders of the normal impulses / T_acc.
  std::uint32_t iterations = 0;
  bool converged = false;
  double order_spread_W = 0.0;

  // G singular (rank < 2k), accepted as positive semidefinite where the status is ok.
  COLLSWEEP_HD_INLINE bool semidefinite() const { return delassus_rank < 2 * contacts; }
};

template <int K>
COLLSWEEP_HD_INLINE MultiContactSummary summarize(const MultiContactOutcome<K>& o) {
  MultiContactSummary s;
  s.status = o.status;
  s.solutions = o.solutions;
  s.truncated = o.solutions_truncated;
  s.W = o.W;
  s.W_min = o.W_min;
  s.W_max = o.W_max;
  s.T_acc = o.T_acc;
  s.psd_111 = o.conditions.psd_111;
  s.similar_117 = o.conditions.similar_117;
  s.small_121 = o.conditions.small_121;
  s.contacts = static_cast<std::uint8_t>(K);
  s.delassus_rank = o.delassus_rank;
  // From the law's cond(G) where it computed its predicates; a sweep runs the laws without them and sets
  // the flag once per sample (SweepSampleFlags, sweep.hpp).
  s.near_singular = near_singular_delassus(o.delassus_rank, 2 * K, o.conditions.cond_G);
  s.iterations = o.iterations;
  s.converged = o.converged;
  s.order_spread_W = o.order_spread_W;
  return s;
}

}  // namespace collsweep

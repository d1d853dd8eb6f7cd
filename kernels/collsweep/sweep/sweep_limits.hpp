// The capacities every family's sweep shares: map axes, witnesses and laws per sweep, and the witness lists.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/tally/top_k.hpp"

namespace collsweep {

inline constexpr int max_map_axes = 2;
inline constexpr int max_witnesses = 64;
// The most laws one sweep evaluates, in any family: the size of the witness lists below and of the GPU sweep
// kernel's per-law shared arrays (kernels/sweep_launch.cuh). Each family's law count is static_asserted
// against it.
inline constexpr int max_sweep_laws = 12;
// The most law pairs a planar sweep compares (run.compare, models/planar/compare.hpp); each has a witness
// slot after the laws'.
inline constexpr int max_compare_pairs = 8;
inline constexpr int max_witness_slots = max_sweep_laws + max_compare_pairs;

// Witness lists of all laws of a sweep, then of its compared pairs (used by the CPU threads; the GPU keeps
// the laws' in shared memory).
struct LawWitnesses {
  TopK<max_witnesses> law[max_witness_slots];
  COLLSWEEP_HD_INLINE explicit LawWitnesses(int keep) {
    for (auto& t : law) t.keep = keep;
  }
  COLLSWEEP_HD_INLINE void offer(int slot, double value, std::uint64_t k) { law[slot].offer(value, k); }
};

}  // namespace collsweep

// The merged outcome of a planar sweep on any backend: tally words, witnesses and how it was made.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collsweep/sweep/planar_sweep.hpp"

namespace collsweep {

struct PlanarSweepResult {
  PlanarSweepSpec spec;
  TallyLayout layout;
  std::vector<u64> words;                       // layout.words() words, see tally/map_tally.hpp
  std::vector<std::vector<Witness>> witnesses;  // per law slot, ranked (largest gain first)
  std::uint64_t first = 0, count = 0;           // sample indices [first, first + count)
  std::string backend;                          // "cpu" or "cuda"
  std::string device;                           // CPU model / GPU name
  int threads = 1;
  double seconds = 0.0;

  // Totals over all cells for one law slot (e.g. gain count), and samples over the map.
  std::uint64_t pair_total(int law_slot, TallyLayout::PairWord word) const;
  std::uint64_t samples_in_map() const;
  std::uint64_t outside() const { return words[layout.outside()]; }
  std::uint64_t clamped() const { return words[layout.clamped()]; }
  double max_dE_rel(int law_slot) const;  // over all valid samples of the law; -inf if none
};

// An empty result with a zeroed tally for spec.
PlanarSweepResult make_empty_result(const PlanarSweepSpec& spec);

// Folds src's tally and witnesses into dst (exact; any order gives the same result).
void merge_results(PlanarSweepResult& dst, const PlanarSweepResult& src);

// Re-ranks a union of witness lists and keeps the best `keep`.
std::vector<Witness> best_witnesses(std::vector<Witness> all, int keep);

}  // namespace collsweep

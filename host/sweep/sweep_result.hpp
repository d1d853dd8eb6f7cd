// The merged outcome of a sweep on any backend: tally words, witnesses and how it was made.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "collsweep/models/multicontact/sweep_spec.hpp"
#include "collsweep/models/planar/sweep.hpp"
#include "collsweep/models/spatial/sweep.hpp"

namespace collsweep {

// Spec is PlanarSweepSpec or MultiContactSweepSpec; tally_layout(spec) gives the word layout.
template <class Spec>
struct SweepResult {
  Spec spec;
  TallyLayout layout;
  std::vector<u64> words;                       // layout.words() words, see tally/map_tally.hpp
  std::vector<std::vector<Witness>> witnesses;  // per law slot, ranked (largest gain first)
  std::uint64_t first = 0, count = 0;           // sample indices [first, first + count)
  std::string backend;                          // "cpu" or "cuda"
  std::string device;                           // CPU model / GPU name
  int threads = 1;
  double seconds = 0.0;

  // Totals run over every sample: the map's cells and the outside pseudo-cell (tally/map_tally.hpp), so
  // zooming a map never changes a run's global results.
  // Total of one pair word of a law slot over every sample.
  std::uint64_t pair_total(int law_slot, std::uint32_t word) const {
    std::uint64_t total = 0;
    for (std::uint32_t c = 0; c <= layout.cells; ++c) total += words[layout.pair(c, law_slot) + word];
    return total;
  }
  std::uint64_t samples_total() const { return samples_in_map() + outside(); }
  std::uint64_t samples_in_map() const {
    std::uint64_t total = 0;
    for (std::uint32_t c = 0; c < layout.cells; ++c) total += words[layout.samples(c)];
    return total;
  }
  std::uint64_t outside() const { return words[layout.outside()]; }
  std::uint64_t clamped() const { return words[layout.clamped()]; }
  // The largest tallied value (dE_rel, or W_max / T_acc) of a law over every sample; -inf if none.
  double max_value(int law_slot) const {
    u64 best = 0;
    for (std::uint32_t c = 0; c <= layout.cells; ++c)
      best = std::max(best, words[layout.pair(c, law_slot) + layout.max_slot]);
    return best ? key_value(best) : -std::numeric_limits<double>::infinity();
  }
  // The mean of the tallied sum (dE_rel, or the chosen W / T_acc) of a law over `valid` samples.
  double mean_value(int law_slot, std::uint64_t valid) const {
    u64 lo = 0, hi = 0;
    for (std::uint32_t c = 0; c <= layout.cells; ++c) {
      const u64* p = words.data() + layout.pair(c, law_slot);
      merge_int128<PlainOps>(&lo, &hi, p[layout.sum_slot], p[layout.sum_slot + 1]);
    }
    return valid ? int128_to_double(lo, hi) / static_cast<double>(valid) : 0.0;
  }
  double max_dE_rel(int law_slot) const { return max_value(law_slot); }
};

using PlanarSweepResult = SweepResult<PlanarSweepSpec>;
using MultiContactSweepResult = SweepResult<MultiContactSweepSpec>;
using SpatialSweepResult = SweepResult<SpatialSweepSpec>;

// Re-ranks a union of witness lists and keeps the best `keep`.
std::vector<Witness> best_witnesses(std::vector<Witness> all, int keep);

// An empty result with a zeroed tally for spec.
template <class Spec>
SweepResult<Spec> make_empty_result(const Spec& spec) {
  SweepResult<Spec> r;
  r.spec = spec;
  r.layout = tally_layout(spec);
  r.words.assign(r.layout.words(), 0);
  r.witnesses.resize(spec.witness_slots());
  return r;
}

// Folds src's tally and witnesses into dst (exact; any order gives the same result).
template <class Spec>
void merge_results(SweepResult<Spec>& dst, const SweepResult<Spec>& src) {
  for (std::uint64_t i = 0; i < dst.words.size(); ++i)
    merge_tally_word<PlainOps>(dst.layout, dst.words.data(), src.words.data(), i);
  for (int l = 0; l < dst.spec.witness_slots(); ++l) {
    std::vector<Witness> all = dst.witnesses[l];
    all.insert(all.end(), src.witnesses[l].begin(), src.witnesses[l].end());
    dst.witnesses[l] = best_witnesses(std::move(all), dst.spec.witnesses);
  }
}

}  // namespace collsweep

// Merging and summarising planar sweep tallies on the host.
#include "sweep/sweep_result.hpp"

#include <algorithm>
#include <limits>

namespace collsweep {

PlanarSweepResult make_empty_result(const PlanarSweepSpec& spec) {
  PlanarSweepResult r;
  r.spec = spec;
  r.layout = TallyLayout{static_cast<std::uint32_t>(spec.cells()), static_cast<std::uint32_t>(spec.n_laws)};
  r.words.assign(r.layout.words(), 0);
  r.witnesses.resize(spec.n_laws);
  return r;
}

std::vector<Witness> best_witnesses(std::vector<Witness> all, int keep) {
  std::sort(all.begin(), all.end(), ranks_before);
  all.erase(std::unique(all.begin(), all.end(),
                        [](const Witness& a, const Witness& b) { return a.index == b.index && a.value == b.value; }),
            all.end());
  if (static_cast<int>(all.size()) > keep) all.resize(keep);
  return all;
}

void merge_results(PlanarSweepResult& dst, const PlanarSweepResult& src) {
  for (std::uint64_t i = 0; i < dst.words.size(); ++i) merge_tally_word<PlainOps>(dst.layout, dst.words.data(), src.words.data(), i);
  for (int l = 0; l < dst.spec.n_laws; ++l) {
    std::vector<Witness> all = dst.witnesses[l];
    all.insert(all.end(), src.witnesses[l].begin(), src.witnesses[l].end());
    dst.witnesses[l] = best_witnesses(std::move(all), dst.spec.witnesses);
  }
}

std::uint64_t PlanarSweepResult::pair_total(int law_slot, TallyLayout::PairWord word) const {
  std::uint64_t total = 0;
  for (std::uint32_t c = 0; c < layout.cells; ++c) total += words[layout.pair(c, law_slot) + word];
  return total;
}

std::uint64_t PlanarSweepResult::samples_in_map() const {
  std::uint64_t total = 0;
  for (std::uint32_t c = 0; c < layout.cells; ++c) total += words[layout.samples(c)];
  return total;
}

double PlanarSweepResult::max_dE_rel(int law_slot) const {
  u64 best = 0;
  for (std::uint32_t c = 0; c < layout.cells; ++c) best = std::max(best, words[layout.pair(c, law_slot) + TallyLayout::max_key]);
  return best ? key_value(best) : -std::numeric_limits<double>::infinity();
}

}  // namespace collsweep

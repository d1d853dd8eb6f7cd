// Disagreement maps of any family (run.compare): a compared pair of law slots, and how one pair's comparison
// on one sample is tallied in its own slot (after the laws').
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/tally/map_tally.hpp"

namespace collsweep {

// Two law slots of a sweep (indices into its spec's laws), A then B.
struct ComparePair {
  std::uint8_t a = 0, b = 0;
};

// Records one pair's comparison on one sample (both outcomes valid) in its slot: Words names the family's
// pair words reused for it (both_valid, type_differs, sum_lo, sum_hi, max_key), so that the generic merge
// sums and maximises them like a law's.
template <class Words, class Ops>
COLLSWEEP_HD_INLINE void tally_compare(const TallyLayout& L, u64* words, std::uint32_t cell,
                                       std::uint32_t slot, double dv2_rel, bool differ) {
  u64* p = words + L.pair(cell, slot);
  Ops::fetch_add(p + Words::both_valid, 1);
  if (differ) Ops::fetch_add(p + Words::type_differs, 1);
  bool clamped;
  add_int128<Ops>(p + Words::sum_lo, p + Words::sum_hi, to_fixed_point(dv2_rel, &clamped));
  if (clamped) Ops::fetch_add(words + L.clamped(), 1);
  Ops::max(p + Words::max_key, ordered_key(dv2_rel));
}

// Tallies every compared pair of spec s on one sample, where seen[i] is law slot i's compare outcome (the
// family's compare_outcome), and offers each disagreement to the witness sink's slot n_laws + p. The family's
// disagreement(c, a, b) and types_differ(c, law_a, a, law_b, b) (models/*/compare.hpp) define the comparison.
template <class Words, class Ops, class Spec, class Collision, class Seen, class Sink>
COLLSWEEP_HD_INLINE void tally_pairs(const Spec& s, const TallyLayout& L, u64* words, std::uint32_t cell,
                                     const Collision& c, const Seen* seen, std::uint64_t k, Sink& sink) {
  for (int p = 0; p < s.n_pairs; ++p) {
    const int a = s.pairs[p].a, b = s.pairs[p].b;
    if (!seen[a].ok || !seen[b].ok) continue;
    const double d = disagreement(c, seen[a], seen[b]);
    tally_compare<Words, Ops>(L, words, cell, static_cast<std::uint32_t>(s.n_laws + p), d,
                              types_differ(c, s.laws[a], seen[a], s.laws[b], seen[b]));
    sink.offer(s.n_laws + p, d, k);
  }
}

}  // namespace collsweep

// The map tally: per cell and law, counts and statistics, in one flat array of 64-bit words.
//
// Layout (word offsets): [0, cells) samples per cell; then one word each for samples outside the map
// and for sums that had to be clamped; then for each (cell, law) pair, pair_words words whose meaning
// depends on the model family (its tally words: models/planar/tally_words.hpp, MultiContactWords in
// models/multicontact/sweep_spec.hpp). Cell index `cells` is the pseudo-cell "outside the map": its sample
// count is the outside word and it has pair words like any cell, so that a sample outside the map ranges is
// still evaluated and tallied (the run's totals, witnesses and theorem-violation counters cover every
// sample; map.csv shows only the real cells). Every family's pair words hold exactly one fixed-point sum
// (two words at sum_slot, accumulate.hpp), one maximum (max_slot, an ordered key) and at most one second
// maximum (max2_slot, the spatial family's swerve angle); all other words are counts, so merging is generic.
// Pairs are ordered cell-major (pair = cell * laws + law); cell = bin_x + bins_x * bin_y.
#pragma once

#include "collsweep/tally/accumulate.hpp"

namespace collsweep {

struct TallyLayout {
  // The family's tally_layout sets the last three (tally_layout_of below).
  std::uint32_t cells = 1, laws = 1;
  std::uint32_t pair_words = 0;   // words per (cell, law) pair
  std::uint32_t sum_slot = 0;     // the fixed-point sum's low word (its high word follows)
  std::uint32_t max_slot = 0;     // the ordered-key maximum
  std::uint32_t max2_slot = ~0u;  // a second ordered-key maximum (~0u: none)

  COLLSWEEP_HD_INLINE std::uint64_t samples(std::uint32_t cell) const { return cell; }
  COLLSWEEP_HD_INLINE std::uint64_t outside() const { return cells; }  // == samples(outside_cell())
  COLLSWEEP_HD_INLINE std::uint32_t outside_cell() const { return cells; }
  // The tally cell of a map cell from map_cell(): itself, or the outside pseudo-cell for -1.
  COLLSWEEP_HD_INLINE std::uint32_t tally_cell(int map_cell) const {
    return map_cell < 0 ? cells : static_cast<std::uint32_t>(map_cell);
  }
  COLLSWEEP_HD_INLINE std::uint64_t clamped() const { return cells + 1ull; }
  COLLSWEEP_HD_INLINE std::uint64_t pair(std::uint32_t cell, std::uint32_t law) const {
    return cells + 2ull + (static_cast<std::uint64_t>(cell) * laws + law) * pair_words;
  }
  COLLSWEEP_HD_INLINE std::uint64_t words() const { return pair(cells + 1u, 0); }
};

// The layout of `cells` map cells and `laws` laws of a family's pair words: Words::count of them, the sum at
// Words::sum_lo and the maximum at Words::max_key (PlanarWords, MultiContactWords, SpatialWords); max2_slot:
// a second maximum's word, if the family has one.
template <class Words>
COLLSWEEP_HD_INLINE TallyLayout tally_layout_of(std::uint32_t cells, std::uint32_t laws,
                                                std::uint32_t max2_slot = ~0u) {
  TallyLayout L;
  L.cells = cells;
  L.laws = laws;
  L.pair_words = Words::count;
  L.sum_slot = Words::sum_lo;
  L.max_slot = Words::max_key;
  L.max2_slot = max2_slot;
  return L;
}

// dst += src, word by word with the right operation for each word.
template <class Ops>
COLLSWEEP_HD_INLINE void merge_tally_word(const TallyLayout& L, u64* dst, const u64* src, std::uint64_t i) {
  if (i < L.cells + 2ull) {
    if (src[i]) Ops::fetch_add(dst + i, src[i]);
    return;
  }
  const std::uint64_t slot = (i - L.cells - 2ull) % L.pair_words;
  if (slot == L.sum_slot + 1ull) return;  // the high word, merged together with the low word
  if (slot == L.sum_slot) {
    if (src[i] || src[i + 1]) merge_int128<Ops>(dst + i, dst + i + 1, src[i], src[i + 1]);
  } else if (slot == L.max_slot || slot == L.max2_slot) {
    if (src[i]) Ops::max(dst + i, src[i]);
  } else if (src[i]) {
    Ops::fetch_add(dst + i, src[i]);
  }
}

}  // namespace collsweep

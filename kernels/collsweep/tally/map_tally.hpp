// The map tally: per cell and law, counts and statistics, in one flat array of 64-bit words.
//
// Layout (word offsets): [0, cells) samples per cell; then one word each for samples outside the map
// and for sums that had to be clamped; then for each (cell, law) pair, pair_words words whose meaning
// depends on the model. Cell index `cells` is the pseudo-cell "outside the map": its sample count is the
// outside word and it has pair words like any cell, so that a sample outside the map ranges is still
// evaluated and tallied (the run's totals, witnesses and theorem-violation counters cover every sample;
// map.csv shows only the real cells). Planar laws (TallyLayout's enum):
//   gain        dE > tolerance * T_acc
//   violation   a gain where a theorem forbids one (stronge, poisson always; chatterjee-ruina for e_t <= 1)
//   invalid     status other than ok, not degenerate
//   degenerate  W singular to working precision, or a non-finite result (numerical failure)
//   sum_lo, sum_hi   128-bit fixed-point sum of dE_rel over valid samples (accumulate.hpp)
//   max_key     ordered key of the largest dE_rel (0: no valid sample)
//   type_1 .. type_5   samples per collision Type
// Multi-contact laws: see models/multicontact/sweep.hpp. Every layout has exactly one fixed-point sum
// (two words at sum_slot) and one maximum (max_slot); all other words are counts, so merging is generic.
// Pairs are ordered cell-major (pair = cell * laws + law); cell = bin_x + bins_x * bin_y.
#pragma once

#include "collsweep/models/planar/contact.hpp"
#include "collsweep/tally/accumulate.hpp"

namespace collsweep {

struct TallyLayout {
  // Planar pair words.
  enum PairWord : std::uint32_t {
    gain = 0,
    violation,
    invalid,
    degenerate,
    sum_lo,
    sum_hi,
    max_key,
    type_1,
    planar_pair_words = type_1 + 5
  };

  std::uint32_t cells = 1, laws = 1;
  std::uint32_t pair_words = planar_pair_words;
  std::uint32_t sum_slot = sum_lo;   // the fixed-point sum's low word (its high word follows)
  std::uint32_t max_slot = max_key;  // the ordered-key maximum

  // The word counting collision Type t (1..5).
  COLLSWEEP_HD_INLINE static PairWord type_word(int t) { return static_cast<PairWord>(type_1 + t - 1); }

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

COLLSWEEP_HD_INLINE bool is_degenerate(Status s) {
  return s == Status::delassus_not_spd || s == Status::numerical_failure;
}

// Records one law's outcome on one sample in cell `cell`.
template <class Ops>
COLLSWEEP_HD_INLINE void tally_outcome(const TallyLayout& L, u64* words, std::uint32_t cell,
                                       std::uint32_t law, const PlanarOutcome& o, double tolerance,
                                       bool theorem_forbids_gain) {
  u64* p = words + L.pair(cell, law);
  if (o.status != Status::ok) {
    Ops::fetch_add(p + (is_degenerate(o.status) ? TallyLayout::degenerate : TallyLayout::invalid), 1);
    return;
  }
  Ops::fetch_add(p + TallyLayout::type_1 + (o.type - 1), 1);
  if (o.dE_rel > tolerance) {
    Ops::fetch_add(p + TallyLayout::gain, 1);
    if (theorem_forbids_gain) Ops::fetch_add(p + TallyLayout::violation, 1);
  }
  bool clamped;
  add_int128<Ops>(p + TallyLayout::sum_lo, p + TallyLayout::sum_hi, to_fixed_point(o.dE_rel, &clamped));
  if (clamped) Ops::fetch_add(words + L.clamped(), 1);
  Ops::max(p + TallyLayout::max_key, ordered_key(o.dE_rel));
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
  } else if (slot == L.max_slot) {
    if (src[i]) Ops::max(dst + i, src[i]);
  } else if (src[i]) {
    Ops::fetch_add(dst + i, src[i]);
  }
}

}  // namespace collsweep

// The pair words of a planar tally (tally/map_tally.hpp) and how one law's outcome on one sample is recorded.
//
// Per (cell, law) pair:
//   gain        dE > tolerance * T_acc
//   violation   a gain where a theorem forbids one (stronge, poisson always; chatterjee-ruina for e_t <= 1)
//   invalid     status other than ok, not degenerate
//   degenerate  W singular to working precision, or a non-finite result (numerical failure)
//   sum_lo, sum_hi   128-bit fixed-point sum of dE_rel over valid samples (tally/accumulate.hpp)
//   max_key     ordered key of the largest dE_rel (0: no valid sample)
//   type_1 .. type_5   samples per collision Type
// and, only in sweeps with one of Chatterjee's thesis laws (laws/registry.hpp's is_thesis_law), for
// every law of the sweep (the pair words are then count_thesis, otherwise count: existing sweeps keep their
// layout):
//   c1 .. c4         valid samples whose outcome violates the constraint C1 (energy ellipsoid), C2
//                    (non-penetration), C3 (integrated Coulomb inequality), C4 (compressive normal impulse)
//                    of Chatterjee 1997 §3.2-§3.4 (contact/constraint_report.hpp)
//   solutions_0 .. solutions_3plus   samples by the number of consistent solutions the law found (the closed-
//                    form laws: 1 when valid; kane-levinson and smith count theirs, a failed sample with the
//                    count it reached)
//   not_converged    samples with Status::not_converged (smith's continuation)
#pragma once

#include <cstdint>

#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/contact/law_report.hpp"
#include "collsweep/models/planar/contact.hpp"
#include "collsweep/tally/map_tally.hpp"
#include "collsweep/tally/thesis_words.hpp"

namespace collsweep {

struct PlanarWords {
  enum : std::uint32_t {
    gain = 0,
    violation,
    invalid,
    degenerate,
    sum_lo,
    sum_hi,
    max_key,
    type_1,
    count = type_1 + 5,
    c1 = count,
    c2,
    c3,
    c4,
    solutions_0,
    solutions_1,
    solutions_2,
    solutions_3plus,
    not_converged,
    count_thesis
  };

  // The word counting collision Type t (1..5).
  COLLSWEEP_HD_INLINE static std::uint32_t type_word(int t) { return type_1 + t - 1; }
};

// Whether a failed outcome counts as degenerate (W singular, a non-finite result) rather than invalid.
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
    Ops::fetch_add(p + (is_degenerate(o.status) ? PlanarWords::degenerate : PlanarWords::invalid), 1);
    return;
  }
  Ops::fetch_add(p + PlanarWords::type_1 + (o.type - 1), 1);
  if (o.dE_rel > tolerance) {
    Ops::fetch_add(p + PlanarWords::gain, 1);
    if (theorem_forbids_gain) Ops::fetch_add(p + PlanarWords::violation, 1);
  }
  bool clamped;
  add_int128<Ops>(p + PlanarWords::sum_lo, p + PlanarWords::sum_hi, to_fixed_point(o.dE_rel, &clamped));
  if (clamped) Ops::fetch_add(words + L.clamped(), 1);
  Ops::max(p + PlanarWords::max_key, ordered_key(o.dE_rel));
}

// Records the thesis words of one law's outcome (the layout must have count_thesis pair words): the
// constraints it violates (a valid outcome), how many solutions the law found and whether it converged.
template <class Ops>
COLLSWEEP_HD_INLINE void tally_thesis_words(const TallyLayout& L, u64* words, std::uint32_t cell,
                                            std::uint32_t law, const PlanarOutcome& o, const LawReport& r,
                                            const ConstraintReport& k) {
  tally_constraint_words<PlanarWords, Ops>(words + L.pair(cell, law), o.status, r, k);
}

}  // namespace collsweep

// The pair words of a spatial tally (tally/map_tally.hpp) and how one law's outcome on one sample is
// recorded.
//
// Per (cell, law) pair:
//   gain        dE > tolerance * T_acc
//   violation   a gain where a theorem forbids one (stronge-3d, poisson-3d always; chatterjee-ruina-3d for
//               e_t <= 1; the thesis laws' theorem_forbids_gain)
//   invalid     status other than ok, not degenerate and not a jam
//   degenerate  W singular to working precision, or a non-finite result (numerical failure)
//   jam         the incremental path met dv_n/dI_n <= 0 (Status::jam)
//   sum_lo, sum_hi   128-bit fixed-point sum of dE_rel over valid samples (tally/accumulate.hpp)
//   max_key     ordered key of the largest dE_rel (0: no valid sample)
//   mode_A .. mode_E, law2_inside, law2_cone   valid samples per mode sequence (contact.hpp's SpatialMode)
//   directions_2, directions_4   valid samples with 2 or 4 real invariant directions (0: every direction
//               invariant, b = k I and c = 0, counted in neither)
//   stick_regime   valid samples with mu >= mu_c (sticking can hold once the slip halts)
//   swerve_sum  sum of |swerve angle| over valid samples, in micro-degrees (integer, so merges are exact)
//   swerve_max  ordered key of the largest |swerve angle| (the layout's second maximum)
// and, only in sweeps with one of Chatterjee's thesis laws or run.constraints (the pair words are
// then count_thesis, otherwise count: existing sweeps keep their layout), for every law of the sweep:
//   c1 .. c4    valid samples whose outcome violates the constraint C1 (energy ellipsoid), C2
//               (non-penetration), C3 (integrated Coulomb inequality), C4 (compressive normal impulse) of
//               Chatterjee 1997 §3.2-§3.4 (constraints.hpp)
//   solutions_0 .. solutions_3plus   samples by the number of consistent solutions the law found (the other
//               laws: 1 when valid; kane-levinson-3d and smith-3d count theirs, a failed sample with the
//               count it reached)
//   not_converged   samples with Status::not_converged (smith-3d's continuation)
//   case_1 .. case_3   valid samples of a thesis law by its case (LawReport::type, the law headers'
//               type_label): these laws have no Routh mode, so for them valid = case_1 + case_2 + case_3
#pragma once

#include <cstdint>

#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/contact/law_report.hpp"
#include "collsweep/models/spatial/contact.hpp"
#include "collsweep/tally/map_tally.hpp"
#include "collsweep/tally/thesis_words.hpp"

namespace collsweep {

struct SpatialWords {
  enum : std::uint32_t {
    gain = 0,
    violation,
    invalid,
    degenerate,
    jam,
    sum_lo,
    sum_hi,
    max_key,
    mode_A,  // then B, C, D, E, law2_inside, law2_cone
    directions_2 = mode_A + 7,
    directions_4,
    stick_regime,
    swerve_sum,
    swerve_max,
    count,
    c1 = count,
    c2,
    c3,
    c4,
    solutions_0,
    solutions_1,
    solutions_2,
    solutions_3plus,
    not_converged,
    case_1,
    case_2,
    case_3,
    count_thesis
  };

  // The word counting mode m (A .. law2_cone).
  COLLSWEEP_HD_INLINE static std::uint32_t mode_word(SpatialMode m) {
    return mode_A + static_cast<std::uint32_t>(m) - static_cast<std::uint32_t>(SpatialMode::A);
  }
};

// Micro-degrees per degree of the swerve sum.
inline constexpr double swerve_sum_scale = 1e6;

COLLSWEEP_HD_INLINE bool spatial_is_degenerate(Status s) {
  return s == Status::delassus_not_spd || s == Status::numerical_failure;
}

// Records one law's outcome on one sample in cell `cell`.
template <class Ops>
COLLSWEEP_HD_INLINE void tally_spatial_outcome(const TallyLayout& L, u64* words, std::uint32_t cell,
                                               std::uint32_t law, const SpatialOutcome& o, double mu,
                                               double tolerance, bool theorem_forbids_gain) {
  u64* p = words + L.pair(cell, law);
  if (o.status != Status::ok) {
    const std::uint32_t w = o.status == Status::jam           ? SpatialWords::jam
                            : spatial_is_degenerate(o.status) ? SpatialWords::degenerate
                                                              : SpatialWords::invalid;
    Ops::fetch_add(p + w, 1);
    return;
  }
  // The thesis laws have no mode (their cases are thesis words: tally_spatial_thesis_words).
  if (o.mode != SpatialMode::none) Ops::fetch_add(p + SpatialWords::mode_word(o.mode), 1);
  if (o.n_invariant == 2) Ops::fetch_add(p + SpatialWords::directions_2, 1);
  if (o.n_invariant == 4) Ops::fetch_add(p + SpatialWords::directions_4, 1);
  if (mu >= o.mu_c) Ops::fetch_add(p + SpatialWords::stick_regime, 1);
  if (o.dE_rel > tolerance) {
    Ops::fetch_add(p + SpatialWords::gain, 1);
    if (theorem_forbids_gain) Ops::fetch_add(p + SpatialWords::violation, 1);
  }
  bool clamped;
  add_int128<Ops>(p + SpatialWords::sum_lo, p + SpatialWords::sum_hi, to_fixed_point(o.dE_rel, &clamped));
  if (clamped) Ops::fetch_add(words + L.clamped(), 1);
  Ops::max(p + SpatialWords::max_key, ordered_key(o.dE_rel));
  const double swerve = abs_d(o.swerve_deg);
  const auto micro = static_cast<u64>(swerve * swerve_sum_scale + 0.5);
  if (micro) Ops::fetch_add(p + SpatialWords::swerve_sum, micro);
  Ops::max(p + SpatialWords::swerve_max, ordered_key(swerve));
}

// Records the thesis words of one law's outcome (the layout must have count_thesis pair words): the
// constraints it violates (a valid outcome), how many solutions the law found, whether it converged, and a
// thesis law's case.
template <class Ops>
COLLSWEEP_HD_INLINE void tally_spatial_thesis_words(const TallyLayout& L, u64* words, std::uint32_t cell,
                                                    std::uint32_t law, const SpatialOutcome& o,
                                                    const LawReport& r, const ConstraintReport& k) {
  u64* p = words + L.pair(cell, law);
  tally_constraint_words<SpatialWords, Ops>(p, o.status, r, k);
  if (o.status == Status::ok && r.type >= 1 && r.type <= 3)
    Ops::fetch_add(p + SpatialWords::case_1 + (r.type - 1u), 1);
}

}  // namespace collsweep

// The registry of planar single-contact laws: identifiers, names, Type labels and one dispatch point.
#pragma once

#include <cstring>

#include "collsweep/models/planar/laws/brach.hpp"
#include "collsweep/models/planar/laws/chatterjee_combined.hpp"
#include "collsweep/models/planar/laws/chatterjee_law1.hpp"
#include "collsweep/models/planar/laws/chatterjee_law3.hpp"
#include "collsweep/models/planar/laws/chatterjee_ruina.hpp"
#include "collsweep/models/planar/laws/kane_levinson.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "collsweep/models/planar/laws/poisson.hpp"
#include "collsweep/models/planar/laws/smith.hpp"
#include "collsweep/models/planar/laws/stronge.hpp"

namespace collsweep {

// The first four are Djerassi's incremental laws and Chatterjee's Law II; the rest are the algebraic laws of
// Chatterjee 1997 (§6.5.1 Law I, §6.5.3 Law III, §6.6 the combined law, §5.1.2 Kane-Levinson, §5.1.3 Smith,
// §5.1.1 Brach), appended so that the first four keep their identifiers.
enum class PlanarLaw : std::uint8_t {
  stronge = 0,
  poisson,
  newton,
  chatterjee_ruina,
  chatterjee_law1,
  chatterjee_law3,
  chatterjee_combined,
  kane_levinson,
  smith,
  brach,
  count_
};

inline constexpr int planar_law_count = static_cast<int>(PlanarLaw::count_);
// Types are numbered from 1; index 0 is unused so that type t counts into slot t.
inline constexpr int max_collision_type = 5;

// Whether the law is one of Chatterjee's thesis laws beyond Law II (issue 19): their sweeps also tally the
// constraints C1-C4 and the solution counts (models/planar/tally_words.hpp).
COLLSWEEP_HD_INLINE bool is_thesis_law(PlanarLaw law) { return law >= PlanarLaw::chatterjee_law1; }

// Evaluates one planar law on one collision; report (optional) receives the thesis laws' case, solution count
// and iterations (contact/law_report.hpp; for the first four laws: their type and 1 solution when ok).
// The four laws of Djerassi's incremental family and Law II alone: what the GPU's planar sweep kernel for
// sweeps without thesis laws compiles (the thesis laws' code, Smith's continuation above all, would weigh
// on its registers: kernels/planar_sweep_cuda.cu). Any other law gives numerical_failure here.
COLLSWEEP_HD_INLINE PlanarOutcome evaluate_classic(PlanarLaw law, const PlanarCollision& c) {
  switch (law) {
    case PlanarLaw::stronge:
      return Stronge::evaluate(c);
    case PlanarLaw::poisson:
      return Poisson::evaluate(c);
    case PlanarLaw::newton:
      return Newton::evaluate(c);
    case PlanarLaw::chatterjee_ruina:
      return ChatterjeeRuina::evaluate(c);
    default:
      return invalid_outcome(Status::numerical_failure);
  }
}

COLLSWEEP_HD_INLINE PlanarOutcome evaluate(PlanarLaw law, const PlanarCollision& c, LawReport* report) {
  switch (law) {
    case PlanarLaw::chatterjee_law1:
      return ChatterjeeLaw1::evaluate(c, report);
    case PlanarLaw::chatterjee_law3:
      return ChatterjeeLaw3::evaluate(c, report);
    case PlanarLaw::chatterjee_combined:
      return ChatterjeeCombined::evaluate(c, CombinedWeights{c.s1, c.s2}, report);
    case PlanarLaw::kane_levinson:
      return KaneLevinson::evaluate(c, report);
    case PlanarLaw::smith:
      return Smith::evaluate(c, report);
    case PlanarLaw::brach:
      return Brach::evaluate(c, c.ratio, report);
    default:
      break;
  }
  const PlanarOutcome o = evaluate_classic(law, c);
  if (report) set_report(report, o.status == Status::ok ? o.type : 0, o.status == Status::ok ? 1 : 0);
  return o;
}

COLLSWEEP_HD_INLINE PlanarOutcome evaluate(PlanarLaw law, const PlanarCollision& c) {
  return evaluate(law, c, nullptr);
}

inline const char* law_name(PlanarLaw law) {
  switch (law) {
    case PlanarLaw::stronge:
      return Stronge::name;
    case PlanarLaw::poisson:
      return Poisson::name;
    case PlanarLaw::newton:
      return Newton::name;
    case PlanarLaw::chatterjee_ruina:
      return ChatterjeeRuina::name;
    case PlanarLaw::chatterjee_law1:
      return ChatterjeeLaw1::name;
    case PlanarLaw::chatterjee_law3:
      return ChatterjeeLaw3::name;
    case PlanarLaw::chatterjee_combined:
      return ChatterjeeCombined::name;
    case PlanarLaw::kane_levinson:
      return KaneLevinson::name;
    case PlanarLaw::smith:
      return Smith::name;
    case PlanarLaw::brach:
      return Brach::name;
    default:
      return "unknown";
  }
}

// Parses a law name; returns false for an unknown name.
inline bool parse_law(const char* name, PlanarLaw* out) {
  for (int i = 0; i < planar_law_count; ++i) {
    const auto law = static_cast<PlanarLaw>(i);
    if (std::strcmp(name, law_name(law)) == 0) {
      *out = law;
      return true;
    }
  }
  return false;
}

// Whether the law reads e_t (Law II, and r_t of Laws I, III and the combined law).
COLLSWEEP_HD_INLINE bool law_reads_tangential_restitution(PlanarLaw law) {
  return law == PlanarLaw::chatterjee_ruina || law == PlanarLaw::chatterjee_law1 ||
         law == PlanarLaw::chatterjee_law3 || law == PlanarLaw::chatterjee_combined;
}

// Whether the law reads the combined law's weights s1, s2 / Brach's impulse ratio.
COLLSWEEP_HD_INLINE bool law_reads_weights(PlanarLaw law) { return law == PlanarLaw::chatterjee_combined; }
COLLSWEEP_HD_INLINE bool law_reads_ratio(PlanarLaw law) { return law == PlanarLaw::brach; }

// Whether the law counts several consistent solutions (Kane-Levinson, Smith): `solutions` and, for Smith,
// the Newton iterations are reported.
COLLSWEEP_HD_INLINE bool law_counts_solutions(PlanarLaw law) {
  return law == PlanarLaw::kane_levinson || law == PlanarLaw::smith;
}

// Number of collision types the law reports (types run 1..n).
inline int law_type_count(PlanarLaw law) {
  switch (law) {
    case PlanarLaw::chatterjee_ruina:
      return 2;
    case PlanarLaw::chatterjee_law1:
    case PlanarLaw::chatterjee_law3:
    case PlanarLaw::kane_levinson:
    case PlanarLaw::smith:
      return 3;
    case PlanarLaw::chatterjee_combined:
    case PlanarLaw::brach:
      return 1;
    default:
      return 5;
  }
}

// Human-readable meaning of a collision type of a law.
inline const char* type_label(PlanarLaw law, int type) {
  switch (law) {
    case PlanarLaw::chatterjee_ruina:
      return type == 1 ? "inside friction cone" : type == 2 ? "projected onto friction cone" : "none";
    case PlanarLaw::chatterjee_law1:
      return type == 1   ? "case (a): e_n = r_n"
             : type == 2 ? "case (b): energy kept"
             : type == 3 ? "case (c): pushed along n"
                         : "none";
    case PlanarLaw::chatterjee_law3:
      return type == 1   ? "accepted"
             : type == 2 ? "accepted after the energy fix"
             : type == 3 ? "projected onto friction cone"
                         : "none";
    case PlanarLaw::kane_levinson:
    case PlanarLaw::smith:
      return type == 1 ? "stick" : type == 2 ? "slides on" : type == 3 ? "slip reversed" : "none";
    case PlanarLaw::chatterjee_combined:
      return type == 1 ? "combination of laws I, II and III" : "none";
    case PlanarLaw::brach:
      return type == 1 ? "given impulse ratio" : "none";
    default:
      break;
  }
  switch (type) {
    case 1:
      return "sticking in compression";
    case 2:
      return "sticking in restitution";
    case 3:
      return "reverse sliding in compression";
    case 4:
      return "reverse sliding in restitution";
    case 5:
      return "forward sliding throughout";
    default:
      return "none";
  }
}

}  // namespace collsweep

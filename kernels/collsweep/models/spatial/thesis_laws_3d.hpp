// Chatterjee's thesis laws in 3D (issue 19): evaluation with their report, what each reads, its cases.
//
// Chatterjee 1997: Law I §6.5.1, Law III §6.5.3, the combined law §6.6, Kane-Levinson §5.1.2, Smith
// §5.1.3, Brach §5.1.1 (the kernel headers give their 3D forms). Their names and the one dispatch point of
// every spatial law are in spatial_laws.hpp.
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/models/spatial/brach_3d.hpp"
#include "collsweep/models/spatial/chatterjee_combined_3d.hpp"
#include "collsweep/models/spatial/chatterjee_law1_3d.hpp"
#include "collsweep/models/spatial/chatterjee_law3_3d.hpp"
#include "collsweep/models/spatial/kane_levinson_3d.hpp"
#include "collsweep/models/spatial/smith_3d.hpp"
#include "collsweep/models/spatial/spatial_law.hpp"

namespace collsweep {

// One thesis law (is_thesis_law) on one collision; any other law gives numerical_failure.
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_thesis_3d(SpatialLaw law, const SpatialCollision& c,
                                                      const SpatialThesisParams& p, LawReport* report) {
  switch (law) {
    case SpatialLaw::chatterjee_law1_3d:
      return ChatterjeeLaw1_3d::evaluate(c, report);
    case SpatialLaw::chatterjee_law3_3d:
      return ChatterjeeLaw3_3d::evaluate(c, report);
    case SpatialLaw::chatterjee_combined_3d:
      return ChatterjeeCombined3d::evaluate(c, CombinedWeights{p.s1, p.s2}, report);
    case SpatialLaw::kane_levinson_3d:
      return KaneLevinson3d::evaluate(c, report);
    case SpatialLaw::smith_3d:
      return Smith3d::evaluate(c, report);
    case SpatialLaw::brach_3d:
      return Brach3d::evaluate(c, p.r1, p.r2, report);
    default: {
      set_report(report, 0, 0);
      SpatialOutcome o;
      o.status = Status::numerical_failure;
      return o;
    }
  }
}

// Which of the thesis parameters a law reads, and whether it counts its solutions.
COLLSWEEP_HD_INLINE bool law_reads_weights(SpatialLaw law) {
  return law == SpatialLaw::chatterjee_combined_3d;
}
COLLSWEEP_HD_INLINE bool law_reads_ratio(SpatialLaw law) { return law == SpatialLaw::brach_3d; }
COLLSWEEP_HD_INLINE bool law_counts_solutions(SpatialLaw law) {
  return law == SpatialLaw::kane_levinson_3d || law == SpatialLaw::smith_3d;
}

// The meaning of LawReport::type (the 3D laws number their cases as the planar ones); "none" for a law
// without cases (the Routh laws and Law II report modes instead).
inline const char* type_label(SpatialLaw law, int type) {
  switch (law) {
    case SpatialLaw::chatterjee_law1_3d:
      return type == 1   ? "case (a): e_n = r_n"
             : type == 2 ? "case (b): energy kept"
             : type == 3 ? "case (c): pushed along n"
                         : "none";
    case SpatialLaw::chatterjee_law3_3d:
      return type == 1   ? "accepted"
             : type == 2 ? "accepted after the energy fix"
             : type == 3 ? "projected onto friction cone"
                         : "none";
    case SpatialLaw::kane_levinson_3d:
    case SpatialLaw::smith_3d:
      return type == 1 ? "stick" : type == 2 ? "slides on" : type == 3 ? "slip reversed" : "none";
    case SpatialLaw::chatterjee_combined_3d:
      return type == 1 ? "combination of laws I, II and III" : "none";
    case SpatialLaw::brach_3d:
      return type == 1 ? "given impulse ratios" : "none";
    default:
      return "none";
  }
}

}  // namespace collsweep

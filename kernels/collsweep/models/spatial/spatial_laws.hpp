// Every spatial law behind one dispatch point, with the names used in configs and outputs.
#pragma once

#include <cstring>

#include "collsweep/models/spatial/chatterjee_ruina_3d.hpp"
#include "collsweep/models/spatial/routh_laws.hpp"
#include "collsweep/models/spatial/thesis_laws_3d.hpp"

namespace collsweep {

// Whether the law reads e_t: chatterjee-ruina-3d, and Laws I, III and the combined law (as r_t).
COLLSWEEP_HD_INLINE bool law_reads_tangential_restitution(SpatialLaw law) {
  return law == SpatialLaw::chatterjee_ruina3d || law == SpatialLaw::chatterjee_law1_3d ||
         law == SpatialLaw::chatterjee_law3_3d || law == SpatialLaw::chatterjee_combined_3d;
}

// The four laws of issue 18 alone (Routh's three and Law II): what the GPU's sweep kernel for sweeps without
// thesis laws compiles (Smith's continuation and Kane-Levinson's enumeration would weigh on its registers:
// kernels/spatial_sweep_cuda.cu). A thesis law gives numerical_failure here.
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_classic_spatial(SpatialLaw law, const SpatialCollision& c) {
  if (is_thesis_law(law)) return invalid_spatial_outcome(Status::numerical_failure);
  return law == SpatialLaw::chatterjee_ruina3d ? ChatterjeeRuina3d::evaluate(c) : evaluate_routh(law, c);
}

// Evaluates one spatial law on one collision (sweeps, `eval` and `solve` all come here). p: the thesis laws'
// parameters (read by chatterjee-combined-3d and brach-3d only); report (optional) receives a thesis law's
// case, solution count and iterations, and for the other laws solutions = 1 when the outcome is valid.
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_spatial(SpatialLaw law, const SpatialCollision& c,
                                                    const SpatialThesisParams& p = SpatialThesisParams(),
                                                    LawReport* report = nullptr) {
  static_assert(spatial_law_count == 10, "a new spatial law needs its case here and a name below");
  if (is_thesis_law(law)) return evaluate_thesis_3d(law, c, p, report);
  const SpatialOutcome o = evaluate_classic_spatial(law, c);
  set_report(report, 0, o.status == Status::ok ? 1 : 0);
  return o;
}

// evaluate_spatial for every law but the Routh laws, without their code: for a caller that has their
// outcomes from elsewhere (the GPU sweep's Routh items, kernels/spatial_routh_items_cuda.cu). A Routh law
// here is a numerical failure.
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_spatial_without_routh(SpatialLaw law, const SpatialCollision& c,
                                                                  const SpatialThesisParams& p,
                                                                  LawReport* report) {
  if (is_thesis_law(law)) return evaluate_thesis_3d(law, c, p, report);
  const SpatialOutcome o = law == SpatialLaw::chatterjee_ruina3d
                               ? ChatterjeeRuina3d::evaluate(c)
                               : invalid_spatial_outcome(Status::numerical_failure);
  set_report(report, 0, o.status == Status::ok ? 1 : 0);
  return o;
}

inline const char* law_name(SpatialLaw law) {
  switch (law) {
    case SpatialLaw::stronge3d:
      return Stronge3d::name;
    case SpatialLaw::poisson3d:
      return Poisson3d::name;
    case SpatialLaw::newton3d:
      return Newton3d::name;
    case SpatialLaw::chatterjee_ruina3d:
      return ChatterjeeRuina3d::name;
    case SpatialLaw::chatterjee_law1_3d:
      return ChatterjeeLaw1_3d::name;
    case SpatialLaw::chatterjee_law3_3d:
      return ChatterjeeLaw3_3d::name;
    case SpatialLaw::chatterjee_combined_3d:
      return ChatterjeeCombined3d::name;
    case SpatialLaw::kane_levinson_3d:
      return KaneLevinson3d::name;
    case SpatialLaw::smith_3d:
      return Smith3d::name;
    case SpatialLaw::brach_3d:
      return Brach3d::name;
    default:
      return "unknown";
  }
}

// Parses a spatial law name; returns false for an unknown name.
inline bool parse_law(const char* name, SpatialLaw* out) {
  for (int i = 0; i < spatial_law_count; ++i) {
    const auto law = static_cast<SpatialLaw>(i);
    if (std::strcmp(name, law_name(law)) == 0) {
      *out = law;
      return true;
    }
  }
  return false;
}

}  // namespace collsweep

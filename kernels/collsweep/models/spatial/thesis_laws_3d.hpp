// Chatterjee's thesis laws in 3D (issue 19) behind one dispatch point: names, parameters, evaluation.
//
// They are not SpatialLaw values (that enum is the sweeps' and the Routh integrator's): `eval` and `solve`
// reach them by name. Chatterjee 1997: Law I §6.5.1, Law III §6.5.3, the combined law §6.6, Kane-Levinson
// §5.1.2, Smith §5.1.3, Brach §5.1.1 (the kernel headers give their 3D forms).
#pragma once

#include <cstdint>
#include <cstring>

#include "collsweep/contact/law_report.hpp"
#include "collsweep/models/spatial/brach_3d.hpp"
#include "collsweep/models/spatial/chatterjee_combined_3d.hpp"
#include "collsweep/models/spatial/chatterjee_law1_3d.hpp"
#include "collsweep/models/spatial/chatterjee_law3_3d.hpp"
#include "collsweep/models/spatial/kane_levinson_3d.hpp"
#include "collsweep/models/spatial/smith_3d.hpp"

namespace collsweep {

enum class SpatialThesisLaw : std::uint8_t {
  chatterjee_law1_3d = 0,
  chatterjee_law3_3d,
  chatterjee_combined_3d,
  kane_levinson_3d,
  smith_3d,
  brach_3d,
  count_
};

inline constexpr int spatial_thesis_law_count = static_cast<int>(SpatialThesisLaw::count_);

// The laws' own parameters: the combined law's weights, Brach's ratios r1 (along e2 = -v_T/|v_T|) and r2
// (along e3 = n x e2).
struct SpatialThesisParams {
  double s1 = 0.0, s2 = 0.0;
  double r1 = 0.0, r2 = 0.0;
};

COLLSWEEP_HD_INLINE SpatialOutcome evaluate_thesis_3d(SpatialThesisLaw law, const SpatialCollision& c,
                                                      const SpatialThesisParams& p, LawReport* report) {
  switch (law) {
    case SpatialThesisLaw::chatterjee_law1_3d:
      return ChatterjeeLaw1_3d::evaluate(c, report);
    case SpatialThesisLaw::chatterjee_law3_3d:
      return ChatterjeeLaw3_3d::evaluate(c, report);
    case SpatialThesisLaw::chatterjee_combined_3d:
      return ChatterjeeCombined3d::evaluate(c, CombinedWeights{p.s1, p.s2}, report);
    case SpatialThesisLaw::kane_levinson_3d:
      return KaneLevinson3d::evaluate(c, report);
    case SpatialThesisLaw::smith_3d:
      return Smith3d::evaluate(c, report);
    case SpatialThesisLaw::brach_3d:
      return Brach3d::evaluate(c, p.r1, p.r2, report);
    default: {
      SpatialOutcome o;
      o.status = Status::numerical_failure;
      return o;
    }
  }
}

inline const char* law_name(SpatialThesisLaw law) {
  switch (law) {
    case SpatialThesisLaw::chatterjee_law1_3d:
      return ChatterjeeLaw1_3d::name;
    case SpatialThesisLaw::chatterjee_law3_3d:
      return ChatterjeeLaw3_3d::name;
    case SpatialThesisLaw::chatterjee_combined_3d:
      return ChatterjeeCombined3d::name;
    case SpatialThesisLaw::kane_levinson_3d:
      return KaneLevinson3d::name;
    case SpatialThesisLaw::smith_3d:
      return Smith3d::name;
    case SpatialThesisLaw::brach_3d:
      return Brach3d::name;
    default:
      return "unknown";
  }
}

inline bool parse_law(const char* name, SpatialThesisLaw* out) {
  for (int i = 0; i < spatial_thesis_law_count; ++i) {
    const auto law = static_cast<SpatialThesisLaw>(i);
    if (std::strcmp(name, law_name(law)) == 0) {
      *out = law;
      return true;
    }
  }
  return false;
}

// Which inputs a law reads beyond W, v, mu, e.
COLLSWEEP_HD_INLINE bool law_reads_tangential_restitution(SpatialThesisLaw law) {
  return law == SpatialThesisLaw::chatterjee_law1_3d || law == SpatialThesisLaw::chatterjee_law3_3d ||
         law == SpatialThesisLaw::chatterjee_combined_3d;
}
COLLSWEEP_HD_INLINE bool law_reads_weights(SpatialThesisLaw law) {
  return law == SpatialThesisLaw::chatterjee_combined_3d;
}
COLLSWEEP_HD_INLINE bool law_reads_ratio(SpatialThesisLaw law) { return law == SpatialThesisLaw::brach_3d; }
COLLSWEEP_HD_INLINE bool law_counts_solutions(SpatialThesisLaw law) {
  return law == SpatialThesisLaw::kane_levinson_3d || law == SpatialThesisLaw::smith_3d;
}

// The meaning of LawReport::type (the 3D laws number their cases as the planar ones).
inline const char* type_label(SpatialThesisLaw law, int type) {
  switch (law) {
    case SpatialThesisLaw::chatterjee_law1_3d:
      return type == 1   ? "case (a): e_n = r_n"
             : type == 2 ? "case (b): energy kept"
             : type == 3 ? "case (c): pushed along n"
                         : "none";
    case SpatialThesisLaw::chatterjee_law3_3d:
      return type == 1   ? "accepted"
             : type == 2 ? "accepted after the energy fix"
             : type == 3 ? "projected onto friction cone"
                         : "none";
    case SpatialThesisLaw::kane_levinson_3d:
    case SpatialThesisLaw::smith_3d:
      return type == 1 ? "stick" : type == 2 ? "slides on" : type == 3 ? "slip reversed" : "none";
    case SpatialThesisLaw::chatterjee_combined_3d:
      return type == 1 ? "combination of laws I, II and III" : "none";
    case SpatialThesisLaw::brach_3d:
      return type == 1 ? "given impulse ratios" : "none";
    default:
      return "none";
  }
}

}  // namespace collsweep

// The spatial laws' identities (one enum for sweeps, eval and solve) and the thesis laws' own parameters.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

namespace collsweep {

// The spatial laws in the order of their names (spatial_laws.hpp): the three incremental (Routh) laws,
// Chatterjee-Ruina's algebraic Law II in 3D, then Chatterjee's thesis laws in 3D (issue 19;
// thesis_laws_3d.hpp). Configs and outputs use the names, never these numbers.
enum class SpatialLaw : std::uint8_t {
  stronge3d = 0,
  poisson3d,
  newton3d,
  chatterjee_ruina3d,
  chatterjee_law1_3d,
  chatterjee_law3_3d,
  chatterjee_combined_3d,
  kane_levinson_3d,
  smith_3d,
  brach_3d,
  count_
};

inline constexpr int spatial_law_count = static_cast<int>(SpatialLaw::count_);

// Whether the law is one of Routh's incremental laws (routh_laws.hpp: an integrated impulse path, the mode
// sequences A..E).
COLLSWEEP_HD_INLINE bool is_routh_law(SpatialLaw law) {
  return law == SpatialLaw::stronge3d || law == SpatialLaw::poisson3d || law == SpatialLaw::newton3d;
}

// Whether the law is one of Chatterjee's thesis laws (evaluated by thesis_laws_3d.hpp, with a LawReport).
COLLSWEEP_HD_INLINE bool is_thesis_law(SpatialLaw law) { return law >= SpatialLaw::chatterjee_law1_3d; }

// The thesis laws' own parameters: the combined law's weights s1, s2 (Chatterjee 1997 §6.6) and Brach's
// impulse ratios r1 (along e2 = -v_T/|v_T|) and r2 (along e3 = n x e2) (§5.1.1).
struct SpatialThesisParams {
  double s1 = 0.0, s2 = 0.0;
  double r1 = 0.0, r2 = 0.0;
};

}  // namespace collsweep

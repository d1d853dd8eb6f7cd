// The phases of a spatial law's impulse path for `solve`'s report: Routh's slip (Elkaranshawy 2002, eqs
// 11-18) up to its halt at I_nh, then stick (mu >= mu_c, eq. 36) or slide on along sigma_F (Sect. 7).
#pragma once

#include <string>
#include <vector>

#include "collsweep/models/spatial/laws/registry.hpp"

namespace collsweep::families {

// One phase over the normal impulse I_n from `from` to `to`.
struct ImpulsePhase {
  std::string what;  // "slip (compression)", "stick (restitution)", ...
  double from = 0.0, to = 0.0;
};

// The phases of a valid outcome in order (empty for chatterjee-ruina-3d, which has no impulse path); a phase
// of zero length (no initial slip: I_nh = 0) is left out.
std::vector<ImpulsePhase> impulse_phases(SpatialLaw law, const SpatialOutcome& o);

}  // namespace collsweep::families

// The phases of a spatial law's impulse path, read off its outcome, for `solve`'s report.
//
// Routh's process (Elkaranshawy 2002, Sects. 5-8): the contact slips from the start (with swerve, eqs 11-18)
// until the slip halts at I_nh (in compression or in restitution), then sticks (mu >= mu_c, eq. 36) or slides
// on along the one invariant direction sigma_F with a positive rate (Sect. 7); compression ends at I_nc
// (v_n = 0), the impact at I_n. Chatterjee-Ruina's Law II (chatterjee-ruina-3d) has no path.
#pragma once

#include <string>
#include <vector>

#include "collsweep/models/spatial/spatial_laws.hpp"

namespace collsweep::cli {

// One phase over the normal impulse I_n from `from` to `to`.
struct ImpulsePhase {
  std::string what;  // "slip (compression)", "stick (restitution)", ...
  double from = 0.0, to = 0.0;
};

// The phases of a valid outcome in order (empty for chatterjee-ruina-3d, which has no impulse path); a phase
// of zero length (no initial slip: I_nh = 0) is left out.
std::vector<ImpulsePhase> impulse_phases(SpatialLaw law, const SpatialOutcome& o);

}  // namespace collsweep::cli

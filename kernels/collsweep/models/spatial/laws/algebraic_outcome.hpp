// Completes the spatial outcome of an algebraic law of Chatterjee's thesis (Chatterjee 1997).
#pragma once

#include "collsweep/models/spatial/contact.hpp"
#include "collsweep/models/spatial/routh/invariant_directions.hpp"

namespace collsweep {

// The impulse I and post-impact velocity vf (formed by the law, equal to v1 + W I up to rounding) with the
// configuration fields filled as chatterjee-ruina-3d fills them: mu_c = |b^-1 c|, the number of real
// invariant directions, and the swerve from the initial to the final slip direction (0 when either slip
// is zero). mode stays SpatialMode::none: these laws report their case in LawReport::type (the mode words
// of the spatial tally know only the Routh modes and Law II's two types). W_n, W_t, I_nc, I_nh are 0 (no
// impulse path). dE, dE_rel and the non-finite check are finish_spatial_outcome's.
COLLSWEEP_HD_INLINE SpatialOutcome finish_algebraic_outcome(const SpatialCollision& c, const Vec3n& I,
                                                            const Vec3n& vf) {
  SpatialOutcome o;
  o.I = I;
  o.vf = vf;
  o.mu_c = critical_friction(c.W);
  o.n_invariant = static_cast<std::uint8_t>(invariant_directions(c.W, c.mu).count);
  const double s0 = ::sqrt(c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
  const double sf = ::sqrt(vf.t1 * vf.t1 + vf.t2 * vf.t2);
  if (s0 > 0.0 && sf > 0.0)
    o.swerve_deg = spatial::angle_deg(c.v.t1 / s0, c.v.t2 / s0, vf.t1 / sf, vf.t2 / sf);
  return finish_spatial_outcome(c, o);
}

}  // namespace collsweep

// The thesis's constraints C1-C4 and Ivanov's eta for any spatial law's outcome (contact/constraint_report).
#pragma once

#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/models/spatial/contact.hpp"

namespace collsweep {

// As the planar check (models/planar/constraints.hpp): C1 in impulse form P.v1 + P^T W P / 2 <= 0
// relative to T_acc, C2 relative to |v1|, C3 (|P_T| <= mu P_N, the isotropic cone) and C4 relative to |P|.
COLLSWEEP_HD_INLINE ConstraintReport check_constraints(const SpatialCollision& c, const SpatialOutcome& o,
                                                       double tolerance = kConstraintTolerance) {
  if (o.status != Status::ok) return ConstraintReport{};
  const Vec3n wp = apply_delassus(c.W, o.I);
  const double pwp = o.I.n * wp.n + o.I.t1 * wp.t1 + o.I.t2 * wp.t2;
  const double p_v1 = o.I.n * c.v.n + o.I.t1 * c.v.t1 + o.I.t2 * c.v.t2;
  const double p_v2 = o.I.n * o.vf.n + o.I.t1 * o.vf.t1 + o.I.t2 * o.vf.t2;
  const double pt = ::sqrt(o.I.t1 * o.I.t1 + o.I.t2 * o.I.t2);
  const double p = ::sqrt(o.I.n * o.I.n + pt * pt);
  const bool zero = p == 0.0;
  const double c1 = (p_v1 + 0.5 * pwp) / accessible_energy(c.W, c.v);
  const double c2 = -o.vf.n / ::sqrt(c.v.n * c.v.n + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
  const double c3 = zero ? 0.0 : (pt - c.mu * o.I.n) / p;
  const double c4 = zero ? 0.0 : -o.I.n / p;
  return make_constraint_report(c1, c2, c3, c4, p_v1, p_v2, zero, tolerance);
}

}  // namespace collsweep

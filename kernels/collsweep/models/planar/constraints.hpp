// The thesis's constraints C1-C4 and Ivanov's eta for any planar law's outcome (contact/constraint_report).
#pragma once

#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

// C1 is the energy ellipsoid in impulse form, P.v1 + P^T W P / 2 <= 0 (Chatterjee 1997 §3.2; it does not
// read the outcome's dE or v2, so a law whose v2 is not v1 + W P shows up here), relative to T_acc; C2 is
// v_n2 >= 0 relative to |v1|; C3 and C4 are relative to |P|. An outcome with status != ok reports nothing
// violated and eta undefined (there is nothing to check).
COLLSWEEP_HD_INLINE ConstraintReport check_constraints(const PlanarCollision& c, const PlanarOutcome& o,
                                                       double tolerance = kConstraintTolerance) {
  if (o.status != Status::ok) return ConstraintReport{};
  const Delassus2& W = c.W;
  const double pwp = W.nn * o.I_n * o.I_n + 2.0 * W.nt * o.I_n * o.I_t + W.tt * o.I_t * o.I_t;
  const double p_v1 = o.I_n * c.v.n + o.I_t * c.v.t;
  const double p_v2 = o.I_n * o.v_n2 + o.I_t * o.v_t2;
  const double p = ::sqrt(o.I_n * o.I_n + o.I_t * o.I_t);
  const bool zero = p == 0.0;
  const double c1 = (p_v1 + 0.5 * pwp) / accessible_energy(W, c.v);
  const double c2 = -o.v_n2 / ::sqrt(c.v.n * c.v.n + c.v.t * c.v.t);
  const double c3 = zero ? 0.0 : (abs_d(o.I_t) - c.mu * o.I_n) / p;
  const double c4 = zero ? 0.0 : -o.I_n / p;
  return make_constraint_report(c1, c2, c3, c4, p_v1, p_v2, zero, tolerance);
}

}  // namespace collsweep

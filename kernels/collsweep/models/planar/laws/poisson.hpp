// Poisson's kinetic restitution with Coulomb friction (Routh's method), planar, closed form.
//
// e = e_i in [0, 1] with I_n2 = (1 + e) I_nC: the normal impulse of restitution is e times that of
// compression (Djerassi 2010 Sect. 7, the solution of his ref. [26]). Along the Djerassi path:
//   T1-T4  I_n2 = (1 + e) I_nC, with I_nC of eqs 40b, 57b, 74b, 91b;   T5  I_n2 = (1 + e) w / h.
// In 2D this law never gains energy (Wang & Mason 1992; Chatterjee 1997 §5.1.4; checked as a property in
// tests/ and counted as a theorem violation by the sweeps).
#pragma once

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/laws/routh_phases.hpp"

namespace collsweep {

struct Poisson : LawDefaults {
  static constexpr const char* name = "poisson";
  // Wang & Mason 1992: Poisson's hypothesis along Routh's path never gains energy at one planar contact.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return true; }
  static constexpr bool djerassi_types = true;  // Types 1-5 of Djerassi 2010 Table 1
  static constexpr int type_count = 5;
  static const char* type_label(int type) { return djerassi_type_label(type); }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c) {
    const Status s = validate_planar(c);
    if (s != Status::ok) return invalid_outcome(s);
    const RouthFrame f = make_routh_frame(c);
    const RouthPath r = routh_path(f, c.e);
    return finish_routh(c, f, r, (1.0 + c.e) * r.I_nC);
  }
};

}  // namespace collsweep

// Newton's kinematic restitution with Coulomb friction (Kane & Levinson), planar, closed form.
//
// e = e_v in [0, 1] with v_n2 = e w: restitution ends when the normal separation velocity reaches e
// times the approach speed (Djerassi 2010 Sect. 7, the solution of his ref. [25]). Along the path,
// v_n rises with slope k after S, so
//   T1, T3  I_n2 = I_nC + e w / k          (S in compression, v_n = 0 at I_nC)
//   T2, T4  I_n2 = I_nS + (e w - v_nS)/k   (S in restitution)
//   T5      I_n2 = (1 + e) w / h
// This law can gain energy with friction (Kane's "dynamic puzzle"; Djerassi Table 2 row 5: +0.0829 J).
#pragma once

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/laws/routh_phases.hpp"

namespace collsweep {

COLLSWEEP_HD_INLINE double newton_terminal_impulse(const RouthFrame& f, const RouthPath& r, double e) {
  switch (r.type) {
    case 1:
    case 3:
      return r.I_nC + e * f.w / r.k;
    case 2:
    case 4:
      return r.I_nS + (e * f.w - r.v_nS) / r.k;
    default:
      return (1.0 + e) * f.w / f.h;
  }
}

struct Newton : LawDefaults {
  static constexpr const char* name = "newton";
  // No theorem: Newton's hypothesis with friction can gain energy (Kane's example).
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return false; }
  static constexpr bool djerassi_types = true;  // Types 1-5 of Djerassi 2010 Table 1
  static constexpr int type_count = 5;
  static const char* type_label(int type) { return djerassi_type_label(type); }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c) {
    const Status s = validate_planar(c);
    if (s != Status::ok) return invalid_outcome(s);
    const RouthFrame f = make_routh_frame(c);
    const RouthPath r = routh_path(f, c.e);
    return finish_routh(c, f, r, newton_terminal_impulse(f, r, c.e));
  }
};

}  // namespace collsweep

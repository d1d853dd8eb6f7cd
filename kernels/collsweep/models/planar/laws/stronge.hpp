// Stronge's energetic restitution with Coulomb friction, planar: Djerassi (2010) closed form.
//
// e = e_e in [0, 1] with e_e^2 = -E_R/E_C (eq. 19): the work of the normal force in restitution is
// e^2 times minus its work in compression. Terminal impulses (eqs 38, 55, 72, 89, 102 written with w and
// v_t instead of alpha, the roots of eqs 55 and 89 rationalised; docs/planar-laws.md, 'Numerics'):
//   T1  I_n2 = I_nC + e sqrt(m_tt (m_tt w^2 + 2 w v_t m_nt - m_nt v_t^2 h/g)) / Delta
//   T3  I_n2 = I_nC + (e/q) sqrt(w^2 + 4 mu m_nt w v_t/g - 2 mu m_nt h v_t^2/g^2)
//   T2, T4  I_n2 = I_nS + x, x the positive root of k x^2 + 2 v_nS x + (v_nS^2 - e^2 w^2)/h = 0,
//           rationalized as x = num / (v_nS + sqrt(v_nS^2 + k num)), num = (e^2 w^2 - v_nS^2)/h
//   T5  I_n2 = (1 + e) w / h
// vt/g is evaluated once, as I_nS (eq. 40a), wherever it appears (divisions are the costly operations of
// the GPU sweep). Energy-consistent for every W, v, mu and e in [0, 1] (Djerassi App. B: dE = (1 - e^2) E_C
// + dE_t).
#pragma once

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/laws/routh_phases.hpp"

namespace collsweep {

COLLSWEEP_HD_INLINE double stronge_terminal_impulse(const RouthFrame& f, const RouthPath& r, double e) {
  switch (r.type) {
    case 1: {
      const double rad = f.tt * (f.tt * f.w * f.w + 2.0 * f.w * f.vt * f.nt - f.nt * f.vt * f.h * r.I_nS);
      return r.I_nC + e * ::sqrt(max_d(0.0, rad)) / f.D;
    }
    case 3: {
      const double rad =
          f.w * f.w + 4.0 * f.mu * f.nt * f.w * r.I_nS - 2.0 * f.mu * f.nt * f.h * r.I_nS * r.I_nS;
      return r.I_nC + (e / f.q) * ::sqrt(max_d(0.0, rad));
    }
    case 2:
    case 4: {
      const double num = (e * f.w - r.v_nS) * (e * f.w + r.v_nS) / f.h;
      const double den = r.v_nS + ::sqrt(max_d(0.0, r.v_nS * r.v_nS + r.k * num));
      return r.I_nS + (den > 0.0 ? num / den : 0.0);
    }
    default:
      return (1.0 + e) * f.w / f.h;
  }
}

struct Stronge : LawDefaults {
  static constexpr const char* name = "stronge";
  // Djerassi App. B: dE = (1 - e^2) E_C + dE_t <= 0 for every valid input.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return true; }
  static constexpr bool djerassi_types = true;  // Types 1-5 of Djerassi 2010 Table 1
  static constexpr int type_count = 5;
  static const char* type_label(int type) { return djerassi_type_label(type); }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c) {
    const Status s = validate_planar(c);
    if (s != Status::ok) return invalid_outcome(s);
    const RouthFrame f = make_routh_frame(c);
    const RouthPath r = routh_path(f, c.e);
    return finish_routh(c, f, r, stronge_terminal_impulse(f, r, c.e));
  }
};

}  // namespace collsweep

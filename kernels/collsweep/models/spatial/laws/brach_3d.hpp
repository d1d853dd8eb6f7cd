// Brach's all-linear law in 3D: Newton restitution and two given impulse ratios (thesis §5.1.1; note §4.3).
//
// "An impulse ratio (or two ratios, in three dimensions) gives the tangential impulse" (§5.1.1).
// Parameters: e in [0, 1] (v_n2 = e w) and the ratios r1 = P_e2 / P_n, r2 = P_e3 / P_n in the thesis's
// special frame: e2 = -v_T/|v_T| (against the initial slip; e2 = -t1 when v_T = 0), e3 = n x e2, i.e.
// e2 turned by +90 degrees in the (t1, t2) plane ((n, t1, t2) right-handed). mu is not read (the checker's
// C3 holds iff r1^2 + r2^2 <= mu^2). With d = r1 e2 + r2 e3:
//   P = P_n (n + d),  P_n = (1 + e) w / (a + c.d),  vf = v1 + W P (vf_n = e w).
// a + c.d <= 0 is Status::no_consistent_solution (Newton restitution would need P_n <= 0). r2 = 0 on a
// planar collision embedded in 3D gives the planar law (models/planar/laws/brach.hpp) with r = r1. Type 1.
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/spatial/laws/algebraic_outcome.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

struct Brach3d : LawDefaults {
  static constexpr const char* name = "brach-3d";
  static constexpr unsigned reads = spatial_input::ratio;
  static constexpr bool thesis = true;
  // No theorem: the impulse ratios reach forbidden points of impulse space (Chatterjee 1997 §5.1.1).
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return false; }
  static constexpr int type_count = 1;
  static const char* type_label(int type) { return type == 1 ? "given impulse ratios" : "none"; }
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, double r1, double r2,
                                                     LawReport* report = nullptr) {
    set_report(report, 0, 0);
    Status s = validate_spatial(c);
    if (s == Status::ok && (!is_finite_d(r1) || !is_finite_d(r2))) s = Status::nonfinite_input;
    if (s != Status::ok) return invalid_spatial_outcome(s);
    const double vt = ::sqrt(c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
    const double u1 = vt > 0.0 ? c.v.t1 / vt : 1.0, u2 = vt > 0.0 ? c.v.t2 / vt : 0.0;
    // d = r1 e2 + r2 e3 with e2 = -u, e3 = (u2, -u1).
    const double d1 = -r1 * u1 + r2 * u2, d2 = -r1 * u2 - r2 * u1;
    const double h = c.W.a + c.W.c1 * d1 + c.W.c2 * d2;
    if (!(h > 0.0)) return invalid_spatial_outcome(Status::no_consistent_solution);
    const double w = -c.v.n, Pn = (1.0 + c.e) * w / h;
    const Vec3n I{Pn, Pn * d1, Pn * d2};
    const Vec3n dv = apply_delassus(c.W, I);
    const SpatialOutcome o = finish_algebraic_outcome(c, I, Vec3n{c.e * w, c.v.t1 + dv.t1, c.v.t2 + dv.t2});
    if (o.status == Status::ok) set_report(report, 1, 1);
    return o;
  }
  // The law's parameters from the sample's.
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, const SpatialThesisParams& p,
                                                     LawReport* report) {
    return evaluate(c, p.r1, p.r2, report);
  }
};

}  // namespace collsweep

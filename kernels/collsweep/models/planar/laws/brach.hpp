// Brach's all-linear law, planar: Newton restitution and a given impulse ratio (thesis §5.1.1; note §4.3).
//
// Parameters: e in [0, 1] (kinematic: v_n2 = e w) and the impulse ratio r = P_t / P_n, measured against
// the initial slip (the thesis's frame, where V_i = (-w, -|v_t|)): P_t = -r u P_n with u = sign(v_t)
// (u = +1 for v_t = 0, the limit v_t -> 0+). Any finite r is accepted (r > 0 opposes the slip, r < 0
// drives it); mu is not read (the constraint checker compares |r| with mu: C3 holds iff |r| <= mu).
//   P = P_n (1, -r u),  P_n = (1 + e) w / (W_nn - r u W_nt),  v2 = (e w, v_t + P_n (W_nt - r u W_tt)).
// W_nn - r u W_nt <= 0 means Newton restitution would need P_n <= 0: Status::no_consistent_solution.
// The law reaches every point of impulse space above the origin, forbidden ones included ("equivalent to a
// change of variables"); energy must be checked separately (constraints.hpp). Type 1.
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

struct Brach : LawDefaults {
  static constexpr const char* name = "brach";
  static constexpr unsigned reads = planar_input::ratio;
  static constexpr bool thesis = true;
  // No theorem: the impulse ratio reaches forbidden points of impulse space (Chatterjee 1997 §5.1.1).
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return false; }
  static constexpr int type_count = 1;
  static const char* type_label(int type) { return type == 1 ? "given impulse ratio" : "none"; }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, double ratio,
                                                    LawReport* report = nullptr) {
    set_report(report, 0, 0);
    Status s = validate_planar(c);
    if (s == Status::ok && !is_finite_d(ratio)) s = Status::nonfinite_input;
    if (s != Status::ok) return invalid_outcome(s);
    const double ru = c.v.t < 0.0 ? -ratio : ratio;
    const double h = c.W.nn - ru * c.W.nt;
    if (!(h > 0.0)) return invalid_outcome(Status::no_consistent_solution);
    const double w = -c.v.n;
    const double I_n = (1.0 + c.e) * w / h;
    const PlanarOutcome o =
        finish_outcome(c, 1, I_n, -ru * I_n, c.e * w, c.v.t + I_n * (c.W.nt - ru * c.W.tt));
    if (o.status == Status::ok) set_report(report, 1, 1);
    return o;
  }
  // The ratio drawn with the collision.
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, LawReport* report) {
    return evaluate(c, c.ratio, report);
  }
};

}  // namespace collsweep

// Chatterjee's combined five-parameter law (thesis §6.6), planar.
//
// Parameters: r_n = e, r_t = e_t, mu (as Laws I-III) and the weights s1, s2 (CombinedWeights) with
// 0 <= s1 <= 1 and 0 <= s2 <= 1 - s1:
//   P = s1 P_I + s2 P_II + (1 - s1 - s2) P_III,
// P_I, P_II, P_III the impulses of Law I (chatterjee_law1.hpp), Law II (chatterjee_ruina.hpp) and Law III
// (chatterjee_law3.hpp) with the same (r_n, r_t, mu). The accessible region is convex, so P stays in it
// whenever the three do. v2 = v1 + W P is the same convex combination of the three laws' v2 (v2 is affine
// in P). Weights outside the triangle give Status::parameter_out_of_range, non-finite ones
// Status::nonfinite_input. Type 1 always (the three laws' own cases are not combined into one label).
#pragma once

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/laws/chatterjee_law1.hpp"
#include "collsweep/models/planar/laws/chatterjee_law3.hpp"
#include "collsweep/models/planar/laws/chatterjee_ruina.hpp"

namespace collsweep {

// Interpolation weights of the combined law: s1 on Law I, s2 on Law II, the rest on Law III.
struct CombinedWeights {
  double s1 = 0.0;
  double s2 = 0.0;
};

COLLSWEEP_HD_INLINE Status validate_weights(const CombinedWeights& s) {
  if (!is_finite_d(s.s1) || !is_finite_d(s.s2)) return Status::nonfinite_input;
  if (s.s1 < 0.0 || s.s2 < 0.0 || s.s1 + s.s2 > 1.0) return Status::parameter_out_of_range;
  return Status::ok;
}

struct ChatterjeeCombined : LawDefaults {
  static constexpr const char* name = "chatterjee-combined";
  static constexpr unsigned reads = planar_input::e_t | planar_input::weights;
  static constexpr bool thesis = true;
  // Chatterjee 1997 §6.6: a convex combination of three impulses of the accessible region.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return true; }
  static constexpr int type_count = 1;
  static const char* type_label(int type) { return type == 1 ? "combination of laws I, II and III" : "none"; }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, const CombinedWeights& s,
                                                    LawReport* report = nullptr) {
    set_report(report, 0, 0);
    const Status ws = validate_weights(s);
    const PlanarOutcome a = ChatterjeeLaw1::evaluate(c);  // validates c (e_t >= -1 included)
    if (a.status != Status::ok) return a;
    if (ws != Status::ok) return invalid_outcome(ws);
    const PlanarOutcome b = ChatterjeeRuina::evaluate(c);
    const PlanarOutcome d = ChatterjeeLaw3::evaluate(c);
    if (b.status != Status::ok) return b;
    if (d.status != Status::ok) return d;
    const double s3 = 1.0 - s.s1 - s.s2;
    const PlanarOutcome o = finish_outcome(
        c, 1, s.s1 * a.I_n + s.s2 * b.I_n + s3 * d.I_n, s.s1 * a.I_t + s.s2 * b.I_t + s3 * d.I_t,
        s.s1 * a.v_n2 + s.s2 * b.v_n2 + s3 * d.v_n2, s.s1 * a.v_t2 + s.s2 * b.v_t2 + s3 * d.v_t2);
    if (o.status == Status::ok) set_report(report, 1, 1);
    return o;
  }
  // The weights drawn with the collision.
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, LawReport* report) {
    return evaluate(c, CombinedWeights{c.s1, c.s2}, report);
  }
};

}  // namespace collsweep

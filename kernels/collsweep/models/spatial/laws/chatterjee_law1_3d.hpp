// Chatterjee's Law I, "P based on V_i", in 3D (thesis §6.5.1, §6.7.2).
//
// The planar law (models/planar/laws/chatterjee_law1.hpp) in the thesis's special frame: t1' along -v_T
// (the tangential part of v1), so v1 = (-w, -|v_T|, 0) there. With M = W^-1, lambda1 = M_nn (= 1 / (a -
// c^T b^-1 c)) and lambda2 = u^T M u for u = (0, v_T/|v_T|) (M's diagonal entry in that frame, not 1/W):
//   P^ = lambda1 (1 + r_n) w n - min(lambda2 (1 + r_t)|v_T|, mu (1 + r_n) lambda1 w) v_T/|v_T|,
// then the energy-preserving point P_E on its ray and the cases (a) e_n = r_n (type 1), (b) P_E kept
// (type 2), (c) P_E pushed along n back onto the ellipsoid (type 3), exactly as in the planar law. P lies in
// span(n, v1) with P_T = -a v_T, a >= 0 (the span condition with b = 0); without initial slip P_T = 0
// (the thesis's stated weakness). Parameters r_n = e in [0, 1], r_t = e_t >= -1, mu >= 0.
// A planar collision embedded in 3D gives the planar law's numbers.
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/spatial/laws/algebraic_outcome.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

struct ChatterjeeLaw1_3d : LawDefaults {
  static constexpr const char* name = "chatterjee-law1-3d";
  static constexpr unsigned reads = spatial_input::e_t;
  static constexpr bool thesis = true;
  // Chatterjee 1997 §6.5.1: the outcome lies in the accessible region.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return true; }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return chatterjee_law1_type_label(type); }
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, LawReport* report = nullptr) {
    set_report(report, 0, 0);
    Status s = validate_spatial(c);
    if (s == Status::ok && c.e_t < -1.0) s = Status::tangential_out_of_range;
    if (s != Status::ok) return invalid_spatial_outcome(s);
    const Delassus3& W = c.W;
    const double w = -c.v.n;
    const double vt = ::sqrt(c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
    const double u1 = vt > 0.0 ? c.v.t1 / vt : 1.0, u2 = vt > 0.0 ? c.v.t2 / vt : 0.0;
    const double l1 = 1.0 / stick_normal_rate(W);
    const Vec3n mu_u = solve_delassus(W, Vec3n{0.0, u1, u2});
    const double l2 = u1 * mu_u.t1 + u2 * mu_u.t2;
    const double hn = l1 * (1.0 + c.e) * w;
    const double ht = min_d(l2 * (1.0 + c.e_t) * vt, c.mu * hn);
    const Vec3n h{hn, -ht * u1, -ht * u2};
    const Vec3n wh = apply_delassus(W, h);
    const double pwp = h.n * wh.n + h.t1 * wh.t1 + h.t2 * wh.t2;
    const double sE = -2.0 * (hn * c.v.n - ht * vt) / pwp;
    const double v_nE = c.v.n + sE * wh.n;
    double k, dn = 0.0, v_n2;
    std::uint8_t type;
    if (v_nE >= c.e * w * (1.0 - 16.0 * 2.220446049250313e-16)) {  // as the planar law's kLaw1CaseTie
      k = (1.0 + c.e) * w / wh.n;
      v_n2 = c.e * w;
      type = 1;
    } else if (v_nE >= 0.0) {
      k = sE;
      v_n2 = v_nE;
      type = 2;
    } else {
      k = sE;
      dn = -2.0 * v_nE / W.a;
      v_n2 = -v_nE;
      type = 3;
    }
    const Vec3n I{k * h.n + dn, k * h.t1, k * h.t2};
    const Vec3n vf{v_n2, c.v.t1 + k * wh.t1 + dn * W.c1, c.v.t2 + k * wh.t2 + dn * W.c2};
    const SpatialOutcome o = finish_algebraic_outcome(c, I, vf);
    if (o.status == Status::ok) set_report(report, type, 1);
    return o;
  }
  // The law's parameters from the sample's.
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, const SpatialThesisParams& p,
                                                     LawReport* report) {
    (void)p;
    return evaluate(c, report);
  }
};

}  // namespace collsweep

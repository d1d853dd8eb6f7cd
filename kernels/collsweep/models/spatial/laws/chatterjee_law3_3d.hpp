// Chatterjee's Law III, "V_f based on V_i", in 3D (thesis §6.5.3, §6.7.4).
//
// As the planar law (models/planar/laws/chatterjee_law3.hpp): tentative v2* = (r_n w, -r_t v_T) (the
// thesis's {r_n v_n, r_t v_t, 0} in its special frame, written frame-free), scaled by 1/eta, eta =
// max(1, sqrt(v2*^T M v2* / v1^T M v1)) (type 2 when eta > 1); P* = M (v2* - v1) accepted when
// |P*_T| <= mu P*_n (type 1 or 2), else projected onto the cone along the line from A = (1 + r_n) w / a n
// to P*: kappa = mu A_n / (mu (A_n - P*_n) + |P*_T|), P = (1 - kappa) A + kappa P* (type 3). P_T keeps the
// direction of (P*)_T = [M (v2* - v1)]_T. Parameters r_n = e in [0, 1], r_t = e_t >= -1, mu >= 0.
// A planar collision embedded in 3D gives the planar law's numbers.
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/spatial/laws/algebraic_outcome.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

struct ChatterjeeLaw3_3d : LawDefaults {
  static constexpr const char* name = "chatterjee-law3-3d";
  static constexpr unsigned reads = spatial_input::e_t;
  static constexpr bool thesis = true;
  // Chatterjee 1997 §6.5.3: the outcome lies in the accessible region.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return true; }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return chatterjee_law3_type_label(type); }
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, LawReport* report = nullptr) {
    set_report(report, 0, 0);
    Status s = validate_spatial(c);
    if (s == Status::ok && c.e_t < -1.0) s = Status::tangential_out_of_range;
    if (s != Status::ok) return invalid_spatial_outcome(s);
    const Delassus3& W = c.W;
    const double w = -c.v.n;
    Vec3n v2{c.e * w, -c.e_t * c.v.t1, -c.e_t * c.v.t2};
    const double q2 = inverse_quadratic(W, v2), q1 = inverse_quadratic(W, c.v);
    std::uint8_t type = 1;
    if (q2 > q1) {
      const double eta = ::sqrt(q2 / q1);
      v2 = Vec3n{v2.n / eta, v2.t1 / eta, v2.t2 / eta};
      type = 2;
    }
    Vec3n I = solve_delassus(W, Vec3n{v2.n - c.v.n, v2.t1 - c.v.t1, v2.t2 - c.v.t2});
    Vec3n vf = v2;
    const double it = ::sqrt(I.t1 * I.t1 + I.t2 * I.t2);
    if (it > c.mu * I.n) {
      const double An = (1.0 + c.e) * w / W.a;
      const double kappa = c.mu * An / (c.mu * (An - I.n) + it);
      I = Vec3n{(1.0 - kappa) * An + kappa * I.n, kappa * I.t1, kappa * I.t2};
      vf = Vec3n{(1.0 - kappa) * c.e * w + kappa * v2.n, (1.0 - kappa) * (c.v.t1 + W.c1 * An) + kappa * v2.t1,
                 (1.0 - kappa) * (c.v.t2 + W.c2 * An) + kappa * v2.t2};
      type = 3;
    }
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

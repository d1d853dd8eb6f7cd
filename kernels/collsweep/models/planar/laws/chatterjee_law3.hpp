// Chatterjee's Law III, "V_f based on V_i" (thesis §6.5.3, pseudocode §6.7.4), planar.
//
// Parameters: r_n = e in [0, 1], r_t = e_t >= -1 (thesis range [-1, 1]; e_t > 1 is accepted, the energy
// fix keeps it admissible), mu >= 0. With M = W^-1:
//   1. tentative v2* = (r_n w, -r_t v_t): independent kinematic restitutions (V_f = {r_n v_n, r_t v_t, 0}
//      in the thesis's frame);
//   2. eta = max(1, sqrt(v2*^T M v2* / v1^T M v1)); v2* /= eta (no-op for diagonal M): no energy gain,
//      v_n2 >= 0;
//   3. P* = M (v2* - v1); if |P*_t| <= mu P*_n, P = P* (type 1 without the energy fix, type 2 with it);
//      otherwise P is projected onto the cone along the line from A = (1 + r_n) w / W_nn n (the frictionless
//      impulse) to P*: kappa = mu a / (mu (a - b) + |c|) with a = A_n, b = P*_n, c = P*_t, and
//      P = (1 - kappa) A + kappa P* (type 3; e_n is not constant on that line, so e_n <= r_n).
// Both ends lie in the accessible region (convex), so the law never leaves it for e in [0, 1]. mu = 0 gives
// Newton's frictionless impulse; diagonal W gives the bilinear law. v2 is formed as the same combination of
// v2* and v1 + W A = (r_n w, v_t + W_nt A_n), without cancellation.
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

struct ChatterjeeLaw3 : LawDefaults {
  static constexpr const char* name = "chatterjee-law3";
  static constexpr unsigned reads = planar_input::e_t;
  static constexpr bool thesis = true;
  // Chatterjee 1997 §6.5.3: the outcome lies in the accessible region.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return true; }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return chatterjee_law3_type_label(type); }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, LawReport* report = nullptr) {
    set_report(report, 0, 0);
    Status s = validate_planar(c);
    if (s == Status::ok && c.e_t < -1.0) s = Status::tangential_out_of_range;
    if (s != Status::ok) return invalid_outcome(s);
    const Delassus2& W = c.W;
    const double w = -c.v.n, det = determinant(W);
    double vn = c.e * w, vt = -c.e_t * c.v.t;
    // v^T M v times det(W): the ratio needs no division by det.
    const double q2 = W.tt * vn * vn - 2.0 * W.nt * vn * vt + W.nn * vt * vt;
    const double q1 = W.tt * c.v.n * c.v.n - 2.0 * W.nt * c.v.n * c.v.t + W.nn * c.v.t * c.v.t;
    std::uint8_t type = 1;
    if (q2 > q1) {
      const double eta = ::sqrt(q2 / q1);
      vn /= eta;
      vt /= eta;
      type = 2;
    }
    const double dn = vn - c.v.n, dt = vt - c.v.t;
    double I_n = (W.tt * dn - W.nt * dt) / det, I_t = (W.nn * dt - W.nt * dn) / det;
    double v_n2 = vn, v_t2 = vt;
    if (abs_d(I_t) > c.mu * I_n) {
      const double a = (1.0 + c.e) * w / W.nn;
      const double kappa = c.mu * a / (c.mu * (a - I_n) + abs_d(I_t));
      I_n = (1.0 - kappa) * a + kappa * I_n;
      I_t = kappa * I_t;
      v_n2 = (1.0 - kappa) * c.e * w + kappa * vn;
      v_t2 = (1.0 - kappa) * (c.v.t + W.nt * a) + kappa * vt;
      type = 3;
    }
    const PlanarOutcome o = finish_outcome(c, type, I_n, I_t, v_n2, v_t2);
    if (o.status == Status::ok) set_report(report, type, 1);
    return o;
  }
};

}  // namespace collsweep

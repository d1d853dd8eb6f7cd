// Chatterjee's Law I, "P based on V_i" (thesis §6.5.1, pseudocode §6.7.2), planar.
//
// Parameters: r_n = e in [0, 1], r_t = e_t >= -1 (the thesis's range is [-1, 1]; e_t > 1 is accepted
// because the energy-preserving rescaling below keeps every outcome in the accessible region), mu >= 0.
// In the thesis's frame (V_i = (-w, -|v_t|)) with M = W^-1 and the DIAGONAL of M, lambda1 = M_nn and
// lambda2 = M_tt (not 1/W_nn, 1/W_tt):
//   1. P^ = (lambda1 (1 + r_n) w, min(lambda2 (1 + r_t) |v_t|, mu (1 + r_n) lambda1 w)), the bilinear law's
//      impulse on diag(M) (§6.4), its tangential part against v_t: inside the cone and P^.v1 < 0.
//   2. P_E = -2 (P^.v1) / (P^.W P^) P^, the energy-preserving point of the ray (the nonzero root of the
//      energy quadratic P.v1 + P^T W P/2 = 0).
//   3. v_nE = n.(v1 + W P_E), then
//      (a) v_nE >= r_n w:      P = (1 + r_n) w P^ / (n.W P^), so e_n = r_n                 (type 1)
//      (b) 0 <= v_nE < r_n w:  P = P_E, no energy lost, e_n = v_nE / w in [0, r_n)          (type 2)
//      (c) v_nE < 0:           P = P_E + delta n, delta = -2 v_nE / W_nn: pushed along n back onto the
//                              energy ellipsoid, v_n2 = -v_nE > 0, P_T unchanged               (type 3)
// P_T is always -a v_t with a >= 0: the span condition with b = 0 (§6.5, eq. of the span condition).
// mu = 0 gives Newton's frictionless impulse (1 + e) w / W_nn; diagonal W gives the bilinear law (case a).
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

// Case (a) is taken when v_nE >= r_n w (1 - 16 eps): at r_n = 1 with P_E on the frictionless elastic
// point (mu = 0, diagonal W) cases (a) and (b) are the same point, and rounding must not pick (b).
inline constexpr double kLaw1CaseTie = 16.0 * 2.220446049250313e-16;

struct ChatterjeeLaw1 : LawDefaults {
  static constexpr const char* name = "chatterjee-law1";
  static constexpr unsigned reads = planar_input::e_t;
  static constexpr bool thesis = true;
  // Chatterjee 1997 §6.5.1: the outcome lies in the accessible region (its energy fix holds for r_t >= -1).
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return true; }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return chatterjee_law1_type_label(type); }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, LawReport* report = nullptr) {
    set_report(report, 0, 0);
    Status s = validate_planar(c);
    if (s == Status::ok && c.e_t < -1.0) s = Status::tangential_out_of_range;
    if (s != Status::ok) return invalid_outcome(s);
    const Delassus2& W = c.W;
    const double w = -c.v.n, det = determinant(W);
    const double l1 = W.tt / det, l2 = W.nn / det;  // M_nn, M_tt
    const double hn = l1 * (1.0 + c.e) * w;
    const double ht_mag = min_d(l2 * (1.0 + c.e_t) * abs_d(c.v.t), c.mu * hn);
    const double ht = c.v.t < 0.0 ? ht_mag : -ht_mag;  // against the slip
    const double wn = W.nn * hn + W.nt * ht;           // n.W P^
    const double pwp = hn * wn + ht * (W.nt * hn + W.tt * ht);
    const double sE = -2.0 * (hn * c.v.n + ht * c.v.t) / pwp;
    const double v_nE = c.v.n + sE * wn;
    double I_n, I_t, v_n2;
    std::uint8_t type;
    if (v_nE >= c.e * w * (1.0 - kLaw1CaseTie)) {
      const double k = (1.0 + c.e) * w / wn;
      I_n = k * hn;
      I_t = k * ht;
      v_n2 = c.e * w;
      type = 1;
    } else if (v_nE >= 0.0) {
      I_n = sE * hn;
      I_t = sE * ht;
      v_n2 = v_nE;
      type = 2;
    } else {
      I_n = sE * hn - 2.0 * v_nE / W.nn;
      I_t = sE * ht;
      v_n2 = -v_nE;
      type = 3;
    }
    const double v_t2 = c.v.t + W.nt * I_n + W.tt * I_t;
    const PlanarOutcome o = finish_outcome(c, type, I_n, I_t, v_n2, v_t2);
    if (o.status == Status::ok) set_report(report, type, 1);
    return o;
  }
};

}  // namespace collsweep

// Chatterjee-Ruina two-parameter algebraic law (Chatterjee thesis Law II, §6.5.2; J. Appl. Mech. 1998),
// planar.
//
// P1 = -(n.v1) n / (n.W n)   frictionless plastic impulse (v_n2 = 0, no tangential impulse)
// P2 = -W^-1 v1              plastic sticking impulse (v2 = 0)
// candidate  P^ = (1 + e) P1 + (1 + e_t)(P2 - P1); accepted when |P^_t| <= mu P^_n (type 1),
// otherwise projected onto the cone along the constant-e line (type 2):
//   P = (1 + e) P1 + kappa (P2 - P1),  kappa = mu (1 + e) P1_n / (|P2_t| - mu n.(P2 - P1)).
// n.W(P2 - P1) = 0, so v_n2 = e w exactly in both cases. With P2 - P1 = (-m_nt/m_nn, 1) P2_t the
// difference is formed without cancellation. Energy: KE_f = e^2 E_N + (kappa - 1)^2 E_T, so the law
// never gains energy for 0 <= e <= 1, -1 <= e_t <= 1; e_t > 1 is accepted (to map where it gains).
#pragma once

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

struct ChatterjeeRuina : LawDefaults {
  static constexpr const char* name = "chatterjee-ruina";
  static constexpr unsigned reads = planar_input::e_t;
  // Chatterjee & Ruina: no gain for 0 <= e <= 1 and -1 <= e_t <= 1 (e_t >= -1 is every valid input's).
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision& c) { return c.e_t <= 1.0; }
  static constexpr int type_count = 2;
  static const char* type_label(int type) {
    return type == 1 ? "inside friction cone" : type == 2 ? "projected onto friction cone" : "none";
  }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c) {
    Status s = validate_planar(c);
    if (s == Status::ok && c.e_t < -1.0) s = Status::tangential_out_of_range;
    if (s != Status::ok) return invalid_outcome(s);
    const Delassus2& W = c.W;
    const double w = -c.v.n;
    const double P1n = w / W.nn;
    const double P2t = -(W.nt * w + W.nn * c.v.t) / determinant(W);
    const double Dn = -(W.nt / W.nn) * P2t;  // normal part of P2 - P1
    double kappa = 1.0 + c.e_t;
    std::uint8_t type = 1;
    const double b = (1.0 + c.e) * P1n + kappa * Dn;  // n.P^
    if (abs_d(kappa * P2t) > c.mu * b) {              // outside the friction cone: project
      kappa = c.mu * (1.0 + c.e) * P1n / (abs_d(P2t) - c.mu * Dn);
      type = 2;
    }
    const double I_n = (1.0 + c.e) * P1n + kappa * Dn;
    const double I_t = kappa * P2t;
    const double v_n2 = c.v.n + W.nn * I_n + W.nt * I_t;
    const double v_t2 = c.v.t + W.nt * I_n + W.tt * I_t;
    return finish_outcome(c, type, I_n, I_t, v_n2, v_t2);
  }
};

}  // namespace collsweep

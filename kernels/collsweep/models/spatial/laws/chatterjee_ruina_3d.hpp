// Chatterjee-Ruina's two-parameter algebraic law in 3D (Chatterjee thesis Law II, §6.5.2 and §5 of its 3D
// discussion; J. Appl. Mech. 1998): frame-free, the tangential impulse along -(M v1)_T, M = W^-1.
//
// P1 = (w / a) n            frictionless plastic impulse (v_n2 = 0 with no tangential impulse), w = -v_n1
// P2 = -W^-1 v1             plastic sticking impulse (v2 = 0); D = P2 - P1, n.W D = 0, so D_T = (P2)_T and
//                           D_n = -c.D_T / a (formed so, not as P2_n - P1_n: no cancellation, and
//                           n.W D = 0 to rounding rather than to the 3x3 solve's residual)
// candidate  P^ = (1 + e) P1 + (1 + e_t) D; accepted when |P^_t| <= mu P^_n (type 1, mode law2_inside),
// otherwise projected onto the cone along the constant-e line (type 2, mode law2_cone):
//   P = (1 + e) P1 + kappa D,  kappa = mu (1 + e) P1_n / (|D_t| - mu D_n).
// Since n.W D = 0, v_n2 = e w exactly in both types, and P_T stays parallel to D_T = (P2)_T: the swerve is
// built in (the post-impact slip is in general not parallel to v_t1). Kinetic energy after: e^2 E_N +
// (kappa - 1)^2 E_T, so the law never gains energy for 0 <= e <= 1 and -1 <= e_t <= 1; e_t > 1 is accepted
// (to map where it gains), e_t < -1 is refused. A planar collision embedded in 3D gives the planar law's
// numbers (models/planar/laws/chatterjee_ruina.hpp).
#pragma once

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/spatial/contact.hpp"
#include "collsweep/models/spatial/routh/invariant_directions.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

struct ChatterjeeRuina3d : LawDefaults {
  static constexpr const char* name = "chatterjee-ruina-3d";
  static constexpr unsigned reads = spatial_input::e_t;
  // The thesis's energy identity: no gain for 0 <= e <= 1, -1 <= e_t <= 1.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision& c) { return c.e_t <= 1.0; }
  // No Types: its outcome's mode says whether the impulse was inside the cone or projected onto it.
  static constexpr int type_count = 0;
  static const char* type_label(int) { return "none"; }
  static constexpr SpatialMode first_mode = SpatialMode::law2_inside;  // law2_inside, law2_cone
  static constexpr int mode_count = 2;
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c) {
    Status s = validate_spatial(c);
    if (s == Status::ok && c.e_t < -1.0) s = Status::tangential_out_of_range;
    if (s != Status::ok) return invalid_spatial_outcome(s);
    const Delassus3& W = c.W;
    const double w = -c.v.n;
    const double P1n = w / W.a;
    const Vec3n x = solve_delassus(W, c.v);  // P2 = -x
    const double D1 = -x.t1, D2 = -x.t2, Dn = -(W.c1 * D1 + W.c2 * D2) / W.a;
    const double Dt = ::sqrt(D1 * D1 + D2 * D2);
    double kappa = 1.0 + c.e_t;
    SpatialOutcome o;
    o.mode = SpatialMode::law2_inside;
    if (abs_d(kappa) * Dt > c.mu * ((1.0 + c.e) * P1n + kappa * Dn)) {
      kappa = c.mu * (1.0 + c.e) * P1n / (Dt - c.mu * Dn);
      o.mode = SpatialMode::law2_cone;
    }
    o.I = Vec3n{(1.0 + c.e) * P1n + kappa * Dn, kappa * D1, kappa * D2};
    const Vec3n dv = apply_delassus(W, o.I);
    o.vf = Vec3n{c.v.n + dv.n, c.v.t1 + dv.t1, c.v.t2 + dv.t2};
    o.mu_c = critical_friction(W);
    o.n_invariant = static_cast<std::uint8_t>(invariant_directions(W, c.mu).count);
    const double s0 = ::sqrt(c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
    const double sf = ::sqrt(o.vf.t1 * o.vf.t1 + o.vf.t2 * o.vf.t2);
    if (s0 > 0.0 && sf > 0.0)
      o.swerve_deg = spatial::angle_deg(c.v.t1 / s0, c.v.t2 / s0, o.vf.t1 / sf, o.vf.t2 / sf);
    return finish_spatial_outcome(c, o);
  }
};

}  // namespace collsweep

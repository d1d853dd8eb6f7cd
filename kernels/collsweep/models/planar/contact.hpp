// Planar single-contact model in contact space: Delassus matrix, approach velocity, outcome, energy.
//
// Conventions (docs/planar-laws.md, 'A collision in contact space'; Djerassi 2010 eqs 23-26):
//   W = J M^-1 J^T = [[m_nn, m_nt], [m_nt, m_tt]] (SPD), contact velocity v = (v_n, v_t),
//   v_n < 0 approaching, impulse P = (I_n, I_t) with I_n >= 0 pushing the contact apart,
//   post-impact velocity v2 = v1 + W P, energy change dE = P.(v1 + v2)/2 (negative = loss),
//   T_acc = v1^T W^-1 v1 / 2 is the least pre-impact kinetic energy compatible with v1 (dE_rel = dE/T_acc).
#pragma once

#include <cstdint>

#include "collsweep/contact/magnitudes.hpp"
#include "collsweep/contact/status.hpp"
#include "collsweep/hd.hpp"
#include "collsweep/models/planar/parameters.hpp"

namespace collsweep {

struct Delassus2 {
  double nn = 0.0;  // m_nn = V_n M^-1 V_n^T
  double nt = 0.0;  // m_nt = V_n M^-1 V_t^T (any sign)
  double tt = 0.0;  // m_tt = V_t M^-1 V_t^T
};

struct Velocity2 {
  double n = 0.0;  // normal component, < 0 when approaching
  double t = 0.0;  // tangential component, any sign
};

// One planar collision with the parameters of every planar law (parameters.hpp); a law reads the ones it
// needs.
struct PlanarCollision {
  Delassus2 W;
  Velocity2 v;
  double mu = 0.0;  // Coulomb friction coefficient (static = kinetic)
  double e =
      0.0;  // restitution: energetic (stronge), kinetic (poisson), kinematic (newton, chatterjee-ruina)
  double e_t = 0.0;  // tangential restitution (chatterjee-ruina, chatterjee-law1/-law3/-combined: r_t)
  // The laws' own parameters (Chatterjee 1997 §6.6, §5.1.1), read only by their law; validated there.
  double s1 = 0.0, s2 = 0.0;  // chatterjee-combined: weights of Law I and Law II (the rest on Law III)
  double ratio = 0.0;         // brach: the impulse ratio P_t / P_n against the initial slip
  // sequential-impulse: Gauss-Seidel sweeps (0: to convergence), restitution threshold, 1 = normal first.
  double iterations = 8.0, threshold = 0.0, normal_first = 0.0;
};

// Result of one law on one collision. All numbers are zero when status != ok.
struct PlanarOutcome {
  Status status = Status::ok;
  std::uint8_t type =
      0;  // stronge/poisson/newton: Djerassi Type 1..5; chatterjee-ruina: 1 accepted, 2 projected
  double I_n = 0.0, I_t = 0.0;    // total impulse
  double v_n2 = 0.0, v_t2 = 0.0;  // post-impact contact velocity
  double dE = 0.0;                // kinetic energy change (negative = dissipated)
  double dE_rel = 0.0;            // dE / T_acc
};

COLLSWEEP_HD_INLINE double determinant(const Delassus2& W) { return W.nn * W.tt - W.nt * W.nt; }

// SPD to working precision: a determinant within a few ulps of m_nn*m_tt is indistinguishable from
// singular (the rounding error of m_nn*m_tt - m_nt^2 is about eps*m_nn*m_tt).
COLLSWEEP_HD_INLINE bool is_spd(const Delassus2& W) {
  constexpr double kSingularRelTol = 8.0 * 2.220446049250313e-16;
  return W.nn > 0.0 && W.tt > 0.0 && determinant(W) > kSingularRelTol * W.nn * W.tt;
}

// T_acc = v^T W^-1 v / 2, the least kinetic energy of any system state with contact velocity v.
COLLSWEEP_HD_INLINE double accessible_energy(const Delassus2& W, const Velocity2& v) {
  const double quad = W.tt * v.n * v.n - 2.0 * W.nt * v.n * v.t + W.nn * v.t * v.t;
  return 0.5 * quad / determinant(W);
}

// Checks common to every planar law (W, v, mu, e; the scales of W and v: contact/magnitudes.hpp); e_t is
// checked by the laws that use it.
COLLSWEEP_HD_INLINE Status validate_planar(const PlanarCollision& c) {
  if (!is_finite_d(c.W.nn) || !is_finite_d(c.W.nt) || !is_finite_d(c.W.tt) || !is_finite_d(c.v.n) ||
      !is_finite_d(c.v.t) || !is_finite_d(c.mu) || !is_finite_d(c.e) || !is_finite_d(c.e_t))
    return Status::nonfinite_input;
  if (speed_too_large(c.v.n) || speed_too_large(c.v.t) || (c.v.n < 0.0 && approach_too_slow(-c.v.n)) ||
      diagonal_out_of_range(c.W.nn) || diagonal_out_of_range(c.W.tt))
    return Status::magnitude_out_of_range;
  if (!is_spd(c.W)) return Status::delassus_not_spd;
  if (!(c.v.n < 0.0)) return Status::not_approaching;
  if (c.mu < 0.0) return Status::negative_friction;
  if (c.e < 0.0 || c.e > 1.0) return Status::restitution_out_of_range;
  return Status::ok;
}

COLLSWEEP_HD_INLINE PlanarOutcome invalid_outcome(Status s) {
  PlanarOutcome o;
  o.status = s;
  return o;
}

// Completes an outcome from the total impulse P and post-impact velocity v2 (computed by the law in
// its own cancellation-free form, equal to v1 + W P up to rounding): dE = P.(v1 + v2)/2, dE_rel = dE/T_acc.
// A non-finite result becomes Status::numerical_failure, never a NaN in the output.
COLLSWEEP_HD_INLINE PlanarOutcome finish_outcome(const PlanarCollision& c, std::uint8_t type, double I_n,
                                                 double I_t, double v_n2, double v_t2) {
  PlanarOutcome o;
  o.type = type;
  o.I_n = I_n;
  o.I_t = I_t;
  o.v_n2 = v_n2;
  o.v_t2 = v_t2;
  o.dE = 0.5 * (I_n * (c.v.n + v_n2) + I_t * (c.v.t + v_t2));
  // dE / T_acc with T_acc = quad / (2 Delta) (accessible_energy) in one division: 2 dE Delta / quad.
  const double quad = c.W.tt * c.v.n * c.v.n - 2.0 * c.W.nt * c.v.n * c.v.t + c.W.nn * c.v.t * c.v.t;
  o.dE_rel = 2.0 * o.dE * determinant(c.W) / quad;
  if (!is_finite_d(o.I_n) || !is_finite_d(o.I_t) || !is_finite_d(o.v_n2) || !is_finite_d(o.v_t2) ||
      !is_finite_d(o.dE_rel))
    return invalid_outcome(Status::numerical_failure);
  return o;
}

}  // namespace collsweep

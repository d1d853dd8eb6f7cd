// Elkaranshawy's closed forms (2002, Sect. 8, eqs 34-52) for slip that starts along an invariant direction
// with lambda_I < 0, under energetic restitution (Stronge, e^2 = -W_nR/W_nc, eq. 19).
//
// Along sigma_I every rate is constant (zeta_I = 1/(a - mu c^T sigma_I)), so the path is piecewise linear:
// slide along sigma_I until the halt at I_nh = -v_ti/lambda_I (eq. 34, sign corrected: the printed form is
// negative), then stick (mu >= mu_c: zeta_F = zeta_ns, gamma_F = -b^-1 c) or slide along sigma_F
// (mu < mu_c: zeta_F = 1/(a - mu c^T sigma_F), gamma_F = -mu sigma_F). Types (eq. 39 list, boundaries as
// the model's tie-breaks): 1 I_nf <= I_nh; 2/4 I_nh < I_np, resume/stick; 3/5 I_np <= I_nh < I_nf.
// Final normal velocity: type 1 -e v_ni; 2, 4 e sqrt(v_ni^2 zI/zF + v_nh^2 (1 - zI/zF)) (eqs 43-45);
// 3, 5 sqrt(e^2 v_ni^2 zI/zF + v_nh^2 (1 - zI/zF)) (eqs 46-48, with W_nc = -zeta_I v_ni^2/2, the minus sign
// missing in print, and eq. 48 rebuilt from 46-47). Then I_ne (49), I_te (51), v_te (52).
#pragma once

#include "collsweep/models/spatial/routh/invariant_directions.hpp"

namespace collsweep {

struct AlgebraicSolution {
  Status status = Status::ok;
  int type = 0;                     // Elkaranshawy type 1..5
  double I_nh = 0.0;                // halting impulse (eq. 34)
  double v_nh = 0.0;                // v_n at the halt (eq. 35)
  double v_ne = 0.0;                // final normal velocity
  double I_ne = 0.0;                // final normal impulse (eq. 49)
  double I_te1 = 0.0, I_te2 = 0.0;  // final tangential impulse (eq. 51)
  double v_te1 = 0.0, v_te2 = 0.0;  // final tangential velocity (eq. 52)
};

// Slip starts along the unit direction (s1, s2) (an invariant direction of (W, mu) with lambda < 0) with
// speed v_ti > 0, normal velocity v_ni < 0. Status::jam when a normal rate is not positive; numerical_failure
// when the direction is not a decelerating one or sigma_F is missing.
COLLSWEEP_HD_INLINE AlgebraicSolution energetic_invariant_start(const Delassus3& W, double mu, double e,
                                                                double v_ni, double v_ti, double s1,
                                                                double s2) {
  AlgebraicSolution r;
  const double lambda_I = slip_rate(W, mu, s1, s2);
  const double kI = W.a - mu * (W.c1 * s1 + W.c2 * s2);  // 1/zeta_I (eq. 40)
  if (!(lambda_I < 0.0) || !(v_ti > 0.0) || !(v_ni < 0.0)) {
    r.status = Status::numerical_failure;
    return r;
  }
  if (!(kI > 0.0)) {
    r.status = Status::jam;
    return r;
  }
  const double zI = 1.0 / kI;
  const double mu_c = critical_friction(W);
  r.I_nh = -v_ti / lambda_I;                     // eq. 34
  r.v_nh = v_ni + r.I_nh * kI;                   // eq. 35
  const double I_np = -zI * v_ni;                // eq. 39: compression end along sigma_I
  const double I_nf = zI * (1.0 + e) * (-v_ni);  // eq. 39: end along sigma_I (v_nf = -e v_ni)
  if (I_nf <= r.I_nh) {
    r.type = 1;
    r.v_ne = -e * v_ni;
    r.I_ne = I_nf;
    r.I_te1 = -mu * s1 * r.I_ne;
    r.I_te2 = -mu * s2 * r.I_ne;
    r.v_te1 = (v_ti + lambda_I * r.I_ne) * s1;
    r.v_te2 = (v_ti + lambda_I * r.I_ne) * s2;
    return r;
  }
  const bool stick = mu >= mu_c;
  r.type = r.I_nh < I_np ? (stick ? 4 : 2) : (stick ? 5 : 3);
  double kF, g1, g2, lF = 0.0, f1 = 0.0, f2 = 0.0;
  if (stick) {
    kF = stick_normal_rate(W);
    b_inv_c(W, &g1, &g2);
    g1 = -g1;
    g2 = -g2;
  } else {
    const InvariantDirections d = invariant_directions(W, mu);
    if (d.index_F < 0) {
      r.status = Status::numerical_failure;
      return r;
    }
    f1 = d.s1[d.index_F];
    f2 = d.s2[d.index_F];
    lF = d.lambda[d.index_F];
    kF = W.a - mu * (W.c1 * f1 + W.c2 * f2);
    g1 = -mu * f1;
    g2 = -mu * f2;
  }
  if (!(kF > 0.0)) {
    r.status = Status::jam;
    return r;
  }
  const double zF = 1.0 / kF, ratio = zI / zF;
  if (r.type == 2 || r.type == 4)  // halt in compression, eqs 43-45
    r.v_ne = e * ::sqrt(v_ni * v_ni * ratio + r.v_nh * r.v_nh * (1.0 - ratio));
  else  // halt in restitution, eqs 46-48
    r.v_ne = ::sqrt(e * e * v_ni * v_ni * ratio + r.v_nh * r.v_nh * (1.0 - ratio));
  r.I_ne = zI * (r.v_nh - v_ni) + zF * (r.v_ne - r.v_nh);  // eq. 49
  const double after = r.I_ne - r.I_nh;
  r.I_te1 = -mu * s1 * r.I_nh + g1 * after;  // eq. 51
  r.I_te2 = -mu * s2 * r.I_nh + g2 * after;
  r.v_te1 = lF * f1 * after;  // eq. 52 (zero when sticking)
  r.v_te2 = lF * f2 * after;
  return r;
}

}  // namespace collsweep

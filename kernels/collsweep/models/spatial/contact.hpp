// Spatial (3D) single-contact model in contact space: Delassus matrix, approach velocity, outcome, energy.
//
// Conventions (Elkaranshawy 2002, eqs 9-10; Sypniewska-Kaminska & Rosinski 2008, eq. 12 reordered):
//   contact frame (n, t1, t2), n pointing into body I; impulse P = (I_n, I_t1, I_t2) on body I, I_n >= 0;
//   relative contact velocity v = (v_n, v_t), v_n < 0 approaching;
//   dv = W dP with W = [[a, c^T], [c, b]] SPD (a scalar, c a 2-vector, b 2x2 SPD), so v2 = v1 + W P;
//   energy change dE = P.(v1 + v2)/2 (negative = loss) = W_n + W_t, W_n = int v_n dI_n, W_t = int v_t.dI_t;
//   T_acc = v1^T W^-1 v1 / 2, the least kinetic energy compatible with v1 (dE_rel = dE / T_acc).
#pragma once

#include <cstdint>

#include "collsweep/contact/magnitudes.hpp"
#include "collsweep/contact/status.hpp"
#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"

namespace collsweep {

// The six entries of W in (n, t1, t2) order.
struct Delassus3 {
  double a = 0.0;                          // W_nn
  double c1 = 0.0, c2 = 0.0;               // W_t1n, W_t2n (normal-tangential coupling)
  double b11 = 0.0, b12 = 0.0, b22 = 0.0;  // tangential block
};

// A contact-space vector (velocity or impulse) in (n, t1, t2).
struct Vec3n {
  double n = 0.0, t1 = 0.0, t2 = 0.0;
};

// One spatial collision with the parameters of every spatial law; a law reads the ones it needs.
struct SpatialCollision {
  Delassus3 W;
  Vec3n v;           // pre-impact contact velocity, v.n < 0
  double mu = 0.0;   // Coulomb friction coefficient (static = kinetic, isotropic)
  double e = 0.0;    // restitution: energetic (stronge-3d), kinetic (poisson-3d), kinematic (newton-3d)
  double e_t = 0.0;  // tangential restitution (chatterjee-ruina-3d only)
};

// Mode sequence of the incremental (Routh) laws. A single contact halts at most once: after a halt it
// sticks (mu >= mu_c) or slides on along the one invariant direction with a positive rate (lambda_F > 0),
// which never halts again. These are Elkaranshawy's types 1, 4, 2, 5, 3 for A..E.
enum class SpatialMode : std::uint8_t {
  none = 0,  // invalid outcome
  A,         // slides throughout (with swerve)
  B,         // slip halts in compression, then sticks
  C,         // slip halts in compression, then resumes along sigma_F
  D,         // slip halts in restitution, then sticks
  E,         // slip halts in restitution, then resumes along sigma_F
  // Chatterjee-Ruina Law II (algebraic, no path): its two outcome types (Chatterjee thesis §6.5.2).
  law2_inside,  // type 1: the candidate impulse lies inside the friction cone
  law2_cone,    // type 2: projected onto the cone along the constant-e line
  count_
};

// A mode's name in outputs: A..E, or II-1 / II-2 for Law II's types.
inline const char* mode_name(SpatialMode m) {
  static const char* const names[] = {"-", "A", "B", "C", "D", "E", "II-1", "II-2"};
  return static_cast<int>(m) < static_cast<int>(SpatialMode::count_) ? names[static_cast<int>(m)] : "?";
}

// Result of one law on one collision. All numbers are zero when status != ok (never NaN).
struct SpatialOutcome {
  Status status = Status::ok;
  SpatialMode mode = SpatialMode::none;
  std::uint8_t n_invariant = 0;  // real invariant directions (2 or 4; 0 when every direction is invariant)
  double mu_c = 0.0;             // |b^-1 c|, critical friction coefficient (Elkaranshawy eq. 36)
  Vec3n I;                       // total impulse
  Vec3n vf;                      // post-impact contact velocity
  double dE = 0.0;               // kinetic energy change P.(v1 + v2)/2 (negative = dissipated)
  double dE_rel = 0.0;           // dE / T_acc
  double W_n = 0.0, W_t = 0.0;   // work of the normal and of the friction impulse (dE = W_n + W_t;
                                 // incremental laws only, 0 for Law II, which has no impulse path)
  double I_nc = 0.0;             // normal impulse at the end of compression (v_n = 0; incremental laws)
  double I_nh = 0.0;             // normal impulse at which the slip halts (0 if it never does)
  // Swerve: signed angle in degrees, (-180, 180], from the initial slip direction v_t1/|v_t1| to the final
  // slip direction: the direction of v_t at the end of the impact if it is still sliding then (modes A, C,
  // E), else the direction along which the slip halted (the attracting invariant direction it converged
  // to; modes B, D). 0 without initial slip. A planar reversal (C, E) is 180.
  double swerve_deg = 0.0;
};

// Entries of b^-1 (times det b) and det b.
COLLSWEEP_HD_INLINE double det_b(const Delassus3& W) { return W.b11 * W.b22 - W.b12 * W.b12; }

// b^-1 c, the tangential impulse rate of sticking with its sign flipped (Elkaranshawy eq. 16).
COLLSWEEP_HD_INLINE void b_inv_c(const Delassus3& W, double* x1, double* x2) {
  const double d = det_b(W);
  *x1 = (W.b22 * W.c1 - W.b12 * W.c2) / d;
  *x2 = (W.b11 * W.c2 - W.b12 * W.c1) / d;
}

// mu_c = |b^-1 c| (Elkaranshawy eq. 36): sticking persists iff mu >= mu_c.
COLLSWEEP_HD_INLINE double critical_friction(const Delassus3& W) {
  double x1, x2;
  b_inv_c(W, &x1, &x2);
  return ::sqrt(x1 * x1 + x2 * x2);
}

// 1/zeta_ns = a - c^T b^-1 c, the Schur complement: dv_n/dI_n while sticking (Elkaranshawy eq. 40).
COLLSWEEP_HD_INLINE double stick_normal_rate(const Delassus3& W) {
  double x1, x2;
  b_inv_c(W, &x1, &x2);
  return W.a - (W.c1 * x1 + W.c2 * x2);
}

// SPD to working precision (Sylvester's criterion on the tangential block, then the Schur complement).
COLLSWEEP_HD_INLINE bool is_spd(const Delassus3& W) {
  constexpr double kTol = 8.0 * 2.220446049250313e-16;
  if (!(W.a > 0.0) || !(W.b11 > 0.0) || !(W.b22 > 0.0)) return false;
  if (!(det_b(W) > kTol * W.b11 * W.b22)) return false;
  return stick_normal_rate(W) > kTol * W.a;
}

// x = W^-1 v by block elimination: x_n = (v_n - c^T b^-1 v_t)/S, x_t = b^-1 (v_t - c x_n), S the Schur
// complement.
COLLSWEEP_HD_INLINE Vec3n solve_delassus(const Delassus3& W, const Vec3n& v) {
  const double d = det_b(W);
  const double y1 = (W.b22 * v.t1 - W.b12 * v.t2) / d;  // b^-1 v_t
  const double y2 = (W.b11 * v.t2 - W.b12 * v.t1) / d;
  const double xn = (v.n - (W.c1 * y1 + W.c2 * y2)) / stick_normal_rate(W);
  const double r1 = v.t1 - W.c1 * xn, r2 = v.t2 - W.c2 * xn;
  return Vec3n{xn, (W.b22 * r1 - W.b12 * r2) / d, (W.b11 * r2 - W.b12 * r1) / d};
}

// v^T W^-1 v.
COLLSWEEP_HD_INLINE double inverse_quadratic(const Delassus3& W, const Vec3n& v) {
  const Vec3n x = solve_delassus(W, v);
  return v.n * x.n + v.t1 * x.t1 + v.t2 * x.t2;
}

// W v (the velocity change of impulse v).
COLLSWEEP_HD_INLINE Vec3n apply_delassus(const Delassus3& W, const Vec3n& p) {
  return Vec3n{W.a * p.n + W.c1 * p.t1 + W.c2 * p.t2, W.c1 * p.n + W.b11 * p.t1 + W.b12 * p.t2,
               W.c2 * p.n + W.b12 * p.t1 + W.b22 * p.t2};
}

// T_acc = v^T W^-1 v / 2.
COLLSWEEP_HD_INLINE double accessible_energy(const Delassus3& W, const Vec3n& v) {
  return 0.5 * inverse_quadratic(W, v);
}

namespace spatial {

// Signed angle in degrees from unit vector u to unit vector w (the swerve angle).
COLLSWEEP_HD_INLINE double angle_deg(double u1, double u2, double w1, double w2) {
  return detmath::atan2(u1 * w2 - u2 * w1, u1 * w1 + u2 * w2) * (180.0 / 3.14159265358979323846);
}

}  // namespace spatial

// Checks common to every spatial law (W, v, mu, e; e_t only for finiteness; the scales of W and v:
// contact/magnitudes.hpp).
COLLSWEEP_HD_INLINE Status validate_spatial(const SpatialCollision& c) {
  const double in[] = {c.W.a, c.W.c1, c.W.c2, c.W.b11, c.W.b12, c.W.b22,
                       c.v.n, c.v.t1, c.v.t2, c.mu,    c.e,     c.e_t};
  for (double x : in)
    if (!is_finite_d(x)) return Status::nonfinite_input;
  if (speed_too_large(c.v.n) || speed_too_large(c.v.t1) || speed_too_large(c.v.t2) ||
      (c.v.n < 0.0 && approach_too_slow(-c.v.n)) || diagonal_out_of_range(c.W.a) ||
      diagonal_out_of_range(c.W.b11) || diagonal_out_of_range(c.W.b22))
    return Status::magnitude_out_of_range;
  if (!is_spd(c.W)) return Status::delassus_not_spd;
  if (!(c.v.n < 0.0)) return Status::not_approaching;
  if (c.mu < 0.0) return Status::negative_friction;
  if (c.e < 0.0 || c.e > 1.0) return Status::restitution_out_of_range;
  return Status::ok;
}

COLLSWEEP_HD_INLINE SpatialOutcome invalid_spatial_outcome(Status s) {
  SpatialOutcome o;
  o.status = s;
  return o;
}

// Fills dE = P.(v1 + v2)/2 and dE_rel = dE / T_acc; a non-finite number anywhere becomes
// Status::numerical_failure (all numbers zero), never a NaN in the output.
COLLSWEEP_HD_INLINE SpatialOutcome finish_spatial_outcome(const SpatialCollision& c, SpatialOutcome o) {
  o.dE = 0.5 * (o.I.n * (c.v.n + o.vf.n) + o.I.t1 * (c.v.t1 + o.vf.t1) + o.I.t2 * (c.v.t2 + o.vf.t2));
  o.dE_rel = o.dE / accessible_energy(c.W, c.v);
  const double out[] = {o.I.n,   o.I.t1,   o.I.t2, o.vf.n, o.vf.t1,
                        o.vf.t2, o.dE_rel, o.W_n,  o.W_t,  o.swerve_deg};
  for (double x : out)
    if (!is_finite_d(x)) return invalid_spatial_outcome(Status::numerical_failure);
  return o;
}

}  // namespace collsweep

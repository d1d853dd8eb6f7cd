// The slip near an attracting invariant direction in closed form: power series in the angle to it.
//
// In the desingularised time tau (dp = |v_t| dtau, slip_ode.hpp) with sigma = (cos theta, sin theta) and
// s = |v_t| the slip obeys (Elkaranshawy 2002, eqs 15 and 32)
//   dtheta/dtau = G(theta),   d(ln s)/dtau = F(theta),
// F = sigma^T (c - mu b sigma), G = (R sigma)^T (c - mu b sigma). Near an invariant direction theta* (G = 0,
// rate lambda = F(theta*)) that attracts the direction (g_1 = G'(theta*) < 0), write delta = theta - theta*:
// delta runs monotonically to 0 (as tau -> infinity), so delta parametrises the rest of the slip:
//   ln s(delta') = ln s(delta) + alpha ln(delta'/delta) + Q(delta') - Q(delta),  F/G = alpha/x + Q'(x),
// and along the path
//   p + s Phi(delta),  W_t - mu s^2 Psi(delta),  int sigma dp + s Lambda(delta),
//   int s^2 Phi sigma dtau + s^2 Omega(delta)  stay constant,
// where Phi, Psi, Lambda and Omega are the analytic solutions of F Phi + G Phi' = -1, 2 F Psi + G Psi' = -1,
// F Lambda + G Lambda' = -sigma and 2 F Omega + G Omega' = -Phi sigma (d/dtau of each invariant vanishes:
// d(s Phi)/dtau = s (F Phi + G Phi') = -s = -dp/dtau; dW_t/dtau = -mu s^2; d(int sigma dp)/dtau = s sigma).
// With lambda < 0 the slip halts at delta = 0 (s ~ delta^alpha, alpha = lambda/g_1 > 0) after s Phi(delta)
// more normal impulse; with lambda > 0 it grows without bound. With F = sum f_n x^n, G = sum g_n x^n
// (g_0 = 0) the coefficients follow by one recurrence, (k f_0 + n g_1) x_n = rhs_n - sum_{j<n}
// (k f_{n-j} + j g_{n+1-j}) x_j (k = 1 for Phi and Lambda, 2 for Psi and Omega; Lambda and Omega are
// vectors, two series each, along sigma* and R sigma*), and Q's from the series division F(x) / (G(x)/x).
// A near-resonance k f_0 + n g_1 ~ 0 (possible only for lambda > 0) makes the direction's series unusable.
// The series converge up to the nearest other zero of G in the complex delta plane; their use is gated by
// the size of their last terms (reach). The rest of the state follows without cancellation against the
// tangential scale (a grazing impact has v_n << v_t): Delta I_t = -mu A with A = int sigma dp, v_n =
// v_n,start + a Delta p + c^T Delta I_t, and W_n = int v_n dp = Delta p (v_n,start + a Delta p / 2) - mu c^T
// (Delta p A - int (p - p_start) sigma dp).
#pragma once

#include "collsweep/math/det_math.hpp"
#include "collsweep/models/spatial/routh/invariant_directions.hpp"

namespace collsweep {
namespace spatial {

// The highest power of delta kept. 14: one sample at a time as fast as 20 (fewer steps taken on the series
// against cheaper series), and 20 % faster where the CPU runs the DOP853 steps on SIMD lanes (there the
// series cost more than the steps they save); the series are used only where they converge to 1e-15, so
// the order moves the switch from steps to series, not the accuracy.
inline constexpr int kSlipSeriesOrder = 14;

// The series about one invariant direction.
struct SlipSeries {
  int index = -1;         // the invariant direction (InvariantDirections index); -1 before the first use
  bool usable = false;    // attracting, and no near-resonance (so far as built)
  bool complete = false;  // every series built (Phi alone until Phi converges somewhere)
  double alpha = 0.0;     // lambda / g_1
  double too_far = 2.0;   // |sin delta| at which they were found not to converge (nor farther)
  double phi[kSlipSeriesOrder + 1] = {}, psi[kSlipSeriesOrder + 1] = {}, q[kSlipSeriesOrder + 1] = {};
  // Lambda and Omega along sigma* (_c) and R sigma* (_s)
  double lam_c[kSlipSeriesOrder + 1] = {}, lam_s[kSlipSeriesOrder + 1] = {};
  double om_c[kSlipSeriesOrder + 1] = {}, om_s[kSlipSeriesOrder + 1] = {};
};

// Taylor coefficients f[0..K+1], g[0..K+1] of F and G about the unit direction (d1, d2): with rho = R sigma*
// the rotated direction, F = A1 cos x + B1 sin x + A0 + A2 cos 2x + B2 sin 2x and
// G = B1 cos x - A1 sin x + B2 cos 2x - A2 sin 2x, A1 = sigma*.c, B1 = rho.c,
// A0 = -mu (sigma* b sigma* + rho b rho)/2, A2 = -mu (sigma* b sigma* - rho b rho)/2, B2 = -mu sigma* b rho.
COLLSWEEP_HD_INLINE void slip_rate_series(const Delassus3& W, double mu, double d1, double d2, double* f,
                                          double* g) {
  const double r1 = -d2, r2 = d1;
  const double sbs = d1 * (W.b11 * d1 + W.b12 * d2) + d2 * (W.b12 * d1 + W.b22 * d2);
  const double rbr = r1 * (W.b11 * r1 + W.b12 * r2) + r2 * (W.b12 * r1 + W.b22 * r2);
  const double sbr = d1 * (W.b11 * r1 + W.b12 * r2) + d2 * (W.b12 * r1 + W.b22 * r2);
  const double A1 = d1 * W.c1 + d2 * W.c2, B1 = r1 * W.c1 + r2 * W.c2;
  const double A0 = -0.5 * mu * (sbs + rbr), A2 = -0.5 * mu * (sbs - rbr), B2 = -mu * sbr;
  double inv_fact = 1.0, pow2 = 1.0;  // 1/n!, 2^n
  for (int n = 0; n <= kSlipSeriesOrder + 1; ++n) {
    const double sg = (n / 2) % 2 == 0 ? inv_fact : -inv_fact;  // (-1)^floor(n/2) / n!
    if (n % 2 == 0) {
      f[n] = sg * (A1 + A2 * pow2);
      g[n] = sg * (B1 + B2 * pow2);
    } else {
      f[n] = sg * (B1 + B2 * pow2);
      g[n] = -sg * (A1 + A2 * pow2);
    }
    inv_fact /= static_cast<double>(n + 1);
    pow2 *= 2.0;
  }
  f[0] += A0;
  g[0] = 0.0;  // G(theta*) = 0 (rounding of the direction aside)
}

// The series solution of k F X + G X' = rhs(delta) (rhs's Taylor coefficients given); false when
// lambda = f_0 = 0 or at a near-resonance k f_0 + n g_1 ~ 0, n >= 1 (a slow halt, lambda -> 0-, is fine:
// Phi(0) = -1/lambda is just large).
COLLSWEEP_HD_INLINE bool invariant_series(double k, const double* f, const double* g, const double* rhs,
                                          double* out) {
  for (int n = 0; n <= kSlipSeriesOrder; ++n) {
    const double den = k * f[0] + n * g[1];
    if (n == 0 ? !(den != 0.0) : !(abs_d(den) >= 1e-3 * abs_d(g[1]))) return false;
    double acc = rhs[n];
    for (int j = 0; j < n; ++j) acc -= (k * f[n - j] + j * g[n + 1 - j]) * out[j];
    out[n] = acc / den;
  }
  return true;
}

// invariant_series for the five series of the path at once (k = 2: Psi, Omega_c, Omega_s; k = 1: Lambda_c,
// Lambda_s), each with invariant_series's arithmetic and so its bits: one pass shares the recurrence's
// factors k f_{n-j} + j g_{n+1-j} and runs the five independent sums side by side. False as
// invariant_series would be for any of them.
COLLSWEEP_HD_INLINE bool path_series(const double* f, const double* g, const double* psi_rhs,
                                     const double* lc_rhs, const double* ls_rhs, const double* oc_rhs,
                                     const double* os_rhs, SlipSeries* ss) {
  for (int n = 0; n <= kSlipSeriesOrder; ++n) {
    const double den2 = 2.0 * f[0] + n * g[1], den1 = 1.0 * f[0] + n * g[1];
    if (n == 0 ? !(den2 != 0.0 && den1 != 0.0)
               : !(abs_d(den2) >= 1e-3 * abs_d(g[1]) && abs_d(den1) >= 1e-3 * abs_d(g[1])))
      return false;
    double psi = psi_rhs[n], oc = oc_rhs[n], os = os_rhs[n], lc = lc_rhs[n], ls = ls_rhs[n];
    for (int j = 0; j < n; ++j) {
      const double k2 = 2.0 * f[n - j] + j * g[n + 1 - j], k1 = 1.0 * f[n - j] + j * g[n + 1 - j];
      psi -= k2 * ss->psi[j];
      oc -= k2 * ss->om_c[j];
      os -= k2 * ss->om_s[j];
      lc -= k1 * ss->lam_c[j];
      ls -= k1 * ss->lam_s[j];
    }
    ss->psi[n] = psi / den2;
    ss->om_c[n] = oc / den2;
    ss->om_s[n] = os / den2;
    ss->lam_c[n] = lc / den1;
    ss->lam_s[n] = ls / den1;
  }
  return true;
}

// G'(theta*) = -(A1 + 2 A2) of slip_rate_series: the direction attracts the slip direction when negative.
COLLSWEEP_HD_INLINE double swerve_slope(const Delassus3& W, double mu, double d1, double d2) {
  const double r1 = -d2, r2 = d1;
  const double sbs = d1 * (W.b11 * d1 + W.b12 * d2) + d2 * (W.b12 * d1 + W.b22 * d2);
  const double rbr = r1 * (W.b11 * r1 + W.b12 * r2) + r2 * (W.b12 * r1 + W.b22 * r2);
  return -(d1 * W.c1 + d2 * W.c2) + mu * (sbs - rbr);
}

// First stage: F, G and Phi about the direction (what decides whether the series are near convergence).
COLLSWEEP_HD_INLINE void start_slip_series(const Delassus3& W, double mu, const InvariantDirections& dirs,
                                           int index, SlipSeries* ss) {
  double f[kSlipSeriesOrder + 2], g[kSlipSeriesOrder + 2];
  slip_rate_series(W, mu, dirs.s1[index], dirs.s2[index], f, g);
  ss->index = index;
  ss->complete = false;
  ss->too_far = 2.0;
  double one[kSlipSeriesOrder + 1] = {-1.0};
  ss->usable = g[1] < 0.0 && invariant_series(1.0, f, g, one, ss->phi);
}

// Second stage: Psi, Lambda, Omega and Q.
COLLSWEEP_HD_INLINE void complete_slip_series(const Delassus3& W, double mu, const InvariantDirections& dirs,
                                              SlipSeries* ss) {
  double f[kSlipSeriesOrder + 2], g[kSlipSeriesOrder + 2];  // recomputed: not kept in SlipSeries
  slip_rate_series(W, mu, dirs.s1[ss->index], dirs.s2[ss->index], f, g);
  ss->complete = true;
  // Right-hand sides: -1 (Psi), -cos delta and -sin delta (Lambda), -Phi cos and -Phi sin (Omega).
  double one[kSlipSeriesOrder + 1] = {-1.0}, cs[kSlipSeriesOrder + 1], sn[kSlipSeriesOrder + 1];
  double inv_fact = 1.0;
  for (int n = 0; n <= kSlipSeriesOrder; ++n) {
    const double t = (n / 2) % 2 == 0 ? -inv_fact : inv_fact;
    cs[n] = n % 2 == 0 ? t : 0.0;
    sn[n] = n % 2 == 1 ? t : 0.0;
    inv_fact /= static_cast<double>(n + 1);
  }
  double pc[kSlipSeriesOrder + 1], ps[kSlipSeriesOrder + 1];  // -Phi cos, -Phi sin (Cauchy products)
  for (int n = 0; n <= kSlipSeriesOrder; ++n) {
    pc[n] = ps[n] = 0.0;
    for (int j = 0; j <= n; ++j) {
      pc[n] += ss->phi[j] * cs[n - j];
      ps[n] += ss->phi[j] * sn[n - j];
    }
  }
  ss->usable = path_series(f, g, one, cs, sn, pc, ps, ss);
  // r = F(x) / (G(x)/x): r_n = (f_n - sum_{j=1..n} g_{j+1} r_{n-j}) / g_1; alpha = r_0, q_n = r_n / n.
  double r[kSlipSeriesOrder + 1];
  for (int n = 0; n <= kSlipSeriesOrder; ++n) {
    double acc = f[n];
    for (int j = 1; j <= n; ++j) acc -= g[j + 1] * r[n - j];
    r[n] = acc / g[1];
  }
  ss->alpha = r[0];
  ss->q[0] = 0.0;
  for (int n = 1; n <= kSlipSeriesOrder; ++n) ss->q[n] = r[n] / static_cast<double>(n);
}

// Whether a series has converged at |x| (its last four terms, x^(K-3..K) in pw, at most tol of scale).
COLLSWEEP_HD_INLINE bool series_converged(const double* c, const double* pw, double scale) {
  constexpr double kTol = 1e-15;
  double tail = 0.0;
  for (int i = 0; i < 4; ++i) tail += abs_d(c[kSlipSeriesOrder - 3 + i]) * pw[i];
  return tail <= kTol * scale;
}

// x^(K-3), ..., x^K (x^(K-3) by binary powering).
COLLSWEEP_HD_INLINE void tail_powers(double x, double* pw) {
  double p = 1.0, b = x;
  for (int e = kSlipSeriesOrder - 3; e > 0; e >>= 1) {
    if (e & 1) p *= b;
    b *= b;
  }
  for (int i = 0; i < 4; ++i) {
    pw[i] = p;
    p *= x;
  }
}

COLLSWEEP_HD_INLINE bool phi_converged(const SlipSeries& ss, double x) {
  double pw[4];
  tail_powers(abs_d(x), pw);
  return series_converged(ss.phi, pw, abs_d(ss.phi[0]));
}

// Whether the series of the path's increments (complete ones) converge at |x| (then also at every
// smaller |x|): Psi, Lambda and Omega (with Phi: all that the halt needs) and, with_q, Q (for the path's
// interior; its error is one in ln s).
COLLSWEEP_HD_INLINE bool slip_series_converged(const SlipSeries& ss, double x, bool with_q) {
  double pw[4];
  tail_powers(abs_d(x), pw);
  return series_converged(ss.psi, pw, abs_d(ss.psi[0])) &&
         series_converged(ss.lam_c, pw, abs_d(ss.lam_c[0])) &&
         series_converged(ss.lam_s, pw, abs_d(ss.lam_c[0])) &&
         series_converged(ss.om_c, pw, abs_d(ss.om_c[0])) &&
         series_converged(ss.om_s, pw, abs_d(ss.om_c[0])) && (!with_q || series_converged(ss.q, pw, 1.0));
}

COLLSWEEP_HD_INLINE double series_sum(const double* c, double x) {
  double acc = c[kSlipSeriesOrder];
  for (int n = kSlipSeriesOrder - 1; n >= 0; --n) acc = acc * x + c[n];
  return acc;
}

// The series' sums at the start of a path (speed s, angle delta).
struct SlipSeriesStart {
  double s, delta;
  double phi, psi, lam_c, lam_s, om_c, om_s, q;
};

COLLSWEEP_HD_INLINE SlipSeriesStart slip_series_start(const SlipSeries& ss, double s, double delta) {
  return SlipSeriesStart{s,
                         delta,
                         series_sum(ss.phi, delta),
                         series_sum(ss.psi, delta),
                         series_sum(ss.lam_c, delta),
                         series_sum(ss.lam_s, delta),
                         series_sum(ss.om_c, delta),
                         series_sum(ss.om_s, delta),
                         series_sum(ss.q, delta)};
}

// The path from its start to the angle delta2 = delta e^-w (w >= 0; halt: the limit w -> infinity, when
// alpha > 0): the speed s2 there, and what the path gained: normal impulse dp, tangential work dwt,
// A = int sigma dp and B' = int s^2 Phi sigma dtau (components along sigma* and R sigma*).
struct SlipSeriesStep {
  double delta2, s2, dp, dwt;
  double ac, as, bc, bs;
};

COLLSWEEP_HD_INLINE SlipSeriesStep slip_series_step(const SlipSeries& ss, double mu, const SlipSeriesStart& a,
                                                    bool halt, double w) {
  SlipSeriesStep st;
  const double s = a.s, s_sq = a.s * a.s;
  if (halt) {
    st.delta2 = st.s2 = 0.0;
    st.dp = s * a.phi;
    st.dwt = -mu * s_sq * a.psi;
    st.ac = s * a.lam_c;
    st.as = s * a.lam_s;
    st.bc = s_sq * a.om_c;
    st.bs = s_sq * a.om_s;
    return st;
  }
  const double d2 = a.delta * detmath::exp(-w);
  const double s2 = s * detmath::exp(-ss.alpha * w + series_sum(ss.q, d2) - a.q), s2_sq = s2 * s2;
  st.delta2 = d2;
  st.s2 = s2;
  st.dp = s * a.phi - s2 * series_sum(ss.phi, d2);
  st.dwt = -mu * (s_sq * a.psi - s2_sq * series_sum(ss.psi, d2));
  st.ac = s * a.lam_c - s2 * series_sum(ss.lam_c, d2);
  st.as = s * a.lam_s - s2 * series_sum(ss.lam_s, d2);
  st.bc = s_sq * a.om_c - s2_sq * series_sum(ss.om_c, d2);
  st.bs = s_sq * a.om_s - s2_sq * series_sum(ss.om_s, d2);
  return st;
}

}  // namespace spatial
}  // namespace collsweep

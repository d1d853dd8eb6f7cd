// The rest of a slip that converges to an attracting invariant direction, in closed form as power series in
// the angle to that direction.
//
// In the desingularised time tau (dp = |v_t| dtau, slip_ode.hpp) with sigma = (cos theta, sin theta) and
// s = |v_t| the slip obeys (Elkaranshawy 2002, eqs 15 and 32)
//   dtheta/dtau = G(theta),   d(ln s)/dtau = F(theta),
// F = sigma^T (c - mu b sigma), G = (R sigma)^T (c - mu b sigma). An invariant direction theta* (G = 0) with
// rate lambda = F(theta*) < 0 and G'(theta*) < 0 attracts the direction and the slip halts there at finite
// p. From a state (s, theta = theta* + delta) the remaining normal impulse and tangential work are
//   p_rest = s Phi(delta),  W_t,rest = -mu s^2 Psi(delta),
// where Phi, Psi solve the linear first-order equations (from d/dtau of the rest = minus its rate)
//   F Phi + G Phi' = -1,   2 F Psi + G Psi' = -1,
// analytic at delta = 0: with F = sum f_n delta^n and G = sum g_n delta^n (g_0 = 0) the coefficients follow
// by the recurrence (k f_0 + n g_1) phi_n = -[n = 0] - sum_{j<n} (k f_{n-j} + j g_{n+1-j}) phi_j (k = 1 for
// Phi, 2 for Psi; k f_0 + n g_1 < 0 never vanishes). The series converges up to the nearest other zero of G
// in the complex delta plane; its use is gated by the size of its last terms. The rest's tangential impulse
// and normal work then follow exactly from v = v_start + W Delta P with v_t = 0 at the halt, and from the
// work-energy identity W_n + W_t = Delta P . v_start + Delta P^T W Delta P / 2.
#pragma once

#include "collsweep/models/spatial/invariant_directions.hpp"

namespace collsweep {
namespace spatial {

inline constexpr int kHaltSeriesOrder = 24;  // highest power of delta kept

// Phi and Psi about one invariant direction.
struct HaltSeries {
  int index = -1;  // the invariant direction (InvariantDirections index); -1 before the first use
  bool attracting = false;
  double phi[kHaltSeriesOrder + 1] = {}, psi[kHaltSeriesOrder + 1] = {};
};

// Taylor coefficients of F and G about the unit direction (d1, d2): with rho = R sigma* the rotated
// direction, F = A1 cos + B1 sin + A0 + A2 cos 2x + B2 sin 2x and G = B1 cos - A1 sin + B2 cos 2x - A2 sin 2x
// (x = delta), A1 = sigma*.c, B1 = rho.c, A0 = -mu (sigma* b sigma* + rho b rho)/2,
// A2 = -mu (sigma* b sigma* - rho b rho)/2, B2 = -mu sigma* b rho.
COLLSWEEP_HD_INLINE void slip_rate_series(const Delassus3& W, double mu, double d1, double d2, double* f,
                                          double* g) {
  const double r1 = -d2, r2 = d1;
  const double sbs = d1 * (W.b11 * d1 + W.b12 * d2) + d2 * (W.b12 * d1 + W.b22 * d2);
  const double rbr = r1 * (W.b11 * r1 + W.b12 * r2) + r2 * (W.b12 * r1 + W.b22 * r2);
  const double sbr = d1 * (W.b11 * r1 + W.b12 * r2) + d2 * (W.b12 * r1 + W.b22 * r2);
  const double A1 = d1 * W.c1 + d2 * W.c2, B1 = r1 * W.c1 + r2 * W.c2;
  const double A0 = -0.5 * mu * (sbs + rbr), A2 = -0.5 * mu * (sbs - rbr), B2 = -mu * sbr;
  double inv_fact = 1.0, pow2 = 1.0;  // 1/n!, 2^n
  for (int n = 0; n <= kHaltSeriesOrder + 1; ++n) {
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

COLLSWEEP_HD_INLINE void halt_series_coefficients(double k, const double* f, const double* g, double* out) {
  for (int n = 0; n <= kHaltSeriesOrder; ++n) {
    double rhs = n == 0 ? -1.0 : 0.0;
    for (int j = 0; j < n; ++j) rhs -= (k * f[n - j] + j * g[n + 1 - j]) * out[j];
    out[n] = rhs / (k * f[0] + n * g[1]);
  }
}

COLLSWEEP_HD_INLINE void build_halt_series(const Delassus3& W, double mu, const InvariantDirections& dirs,
                                           int index, HaltSeries* hs) {
  double f[kHaltSeriesOrder + 2], g[kHaltSeriesOrder + 2];
  slip_rate_series(W, mu, dirs.s1[index], dirs.s2[index], f, g);
  hs->index = index;
  hs->attracting = f[0] < 0.0 && g[1] < 0.0;
  if (!hs->attracting) return;
  halt_series_coefficients(1.0, f, g, hs->phi);
  halt_series_coefficients(2.0, f, g, hs->psi);
}

// Sum of a series at x when its last four terms are below tol of its first (the series has converged
// there); returns false otherwise.
COLLSWEEP_HD_INLINE bool converged_sum(const double* c, double x, double tol, double* sum) {
  const double ax = abs_d(x);
  double tail = 0.0, p = 1.0;
  for (int n = 1; n <= kHaltSeriesOrder; ++n) {
    p *= ax;
    if (n > kHaltSeriesOrder - 4) tail += abs_d(c[n]) * p;
  }
  if (!(tail <= tol * abs_d(c[0]))) return false;
  double acc = c[kHaltSeriesOrder];
  for (int n = kHaltSeriesOrder - 1; n >= 0; --n) acc = acc * x + c[n];
  *sum = acc;
  return true;
}

// The rest of a slip from velocity (v1, v2) to its halt on the attracting direction of hs, when its series
// have converged at the current angle delta (returns false otherwise): the normal impulse p_rest and the
// tangential work W_t,rest = -mu int |v_t| dp.
COLLSWEEP_HD_INLINE bool halt_rest(const HaltSeries& hs, double mu, double s, double delta, double* p_rest,
                                   double* wt_rest) {
  constexpr double kSeriesTol = 1e-15;
  double phi, psi;
  if (!hs.attracting || !converged_sum(hs.phi, delta, kSeriesTol, &phi) ||
      !converged_sum(hs.psi, delta, kSeriesTol, &psi))
    return false;
  *p_rest = s * phi;
  *wt_rest = -mu * s * s * psi;
  return *p_rest >= 0.0;
}

}  // namespace spatial
}  // namespace collsweep

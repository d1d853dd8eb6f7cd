// Glocker 2014's sufficient conditions for energetic consistency, as per-sample predicates.
//
// With Lambda^- and Delta the compression impulse and the decompression variable, the paper's (105)
//   W = -Delta^T G Delta / 2 - Lambda^-T (G - eps G eps) Lambda^- / 2 + Delta^T gamma^+ + Lambda^-T (I + eps)
//   gamma°
// has its last two terms <= 0 by (38), so W <= 0 whenever
//   (111)  G - eps G eps is positive semidefinite (eps = diag(E_N, E_T)), which holds in particular under
//   (117)  "similar coefficients": (eps_max^2 - eps_min^2) / (1 - eps_min^2) <= lambda_min / lambda_max =
//   1/cond(G) (121)  "small coefficients":   eps_max^2 <= 1/cond(G)
// with (121) => (117) => (111) (paper (122), Sect. 5.2). eps_min, eps_max run over all impact elements.
//
// Active rows: the tangent row of a frictionless contact (mu_j = 0) is not an impact element (its
// impulse is identically 0, note §3), so the three predicates use G_a, the principal submatrix of G on
// the active rows (every normal, the tangents with mu_j > 0), and the eps of those rows. Since Lambda^-
// and Delta vanish off the active rows, (105) only involves G_a, so the implications above hold with
// G_a; cond(G_a) <= cond(G) by eigenvalue interlacing. cond_G of the full matrix is reported as well.
// (117) is coded as eps_max^2 - eps_min^2 <= (1 - eps_min^2)/cond (no division at eps_min = 1).
#pragma once

#include "collsweep/impacts/multicontact.hpp"

namespace collsweep {

struct GlockerConditions {
  double cond_G = 0.0;                  // lambda_max / lambda_min of the full G
  double cond_active = 0.0;             // the same for G_a (active rows)
  double lambda_min_111 = 0.0;          // lambda_min(G_a - eps G_a eps) / lambda_max(G_a)
  double eps_min = 0.0, eps_max = 0.0;  // over the active rows
  bool psd_111 = false;                 // (111): lambda_min_111 >= -tol
  bool similar_117 = false;             // (117)
  bool small_121 = false;               // (121)
};

// The conditions of a sample whose contacts all have friction (mu_j > 0: every row active, G_a = G), for
// any lane type R; glocker_conditions below takes this path for such a sample, so the CPU's SIMD laws
// (which run it on their lanes, and the general path on a lane with a frictionless contact) give the same
// bits.
template <class R>
struct GlockerConditionsOf {
  R cond_G, cond_active, lambda_min_111, eps_min, eps_max;
  LaneMask<R> psd_111, similar_117, small_121;
};

template <int K, class R>
COLLSWEEP_HD_LANES GlockerConditionsOf<R> glocker_conditions_frictional(const MultiContactCollision<K, R>& c,
                                                                        double tol = 1e-12) {
  constexpr int n = 2 * K;
  const R inf = LaneOps<R>::splat(smallmat::kInfinity);
  GlockerConditionsOf<R> r;
  R lmin, lmax;
  smallmat::eigen_range(c.G, n, lmin, lmax);
  r.cond_G = lmin > 0.0 ? lmax / lmin : inf;
  R eps[n];
  for (int j = 0; j < K; ++j) {
    eps[j] = c.eps_N[j];
    eps[K + j] = c.eps_T[j];
  }
  R d[n][n];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) d[i][j] = c.G[i][j] - eps[i] * c.G[i][j] * eps[j];
  r.cond_active = r.cond_G;
  R dmin, dmax;
  smallmat::eigen_range(d, n, dmin, dmax);
  r.lambda_min_111 = dmin / lmax;
  r.psd_111 = r.lambda_min_111 >= -tol;
  r.eps_min = eps[0];
  r.eps_max = eps[0];
  for (int i = 1; i < n; ++i) {
    r.eps_min = min_r(r.eps_min, eps[i]);
    r.eps_max = max_r(r.eps_max, eps[i]);
  }
  const R inv_cond = lmin > 0.0 ? lmin / lmax : R{};
  r.similar_117 = r.eps_max * r.eps_max - r.eps_min * r.eps_min <= (1.0 - r.eps_min * r.eps_min) * inv_cond;
  r.small_121 = r.eps_max * r.eps_max <= inv_cond;
  return r;
}

// tol: relative tolerance of the semidefiniteness test (111), in units of lambda_max(G_a).
template <int K>
COLLSWEEP_HD GlockerConditions glocker_conditions(const MultiContactCollision<K>& c, double tol = 1e-12) {
  constexpr int n = 2 * K;
  GlockerConditions r;
  bool frictional = true;
  for (int j = 0; j < K; ++j) frictional = frictional && c.mu[j] > 0.0;
  if (frictional) {
    const GlockerConditionsOf<double> f = glocker_conditions_frictional(c, tol);
    r.cond_G = f.cond_G;
    r.cond_active = f.cond_active;
    r.lambda_min_111 = f.lambda_min_111;
    r.eps_min = f.eps_min;
    r.eps_max = f.eps_max;
    r.psd_111 = f.psd_111;
    r.similar_117 = f.similar_117;
    r.small_121 = f.small_121;
    return r;
  }
  double lmin, lmax;
  smallmat::eigen_range(c.G, n, lmin, lmax);
  r.cond_G = lmin > 0.0 ? lmax / lmin : smallmat::kInfinity;

  int rows[n];
  double eps[n];
  int m = 0;
  for (int j = 0; j < K; ++j) {
    rows[m] = j;
    eps[m++] = c.eps_N[j];
  }
  for (int j = 0; j < K; ++j) {
    if (c.mu[j] > 0.0) {
      rows[m] = K + j;
      eps[m++] = c.eps_T[j];
    }
  }
  double ga[n][n], d[n][n];
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      ga[i][j] = c.G[rows[i]][rows[j]];
      d[i][j] = ga[i][j] - eps[i] * ga[i][j] * eps[j];
    }
  double amin = lmin, amax = lmax;  // G_a = G when every contact has friction: the same eigenvalues
  if (m < n) smallmat::eigen_range(ga, m, amin, amax);
  r.cond_active = amin > 0.0 ? amax / amin : smallmat::kInfinity;
  double dmin, dmax;
  smallmat::eigen_range(d, m, dmin, dmax);
  r.lambda_min_111 = dmin / amax;
  r.psd_111 = r.lambda_min_111 >= -tol;

  r.eps_min = eps[0];
  r.eps_max = eps[0];
  for (int i = 1; i < m; ++i) {
    r.eps_min = min_d(r.eps_min, eps[i]);
    r.eps_max = max_d(r.eps_max, eps[i]);
  }
  const double inv_cond = amin > 0.0 ? amin / amax : 0.0;
  r.similar_117 = r.eps_max * r.eps_max - r.eps_min * r.eps_min <= (1.0 - r.eps_min * r.eps_min) * inv_cond;
  r.small_121 = r.eps_max * r.eps_max <= inv_cond;
  return r;
}

}  // namespace collsweep

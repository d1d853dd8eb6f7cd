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

// tol: relative tolerance of the semidefiniteness test (111), in units of lambda_max(G_a).
template <int K>
COLLSWEEP_HD GlockerConditions glocker_conditions(const MultiContactCollision<K>& c, double tol = 1e-12) {
  constexpr int n = 2 * K;
  GlockerConditions r;
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

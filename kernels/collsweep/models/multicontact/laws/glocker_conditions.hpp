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
// reservoir Lambda_Nj mu_j [-1, 1], paper (72), is {0}, so its impulse is identically 0), so the three
// predicates use G_a, the principal submatrix of G on the active rows (every normal, the tangents with
// mu_j > 0), and the eps of those rows. Since Lambda^- and Delta vanish off the active rows, (105) only
// involves G_a, so the implications above hold with G_a; cond(G_a) <= cond(G) by eigenvalue interlacing.
// cond_G of the full matrix is reported as well.
// (117) is coded as eps_max^2 - eps_min^2 <= (1 - eps_min^2)/cond (no division at eps_min = 1).
#pragma once

#include "collsweep/models/multicontact/contact.hpp"

namespace collsweep {

// The predicates of one sample (R = double), or of each lane of the CPU's SIMD type (masks for the bools).
template <class R>
struct GlockerConditionsOf {
  R cond_G{};                 // lambda_max / lambda_min of the full G
  R cond_active{};            // the same for G_a (active rows)
  R lambda_min_111{};         // lambda_min(G_a - eps G_a eps) / lambda_max(G_a)
  R eps_min{}, eps_max{};     // over the active rows
  LaneMask<R> psd_111{};      // (111): lambda_min_111 >= -tol
  LaneMask<R> similar_117{};  // (117)
  LaneMask<R> small_121{};    // (121)
};
using GlockerConditions = GlockerConditionsOf<double>;

// The conditions with the active rows rows[0 .. m) (every normal, then the tangents with mu_j > 0, in
// order), for any lane type R (the rows are the same in every lane). tol: relative tolerance of the
// semidefiniteness test (111), in units of lambda_max(G_a).
template <int K, class R>
COLLSWEEP_HD_LANES GlockerConditionsOf<R> glocker_conditions_on_rows(const MultiContactCollision<K, R>& c,
                                                                     const int (&rows)[2 * K], int m,
                                                                     double tol) {
  constexpr int n = 2 * K;
  const R inf = LaneOps<R>::splat(smallmat::kInfinity);
  GlockerConditionsOf<R> r;
  R eps[n];
  for (int i = 0; i < m; ++i) eps[i] = rows[i] < K ? c.eps_N[rows[i]] : c.eps_T[rows[i] - K];
  // The spectra of G, of G_a - eps G_a eps and (when some tangent row is inactive) of G_a, in one
  // interleaved Jacobi run (smallmat::eigen_ranges; the bits of three separate eigen_range calls).
  R w[3][n][n];
  smallmat::symmetrized(c.G, n, w[0]);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {  // symmetrized D = G_a - eps G_a eps, and G_a, without copies
      const R gij = c.G[rows[i]][rows[j]], gji = c.G[rows[j]][rows[i]];
      const R dij = gij - eps[i] * gij * eps[j], dji = gji - eps[j] * gji * eps[i];
      w[1][i][j] = 0.5 * (dij + dji);
      if (m < n) w[2][i][j] = 0.5 * (gij + gji);
    }
  const int sizes[3] = {n, m, m};
  R lo[3], hi[3];
  smallmat::eigen_ranges(w, sizes, m < n ? 3 : 2, lo, hi);
  const R lmin = lo[0], lmax = hi[0], dmin = lo[1];
  r.cond_G = lmin > 0.0 ? lmax / lmin : inf;
  // G_a = G when every contact has friction: the same eigenvalues
  const R amin = m < n ? lo[2] : lmin, amax = m < n ? hi[2] : lmax;
  r.cond_active = amin > 0.0 ? amax / amin : inf;
  r.lambda_min_111 = dmin / amax;
  r.psd_111 = r.lambda_min_111 >= -tol;

  r.eps_min = eps[0];
  r.eps_max = eps[0];
  for (int i = 1; i < m; ++i) {
    r.eps_min = min_r(r.eps_min, eps[i]);
    r.eps_max = max_r(r.eps_max, eps[i]);
  }
  const R inv_cond = amin > 0.0 ? amin / amax : R{};
  r.similar_117 = r.eps_max * r.eps_max - r.eps_min * r.eps_min <= (1.0 - r.eps_min * r.eps_min) * inv_cond;
  r.small_121 = r.eps_max * r.eps_max <= inv_cond;
  return r;
}

// The active rows of a sample with friction at every contact: all of them, in order.
template <int K>
COLLSWEEP_HD_INLINE int all_rows(int (&rows)[2 * K]) {
  for (int i = 0; i < 2 * K; ++i) rows[i] = i;
  return 2 * K;
}

template <int K>
COLLSWEEP_HD GlockerConditions glocker_conditions(const MultiContactCollision<K>& c, double tol = 1e-12) {
  int rows[2 * K];
  int m = 0;
  for (int j = 0; j < K; ++j) rows[m++] = j;
  for (int j = 0; j < K; ++j)
    if (c.mu[j] > 0.0) rows[m++] = K + j;
  return glocker_conditions_on_rows(c, rows, m, tol);
}

}  // namespace collsweep

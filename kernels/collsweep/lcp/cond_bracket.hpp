// Bounds of the condition number cond2(G) = lambda_max / lambda_min of a symmetric positive definite G from
// its LDL^T factorization, without eigenvalues (any lane type R, math/lanes.hpp).
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/math/lanes.hpp"

namespace collsweep {
namespace smallmat {

// lower = max_i G_ii * max_i (G^-1)_ii <= cond2(G) <= upper = tr(G) * tr(G^-1). A diagonal entry of a
// symmetric positive definite matrix lies between its extreme eigenvalues, so lambda_max(G) >= max_i G_ii
// and 1/lambda_min(G) = lambda_max(G^-1) >= max_i (G^-1)_ii; the trace is the sum of the (positive)
// eigenvalues, so tr(G) >= lambda_max(G) and tr(G^-1) >= 1/lambda_min(G). upper <= n^2 lower for an n x n G.
// positive: every pivot of the factorization is positive (G positive definite to working precision); the
// bounds mean nothing where it is false.
template <class R>
struct CondBracketOf {
  R lower{}, upper{};
  LaneMask<R> positive{};
};

// The bracket of G (its lower triangle is read) from G = L D L^T, L unit lower triangular: G^-1 = L^-T D^-1
// L^-1, so (G^-1)_jj = sum_i X_ij^2 / d_i with X = L^-1 (unit lower triangular, by forward substitution
// column by column). No square root, n divisions: the Cholesky factor's cost without its square roots.
template <class R, int N>
COLLSWEEP_HD_INLINE CondBracketOf<R> cond_bracket(const R (&g)[N][N]) {
  R L[N][N], W[N][N], inv_d[N];  // W_ik = L_ik d_k (i > k)
  LaneMask<R> positive = LaneOps<R>::true_mask();
  for (int k = 0; k < N; ++k) {
    R d = g[k][k];
    for (int m = 0; m < k; ++m) d = d - L[k][m] * W[k][m];
    positive = positive & (d > 0.0);
    inv_d[k] = LaneOps<R>::splat(1.0) / d;
    for (int i = k + 1; i < N; ++i) {
      R w = g[i][k];
      for (int m = 0; m < k; ++m) w = w - W[i][m] * L[k][m];
      W[i][k] = w;
      L[i][k] = w * inv_d[k];
    }
  }
  R max_diag = g[0][0], trace = g[0][0];
  for (int i = 1; i < N; ++i) {
    max_diag = max_r(max_diag, g[i][i]);
    trace = trace + g[i][i];
  }
  R max_inv_diag{}, inv_trace{};
  for (int j = 0; j < N; ++j) {
    R x[N];  // column j of X below the diagonal (X_jj = 1)
    R s = inv_d[j];
    for (int i = j + 1; i < N; ++i) {
      R t = L[i][j];
      for (int m = j + 1; m < i; ++m) t = t + L[i][m] * x[m];
      x[i] = -t;
      s = s + x[i] * x[i] * inv_d[i];
    }
    max_inv_diag = max_r(max_inv_diag, s);  // (from 0: every s > 0 where positive)
    inv_trace = inv_trace + s;
  }
  CondBracketOf<R> b;
  b.lower = max_diag * max_inv_diag;
  b.upper = trace * inv_trace;
  b.positive = positive;
  return b;
}

}  // namespace smallmat
}  // namespace collsweep

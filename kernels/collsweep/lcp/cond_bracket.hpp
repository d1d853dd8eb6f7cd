// Bounds of the condition number cond2(G) = lambda_max / lambda_min of a symmetric positive definite G from
// its Cholesky factor, without eigenvalues (any lane type R, math/lanes.hpp).
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/math/lanes.hpp"

namespace collsweep {
namespace smallmat {

// lower = max_i G_ii * max_i (G^-1)_ii <= cond2(G) <= upper = tr(G) * tr(G^-1). A diagonal entry of a
// symmetric positive definite matrix lies between its extreme eigenvalues, so lambda_max(G) >= max_i G_ii
// and 1/lambda_min(G) = lambda_max(G^-1) >= max_i (G^-1)_ii; the trace is the sum of the (positive)
// eigenvalues, so tr(G) >= lambda_max(G) and tr(G^-1) >= 1/lambda_min(G). The ratio upper / lower is at most
// n^2 for an n x n G.
template <class R>
struct CondBracketOf {
  R lower{}, upper{};
};

// The bracket from G (its diagonal) and its Cholesky factor l, G = l l^T (smallmat::cholesky_lanes; l
// lower triangular with a positive diagonal). G^-1 = l^-T l^-1, so (G^-1)_ii is the squared norm of column i
// of X = l^-1, which forward substitution gives column by column (X lower triangular).
template <class R, int N>
COLLSWEEP_HD_INLINE CondBracketOf<R> cond_bracket_from_factor(const R (&g)[N][N], const R (&l)[N][N]) {
  R inv[N];  // 1 / l_ii
  for (int i = 0; i < N; ++i) inv[i] = LaneOps<R>::splat(1.0) / l[i][i];
  R max_diag = g[0][0], trace = g[0][0];
  for (int i = 1; i < N; ++i) {
    max_diag = max_r(max_diag, g[i][i]);
    trace = trace + g[i][i];
  }
  R max_inv_diag{}, inv_trace{};
  for (int j = 0; j < N; ++j) {
    R x[N];  // column j of l^-1, rows j .. N-1
    x[j] = inv[j];
    R s = x[j] * x[j];
    for (int i = j + 1; i < N; ++i) {
      R t = l[i][j] * x[j];
      for (int m = j + 1; m < i; ++m) t = t + l[i][m] * x[m];
      x[i] = -(t * inv[i]);
      s = s + x[i] * x[i];
    }
    max_inv_diag = max_r(max_inv_diag, s);  // (from 0: every s > 0)
    inv_trace = inv_trace + s;
  }
  CondBracketOf<R> b;
  b.lower = max_diag * max_inv_diag;
  b.upper = trace * inv_trace;
  return b;
}

}  // namespace smallmat
}  // namespace collsweep

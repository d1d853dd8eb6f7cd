// The limit as eps -> 0+ of the solution of a linear system perturbed linearly in eps, (A0 + eps A1) x = r0 +
// eps r1, to first order: x(eps) = x0 + eps x1 + O(eps^2), with A0 singular allowed.
//
// Matching powers of eps gives A0 x0 = r0 and A0 x1 = r1 - A1 x0 (the block lower-triangular system
// [A0 0; A1 A0] [x0; x1] = [r0; r1]). x0 is the limit when this fixes x0: then x(eps) is bounded and tends
// to it; a Laurent term x_-1 / eps, or a system singular for every eps (a continuum), leaves x0 free along a
// null vector of the block matrix. With A0 = P^T L U Q^T from Gaussian elimination with complete pivoting
// (rank r, null basis N of A0, x0 = x0p + N a), the first-order rows that elimination leaves without A0
// (L^-1 P, rows r ..) demand T a = t with T = (L^-1 P A1)_lo N and t = (L^-1 P (r1 - A1 x0p))_lo: x0 is fixed
// exactly when T is nonsingular. x1 is then fixed up to null(A0) (the next order decides it); the least-norm
// x1 is returned. A nonsingular A0 (most modes) needs neither T nor N, and its x0 = A0^-1 r0 does not depend
// on A1 or r1. A caller with a necessary condition on x0 alone (a sign condition's leading term) passes it as
// accept_x0: x1 is computed only for an x0 it accepts.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/lcp/lcp_common.hpp"
#include "collsweep/lcp/small_matrix.hpp"
#include "collsweep/math/lanes.hpp"

namespace collsweep {

template <int N>
struct FirstOrderSolution {
  bool ok = false;  // consistent, x0 fixed and accepted
  // Not ok for a reason A1 and r1 cannot change: A0 x0 = r0 inconsistent (beyond rhs_tol), or A0 nonsingular
  // (x0 = A0^-1 r0) and x0 refused by accept_x0.
  bool zeroth_order_fails = false;
  double x0[N] = {}, x1[N] = {};
};

// The accept_x0 of a caller without a condition on x0.
struct AnyLimit {
  template <int N>
  COLLSWEEP_HD_INLINE bool operator()(const double (&)[N]) const {
    return true;
  }
};

// Gaussian elimination with complete pivoting of the leading N x N block of m (the other W - N columns are
// carried along, their rows swapped and combined, not their columns): returns the rank, the pivots above
// pivot_tol times the block's largest entry, with col[q] the unknown of column q after the column swaps.
// Rows rank .. of the block are then zero to that tolerance.
template <int N, int W>
COLLSWEEP_HD int eliminate_complete_pivoting(double (&m)[N][W], double pivot_tol, int (&col)[N]) {
  double scale = 0.0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) scale = max_d(scale, abs_d(m[i][j]));
  const double tol = pivot_tol * scale;
  for (int q = 0; q < N; ++q) col[q] = q;
  int rank = 0;
  for (; rank < N; ++rank) {
    int pr = rank, pc = rank;
    double pmax = -1.0;
    for (int i = rank; i < N; ++i)
      for (int j = rank; j < N; ++j)
        if (abs_d(m[i][j]) > pmax) {
          pmax = abs_d(m[i][j]);
          pr = i;
          pc = j;
        }
    if (!(pmax > tol)) break;  // (NaN too)
    for (int j = 0; j < W; ++j) {
      const double t = m[rank][j];
      m[rank][j] = m[pr][j];
      m[pr][j] = t;
    }
    for (int i = 0; i < N; ++i) {
      const double t = m[i][rank];
      m[i][rank] = m[i][pc];
      m[i][pc] = t;
    }
    const int tc = col[rank];
    col[rank] = col[pc];
    col[pc] = tc;
    const double inv = 1.0 / m[rank][rank];
    for (int i = rank + 1; i < N; ++i) {
      const double f = m[i][rank] * inv;
      if (f == 0.0) continue;
      for (int j = rank; j < W; ++j) m[i][j] -= f * m[rank][j];
    }
  }
  return rank;
}

// The null vector of an N x N matrix of rank N - 1 (complete pivoting as above, the free unknown 1); false
// for another rank.
template <int N>
COLLSWEEP_HD bool null_vector(const double (&a)[N][N], double pivot_tol, double (&v)[N]) {
  double m[N][N];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) m[i][j] = a[i][j];
  int col[N];
  const int rank = eliminate_complete_pivoting(m, pivot_tol, col);
  if (rank != N - 1) return false;
  double y[N];
  y[N - 1] = 1.0;
  for (int i = N - 2; i >= 0; --i) {
    double s = -m[i][N - 1];
    for (int j = i + 1; j < N - 1; ++j) s -= m[i][j] * y[j];
    y[i] = s / m[i][i];
  }
  for (int q = 0; q < N; ++q) v[col[q]] = y[q];
  return true;
}

// a0, a1 N x N; r0, r1 N. pivot_tol: relative to the largest entry of a0; rhs_tol: the absolute residual a
// consistent system may leave in the rows elimination empties; accept_x0(x0): whether to go on to x1 (the
// limit x0 is passed once, when fixed).
template <int N, class AcceptX0 = AnyLimit>
COLLSWEEP_HD COLLSWEEP_LCP_NOINLINE FirstOrderSolution<N> first_order_solve(
    const double (&a0)[N][N], const double (&a1)[N][N], const double (&r0)[N], const double (&r1)[N],
    double pivot_tol, double rhs_tol, AcceptX0&& accept_x0 = AcceptX0{}) {
  FirstOrderSolution<N> out;
  {  // A nonsingular A0: LU with partial pivoting, x0 = A0^-1 r0, x1 = A0^-1 (r1 - A1 x0).
    double lu[N][N];
    int perm[N];
    double scale0 = 0.0;
    for (int i = 0; i < N; ++i) {
      perm[i] = i;
      for (int j = 0; j < N; ++j) {
        lu[i][j] = a0[i][j];
        scale0 = max_d(scale0, abs_d(a0[i][j]));
      }
    }
    bool regular = true;
    for (int k = 0; k < N && regular; ++k) {
      int p = k;
      for (int i = k + 1; i < N; ++i)
        if (abs_d(lu[i][k]) > abs_d(lu[p][k])) p = i;
      regular = abs_d(lu[p][k]) > pivot_tol * scale0;
      if (!regular) break;
      if (p != k) {
        for (int j = 0; j < N; ++j) {
          const double t = lu[k][j];
          lu[k][j] = lu[p][j];
          lu[p][j] = t;
        }
        const int t = perm[k];
        perm[k] = perm[p];
        perm[p] = t;
      }
      const double inv = 1.0 / lu[k][k];
      for (int i = k + 1; i < N; ++i) {
        const double f = lu[i][k] * inv;
        lu[i][k] = f;
        for (int j = k + 1; j < N; ++j) lu[i][j] -= f * lu[k][j];
      }
    }
    if (regular) {
      auto lu_solve = [&](const double(&rhs)[N], double(&x)[N]) {
        for (int i = 0; i < N; ++i) {
          double v = rhs[perm[i]];
          for (int j = 0; j < i; ++j) v -= lu[i][j] * x[j];
          x[i] = v;
        }
        for (int i = N - 1; i >= 0; --i) {
          double v = x[i];
          for (int j = i + 1; j < N; ++j) v -= lu[i][j] * x[j];
          x[i] = v / lu[i][i];
        }
      };
      lu_solve(r0, out.x0);
      if (!accept_x0(out.x0)) {
        out.zeroth_order_fails = true;
        return out;
      }
      double h[N];
      for (int i = 0; i < N; ++i) {
        double v = r1[i];
        for (int j = 0; j < N; ++j) v -= a1[i][j] * out.x0[j];
        h[i] = v;
      }
      lu_solve(h, out.x1);
      out.ok = true;
      return out;
    }
  }
  // A singular A0: complete pivoting reveals its rank.
  constexpr int W = 2 * N + 2;  // [A0 | A1 | r0 | r1], the A0 columns permuted by the pivoting
  double m[N][W];
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < N; ++j) {
      m[i][j] = a0[i][j];
      m[i][N + j] = a1[i][j];
    }
    m[i][2 * N] = r0[i];
    m[i][2 * N + 1] = r1[i];
  }
  int col[N];  // col[q]: the unknown in column q
  const int rank = eliminate_complete_pivoting(m, pivot_tol, col);
  for (int i = rank; i < N; ++i)
    if (!(abs_d(m[i][2 * N]) <= rhs_tol)) {  // A0 x0 = r0 inconsistent
      out.zeroth_order_fails = true;
      return out;
    }
  // x (original order) from the rows 0 .. rank of the eliminated system with right-hand side h and the free
  // unknowns (columns rank ..) set to free_value at column f (all 0 for f < 0).
  auto back_substitute = [&](const double* h, int f, double(&x)[N]) {
    double y[N];
    for (int q = 0; q < N; ++q) y[q] = q == f ? 1.0 : 0.0;
    for (int i = rank - 1; i >= 0; --i) {
      double v = h[i] - (f >= 0 ? m[i][f] : 0.0);
      for (int j = i + 1; j < rank; ++j) v -= m[i][j] * y[j];
      y[i] = v / m[i][i];
    }
    for (int q = 0; q < N; ++q) x[col[q]] = y[q];
  };
  double h[N];
  for (int i = 0; i < N; ++i) h[i] = m[i][2 * N];
  double x0[N];
  back_substitute(h, -1, x0);
  const int nul = N - rank;
  double basis[N][N];  // basis[q]: null vector q of A0, then orthonormalised
  if (nul > 0) {
    double zero[N];
    for (int i = 0; i < N; ++i) zero[i] = 0.0;
    for (int q = 0; q < nul; ++q) back_substitute(zero, rank + q, basis[q]);
    // T a = t from the rows rank .. of the first order.
    double t_mat[N][N], t_rhs[N][1];
    double t_scale = 0.0;
    for (int i = 0; i < nul; ++i) {
      const int row = rank + i;
      double v = m[row][2 * N + 1];
      for (int j = 0; j < N; ++j) v -= m[row][N + j] * x0[j];
      t_rhs[i][0] = v;
      for (int q = 0; q < nul; ++q) {
        double d = 0.0;
        for (int j = 0; j < N; ++j) d += m[row][N + j] * basis[q][j];
        t_mat[i][q] = d;
        t_scale = max_d(t_scale, abs_d(d));
      }
    }
    double a1_scale = 0.0;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) a1_scale = max_d(a1_scale, abs_d(a1[i][j]));
    if (!(t_scale > pivot_tol * a1_scale) || !smallmat::small_solve(t_mat, t_rhs, nul, pivot_tol * t_scale))
      return out;  // x0 not fixed
    for (int q = 0; q < nul; ++q)
      for (int j = 0; j < N; ++j) x0[j] += t_rhs[q][0] * basis[q][j];
  }
  if (!accept_x0(x0)) return out;
  for (int i = 0; i < rank; ++i) {
    double v = m[i][2 * N + 1];
    for (int j = 0; j < N; ++j) v -= m[i][N + j] * x0[j];
    h[i] = v;
  }
  double x1[N];
  back_substitute(h, -1, x1);
  for (int q = 0; q < nul; ++q) {  // least-norm x1: orthonormalise the null basis, remove x1's part in it
    for (int pass = 0; pass < 2; ++pass)
      for (int b = 0; b < q; ++b) {
        double d = 0.0;
        for (int j = 0; j < N; ++j) d += basis[b][j] * basis[q][j];
        for (int j = 0; j < N; ++j) basis[q][j] -= d * basis[b][j];
      }
    double norm2 = 0.0;
    for (int j = 0; j < N; ++j) norm2 += basis[q][j] * basis[q][j];
    const double inv = 1.0 / ::sqrt(norm2);
    double d = 0.0;
    for (int j = 0; j < N; ++j) {
      basis[q][j] *= inv;
      d += basis[q][j] * x1[j];
    }
    for (int j = 0; j < N; ++j) x1[j] -= d * basis[q][j];
  }
  for (int i = 0; i < N; ++i) {
    out.x0[i] = x0[i];
    out.x1[i] = x1[i];
  }
  out.ok = true;
  return out;
}

}  // namespace collsweep

// Lemke's complementary pivoting method with the lexicographic ratio test, for small dense LCPs.
//
// Augmented system (Cottle, Pang & Stone, Sect. 4.4): w - A z - d z0 = q with covering vector d = 1.
// Tableau T = B^-1 [I | -A | -d | q] over the variables (w_1..w_N, z_1..z_N, z0); the w columns of T
// hold B^-1, which gives the lexicographic order that makes the method finite on degenerate problems.
// Only the N + 1 nonbasic columns and q are stored and updated (the basic columns are unit vectors), half
// the work of the full tableau per pivot with the same operations on every stored entry, so the pivots and
// the solution are those of the full-tableau method bit for bit.
// Start: if q >= 0, z = 0 solves. Otherwise z0 enters at the lexicographically most negative row.
// Then the complement of each leaving variable enters; the ratio test takes the rows with
// T_ie > pivot_tol minimizing rhs_i / T_ie, preferring z0's row on a tie in that ratio (termination),
// otherwise the lexicographic minimum of (B^-1)_i / T_ie. It ends when z0 leaves (a solution), on a
// ray (no admissible row: secondary ray, status ray), or at the pivot cap (status pivot_cap).
// On success the support of z is re-solved directly (A_SS z_S = -q_S) to full accuracy when that
// block is nonsingular, and the solution is cleaned by lcp_clean.
//
// Lemke is guaranteed to process copositive-plus matrices; the Glocker 3k friction matrix is not
// copositive in general, so a ray is possible in principle (never seen on the test distributions).
#pragma once

#include "collsweep/lcp/lcp_common.hpp"

namespace collsweep {

enum class LemkeStatus : unsigned char { ok = 0, ray, pivot_cap, numerical };

template <int N>
struct LemkeResult {
  LemkeStatus status = LemkeStatus::ok;
  int pivots = 0;
  double z[N];
  double w[N];
};

template <int N>
COLLSWEEP_HD LemkeResult<N> lcp_lemke(const double (&a)[N][N], const double (&q)[N],
                                      const LcpTolerance& tol = LcpTolerance{},
                                      int max_pivots = 50 * N + 50) {
  constexpr int kVars = 2 * N + 1;  // w_1..w_N (ids 0..N-1), z_1..z_N (N..2N-1), z0 (2N)
  constexpr int kZ0 = 2 * N;
  constexpr int kRhs = N + 1;  // the N + 1 nonbasic columns, then the right-hand side
  LemkeResult<N> res;
  for (int i = 0; i < N; ++i) {
    res.z[i] = 0.0;
    res.w[i] = q[i] > 0.0 ? q[i] : 0.0;
  }
  bool trivial = true;
  for (int i = 0; i < N; ++i) trivial = trivial && q[i] >= 0.0;
  if (trivial) return res;

  // Condensed tableau: only the nonbasic columns of B^-1 [I | -A | -d | q] are stored (a basic variable's
  // column is the unit vector of its row); nonbasic[c] is the variable of column c, where_is[v] its column
  // (v nonbasic) or its row (v basic), basic[v] which of the two.
  double t[N][kRhs + 1];
  int basis[N], nonbasic[N + 1], where_is[kVars];
  bool basic[kVars];
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < N; ++j) t[i][j] = -a[i][j];
    t[i][N] = -1.0;
    t[i][kRhs] = q[i];
    basis[i] = i;
    where_is[i] = i;
    basic[i] = true;
  }
  for (int j = 0; j <= N; ++j) {
    nonbasic[j] = N + j;
    where_is[N + j] = j;
    basic[N + j] = false;
  }
  const double scale_a = max_d(smallmat::max_abs(a), 1.0e-300);

  // Pivot on row r and column e (the entering variable nonbasic[e]): the same operations as on the full
  // tableau, restricted to its nonbasic columns; the leaving variable's unit column e_r becomes column e.
  auto pivot = [&](int r, int e) {
    const double inv = 1.0 / t[r][e];
    for (int j = 0; j <= kRhs; ++j) t[r][j] *= inv;
    t[r][e] = inv;
    for (int i = 0; i < N; ++i) {
      if (i == r) continue;
      const double f = t[i][e];
      if (f == 0.0) continue;
      for (int j = 0; j <= kRhs; ++j) t[i][j] -= f * t[r][j];
      t[i][e] = 0.0 - f * inv;
    }
    const int entering = nonbasic[e], leaving = basis[r];
    basis[r] = entering;
    nonbasic[e] = leaving;
    where_is[entering] = r;
    where_is[leaving] = e;
    basic[entering] = true;
    basic[leaving] = false;
  };
  // Entry (i, j) of B^-1: the column of w_j.
  auto binv = [&](int i, int j) { return basic[j] ? (where_is[j] == i ? 1.0 : 0.0) : t[i][where_is[j]]; };
  // Lexicographic comparison of rows i and k of (B^-1) scaled by 1/ci and 1/ck: true if row i < row k.
  auto lex_less = [&](int i, double ci, int k, double ck) {
    for (int j = 0; j < N; ++j) {
      const double vi = binv(i, j) / ci, vk = binv(k, j) / ck;
      if (vi < vk) return true;
      if (vi > vk) return false;
    }
    return i < k;  // identical rows cannot occur for a nonsingular B; keep it deterministic anyway
  };

  // Entry of z0: the row minimizing (q_i, e_i) lexicographically (d = 1) leaves.
  int r = 0;
  for (int i = 1; i < N; ++i) {
    if (t[i][kRhs] < t[r][kRhs] || (t[i][kRhs] == t[r][kRhs] && lex_less(i, 1.0, r, 1.0))) r = i;
  }
  int leaving = basis[r];
  pivot(r, where_is[kZ0]);
  res.pivots = 1;

  while (true) {
    if (leaving == kZ0) break;
    if (res.pivots >= max_pivots) {
      res.status = LemkeStatus::pivot_cap;
      return res;
    }
    const int ev = leaving < N ? leaving + N : leaving - N;  // complement of the variable that left
    const int e = where_is[ev];
    double cmax = 0.0, rhs_scale = 0.0;
    for (int i = 0; i < N; ++i) {
      cmax = max_d(cmax, abs_d(t[i][e]));
      rhs_scale = max_d(rhs_scale, abs_d(t[i][kRhs]));
    }
    const double ptol = tol.pivot * max_d(cmax, 1e-300) + 1e-300;
    // Minimum ratio over the rows with a positive pivot (candidates). The rows are visited without
    // data-dependent branches (the signs of the entering column are random: a branch per row would be
    // mispredicted half the time), the minimum as a reduction; the ratios are kept for the tie test.
    double ratio[N];
    bool candidate[N];
    bool any = false;
    for (int i = 0; i < N; ++i) {
      const double rhs = t[i][kRhs];
      candidate[i] = t[i][e] > ptol;
      ratio[i] = (rhs > 0.0 ? rhs : 0.0) / t[i][e];  // (meaningless, and unused, off the candidates)
      any = any | candidate[i];
    }
    if (!any) {
      res.status = LemkeStatus::ray;
      return res;
    }
    double theta = smallmat::kInfinity;
    for (int i = 0; i < N; ++i) theta = min_d(theta, candidate[i] ? ratio[i] : smallmat::kInfinity);
    // Ties in the ratio (within rounding): z0 first, otherwise the lexicographic minimum (the first row of
    // the minimum when nothing ties).
    const double tie = 1e-12 * (theta + rhs_scale / max_d(cmax, 1e-300));
    unsigned tied = 0;
    for (int i = 0; i < N; ++i) tied |= static_cast<unsigned>(candidate[i] & !(ratio[i] > theta + tie)) << i;
    r = -1;
    for (int i = 0; i < N; ++i) {
      if (!((tied >> i) & 1u)) continue;
      if (basis[i] == kZ0) {
        r = i;
        break;
      }
      if (r < 0 || lex_less(i, t[i][e], r, t[r][e])) r = i;
    }
    if (r < 0) {  // (a non-finite tableau: no ratio within reach of the minimum)
      res.status = LemkeStatus::numerical;
      return res;
    }
    leaving = basis[r];
    pivot(r, e);
    ++res.pivots;
  }

  // Read the solution and refine it on its support.
  double z[N];
  int idx[N];
  int s = 0;
  for (int i = 0; i < N; ++i) z[i] = 0.0;
  for (int i = 0; i < N; ++i) {
    if (basis[i] >= N && basis[i] < kZ0) {
      z[basis[i] - N] = t[i][kRhs];
    }
  }
  for (int i = 0; i < N; ++i)
    if (z[i] > 0.0) idx[s++] = i;
  if (s > 0) {
    double sub[N][N], rhs[N];
    for (int i = 0; i < s; ++i) {
      for (int j = 0; j < s; ++j) sub[i][j] = a[idx[i]][idx[j]];
      rhs[i] = -q[idx[i]];
    }
    if (smallmat::lu_solve_inplace(sub, rhs, s, tol.pivot * scale_a)) {
      bool pos = true;
      for (int i = 0; i < s; ++i) pos = pos && rhs[i] >= -tol.feasibility * max_d(abs_d(z[idx[i]]), 1e-300);
      if (pos)
        for (int i = 0; i < s; ++i) z[idx[i]] = rhs[i];
    }
  }
  // Clean as lcp_clean does (z >= 0, w = max(A z + q, 0), w = 0 where z > 0), and reject a result that is
  // not a solution to the feasibility tolerance (the tableau may have drifted), on the same A z + q.
  for (int i = 0; i < N; ++i) res.z[i] = max_d(z[i], 0.0);
  const double zmax = smallmat::max_abs(res.z);
  const double wtol = 100.0 * tol.feasibility * max_d(smallmat::max_abs(q), scale_a * zmax);
  for (int i = 0; i < N; ++i) {
    double v = q[i];
    for (int j = 0; j < N; ++j) v += a[i][j] * res.z[j];
    res.w[i] = res.z[i] > 0.0 ? 0.0 : max_d(v, 0.0);
    if (res.z[i] > 0.0 && abs_d(v) > wtol) res.status = LemkeStatus::numerical;
    if (!is_finite_d(v)) res.status = LemkeStatus::numerical;
  }
  return res;
}

}  // namespace collsweep

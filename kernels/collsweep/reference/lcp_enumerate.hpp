// Reference oracle: complementary-basis enumeration for small LCPs, every vertex solution, deterministic
// order.
//
// A complementary basis is a support set S (the z_i allowed to be positive; w_i = 0 for i in S and
// z_i = 0 off S). For each of the 2^N sets, in increasing bitmask order, solve A_SS z_S = -q_S by LU
// with partial pivoting, skip singular blocks (pivot < tol.pivot * max|A|), and keep the set when
// z_S >= -tol and w_i = (A z + q)_i >= -tol off S. Every solution of an LCP whose principal block
// on its support is nonsingular is found; a solution set that is a continuum (singular blocks) is
// represented by its vertices. The same solution is reported once per basis that yields it (degenerate
// problems): callers deduplicate on the physical quantities.
//
// Cost: 2^N small solves, with N = 3k for the Glocker impact LCP (k = 2 contacts: 64 solves of size
// <= 6). Meant for k <= 2 (and as the exhaustive reference for k = 3, 4 on the CPU).
#pragma once

#include "collsweep/lcp/lcp_common.hpp"

namespace collsweep {

// Calls sink(z, w) for each complementary basis with a feasible solution (z, w cleaned by lcp_clean);
// returns how many there were. Sink: any callable with operator()(const double (&)[N], const double (&)[N]).
template <int N, class Sink>
COLLSWEEP_HD int lcp_enumerate(const double (&a)[N][N], const double (&q)[N], Sink& sink,
                               const LcpTolerance& tol = LcpTolerance{}) {
  static_assert(N >= 1 && N <= 16, "lcp_enumerate: 1 <= N <= 16");
  const double scale_a = smallmat::max_abs(a);
  const double scale_q = smallmat::max_abs(q);
  const double pivot_tol = tol.pivot * scale_a;
  // Structural zeros: A_SS is singular whenever one of its columns (or rows) is zero on S, which the
  // sparsity masks detect without a solve (in the Glocker 3k matrix the rho^L_j column has a single 1 in
  // row s^R_j: 28 of the 64 k = 2 bases are skipped this way).
  unsigned colmask[N], rowmask[N];
  for (int i = 0; i < N; ++i) {
    colmask[i] = rowmask[i] = 0u;
    for (int j = 0; j < N; ++j) {
      if (a[j][i] != 0.0) colmask[i] |= 1u << j;
      if (a[i][j] != 0.0) rowmask[i] |= 1u << j;
    }
  }
  int found = 0;
  for (unsigned mask = 0; mask < (1u << N); ++mask) {
    bool structurally_singular = false;
    for (int i = 0; i < N; ++i)
      if ((mask >> i) & 1u) structurally_singular |= (colmask[i] & mask) == 0u || (rowmask[i] & mask) == 0u;
    if (structurally_singular) continue;
    int idx[N];
    int s = 0;
    for (int i = 0; i < N; ++i)
      if (mask & (1u << i)) idx[s++] = i;
    double z[N], w[N];
    for (int i = 0; i < N; ++i) z[i] = 0.0;
    double zmax = 0.0;
    if (s > 0) {
      double sub[N][N], rhs[N];
      for (int r = 0; r < s; ++r) {
        for (int c = 0; c < s; ++c) sub[r][c] = a[idx[r]][idx[c]];
        rhs[r] = -q[idx[r]];
      }
      if (!smallmat::lu_solve_inplace(sub, rhs, s, pivot_tol)) continue;
      for (int r = 0; r < s; ++r) {
        z[idx[r]] = rhs[r];
        zmax = max_d(zmax, abs_d(rhs[r]));
      }
      if (!is_finite_d(zmax)) continue;
      // Relative tolerance: the solve's error grows with |z_S| (condition of the block).
      const double ztol = tol.feasibility * max_d(zmax, scale_a > 0.0 ? scale_q / scale_a : 0.0);
      bool ok = true;
      for (int r = 0; r < s && ok; ++r) ok = z[idx[r]] >= -ztol;
      if (!ok) continue;
    }
    const double wtol = tol.feasibility * max_d(scale_q, scale_a * zmax);
    bool ok = true;
    for (int i = 0; i < N && ok; ++i) {
      if (mask & (1u << i)) continue;
      double v = q[i];
      for (int j = 0; j < N; ++j) v += a[i][j] * z[j];
      ok = v >= -wtol;
    }
    if (!ok) continue;
    lcp_clean(a, q, z, w);
    for (int i = 0; i < N; ++i)
      if (mask & (1u << i)) w[i] = 0.0;  // exact complementarity on the support (w_S = 0 up to rounding)
    ++found;
    sink(z, w);
  }
  return found;
}

}  // namespace collsweep

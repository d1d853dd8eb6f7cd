// Shared pieces of the small LCP solvers: the problem convention, tolerances and the residual check.
//
// LCP(A, q): find z, w in R^n with  w = A z + q,  z >= 0,  w >= 0,  z^T w = 0  (Cottle, Pang & Stone
// notation). The solvers work on fixed-size row-major arrays (capacity N, a template parameter).
#pragma once

#include "collsweep/lcp/small_matrix.hpp"

// Device functions with large local arrays that are called from several places (the Lemke phase of each
// impact phase) are kept out of line on the GPU, so that their stack frame exists once per thread instead of
// once per inlined call site. On the host the compiler decides.
#if defined(__CUDACC__)
#define COLLSWEEP_LCP_NOINLINE __noinline__
#else
#define COLLSWEEP_LCP_NOINLINE
#endif

namespace collsweep {

// Relative tolerances of the pivoting solvers. "feasibility" accepts z_i, w_i >= -feasibility * scale
// (scale = the size of q, of A z); accepted values are then clamped to exact zero. "pivot" rejects a
// basis whose LU pivot is below pivot * max|A| (singular to working precision).
struct LcpTolerance {
  double feasibility = 1e-9;
  double pivot = 1e-11;
};

// Makes a numerically accepted solution exact in sign: z_i < 0 -> 0, then w = A z + q with
// w_i < 0 -> 0. The change is bounded by the feasibility tolerance that accepted the solution.
template <int N>
COLLSWEEP_HD_INLINE void lcp_clean(const double (&a)[N][N], const double (&q)[N], double (&z)[N],
                                   double (&w)[N]) {
  for (int i = 0; i < N; ++i) z[i] = max_d(z[i], 0.0);
  for (int i = 0; i < N; ++i) {
    double s = q[i];
    for (int j = 0; j < N; ++j) s += a[i][j] * z[j];
    w[i] = max_d(s, 0.0);
  }
}

// Worst violation of the LCP conditions, dimensionless (z is measured in units of 1/max|A|):
//   sign and equation errors -z_i |A|, -w_i, |w - A z - q|_i relative to max(|q|, |A| |z|) (what rounding
//   allows), and complementarity min(z_i |A|, w_i) relative to max|q| (the problem's own scale, so that a
//   huge z from a singular basis with z_i w_i != 0 cannot hide behind its own size).
template <int N>
COLLSWEEP_HD_INLINE double lcp_residual(const double (&a)[N][N], const double (&q)[N], const double (&z)[N],
                                        const double (&w)[N]) {
  const double sa = smallmat::max_abs(a);
  const double sq = max_d(smallmat::max_abs(q), 1e-300);
  const double scale = max_d(sq, sa * smallmat::max_abs(z));
  double r = 0.0;
  for (int i = 0; i < N; ++i) {
    double s = q[i];
    for (int j = 0; j < N; ++j) s += a[i][j] * z[j];
    r = max_d(r, abs_d(w[i] - s) / scale);
    r = max_d(r, -z[i] * sa / scale);
    r = max_d(r, -w[i] / scale);
    r = max_d(r, min_d(z[i] * sa, w[i]) / sq);
  }
  return r;
}

}  // namespace collsweep

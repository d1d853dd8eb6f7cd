// Fixed-size dense linear algebra for the small LCPs (n <= 12): LU solve, Cholesky, Jacobi eigenvalues.
//
// Everything works on plain row-major C arrays whose capacity N is a template parameter; an optional
// runtime size n <= N selects the leading n x n block (used by the basis enumeration, whose systems
// are principal submatrices of varying size). No heap, no exceptions: failures are return values.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/math/lanes.hpp"

namespace collsweep {
namespace smallmat {

inline constexpr double kEpsilon = 2.220446049250313e-16;
inline constexpr double kInfinity = __builtin_huge_val();

// Largest absolute entry of the leading n x n block (any lane type R, lanes.hpp). From 6 x 6 on (the LCP
// matrices of Lemke and of the basis enumeration) the column maxima first, independent chains that
// vectorize, then theirs: max is exact, so the order does not change a finite result.
template <class R, int N>
COLLSWEEP_HD_INLINE R max_abs(const R (&a)[N][N], int n = N) {
  R m{};
  if constexpr (N >= 6) {
    R col[N];
    for (int j = 0; j < N; ++j) col[j] = R{};
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) col[j] = max_r(col[j], abs_r(a[i][j]));
    for (int j = 0; j < n; ++j) m = max_r(m, col[j]);
  } else {
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) m = max_r(m, abs_r(a[i][j]));
  }
  return m;
}

template <class R, int N>
COLLSWEEP_HD_INLINE R max_abs(const R (&v)[N], int n = N) {
  R m{};
  for (int i = 0; i < n; ++i) m = max_r(m, abs_r(v[i]));
  return m;
}

// y = A x (leading n x n block).
template <int N>
COLLSWEEP_HD_INLINE void matvec(const double (&a)[N][N], const double (&x)[N], double (&y)[N], int n = N) {
  for (int i = 0; i < n; ++i) {
    double s = 0.0;
    for (int j = 0; j < n; ++j) s += a[i][j] * x[j];
    y[i] = s;
  }
}

template <int N>
COLLSWEEP_HD_INLINE double dot(const double (&x)[N], const double (&y)[N]) {
  double s = 0.0;
  for (int i = 0; i < N; ++i) s += x[i] * y[i];
  return s;
}

// x^T A x / 2 + x^T g (any lane type R).
template <class R, int N>
COLLSWEEP_HD_INLINE R quadratic_energy(const R (&a)[N][N], const R (&x)[N], const R (&g)[N]) {
  R s{};
  for (int i = 0; i < N; ++i) {
    R r{};
    for (int j = 0; j < N; ++j) r += a[i][j] * x[j];
    s += x[i] * (0.5 * r + g[i]);
  }
  return s;
}

// Solves the leading n x n system a x = b in place by Gaussian elimination with partial pivoting;
// b is overwritten by x. Returns false (a, b garbage) when a pivot is below pivot_tol in absolute
// value, i.e. the block is singular to the caller's tolerance (callers pass a tolerance relative to
// the scale of a). (A variant unrolled for compile-time sizes measured slower on the CPU.)
template <int N>
COLLSWEEP_HD bool lu_solve_inplace(double (&a)[N][N], double (&b)[N], int n, double pivot_tol) {
  for (int k = 0; k < n; ++k) {
    int p = k;
    double pmax = abs_d(a[k][k]);
    for (int i = k + 1; i < n; ++i) {  // (selects, not branches: the order of the |a_ik| is random)
      const double v = abs_d(a[i][k]);
      const bool larger = v > pmax;
      p = larger ? i : p;
      pmax = larger ? v : pmax;
    }
    if (!(pmax > pivot_tol)) return false;  // also rejects NaN
    if (p != k) {
      for (int j = k; j < n; ++j) {
        const double t = a[k][j];
        a[k][j] = a[p][j];
        a[p][j] = t;
      }
      const double t = b[k];
      b[k] = b[p];
      b[p] = t;
    }
    const double inv = 1.0 / a[k][k];
    for (int i = k + 1; i < n; ++i) {
      const double f = a[i][k] * inv;
      if (f == 0.0) continue;
      for (int j = k + 1; j < n; ++j) a[i][j] -= f * a[k][j];
      b[i] -= f * b[k];
    }
  }
  for (int i = n - 1; i >= 0; --i) {
    double s = b[i];
    for (int j = i + 1; j < n; ++j) s -= a[i][j] * b[j];
    b[i] = s / a[i][i];
  }
  return true;
}

// Solves the leading n x n system a X = B for R right-hand sides (columns of b) in place by Gaussian
// elimination with partial pivoting (the mode enumeration's systems of 3 and 4 unknowns; up to 2 it has
// closed forms for any lane type, glocker_modes.hpp). Returns false when a pivot is below pivot_tol
// (singular to the caller's tolerance).
template <int N, int R>
COLLSWEEP_HD_INLINE bool small_solve(double (&a)[N][N], double (&b)[N][R], int n, double pivot_tol) {
  for (int k = 0; k < n; ++k) {
    int p = k;
    for (int i = k + 1; i < n; ++i)
      if (abs_d(a[i][k]) > abs_d(a[p][k])) p = i;
    if (!(abs_d(a[p][k]) > pivot_tol)) return false;
    if (p != k) {
      for (int j = 0; j < n; ++j) {
        const double t = a[k][j];
        a[k][j] = a[p][j];
        a[p][j] = t;
      }
      for (int r = 0; r < R; ++r) {
        const double t = b[k][r];
        b[k][r] = b[p][r];
        b[p][r] = t;
      }
    }
    for (int i = k + 1; i < n; ++i) {
      const double f = a[i][k] / a[k][k];
      for (int j = k + 1; j < n; ++j) a[i][j] -= f * a[k][j];
      for (int r = 0; r < R; ++r) b[i][r] -= f * b[k][r];
    }
  }
  for (int i = n - 1; i >= 0; --i)
    for (int r = 0; r < R; ++r) {
      double s = b[i][r];
      for (int j = i + 1; j < n; ++j) s -= a[i][j] * b[j][r];
      b[i][r] = s / a[i][i];
    }
  return true;
}

// Outcome of a Cholesky factorization attempt of a symmetric matrix.
enum class CholeskyResult : unsigned char { spd = 0, singular, indefinite, asymmetric };

// Cholesky G = L L^T of a symmetric N x N matrix for any lane type R (lanes.hpp): the CholeskyResult of
// each lane as an integer. A pivot d_k (the Schur complement's diagonal) with d_k <= rel_tol * G_kk is
// "singular" when |d_k| <= rel_tol * G_kk and "indefinite" below that; asymmetry beyond sym_tol * max|G| is
// reported first. With rel_tol = 1e-12 this flags matrices with a condition number beyond about 1e12. L's
// lower triangle is written (upper set to 0); it is meaningless in a lane that is not spd. The work stops
// when every lane has failed.
template <class R, int N>
COLLSWEEP_HD_LANES LaneInt<R> cholesky_lanes(const R (&g)[N][N], R (&l)[N][N], double rel_tol = 1e-12,
                                             double sym_tol = 1e-12) {
  using Ops = LaneOps<R>;
  const R scale = max_abs(g);
  LaneMask<R> failed{};
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < i; ++j) failed = failed | (abs_r(g[i][j] - g[j][i]) > sym_tol * scale);
  LaneInt<R> status =
      failed ? Ops::splat_int(static_cast<int>(CholeskyResult::asymmetric)) : Ops::splat_int(0);
  if (Ops::all(failed)) return status;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) l[i][j] = R{};
  for (int k = 0; k < N; ++k) {
    R d = g[k][k];
    for (int m = 0; m < k; ++m) d -= l[k][m] * l[k][m];
    const R ref = abs_r(g[k][k]);
    const LaneMask<R> bad = Ops::lnot(d > rel_tol * ref) | Ops::lnot(ref > 0.0);
    const LaneMask<R> singular = (d >= -rel_tol * ref) & finite_r(d);
    status = (bad & Ops::lnot(failed))
                 ? (singular ? Ops::splat_int(static_cast<int>(CholeskyResult::singular))
                             : Ops::splat_int(static_cast<int>(CholeskyResult::indefinite)))
                 : status;
    failed = failed | bad;
    if (Ops::all(failed)) return status;
    const R lkk = Ops::sqrt(d);
    l[k][k] = lkk;
    for (int i = k + 1; i < N; ++i) {
      R s = g[i][k];
      for (int m = 0; m < k; ++m) s -= l[i][m] * l[k][m];
      l[i][k] = s / lkk;
    }
  }
  return status;
}

// The same for one matrix.
template <int N>
COLLSWEEP_HD CholeskyResult cholesky(const double (&g)[N][N], double (&l)[N][N], double rel_tol = 1e-12,
                                     double sym_tol = 1e-12) {
  return static_cast<CholeskyResult>(cholesky_lanes(g, l, rel_tol, sym_tol));
}

// x^T G^-1 x from the Cholesky factor: |L^-1 x|^2 (any lane type R).
template <class R, int N>
COLLSWEEP_HD_INLINE R inverse_quadratic_form(const R (&l)[N][N], const R (&x)[N]) {
  R y[N];
  R s{};
  for (int i = 0; i < N; ++i) {
    R r = x[i];
    for (int m = 0; m < i; ++m) r -= l[i][m] * y[m];
    y[i] = r / l[i][i];
    s += y[i] * y[i];
  }
  return s;
}

// A symmetric positive semidefinite matrix G as P L L^T P^T, L n x r lower trapezoidal with a positive
// diagonal, r = rank: Cholesky with diagonal pivoting (Higham, Accuracy and Stability of Numerical
// Algorithms, 2nd ed., Sect. 10.3, Algorithm 10.13), stopped when every remaining diagonal entry of the
// Schur complement is <= rel_tol max_k G_kk. The remaining Schur complement must then vanish to that
// tolerance (a positive semidefinite matrix has |s_ij| <= sqrt(s_ii s_jj)); a diagonal entry below
// -rel_tol max_k G_kk or an off-diagonal one beyond it means G is not positive semidefinite.
enum class SemidefiniteResult : unsigned char { psd = 0, indefinite, asymmetric };

template <int N>
struct SemidefiniteFactor {
  SemidefiniteResult result = SemidefiniteResult::psd;
  int rank = 0;
  int perm[N] = {};     // row k of L is row perm[k] of G
  double l[N][N] = {};  // L, rows in pivot order (columns 0 .. rank - 1 meaningful)
};

template <int N>
COLLSWEEP_HD SemidefiniteFactor<N> semidefinite_factor(const double (&g)[N][N], double rel_tol = 1e-12,
                                                       double sym_tol = 1e-12) {
  SemidefiniteFactor<N> f;
  const double scale = max_abs(g);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < i; ++j)
      if (abs_d(g[i][j] - g[j][i]) > sym_tol * scale) {
        f.result = SemidefiniteResult::asymmetric;
        return f;
      }
  double s[N][N];  // the Schur complement, in pivot order
  double dmax = 0.0;
  for (int i = 0; i < N; ++i) {
    f.perm[i] = i;
    dmax = max_d(dmax, g[i][i]);
    for (int j = 0; j < N; ++j) s[i][j] = 0.5 * (g[i][j] + g[j][i]);
  }
  const double tol = rel_tol * dmax;
  int k = 0;
  for (; k < N; ++k) {
    int p = k;
    for (int i = k + 1; i < N; ++i)
      if (s[i][i] > s[p][p]) p = i;
    if (!(s[p][p] > tol)) break;
    if (p != k) {  // symmetric swap of k and p in s, the rows of l and perm
      for (int j = 0; j < N; ++j) {
        const double t = s[k][j];
        s[k][j] = s[p][j];
        s[p][j] = t;
      }
      for (int i = 0; i < N; ++i) {
        const double t = s[i][k];
        s[i][k] = s[i][p];
        s[i][p] = t;
      }
      for (int j = 0; j < k; ++j) {
        const double t = f.l[k][j];
        f.l[k][j] = f.l[p][j];
        f.l[p][j] = t;
      }
      const int t = f.perm[k];
      f.perm[k] = f.perm[p];
      f.perm[p] = t;
    }
    const double lkk = ::sqrt(s[k][k]);
    f.l[k][k] = lkk;
    for (int i = k + 1; i < N; ++i) f.l[i][k] = s[i][k] / lkk;
    for (int i = k + 1; i < N; ++i)
      for (int j = k + 1; j < N; ++j) s[i][j] -= f.l[i][k] * f.l[j][k];
  }
  f.rank = k;
  for (int i = k; i < N; ++i)
    for (int j = k; j < N; ++j)
      if (s[i][j] < -tol || (i != j && abs_d(s[i][j]) > tol) || !(s[i][j] == s[i][j]))
        f.result = SemidefiniteResult::indefinite;
  return f;
}

// x^T G^+ x for x in the range of G (G^+ the Moore-Penrose pseudo-inverse), from G's semidefinite factor:
// with G = P L L^T P^T and L of full column rank, x = P L y has one solution y and x^T G^+ x = |y|^2. y comes
// from the first rank rows; false when the other rows miss x by more than range_tol (x outside the range).
template <int N>
COLLSWEEP_HD bool pseudo_inverse_quadratic_form(const SemidefiniteFactor<N>& f, const double (&x)[N],
                                                double range_tol, double* value) {
  double y[N];
  double s = 0.0;
  for (int i = 0; i < f.rank; ++i) {
    double r = x[f.perm[i]];
    for (int m = 0; m < i; ++m) r -= f.l[i][m] * y[m];
    y[i] = r / f.l[i][i];
    s += y[i] * y[i];
  }
  for (int i = f.rank; i < N; ++i) {
    double r = x[f.perm[i]];
    for (int m = 0; m < f.rank; ++m) r -= f.l[i][m] * y[m];
    if (!(abs_d(r) <= range_tol)) return false;
  }
  *value = s;
  return true;
}

// Eigenvalues of the leading n x n block of a symmetric matrix by the Jacobi method (a must be exactly
// symmetric and is destroyed; eigenvalues returned unsorted in eig[0..n)). Jacobi is accurate to a few ulps
// of the matrix norm and converges quadratically; 30 sweeps are far more than n <= 12 ever needs (4 x 4
// Delassus matrices take 4-5).
//
// Ordering: each sweep is a round-robin tournament (Brent & Luk's parallel ordering): n - 1 rounds (n
// rounded up to even; the extra index is a bye) of n/2 disjoint pairs. The rotations of one round commute
// and each one's angle depends only on its own 2 x 2 block, which the others leave unchanged, so an
// out-of-order processor overlaps their square roots and divisions. Each rotation updates only what it
// changes, in Rutishauser's form (Numerical Recipes 3rd ed. Sect. 11.1, eqs. 11.1.14-11.1.18: a_pp -= t a_pq,
// a_qq += t a_pq, a_kp -= s (a_kq + tau a_kp), a_kq += s (a_kp - tau a_kq), tau = s / (1 + c)), writing both
// triangles so that the matrix stays exactly symmetric.
//
// Any lane type R (math/lanes.hpp): a lane whose off-diagonal mass has converged stops rotating (its entries
// are kept by selects), so every lane gets the bits of the one-matrix run; the sweeps end when all have.
inline constexpr int kJacobiMaxSweeps = 30;

// The lanes of `active` whose off-diagonal mass has not yet converged (the test that starts each sweep).
template <class R, int N>
COLLSWEEP_HD_LANES LaneMask<R> jacobi_unconverged(const R (&a)[N][N], int n, LaneMask<R> active) {
  R off{}, diag{};
  for (int i = 0; i < n; ++i) {
    diag += a[i][i] * a[i][i];
    for (int j = i + 1; j < n; ++j) off += a[i][j] * a[i][j];
  }
  return active & (off > kEpsilon * kEpsilon * 1e-4 * diag);
}

// Rounds per sweep of the tournament on n indices.
COLLSWEEP_HD_INLINE int jacobi_rounds(int n) { return n + (n & 1) - 1; }

// Round `round` of one sweep: the rotations of its disjoint pairs, in the lanes of `active`.
template <class R, int N>
COLLSWEEP_HD_LANES void jacobi_round(R (&a)[N][N], int n, int round, LaneMask<R> active) {
  using Ops = LaneOps<R>;
  const int m = n + (n & 1);  // players of the tournament; index n (odd n) is the bye
  // Circle method: player 0 stays, players 1 .. m-1 rotate by `round`; pair i meets pair m-1-i.
  for (int i = 0; i < m / 2; ++i) {
    int xr = i - 1 + round, yr = m - 2 - i + round;  // both < 2 (m - 1): one subtraction reduces them
    if (xr >= m - 1) xr -= m - 1;
    if (yr >= m - 1) yr -= m - 1;
    const int x = i == 0 ? 0 : 1 + xr;
    const int y = 1 + yr;
    const int p = x < y ? x : y, q = x < y ? y : x;
    if (q >= n) continue;  // the bye
    const R apq = a[p][q];
    const LaneMask<R> rot = active & (apq != 0.0);
    if (!Ops::any(rot)) continue;
    // Rotation that annihilates a_pq (Golub & Van Loan, Alg. 8.5.1, symmetric Schur 2x2).
    const R theta = (a[q][q] - a[p][p]) / (2.0 * apq);
    const R abs_theta = theta < 0.0 ? -theta : theta;
    const R t =
        (theta >= 0.0 ? Ops::splat(1.0) : Ops::splat(-1.0)) / (abs_theta + Ops::sqrt(theta * theta + 1.0));
    const R c = 1.0 / Ops::sqrt(t * t + 1.0);
    const R s = t * c;
    const R tau = s / (1.0 + c);
    a[p][p] = rot ? a[p][p] - t * apq : a[p][p];
    a[q][q] = rot ? a[q][q] + t * apq : a[q][q];
    a[p][q] = rot ? R{} : apq;
    a[q][p] = a[p][q];
    for (int k = 0; k < n; ++k) {
      if (k == p || k == q) continue;
      const R akp = a[k][p], akq = a[k][q];
      const R kp = rot ? akp - s * (akq + tau * akp) : akp;
      const R kq = rot ? akq + s * (akp - tau * akq) : akq;
      a[k][p] = kp;
      a[p][k] = kp;
      a[k][q] = kq;
      a[q][k] = kq;
    }
  }
}

// The sweeps of one Jacobi run on the leading n x n block, until every lane has converged.
template <class R, int N>
COLLSWEEP_HD_LANES void jacobi_run(R (&a)[N][N], int n) {
  using Ops = LaneOps<R>;
  LaneMask<R> active = Ops::true_mask();
  for (int sweep = 0; sweep < kJacobiMaxSweeps; ++sweep) {
    active = jacobi_unconverged(a, n, active);
    if (!Ops::any(active)) break;
    for (int round = 0; round < jacobi_rounds(n); ++round) jacobi_round(a, n, round, active);
  }
}

template <int N>
COLLSWEEP_HD void jacobi_eigenvalues(double (&a)[N][N], double (&eig)[N], int n = N) {
  if (n > N) n = N;  // (callers pass n <= N; this lets the compiler see every index in bounds)
  jacobi_run(a, n);
  for (int i = 0; i < n; ++i) eig[i] = a[i][i];
}

// w = (a + a^T) / 2 on the leading n x n block (exactly symmetric, as Jacobi needs).
template <class R, int N>
COLLSWEEP_HD_INLINE void symmetrized(const R (&a)[N][N], int n, R (&w)[N][N]) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) w[i][j] = 0.5 * (a[i][j] + a[j][i]);
}

// Smallest and largest eigenvalue of each of the `count` symmetric matrices w[p] (leading n[p] x n[p]
// blocks, destroyed). Their Jacobi runs are interleaved round by round: one run is a chain of dependent
// square roots and divisions (latency-bound), several overlap. Each matrix gets the bits of its run alone
// (eigen_range): a run whose lanes have all converged only skips its rotations.
template <class R, int N, int Q>
COLLSWEEP_HD_LANES void eigen_ranges(R (&w)[Q][N][N], const int (&n)[Q], int count, R (&lmin)[Q],
                                     R (&lmax)[Q]) {
  if (count > Q) count = Q;
#if defined(__CUDA_ARCH__)
  // A GPU hides the latency with other threads: one run after another keeps one matrix's state live.
  for (int p = 0; p < count; ++p) jacobi_run(w[p], n[p]);
#else
  using Ops = LaneOps<R>;
  LaneMask<R> active[Q];
  int rounds = 0;  // the most of any run
  for (int p = 0; p < count; ++p) {
    active[p] = Ops::true_mask();
    rounds = jacobi_rounds(n[p]) > rounds ? jacobi_rounds(n[p]) : rounds;
  }
  for (int sweep = 0; sweep < kJacobiMaxSweeps; ++sweep) {
    bool any = false;
    for (int p = 0; p < count; ++p) {
      active[p] = jacobi_unconverged(w[p], n[p], active[p]);
      any = any || Ops::any(active[p]);
    }
    if (!any) break;
    for (int round = 0; round < rounds; ++round)
      for (int p = 0; p < count; ++p)
        if (round < jacobi_rounds(n[p])) jacobi_round(w[p], n[p], round, active[p]);
  }
#endif
  for (int p = 0; p < count; ++p) {
    lmin[p] = w[p][0][0];
    lmax[p] = w[p][0][0];
    for (int i = 1; i < n[p]; ++i) {
      lmin[p] = min_r(lmin[p], w[p][i][i]);
      lmax[p] = max_r(lmax[p], w[p][i][i]);
    }
  }
}

// Smallest and largest eigenvalue of the leading n x n block of a symmetric matrix (copied; any lane type).
template <class R, int N>
COLLSWEEP_HD_LANES void eigen_range(const R (&a)[N][N], int n, R& lmin, R& lmax) {
  R w[1][N][N];
  symmetrized(a, n, w[0]);
  const int sizes[1] = {n};
  R lo[1], hi[1];
  eigen_ranges(w, sizes, 1, lo, hi);
  lmin = lo[0];
  lmax = hi[0];
}

}  // namespace smallmat
}  // namespace collsweep

// When a multi-contact G counts as nearly singular (full numerical rank, cond2(G) > 1e8), for `solve`,
// `eval`, sweeps and Python alike; and the cheap test that decides it from G's LDL^T factors.
#pragma once

#include "collsweep/hd.hpp"
#include "collsweep/lcp/cond_bracket.hpp"
#include "collsweep/lcp/small_matrix.hpp"

namespace collsweep {

// The bound on cond2(G) = lambda_max / lambda_min. Outcomes are told apart at 1e-8 max|gamma^-|
// (docs/multicontact.md, "Solvers"). An impact's impulses are of the size |Lambda| ~ |gamma^-| / lambda_max
// that changes gamma by about |gamma^-| along G's stiffest direction; impulses that differ by that much along
// G's eigenvector of lambda_min change gamma^+ = gamma^- + G Lambda by lambda_min |dLambda| ~ |gamma^-| /
// cond2(G), less than the outcome tolerance once cond2(G) > 1e8. Such a G is singular at the precision at
// which outcomes are counted: solutions that differ along its soft direction are one outcome, as on a
// singular G (docs/multicontact.md, "Semidefinite G").
inline constexpr double kNearSingularCond = 1e8;

// The eigenvalue condition number as glocker_conditions reports it (cond_G): inf without a positive
// lambda_min.
COLLSWEEP_HD_INLINE double eigen_cond(double lmin, double lmax) {
  return lmin > 0.0 ? lmax / lmin : smallmat::kInfinity;
}

// The definition: G of full numerical rank (rank == rows, the laws' delassus_rank) whose Jacobi condition
// number cond_G (glocker_conditions, smallmat::eigen_range) exceeds kNearSingularCond. A G of lower rank is
// semidefinite, not nearly singular.
COLLSWEEP_HD_INLINE bool near_singular_delassus(int rank, int rows, double cond_G) {
  return rank == rows && cond_G > kNearSingularCond;
}

// How far an end of the bracket (smallmat::cond_bracket, from G's LDL^T factors) must clear the bound to
// decide. The inverse computed from a triangular factorization is good to about n eps cond2(G) of
// ||G^-1|| (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., Ch. 14), hence
// max_i (G^-1)_ii >= ||G^-1|| / n to n^2 eps cond2(G) relative; where the lower end is near the bound,
// cond2(G) <= n^2 lower ~ 6.4e9 (n <= 8), so about 1e-4, and the upper end, where cond2(G) <= 1e8, to about
// n eps 1e8 ~ 2e-7. Jacobi's cond_G is good to about eps cond2(G). Beyond the margin both sides of the
// comparison agree; it widens the band left to Jacobi by 1 % at each end, which the ratio upper / lower (up
// to n^2) dwarfs.
inline constexpr double kCondBracketMargin = 1e-2;

// What a bracket decides: nearly singular (lower end beyond the bound), not (upper end below it), or
// neither (the bracket contains the bound, or G has a pivot <= 0: Jacobi's eigenvalues decide).
enum class CondVerdict : unsigned char { regular = 0, near_singular, undecided };

COLLSWEEP_HD_INLINE CondVerdict cond_verdict(const smallmat::CondBracketOf<double>& b) {
  if (!b.positive) return CondVerdict::undecided;
  if (b.lower > kNearSingularCond * (1.0 + kCondBracketMargin)) return CondVerdict::near_singular;
  if (b.upper < kNearSingularCond * (1.0 - kCondBracketMargin)) return CondVerdict::regular;
  return CondVerdict::undecided;
}

// The definition itself, from G's Jacobi eigenvalues, for a G of full rank.
template <int N>
COLLSWEEP_HD bool near_singular_by_eigenvalues(const double (&g)[N][N]) {
  double lmin = 0.0, lmax = 0.0;
  smallmat::eigen_range(g, N, lmin, lmax);
  return near_singular_delassus(N, N, eigen_cond(lmin, lmax));
}

// near_singular_delassus(rank, N, cond_G of G) at a fraction of the cost: the bracket decides unless it
// contains the bound (verdict: the bracket's, when the caller has it already, e.g. from the SIMD lanes).
template <int N>
COLLSWEEP_HD bool delassus_near_singular(const double (&g)[N][N], int rank, CondVerdict verdict) {
  if (rank != N) return false;
  if (verdict != CondVerdict::undecided) return verdict == CondVerdict::near_singular;
  return near_singular_by_eigenvalues(g);
}
template <int N>
COLLSWEEP_HD bool delassus_near_singular(const double (&g)[N][N], int rank) {
  if (rank != N) return false;
  return delassus_near_singular(g, rank, cond_verdict(smallmat::cond_bracket(g)));
}

}  // namespace collsweep

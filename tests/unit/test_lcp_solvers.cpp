// Small dense linear algebra and the two LCP solvers (basis enumeration, lexicographic Lemke) on known
// problems.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "collsweep/lcp/lemke.hpp"
#include "collsweep/reference/lcp_enumerate.hpp"

namespace collsweep {
namespace {

// Reproducible uniform and normal draws (mt19937_64's output is specified; std distributions are not).
struct Rng {
  std::mt19937_64 g{12345};
  double u01() { return (static_cast<double>(g() >> 11) + 0.5) * 0x1.0p-53; }
  double normal() { return std::sqrt(-2.0 * std::log(u01())) * std::cos(6.283185307179586 * u01()); }
};

template <int N>
struct Collect {
  std::vector<std::vector<double>> z, w;
  void operator()(const double (&zz)[N], const double (&ww)[N]) {
    z.emplace_back(zz, zz + N);
    w.emplace_back(ww, ww + N);
  }
};

TEST(SmallMatrix, LuSolveWithPivotingAndSingularDetection) {
  double a[3][3] = {{0, 2, 1}, {1, 1, 1}, {2, 1, 0}};  // a[0][0] = 0 needs a row swap
  double b[3] = {5, 4, 4};                             // x = (1, 2, 1)
  ASSERT_TRUE(smallmat::lu_solve_inplace(a, b, 3, 1e-12));
  EXPECT_NEAR(b[0], 1.0, 1e-14);
  EXPECT_NEAR(b[1], 2.0, 1e-14);
  EXPECT_NEAR(b[2], 1.0, 1e-14);
  double s[3][3] = {{1, 2, 3}, {2, 4, 6}, {1, 0, 1}};  // rank 2
  double r[3] = {1, 2, 3};
  EXPECT_FALSE(smallmat::lu_solve_inplace(s, r, 3, 1e-12));
  double lead[3][3] = {{4, 1, 99}, {1, 3, 99}, {99, 99, 99}};  // only the leading 2 x 2 block is used
  double rl[3] = {6, 7, 0};                                    // x = (1, 2)
  ASSERT_TRUE(smallmat::lu_solve_inplace(lead, rl, 2, 1e-12));
  EXPECT_NEAR(rl[0], 1.0, 1e-14);
  EXPECT_NEAR(rl[1], 2.0, 1e-14);
}

TEST(SmallMatrix, CholeskyClassifiesAndGivesInverseQuadraticForm) {
  double l[2][2];
  const double spd[2][2] = {{4, 2}, {2, 3}};
  ASSERT_EQ(smallmat::cholesky(spd, l), smallmat::CholeskyResult::spd);
  const double x[2] = {1, -1};  // x^T G^-1 x with G^-1 = [[3,-2],[-2,4]]/8: (3 + 4 + 4)/8
  EXPECT_NEAR(smallmat::inverse_quadratic_form(l, x), 11.0 / 8.0, 1e-15);
  const double sing[2][2] = {{1, 1}, {1, 1}};
  EXPECT_EQ(smallmat::cholesky(sing, l), smallmat::CholeskyResult::singular);
  const double indef[2][2] = {{1, 2}, {2, 1}};
  EXPECT_EQ(smallmat::cholesky(indef, l), smallmat::CholeskyResult::indefinite);
  const double asym[2][2] = {{2, 1}, {0, 2}};
  EXPECT_EQ(smallmat::cholesky(asym, l), smallmat::CholeskyResult::asymmetric);
}

TEST(SmallMatrix, JacobiEigenvaluesOfKnownSpectrum) {
  // A = Q diag(1, 2, 5, 10) Q^T with Q a product of two plane rotations.
  const double lam[4] = {1, 2, 5, 10};
  double q[4][4] = {};
  const double c1 = std::cos(0.3), s1 = std::sin(0.3), c2 = std::cos(1.1), s2 = std::sin(1.1);
  const double r1[4][4] = {{c1, -s1, 0, 0}, {s1, c1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  const double r2[4][4] = {{1, 0, 0, 0}, {0, c2, 0, -s2}, {0, 0, 1, 0}, {0, s2, 0, c2}};
  const double r3[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, c1, -s1}, {0, 0, s1, c1}};
  double t[4][4] = {};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) t[i][j] += r1[i][k] * r2[k][j];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) q[i][j] += t[i][k] * r3[k][j];
  double a[4][4] = {};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) a[i][j] += q[i][k] * lam[k] * q[j][k];
  double lo, hi;
  smallmat::eigen_range(a, 4, lo, hi);
  EXPECT_NEAR(lo, 1.0, 1e-13);
  EXPECT_NEAR(hi, 10.0, 1e-13);
  double e[4];
  smallmat::jacobi_eigenvalues(a, e);
  double sum = 0, prod = 1;
  for (double v : e) {
    sum += v;
    prod *= v;
  }
  EXPECT_NEAR(sum, 18.0, 1e-12);
  EXPECT_NEAR(prod, 100.0, 1e-11);
}

// eigen_ranges interleaves several Jacobi runs; each matrix must get exactly the bits of its own run, also
// when the runs have different sizes and one has converged before the others (a diagonal matrix).
TEST(SmallMatrix, InterleavedEigenRangesGiveTheBitsOfSeparateRuns) {
  Rng rng;
  for (int trial = 0; trial < 300; ++trial) {
    double a[3][4][4];
    const int sizes[3] = {4, 3 - trial % 2, 2 + trial % 3};
    for (int p = 0; p < 3; ++p)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j <= i; ++j) a[p][i][j] = a[p][j][i] = rng.normal();
    if (trial % 5 == 0)
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
          if (i != j) a[1][i][j] = 0.0;
    for (int count = 1; count <= 3; ++count) {
      double w[3][4][4], lo[3], hi[3];
      for (int p = 0; p < count; ++p) smallmat::symmetrized(a[p], sizes[p], w[p]);
      smallmat::eigen_ranges(w, sizes, count, lo, hi);
      for (int p = 0; p < count; ++p) {
        double w1[4][4], e[4];  // the one-matrix run (jacobi_eigenvalues' own sweep loop)
        smallmat::symmetrized(a[p], sizes[p], w1);
        smallmat::jacobi_eigenvalues(w1, e, sizes[p]);
        double lo1 = e[0], hi1 = e[0];
        for (int i = 1; i < sizes[p]; ++i) {
          lo1 = std::min(lo1, e[i]);
          hi1 = std::max(hi1, e[i]);
        }
        EXPECT_EQ(lo[p], lo1) << "trial " << trial << " matrix " << p << " of " << count;
        EXPECT_EQ(hi[p], hi1) << "trial " << trial << " matrix " << p << " of " << count;
        EXPECT_LE(lo[p], hi[p]);
      }
    }
  }
}

TEST(LcpEnumerate, FindsAllThreeSolutionsOfANonPMatrixProblem) {
  // A = [[1,2],[2,1]], q = (-1,-1): z = (1,0), (0,1) and (1/3,1/3).
  const double a[2][2] = {{1, 2}, {2, 1}};
  const double q[2] = {-1, -1};
  Collect<2> sol;
  EXPECT_EQ(lcp_enumerate(a, q, sol), 3);
  ASSERT_EQ(sol.z.size(), 3u);
  // Bitmask order: {z1} = mask 1, {z2} = mask 2, {z1, z2} = mask 3.
  EXPECT_NEAR(sol.z[0][0], 1.0, 1e-15);
  EXPECT_EQ(sol.z[0][1], 0.0);
  EXPECT_NEAR(sol.w[0][1], 1.0, 1e-15);
  EXPECT_NEAR(sol.z[1][1], 1.0, 1e-15);
  EXPECT_NEAR(sol.z[2][0], 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(sol.z[2][1], 1.0 / 3.0, 1e-15);
  for (size_t k = 0; k < 3; ++k) {
    double z[2] = {sol.z[k][0], sol.z[k][1]}, w[2] = {sol.w[k][0], sol.w[k][1]};
    EXPECT_LE(lcp_residual(a, q, z, w), 1e-15);
  }
  // Lemke returns one of them.
  const LemkeResult<2> r = lcp_lemke(a, q);
  ASSERT_EQ(r.status, LemkeStatus::ok);
  bool among = false;
  for (size_t k = 0; k < 3; ++k)
    among = among || (std::abs(r.z[0] - sol.z[k][0]) < 1e-14 && std::abs(r.z[1] - sol.z[k][1]) < 1e-14);
  EXPECT_TRUE(among) << r.z[0] << " " << r.z[1];
}

TEST(LcpSolvers, InfeasibleProblemHasNoSolutionAndLemkeEndsOnARay) {
  // w = -z - 1 >= 0 is impossible for z >= 0.
  const double a[1][1] = {{-1}};
  const double q[1] = {-1};
  Collect<1> sol;
  EXPECT_EQ(lcp_enumerate(a, q, sol), 0);
  EXPECT_EQ(lcp_lemke(a, q).status, LemkeStatus::ray);
}

TEST(LcpSolvers, TrivialAndPivotCap) {
  const double a[2][2] = {{2, 1}, {1, 2}};
  const double qpos[2] = {1, 0};
  const LemkeResult<2> t = lcp_lemke(a, qpos);
  EXPECT_EQ(t.status, LemkeStatus::ok);
  EXPECT_EQ(t.pivots, 0);
  EXPECT_EQ(t.z[0], 0.0);
  EXPECT_EQ(t.w[0], 1.0);
  const double q[2] = {-1, -1};  // solution z = (1/3, 1/3) needs 3 pivots (z0 in, z_i, z_j)
  const LemkeResult<2> full = lcp_lemke(a, q);
  ASSERT_EQ(full.status, LemkeStatus::ok);
  EXPECT_NEAR(full.z[0], 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(full.z[1], 1.0 / 3.0, 1e-15);
  EXPECT_EQ(full.pivots, 3);
  EXPECT_EQ(lcp_lemke(a, q, LcpTolerance{}, 2).status, LemkeStatus::pivot_cap);
}

TEST(LcpSolvers, DegenerateCyclingProneProblemIsSolvedLexicographically) {
  // A classic degenerate instance: several zero components of q and ties in the ratio test.
  const double a[3][3] = {{1, 2, 0}, {0, 1, 2}, {2, 0, 1}};
  const double q[3] = {-1, -1, -1};
  const LemkeResult<3> r = lcp_lemke(a, q);
  ASSERT_EQ(r.status, LemkeStatus::ok);
  EXPECT_LE(lcp_residual(a, q, r.z, r.w), 1e-14);
  const double q0[3] = {0, 0, -1};
  const LemkeResult<3> r0 = lcp_lemke(a, q0);
  ASSERT_EQ(r0.status, LemkeStatus::ok);
  EXPECT_LE(lcp_residual(a, q0, r0.z, r0.w), 1e-14);
}

// P-matrices (here SPD + skew parts) have a unique solution: both solvers must find it.
TEST(LcpSolvers, RandomPMatrixProblemsAgreeAndAreExact) {
  Rng rng;
  constexpr int N = 6;
  int nontrivial = 0;
  for (int s = 0; s < 2000; ++s) {
    double b[N][N], a[N][N], q[N];
    for (auto& row : b)
      for (double& v : row) v = rng.normal();
    for (int i = 0; i < N; ++i) {
      q[i] = rng.normal();
      for (int j = 0; j < N; ++j) {
        double t = 0.0;
        for (int k = 0; k < N; ++k) t += b[i][k] * b[j][k];
        a[i][j] = t + (i == j ? 0.1 : 0.0) + 0.5 * (b[i][j] - b[j][i]);  // SPD + skew: a P-matrix
      }
    }
    Collect<N> sol;
    ASSERT_EQ(lcp_enumerate(a, q, sol), 1) << "sample " << s;
    const LemkeResult<N> r = lcp_lemke(a, q);
    ASSERT_EQ(r.status, LemkeStatus::ok) << "sample " << s;
    EXPECT_LE(lcp_residual(a, q, r.z, r.w), 1e-12);
    double z[N], w[N];
    for (int i = 0; i < N; ++i) {
      z[i] = sol.z[0][i];
      w[i] = sol.w[0][i];
      EXPECT_NEAR(r.z[i], z[i], 1e-9 * (1.0 + std::abs(z[i])));
    }
    EXPECT_LE(lcp_residual(a, q, z, w), 1e-12);
    nontrivial += r.pivots > 2;
  }
  EXPECT_GT(nontrivial, 1000);  // the problems exercise real pivoting
}

}  // namespace
}  // namespace collsweep

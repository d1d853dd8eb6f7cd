// first_order_solve (lcp/first_order_solve.hpp): the limit x0 and first-order term x1 of (A0 + eps A1) x =
// r0 + eps r1, checked by hand on small systems and, on random ones with A0 regular or of lower rank, against
// the solution at small eps (x(eps) = x0 + eps x1 + O(eps^2)); poles and continua are refused, and a
// refusal decided at zeroth order is told apart.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>

#include "collsweep/lcp/first_order_solve.hpp"

namespace collsweep {
namespace {

constexpr double kPivot = 1e-10, kRhs = 1e-12;

TEST(FirstOrderSolve, SingularLeadingTermFixedByTheFirstOrder) {
  // diag(1, eps) x = (1, 2 eps): x = (1, 2) for every eps > 0, though A0 = diag(1, 0) leaves x_2 free.
  const double a0[2][2] = {{1, 0}, {0, 0}}, a1[2][2] = {{0, 0}, {0, 1}};
  const double r0[2] = {1, 0}, r1[2] = {0, 2};
  const FirstOrderSolution<2> x = first_order_solve(a0, a1, r0, r1, kPivot, kRhs);
  ASSERT_TRUE(x.ok);
  EXPECT_DOUBLE_EQ(x.x0[0], 1.0);
  EXPECT_DOUBLE_EQ(x.x0[1], 2.0);
  EXPECT_DOUBLE_EQ(x.x1[0], 0.0);
  EXPECT_DOUBLE_EQ(x.x1[1], 0.0);
}

TEST(FirstOrderSolve, PolesAndContinuaAreRefused) {
  const double a0[2][2] = {{1, 0}, {0, 0}}, a1[2][2] = {{0, 0}, {0, 1}};
  // diag(1, eps) x = (1, 1): x_2 = 1 / eps grows without bound (A0 x0 = r0 is inconsistent).
  const double r0[2] = {1, 1}, r1[2] = {0, 0};
  EXPECT_FALSE((first_order_solve(a0, a1, r0, r1, kPivot, kRhs).ok));
  // (1 + eps) [[1, 1], [1, 1]] x = (1, 1): singular for every eps, a line of solutions.
  const double b0[2][2] = {{1, 1}, {1, 1}}, s0[2] = {1, 1}, s1[2] = {1, 1};
  EXPECT_FALSE((first_order_solve(b0, b0, s0, s1, kPivot, kRhs).ok));
}

TEST(FirstOrderSolve, ContinuumAndLeastNormFirstOrder) {
  // diag(1 + eps, 0) x = (1 + 3 eps, 0): A1 never reaches the null direction, x_2 is free for every eps.
  const double a0[2][2] = {{1, 0}, {0, 0}}, a1[2][2] = {{1, 0}, {0, 0}};
  const double r0[2] = {1, 0}, r1[2] = {3, 0};
  EXPECT_FALSE((first_order_solve(a0, a1, r0, r1, kPivot, kRhs).ok));
  // [[1, 1], [eps, -eps]] x = (4 + 2 eps, 2 eps): x = (3 + eps, 1 + eps). The first order fixes
  // x0 = (3, 1) (x0_1 - x0_2 = 2) and leaves x1 free along null(A0) = (1, -1) with x1_1 + x1_2 = 2: the
  // least-norm x1 is (1, 1).
  const double b0[2][2] = {{1, 1}, {0, 0}}, b1[2][2] = {{0, 0}, {1, -1}};
  const double q0[2] = {4, 0}, q1[2] = {2, 2};
  const FirstOrderSolution<2> x = first_order_solve(b0, b1, q0, q1, kPivot, kRhs);
  ASSERT_TRUE(x.ok);
  EXPECT_NEAR(x.x0[0], 3.0, 1e-15);
  EXPECT_NEAR(x.x0[1], 1.0, 1e-15);
  EXPECT_NEAR(x.x1[0], 1.0, 1e-15);
  EXPECT_NEAR(x.x1[1], 1.0, 1e-15);
}

TEST(FirstOrderSolve, AZerothOrderRefusalIsToldApart) {
  // A regular A0 whose x0 the caller refuses: not ok, decided at zeroth order, x1 not computed.
  const double a0[2][2] = {{2, 0}, {0, 1}}, a1[2][2] = {{1, 0}, {0, 1}};
  const double r0[2] = {2, -3}, r1[2] = {5, 5};
  int asked = 0;
  auto nonnegative = [&](const double(&x0)[2]) {
    ++asked;
    return x0[0] >= 0.0 && x0[1] >= 0.0;
  };
  const FirstOrderSolution<2> refused = first_order_solve(a0, a1, r0, r1, kPivot, kRhs, nonnegative);
  EXPECT_FALSE(refused.ok);
  EXPECT_TRUE(refused.zeroth_order_fails);
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(refused.x0[1], -3.0);
  EXPECT_EQ(refused.x1[0], 0.0) << "x1 is not computed for a refused x0";
  // The same refusal on a singular A0 whose x0 the first order fixes depends on A1: not zeroth order's.
  const double s0[2][2] = {{1, 0}, {0, 0}}, s1[2][2] = {{0, 0}, {0, 1}};
  const double q0[2] = {1, 0}, q1[2] = {0, -2};  // x = (1, -2) for every eps
  const FirstOrderSolution<2> singular = first_order_solve(s0, s1, q0, q1, kPivot, kRhs, nonnegative);
  EXPECT_FALSE(singular.ok);
  EXPECT_FALSE(singular.zeroth_order_fails);
  EXPECT_EQ(asked, 2);
  // An inconsistent A0 x0 = r0 (a pole) fails at zeroth order, before the caller is asked; a continuum
  // (singular for every eps) does not.
  const double pole0[2] = {1, 1}, zero[2] = {0, 0};
  EXPECT_TRUE((first_order_solve(s0, s1, pole0, zero, kPivot, kRhs, nonnegative).zeroth_order_fails));
  const double c1[2][2] = {{1, 0}, {0, 0}}, c0r[2] = {1, 0};
  const FirstOrderSolution<2> continuum = first_order_solve(s0, c1, c0r, zero, kPivot, kRhs, nonnegative);
  EXPECT_FALSE(continuum.ok);
  EXPECT_FALSE(continuum.zeroth_order_fails);
  EXPECT_EQ(asked, 2);
  // Accepted: the same x0 and x1 as without a test.
  const double r0_ok[2] = {2, 3};
  const FirstOrderSolution<2> kept = first_order_solve(a0, a1, r0_ok, r1, kPivot, kRhs, nonnegative);
  const FirstOrderSolution<2> plain = first_order_solve(a0, a1, r0_ok, r1, kPivot, kRhs);
  ASSERT_TRUE(kept.ok);
  EXPECT_FALSE(kept.zeroth_order_fails);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(kept.x0[i], plain.x0[i]);
    EXPECT_EQ(kept.x1[i], plain.x1[i]);
  }
}

// Random systems of size 6: A0 of rank 6 or 4 (a product of random factors), A1 random, r = (A0 + eps A1) x
// to first order for a random branch x(eps) = y0 + eps y1 + ...: the limit must be y0 and the first-order
// term y1 up to null(A0), least-norm (A0 regular: exactly y1).
TEST(FirstOrderSolve, RandomBranchesAreRecovered) {
  constexpr int N = 6;
  std::mt19937_64 rng(42);
  std::normal_distribution<double> g;
  auto random = [&](int rows, int cols) {
    Eigen::MatrixXd m(rows, cols);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) m(i, j) = g(rng);
    return m;
  };
  for (int rank : {6, 4}) {
    for (int trial = 0; trial < 200; ++trial) {
      SCOPED_TRACE("rank " + std::to_string(rank) + ", trial " + std::to_string(trial));
      const Eigen::MatrixXd A0 = random(N, rank) * random(rank, N), A1 = random(N, N);
      const Eigen::VectorXd y0 = random(N, 1), y1 = random(N, 1);
      // (A0 + eps A1)(y0 + eps y1) = A0 y0 + eps (A0 y1 + A1 y0) + O(eps^2).
      const Eigen::VectorXd R0 = A0 * y0, R1 = A0 * y1 + A1 * y0;
      double a0[N][N], a1[N][N], r0[N], r1[N];
      for (int i = 0; i < N; ++i) {
        for (int j = 0; j < N; ++j) {
          a0[i][j] = A0(i, j);
          a1[i][j] = A1(i, j);
        }
        r0[i] = R0(i);
        r1[i] = R1(i);
      }
      const FirstOrderSolution<N> x = first_order_solve(a0, a1, r0, r1, kPivot, 1e-9 * R0.norm());
      ASSERT_TRUE(x.ok);
      Eigen::VectorXd x0(N), x1(N);
      for (int i = 0; i < N; ++i) {
        x0(i) = x.x0[i];
        x1(i) = x.x1[i];
      }
      EXPECT_LT((x0 - y0).norm(), 1e-9 * (1.0 + y0.norm()));
      // x1 - y1 in null(A0), and x1 least-norm: orthogonal to null(A0).
      EXPECT_LT((A0 * (x1 - y1)).norm(), 1e-8 * (1.0 + y1.norm()) * A0.norm());
      const Eigen::FullPivLU<Eigen::MatrixXd> lu(A0);
      if (rank == N) {
        EXPECT_LT((x1 - y1).norm(), 1e-8 * (1.0 + y1.norm()));
      } else {
        const Eigen::MatrixXd nullspace = lu.kernel();
        EXPECT_LT((nullspace.transpose() * x1).norm(), 1e-8 * (1.0 + x1.norm()) * nullspace.norm());
      }
    }
  }
}

}  // namespace
}  // namespace collsweep

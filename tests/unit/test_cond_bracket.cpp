// The bracket of cond2(G) from G's LDL^T factors (lcp/cond_bracket.hpp) and the near-singular flag it decides
// (models/multicontact/near_singular.hpp): lower <= cond2(G) <= upper on random SPD G, and the flag equals
// the eigenvalue definition (glocker_conditions' cond_G > 1e8) everywhere, in the band the bracket leaves to
// Jacobi and at the bound itself.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <random>

#include "collsweep/models/multicontact/laws/glocker_conditions.hpp"
#include "collsweep/models/multicontact/near_singular.hpp"

namespace collsweep {
namespace {

// G = Q diag(lambda) Q^T, Q Haar-random (QR of a Gaussian; the identity when diagonal), lambda log-uniform
// between 1 and 1/cond with both ends taken, made exactly symmetric.
template <int N>
void spd_with_cond(std::mt19937_64& rng, double cond, bool diagonal, double (&g)[N][N]) {
  std::normal_distribution<double> z;
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Eigen::Matrix<double, N, N> A;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) A(i, j) = z(rng);
  const Eigen::Matrix<double, N, N> Q = diagonal
                                            ? Eigen::Matrix<double, N, N>::Identity()
                                            : Eigen::Matrix<double, N, N>(A.householderQr().householderQ());
  Eigen::Matrix<double, N, 1> lambda;
  for (int i = 0; i < N; ++i) lambda(i) = std::pow(cond, -u(rng));
  lambda(0) = 1.0;
  lambda(N - 1) = 1.0 / cond;
  const Eigen::Matrix<double, N, N> G = Q * lambda.asDiagonal() * Q.transpose();
  for (int i = 0; i < N; ++i)
    for (int j = i; j < N; ++j) g[i][j] = g[j][i] = G(i, j);
}

template <int N>
double eigen_cond(const double (&g)[N][N]) {
  Eigen::Matrix<double, N, N> G;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) G(i, j) = g[i][j];
  const auto ev = Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, N, N>>(G).eigenvalues();
  return ev.maxCoeff() / ev.minCoeff();
}

// The definition: the law's cond(G) (its theorem predicates) beyond 1e8.
template <int K>
bool defined_near_singular(const double (&g)[2 * K][2 * K]) {
  MultiContactCollision<K> c{};
  for (int i = 0; i < 2 * K; ++i)
    for (int j = 0; j < 2 * K; ++j) c.G[i][j] = g[i][j];
  for (int j = 0; j < K; ++j) c.mu[j] = 0.5;
  return near_singular_delassus(2 * K, 2 * K, glocker_conditions(c).cond_G);
}

struct Counts {
  int below = 0, above = 0, band = 0;  // decided by the bracket's upper end, by its lower end, left to Jacobi
};

template <int K>
Counts check_random(std::uint64_t seed, int count) {
  constexpr int n = 2 * K;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> x(0.0, 11.0);
  Counts counts;
  for (int t = 0; t < count; ++t) {
    double g[n][n];
    const double wanted = std::pow(10.0, x(rng));
    spd_with_cond<n>(rng, wanted, t % 5 == 0, g);
    const double cond = eigen_cond<n>(g);
    EXPECT_NEAR(cond / wanted, 1.0, 1e-3);
    const smallmat::CondBracketOf<double> b = smallmat::cond_bracket(g);
    EXPECT_TRUE(b.positive);
    const double slack = 1e-12 + 1e3 * smallmat::kEpsilon * cond;  // the rounding of both sides
    EXPECT_LE(b.lower, cond * (1.0 + slack)) << "cond " << cond;
    EXPECT_GE(b.upper * (1.0 + slack), cond) << "cond " << cond;
    EXPECT_LE(b.upper, b.lower * n * n * (1.0 + slack)) << "upper / lower <= n^2";
    EXPECT_EQ(delassus_near_singular(g, n), defined_near_singular<K>(g)) << "cond " << cond;
    if (std::fabs(cond / 1e8 - 1.0) > 1e-6) {
      EXPECT_EQ(delassus_near_singular(g, n), cond > 1e8) << cond;
    }
    EXPECT_FALSE(delassus_near_singular(g, n - 1)) << "a G of lower rank is not nearly singular";
    const CondVerdict v = cond_verdict(b);
    EXPECT_EQ(v == CondVerdict::near_singular, b.lower > 1e8 * (1.0 + kCondBracketMargin));
    EXPECT_EQ(v == CondVerdict::regular, b.upper < 1e8 * (1.0 - kCondBracketMargin));
    counts.above += v == CondVerdict::near_singular;
    counts.below += v == CondVerdict::regular;
    counts.band += v == CondVerdict::undecided;
  }
  return counts;
}

// log10 cond(G) uniform in [0, 11] for k = 1 .. 4 (2 x 2 .. 8 x 8): the bracket holds, the flag is the
// definition's, and every route is taken (the band is wider for larger n, up to a factor n^2).
TEST(CondBracket, BracketsTheConditionNumberAndDecidesAsTheEigenvalues) {
  const Counts c1 = check_random<1>(1, 2000), c2 = check_random<2>(2, 2000), c3 = check_random<3>(3, 2000),
               c4 = check_random<4>(4, 2000);
  for (const Counts& c : {c1, c2, c3, c4}) {
    EXPECT_GT(c.below, 800);
    EXPECT_GT(c.above, 200);
    EXPECT_GT(c.band, 20);
  }
  EXPECT_LT(c1.band, c4.band);
}

// G with cond(G) a hair above or below the bound (diagonal: there the lower end equals cond(G), so only the
// margin keeps the bracket from deciding on rounding; rotated: both ends away from it): the flag is the
// definition's, on either side.
TEST(CondBracket, AtTheBoundTheFlagIsTheDefinitions) {
  std::mt19937_64 rng(38);
  int above = 0, below = 0;
  for (double d : {-1e-6, -1e-9, -1e-12, 1e-12, 1e-9, 1e-6, 1e-3, -1e-3})
    for (int t = 0; t < 20; ++t) {
      double g[4][4];
      spd_with_cond<4>(rng, 1e8 * (1.0 + d), t % 2 == 0, g);
      const bool defined = defined_near_singular<2>(g);
      EXPECT_EQ(delassus_near_singular(g, 4), defined) << "1 + " << d;
      if (std::fabs(d) >= 1e-6) {  // (closer, Jacobi's own rounding, about eps cond(G), decides)
        EXPECT_EQ(defined, d > 0.0) << "1 + " << d;
      }
      above += defined;
      below += !defined;
    }
  EXPECT_GT(above, 50);
  EXPECT_GT(below, 50);
}

}  // namespace
}  // namespace collsweep

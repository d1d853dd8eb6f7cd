// Planar sampler: batch == direct bitwise, SPD W of each kind, derived fields, statistics, grids, streams.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

#include "collsweep/models/planar/sampler.hpp"

namespace collsweep {
namespace {

PlanarSamplePlan plan_of(MatrixKind kind, std::uint64_t seed = 20240601) {
  PlanarSamplePlan p;
  p.seed = seed;
  p.W.kind = kind;
  p.W.fixed = Delassus2{2.0, -0.5, 0.75};
  return p;
}

constexpr MatrixKind kAllKinds[] = {MatrixKind::direct, MatrixKind::wishart, MatrixKind::mechanism,
                                    MatrixKind::fixed, MatrixKind::shape};

TEST(PlanarSampler, BatchEqualsDirectBitwise) {
  for (MatrixKind kind : kAllKinds) {
    PlanarSamplePlan p = plan_of(kind);
    p.random_tangent_sign = true;
    p.W.mechanism_dof = 5;
    p.e_t = ScalarDist{ScalarKind::uniform, -1.0, 1.0, 1};
    p.mu = ScalarDist{ScalarKind::grid, 0.0, 1.0, 7};
    const std::uint64_t first = (1ull << 32) - 100;  // crosses the 32-bit boundary of the sample index
    std::vector<PlanarSample> batch(257);
    generate_planar_batch(p, first, batch.size(), batch.data());
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const PlanarSample s = draw_planar_sample(p, first + i);
      ASSERT_EQ(std::memcmp(&s, &batch[i], sizeof(PlanarSample)), 0) << "kind " << int(kind) << " i " << i;
    }
    // Batch boundaries do not matter either.
    std::vector<PlanarSample> a(10), b(10);
    generate_planar_batch(p, 1000, 10, a.data());
    generate_planar_batch(p, 1000, 3, b.data());
    generate_planar_batch(p, 1003, 7, b.data() + 3);
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(PlanarSample)), 0);
  }
}

TEST(PlanarSampler, EveryKindGivesSpdW) {
  for (MatrixKind kind : kAllKinds) {
    for (std::uint32_t dof : {2u, 3u, 7u, 12u}) {
      PlanarSamplePlan p = plan_of(kind);
      p.W.wishart_dof = dof;
      p.W.mechanism_dof = dof;
      for (std::uint64_t k = 0; k < 4000; ++k) {
        const PlanarSample s = draw_planar_sample(p, k);
        ASSERT_TRUE(is_spd(s.c.W)) << "kind " << int(kind) << " dof " << dof << " k " << k;
        ASSERT_TRUE(std::isfinite(s.log10_cond));
        ASSERT_GE(s.log10_cond, 0.0);
        ASSERT_LT(std::abs(s.rho), 1.0);
        ASSERT_GT(s.kappa, 0.0);
        ASSERT_EQ(validate_planar(s.c), Status::ok);
      }
    }
  }
}

TEST(PlanarSampler, FixedKindReturnsTheGivenW) {
  const PlanarSamplePlan p = plan_of(MatrixKind::fixed);
  const PlanarSample s = draw_planar_sample(p, 99);
  EXPECT_EQ(s.c.W.nn, 2.0);
  EXPECT_EQ(s.c.W.nt, -0.5);
  EXPECT_EQ(s.c.W.tt, 0.75);
  EXPECT_DOUBLE_EQ(s.rho, -0.5 / std::sqrt(1.5));
  EXPECT_DOUBLE_EQ(s.kappa, std::sqrt(2.0 / 0.75));
  // Eigenvalues of [[2, -.5], [-.5, .75]]: (2.75 +- sqrt(1.25^2 + 1)) / 2.
  const double r = std::sqrt(1.25 * 1.25 + 1.0);
  EXPECT_NEAR(s.log10_cond, std::log10((2.75 + r) / (2.75 - r)), 1e-14);
}

TEST(PlanarSampler, NotSpdIsReportedNotResampled) {
  PlanarSamplePlan p = plan_of(MatrixKind::fixed);
  p.W.fixed = Delassus2{1.0, 1.0, 1.0};  // singular
  const PlanarSample s = draw_planar_sample(p, 0);
  EXPECT_EQ(s.c.W.nt, 1.0);
  EXPECT_EQ(s.log10_cond, std::numeric_limits<double>::infinity());
  EXPECT_EQ(validate_planar(s.c), Status::delassus_not_spd);

  // A mechanism whose M has eigenvalue ratio 1e20 cannot be factored in double precision: the sample keeps
  // W = 0 (flagged), it is not redrawn.
  PlanarSamplePlan q = plan_of(MatrixKind::mechanism);
  q.W.mechanism_dof = 6;
  q.W.log10_cond_M = ScalarDist{ScalarKind::constant, 20.0, 20.0, 1};
  int flagged = 0;
  for (std::uint64_t k = 0; k < 200; ++k) {
    const PlanarSample t = draw_planar_sample(q, k);
    MechanismDraw md;
    draw_planar_mechanism(q, k, md);
    if (!md.cholesky_ok) {
      ++flagged;
      EXPECT_EQ(t.c.W.nn, 0.0);
      EXPECT_EQ(t.c.W.nt, 0.0);
      EXPECT_EQ(t.c.W.tt, 0.0);
      EXPECT_EQ(t.log10_cond, std::numeric_limits<double>::infinity());
      EXPECT_EQ(validate_planar(t.c), Status::delassus_not_spd);
    }
  }
  EXPECT_GT(flagged, 0);
}

TEST(PlanarSampler, DirectKindHasTheDrawnCondition) {
  PlanarSamplePlan p = plan_of(MatrixKind::direct);  // log10 cond ~ U[0, 4)
  double worst = 0.0;
  for (std::uint64_t k = 0; k < 20000; ++k) {
    const PlanarSample s = draw_planar_sample(p, k);
    SampleRng rng(p.seed, static_cast<std::uint32_t>(Stream::matrix), k);
    const double drawn = draw_scalar(p.W.log10_cond, rng, 0);
    ASSERT_GE(drawn, 0.0);
    ASSERT_LT(drawn, 4.0);
    worst = std::max(worst, std::abs(s.log10_cond - drawn));
    // Eigen agrees on the eigenvalue ratio.
    Eigen::Matrix2d W;
    W << s.c.W.nn, s.c.W.nt, s.c.W.nt, s.c.W.tt;
    const Eigen::Vector2d ev = Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d>(W).eigenvalues();
    ASSERT_NEAR(ev(1), 1.0, 1e-15);
    ASSERT_NEAR(ev(0), std::pow(10.0, -drawn), 1e-15);
  }
  EXPECT_LT(worst, 1e-12);
}

TEST(PlanarSampler, MechanismMatchesEigen) {
  for (std::uint32_t dof : {2u, 3u, 6u, 12u}) {
    PlanarSamplePlan p = plan_of(MatrixKind::mechanism);
    p.W.mechanism_dof = dof;
    for (std::uint64_t k = 0; k < 500; ++k) {
      MechanismDraw md;
      draw_planar_mechanism(p, k, md);
      const PlanarSample s = draw_planar_sample(p, k);
      ASSERT_EQ(md.n, dof);
      ASSERT_TRUE(md.cholesky_ok);
      ASSERT_EQ(std::memcmp(&md.W, &s.c.W, sizeof(Delassus2)), 0);

      const int n = static_cast<int>(dof);
      Eigen::MatrixXd M(n, n), J(2, n);
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) M(a, b) = md.M[a][b];
      for (int r = 0; r < 2; ++r)
        for (int a = 0; a < n; ++a) J(r, a) = md.J[r][a];
      ASSERT_EQ((M - M.transpose()).norm(), 0.0);

      // W = J M^-1 J^T through Eigen's pivoted LU (an independent factorisation).
      const Eigen::Matrix2d W = J * M.fullPivLu().solve(J.transpose());
      const double scale = std::sqrt(W(0, 0) * W(1, 1));
      EXPECT_NEAR(s.c.W.nn, W(0, 0), 1e-12 * W(0, 0)) << "dof " << dof << " k " << k;
      EXPECT_NEAR(s.c.W.tt, W(1, 1), 1e-12 * W(1, 1)) << "dof " << dof << " k " << k;
      EXPECT_NEAR(s.c.W.nt, W(0, 1), 1e-12 * scale) << "dof " << dof << " k " << k;

      // M's spectrum is the drawn one: 1, 10^-x and log-uniform values between (so Q is orthogonal).
      const double x = md.log10_cond_M;
      ASSERT_GE(x, 0.0);
      ASSERT_LT(x, 3.0);
      EXPECT_EQ(md.m[0], 1.0);
      EXPECT_EQ(md.m[n - 1], detmath::pow10(-x));  // the sampler uses the deterministic 10^x
      std::vector<double> m(md.m, md.m + n);
      std::sort(m.begin(), m.end());
      EXPECT_EQ(m.front(), md.m[n - 1]);
      EXPECT_EQ(m.back(), 1.0);
      const Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(M).eigenvalues();
      for (int i = 0; i < n; ++i) EXPECT_NEAR(ev(i), m[i], 1e-14) << "dof " << dof << " k " << k;
    }
  }
}

TEST(PlanarSampler, MechanismGaussianPartsHaveUnitVariance) {
  // J's entries are standard normals: mean 0, variance 1 within 5 sigma over 2 x 3 x 20000 entries.
  PlanarSamplePlan p = plan_of(MatrixKind::mechanism);
  constexpr int N = 20000;
  double s1 = 0, s2 = 0;
  for (std::uint64_t k = 0; k < N; ++k) {
    MechanismDraw md;
    draw_planar_mechanism(p, k, md);
    for (int r = 0; r < 2; ++r)
      for (std::uint32_t a = 0; a < md.n; ++a) s1 += md.J[r][a], s2 += md.J[r][a] * md.J[r][a];
  }
  const double M = 6.0 * N;
  EXPECT_NEAR(s1 / M, 0.0, 5.0 / std::sqrt(M));
  EXPECT_NEAR(s2 / M, 1.0, 5.0 * std::sqrt(2.0 / M));
}

TEST(PlanarSampler, ShapeKindReproducesRhoKappaExactly) {
  PlanarSamplePlan p = plan_of(MatrixKind::shape);
  for (std::uint64_t k = 0; k < 5000; ++k) {
    const PlanarSample s = draw_planar_sample(p, k);
    SampleRng rng(p.seed, static_cast<std::uint32_t>(Stream::matrix), k);
    const double rho = draw_scalar(p.W.rho, rng, 0);
    const double kappa = draw_scalar(p.W.kappa, rng, 0);
    ASSERT_EQ(s.rho, rho);
    ASSERT_EQ(s.kappa, kappa);
    ASSERT_EQ(s.c.W.nn, kappa);
    ASSERT_EQ(s.c.W.nt, rho);
    ASSERT_EQ(s.c.W.tt, 1.0 / kappa);
    ASSERT_GE(rho, -0.99);
    ASSERT_LT(rho, 0.99);
    ASSERT_GE(kappa, 0.1);
    ASSERT_LT(kappa, 10.0);
    ASSERT_NEAR(coupling_rho(s.c.W), rho, 4e-16);
    ASSERT_NEAR(shape_kappa(s.c.W), kappa, 4e-16 * kappa);
  }
}

TEST(PlanarSampler, ApproachAngleAndVelocity) {
  for (bool random_sign : {false, true}) {
    PlanarSamplePlan p = plan_of(MatrixKind::direct);
    p.random_tangent_sign = random_sign;
    constexpr int N = 20000;
    int negative = 0;
    for (std::uint64_t k = 0; k < N; ++k) {
      const PlanarSample s = draw_planar_sample(p, k);
      ASSERT_GE(s.theta_deg, 0.0);
      ASSERT_LT(s.theta_deg, 90.0);
      // The sampler converts with the rounded constant pi/180 (tan is ill-conditioned near 90 degrees, so
      // the same radian value is used here).
      const double th = s.theta_deg * (M_PI / 180.0);
      ASSERT_NEAR(s.alpha, std::tan(th), 4e-15 * std::tan(th));
      ASSERT_NEAR(std::hypot(s.c.v.n, s.c.v.t), 1.0, 2e-16);
      ASSERT_LT(s.c.v.n, 0.0);
      ASSERT_EQ(std::abs(s.c.v.t) / -s.c.v.n, s.alpha);
      ASSERT_NEAR(std::atan2(std::abs(s.c.v.t), -s.c.v.n) * 180.0 / M_PI, s.theta_deg, 1e-12);
      negative += s.c.v.t < 0.0;
    }
    if (random_sign)
      EXPECT_NEAR(negative, N / 2, 5.0 * std::sqrt(N / 4.0));
    else
      EXPECT_EQ(negative, 0);
  }
}

TEST(PlanarSampler, UniformAndLogUniformStatistics) {
  PlanarSamplePlan p = plan_of(MatrixKind::fixed);
  p.mu = ScalarDist{ScalarKind::uniform, 0.2, 0.7, 1};
  p.e = ScalarDist{ScalarKind::log_uniform, 1e-3, 1.0, 1};
  p.e_t = ScalarDist{ScalarKind::constant, -0.25, 0.0, 1};
  constexpr int N = 100000;
  double s_mu = 0, s_le = 0, s_e = 0, s_theta = 0;
  for (std::uint64_t k = 0; k < N; ++k) {
    const PlanarSample s = draw_planar_sample(p, k);
    ASSERT_GE(s.c.mu, 0.2);
    ASSERT_LT(s.c.mu, 0.7);
    ASSERT_GE(s.c.e, 1e-3);
    ASSERT_LT(s.c.e, 1.0);
    ASSERT_EQ(s.c.e_t, -0.25);
    s_mu += s.c.mu, s_le += std::log10(s.c.e), s_e += s.c.e, s_theta += s.theta_deg;
  }
  // U[a, b): mean (a + b)/2, sd (b - a)/sqrt(12).
  EXPECT_NEAR(s_mu / N, 0.45, 5.0 * 0.5 / std::sqrt(12.0 * N));
  EXPECT_NEAR(s_theta / N, 45.0, 5.0 * 90.0 / std::sqrt(12.0 * N));
  // log10 e ~ U[-3, 0); e itself has mean (hi - lo)/ln(hi/lo) and E[e^2] = (hi^2 - lo^2)/(2 ln(hi/lo)).
  EXPECT_NEAR(s_le / N, -1.5, 5.0 * 3.0 / std::sqrt(12.0 * N));
  const double L = std::log(1e3), mean = 0.999 / L, var = (1.0 - 1e-6) / (2.0 * L) - mean * mean;
  EXPECT_NEAR(s_e / N, mean, 5.0 * std::sqrt(var / N));
}

TEST(PlanarSampler, GridAxesVisitEveryValueEquallyOften) {
  PlanarSamplePlan p = plan_of(MatrixKind::shape);
  p.theta_deg = ScalarDist{ScalarKind::grid, 0.0, 80.0, 5};
  p.mu = ScalarDist{ScalarKind::grid, 0.1, 0.9, 3};
  p.e = ScalarDist{ScalarKind::uniform, 0.0, 1.0, 1};  // random axis between grid axes
  p.e_t = ScalarDist{ScalarKind::grid, -1.0, 1.0, 2};
  p.W.rho = ScalarDist{ScalarKind::grid, -0.5, 0.5, 4};
  p.W.kappa = ScalarDist{ScalarKind::grid, 0.5, 2.0, 1};  // n = 1: always lo
  const std::uint64_t G = planar_grid_size(p);
  ASSERT_EQ(G, 5u * 3u * 2u * 4u);
  constexpr int m = 3;
  std::map<std::tuple<double, double, double, double>, int> visits;
  std::map<double, int> theta_visits;
  for (std::uint64_t k = 0; k < G * m; ++k) {
    const PlanarSample s = draw_planar_sample(p, k);
    ++visits[{s.theta_deg, s.c.mu, s.c.e_t, s.rho}];
    ++theta_visits[s.theta_deg];
    ASSERT_EQ(s.kappa, 0.5);
    // theta is the fastest digit, then mu, e_t, rho.
    const GridDigits d = planar_grid_digits(p, k);
    ASSERT_EQ(d.theta_deg, k % 5);
    ASSERT_EQ(d.mu, (k / 5) % 3);
    ASSERT_EQ(d.e_t, (k / 15) % 2);
    ASSERT_EQ(d.rho, (k / 30) % 4);
    ASSERT_EQ(d.e, 0u);
    ASSERT_EQ(s.theta_deg, 20.0 * d.theta_deg);
    ASSERT_EQ(s.c.mu, grid_value(p.mu, d.mu));
  }
  EXPECT_EQ(visits.size(), G);
  for (const auto& [key, count] : visits) EXPECT_EQ(count, m);
  ASSERT_EQ(theta_visits.size(), 5u);
  for (const auto& [theta, count] : theta_visits) EXPECT_EQ(count, static_cast<int>(G / 5 * m));
  // Endpoints are exact and every grid value is one of lo + i (hi - lo)/(n - 1).
  EXPECT_EQ(theta_visits.begin()->first, 0.0);
  EXPECT_EQ(theta_visits.rbegin()->first, 80.0);
  EXPECT_EQ(grid_value(p.mu, 0), 0.1);
  EXPECT_NEAR(grid_value(p.mu, 1), 0.5, 1e-16);
  EXPECT_EQ(grid_value(p.mu, 2), 0.9);
  // The random axis between grid axes is still random (distinct values across one grid period).
  std::map<double, int> e_values;
  for (std::uint64_t k = 0; k < G; ++k) ++e_values[draw_planar_sample(p, k).c.e];
  EXPECT_EQ(e_values.size(), G);
}

TEST(PlanarSampler, WishartMeanIsIdentity) {
  // E[W] = I; Var(W_nn) = Var(W_tt) = 2/dof, Var(W_nt) = 1/dof.
  for (std::uint32_t dof : {2u, 5u}) {
    PlanarSamplePlan p = plan_of(MatrixKind::wishart);
    p.W.wishart_dof = dof;
    constexpr int N = 100000;
    double snn = 0, snt = 0, stt = 0;
    for (std::uint64_t k = 0; k < N; ++k) {
      const PlanarSample s = draw_planar_sample(p, k);
      snn += s.c.W.nn, snt += s.c.W.nt, stt += s.c.W.tt;
    }
    EXPECT_NEAR(snn / N, 1.0, 5.0 * std::sqrt(2.0 / dof / N)) << dof;
    EXPECT_NEAR(stt / N, 1.0, 5.0 * std::sqrt(2.0 / dof / N)) << dof;
    EXPECT_NEAR(snt / N, 0.0, 5.0 * std::sqrt(1.0 / dof / N)) << dof;
  }
}

TEST(PlanarSampler, ChangingOneInputLeavesTheOthersBitwise) {
  const PlanarSamplePlan base = plan_of(MatrixKind::direct);
  PlanarSamplePlan other_W = base, other_mu = base, other_theta = base;
  other_W.W.kind = MatrixKind::mechanism;
  other_mu.mu = ScalarDist{ScalarKind::log_uniform, 0.01, 2.0, 1};
  other_theta.theta_deg = ScalarDist{ScalarKind::grid, 0.0, 60.0, 7};
  other_theta.random_tangent_sign = true;
  for (std::uint64_t k = 0; k < 1000; ++k) {
    const PlanarSample a = draw_planar_sample(base, k);
    const PlanarSample w = draw_planar_sample(other_W, k);
    const PlanarSample m = draw_planar_sample(other_mu, k);
    const PlanarSample t = draw_planar_sample(other_theta, k);
    EXPECT_NE(a.c.W.nn, w.c.W.nn);
    EXPECT_EQ(std::memcmp(&a.c.v, &w.c.v, sizeof(Velocity2)), 0);
    EXPECT_EQ(a.c.mu, w.c.mu);
    EXPECT_EQ(a.c.e, w.c.e);
    EXPECT_NE(a.c.mu, m.c.mu);
    EXPECT_EQ(std::memcmp(&a.c.W, &m.c.W, sizeof(Delassus2)), 0);
    EXPECT_EQ(std::memcmp(&a.c.v, &m.c.v, sizeof(Velocity2)), 0);
    EXPECT_EQ(a.c.e, m.c.e);
    EXPECT_EQ(a.c.e_t, m.c.e_t);
    // A theta grid only adds a grid digit: W, mu and e keep their random values.
    EXPECT_EQ(std::memcmp(&a.c.W, &t.c.W, sizeof(Delassus2)), 0);
    EXPECT_EQ(a.c.mu, t.c.mu);
    EXPECT_EQ(a.c.e, t.c.e);
  }
  // Different seeds give different samples.
  const PlanarSample a = draw_planar_sample(base, 5);
  const PlanarSample b = draw_planar_sample(plan_of(MatrixKind::direct, base.seed + 1), 5);
  EXPECT_NE(a.c.W.nn, b.c.W.nn);
  EXPECT_NE(a.c.mu, b.c.mu);
  EXPECT_NE(a.theta_deg, b.theta_deg);
}

}  // namespace
}  // namespace collsweep

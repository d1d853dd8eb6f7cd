// The halt series (halt_series.hpp): the rate series against the rates, the rest of a converging slip
// against the integrator run to the halt, and whole outcomes with the series on and off.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/spatial/spatial_laws.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

// F(theta* + x) and G(theta* + x) summed from their Taylor coefficients.
void rates_from_series(const double* f, const double* g, double x, double* F, double* G) {
  *F = 0.0;
  *G = 0.0;
  for (int n = spatial::kHaltSeriesOrder + 1; n >= 0; --n) {
    *F = *F * x + f[n];
    *G = *G * x + g[n];
  }
}

TEST(SpatialHaltSeries, RateSeriesSumToTheSlipRates) {
  testing::Draw d(5);
  double worst = 0.0;
  int checked = 0;
  for (int i = 0; i < 300; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    const double mu = d.uniform(0.05, 1.5);
    const InvariantDirections dirs = invariant_directions(c.W, mu);
    const double scale = std::fabs(c.W.c1) + std::fabs(c.W.c2) +
                         mu * (std::fabs(c.W.b11) + 2 * std::fabs(c.W.b12) + std::fabs(c.W.b22));
    for (int k = 0; k < dirs.count; ++k) {
      double f[spatial::kHaltSeriesOrder + 2], g[spatial::kHaltSeriesOrder + 2];
      spatial::slip_rate_series(c.W, mu, dirs.s1[k], dirs.s2[k], f, g);
      EXPECT_NEAR(f[0], dirs.lambda[k], 1e-13 * scale);  // F(theta*) is the direction's rate
      const double th = std::atan2(dirs.s2[k], dirs.s1[k]);
      for (double x = -0.5; x <= 0.5; x += 0.125) {
        double F, G;
        rates_from_series(f, g, x, &F, &G);
        const double s1 = std::cos(th + x), s2 = std::sin(th + x);
        worst = std::fmax(worst, std::fabs(F - slip_rate(c.W, mu, s1, s2)) / scale);
        worst = std::fmax(worst, std::fabs(G - swerve_rate(c.W, mu, s1, s2)) / scale);
        ++checked;
      }
    }
  }
  std::printf("%d points, worst |series - rate| / scale %.3g\n", checked, worst);
  EXPECT_GT(checked, 1000);
  EXPECT_LT(worst, 1e-13);
}

// A slip started at angle delta from an attracting direction with lambda < 0, so deep in compression that
// it halts there: the series' p_rest = s Phi(delta) and W_t,rest = -mu s^2 Psi(delta) against the
// integrator (series off) run to the halt.
TEST(SpatialHaltSeries, RestOfTheSlipAgainstTheIntegrator) {
  testing::Draw d(8);
  SpatialOptions off;
  off.halt_series = false;
  int compared = 0, tried = 0;
  double worst_p = 0.0, worst_w = 0.0;
  for (int i = 0; i < 400 && compared < 150; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.mu = d.uniform(0.2, 1.5);
    const InvariantDirections dirs = invariant_directions(c.W, c.mu);
    for (int k = 0; k < dirs.count; ++k) {
      spatial::HaltSeries hs;
      spatial::build_halt_series(c.W, c.mu, dirs, k, &hs);
      if (!hs.attracting || !(dirs.lambda[k] < 0.0)) continue;
      const double delta = d.uniform(-0.3, 0.3), th = std::atan2(dirs.s2[k], dirs.s1[k]) + delta;
      double p_rest, wt_rest;
      ++tried;
      if (!spatial::halt_rest(hs, c.mu, 1.0, delta, &p_rest, &wt_rest)) continue;
      c.v = Vec3n{-1e6 * c.W.a * p_rest, std::cos(th), std::sin(th)};  // compression outlasts the slip
      const SpatialOutcome o = evaluate_routh(SpatialLaw::poisson3d, c, off);
      if (o.status == Status::jam) continue;
      ASSERT_EQ(o.status, Status::ok);
      ASSERT_TRUE(o.mode == SpatialMode::B || o.mode == SpatialMode::C) << mode_name(o.mode);
      // The integrator's W_t includes the phase after the halt (sticking: none; resuming: along sigma_F).
      worst_p = std::fmax(worst_p, std::fabs(o.I_nh - p_rest) / p_rest);
      if (o.mode == SpatialMode::B)
        worst_w = std::fmax(worst_w, std::fabs(o.W_t - wt_rest) / std::fabs(wt_rest));
      ++compared;
    }
  }
  std::printf("%d of %d tried series converged and compared; worst relative p_rest %.3g, W_t,rest %.3g\n",
              compared, tried, worst_p, worst_w);
  EXPECT_GE(compared, 100);
  EXPECT_LT(worst_p, 1e-11);
  EXPECT_LT(worst_w, 1e-11);
}

// Every law on random collisions: the series change where the slip's rest is summed, not the outcome.
TEST(SpatialHaltSeries, OutcomesWithAndWithoutTheSeriesAgree) {
  testing::Draw d(13);
  SpatialOptions off;
  off.halt_series = false;
  int halts = 0;
  double worst = 0.0;
  for (int i = 0; i < 1500; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    for (SpatialLaw law : {SpatialLaw::stronge3d, SpatialLaw::poisson3d, SpatialLaw::newton3d}) {
      const SpatialOutcome a = evaluate_routh(law, c), b = evaluate_routh(law, c, off);
      ASSERT_EQ(a.status, b.status) << i;
      if (a.status != Status::ok) continue;
      const bool tie =
          std::fabs(b.I_nh - b.I_nc) <= 1e-7 * b.I.n || std::fabs(b.I_nh - b.I.n) <= 1e-7 * b.I.n;
      if (!tie) EXPECT_EQ(a.mode, b.mode) << i;
      halts += a.mode != SpatialMode::A;
      const double dist = testing::outcome_distance(c, a, b);
      EXPECT_LT(dist, 1e-11) << law_name(law) << " sample " << i << " mode " << mode_name(a.mode);
      worst = std::fmax(worst, dist);
    }
  }
  std::printf("%d outcomes with a halt; worst relative difference %.3g\n", halts, worst);
  EXPECT_GT(halts, 500);
}

}  // namespace
}  // namespace collsweep

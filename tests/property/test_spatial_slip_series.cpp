// The slip series (slip_series.hpp): the rate series against the rates, the rest of a converging slip
// against the integrator run to the halt, slips started near attracting directions (events on the series
// path) and whole outcomes with the series on and off.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

// Whole outcomes with and without the series: the integrator alone is accurate to about 1e-11 (against the
// Taylor-series reference of test_spatial_methods), the series to rounding.
constexpr double kAgree = 5e-11;

// F(theta* + x) and G(theta* + x) summed from their Taylor coefficients.
void rates_from_series(const double* f, const double* g, double x, double* F, double* G) {
  *F = 0.0;
  *G = 0.0;
  for (int n = spatial::kSlipSeriesOrder + 1; n >= 0; --n) {
    *F = *F * x + f[n];
    *G = *G * x + g[n];
  }
}

TEST(SpatialSlipSeries, RateSeriesSumToTheSlipRates) {
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
      double f[spatial::kSlipSeriesOrder + 2], g[spatial::kSlipSeriesOrder + 2];
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
// it halts there: the series' rest p_rest = s Phi(delta), W_t,rest = -mu s^2 Psi(delta) and
// I_t,rest = -mu s Lambda(delta) against the integrator (series off) run to the halt.
TEST(SpatialSlipSeries, RestOfTheSlipAgainstTheIntegrator) {
  testing::Draw d(8);
  SpatialOptions off;
  off.slip_series = false;
  int compared = 0, tried = 0;
  double worst_p = 0.0, worst_w = 0.0, worst_i = 0.0;
  for (int i = 0; i < 400 && compared < 150; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.mu = d.uniform(0.2, 1.5);
    const InvariantDirections dirs = invariant_directions(c.W, c.mu);
    for (int k = 0; k < dirs.count; ++k) {
      spatial::SlipSeries ss;
      spatial::start_slip_series(c.W, c.mu, dirs, k, &ss);
      if (!ss.usable || !(dirs.lambda[k] < 0.0)) continue;
      const double delta = d.uniform(-0.3, 0.3), th = std::atan2(dirs.s2[k], dirs.s1[k]) + delta;
      ++tried;
      if (!spatial::phi_converged(ss, delta)) continue;
      spatial::complete_slip_series(c.W, c.mu, dirs, &ss);
      if (!ss.usable || !spatial::slip_series_converged(ss, delta, false)) continue;
      const spatial::SlipSeriesStep st =
          spatial::slip_series_step(ss, c.mu, spatial::slip_series_start(ss, 1.0, delta), true, 0.0);
      c.v = Vec3n{-1e6 * c.W.a * st.dp, std::cos(th), std::sin(th)};  // compression outlasts the slip
      const SpatialOutcome o = evaluate_routh(spatial_law<Poisson3d>, c, off);
      if (o.status == Status::jam) continue;
      ASSERT_EQ(o.status, Status::ok);
      ASSERT_TRUE(o.mode == SpatialMode::B || o.mode == SpatialMode::C) << mode_name(o.mode);
      worst_p = std::fmax(worst_p, std::fabs(o.I_nh - st.dp) / st.dp);
      if (o.mode == SpatialMode::B) {  // sticking after the halt: no more friction work, I_t is -b^-1 c dp
        worst_w = std::fmax(worst_w, std::fabs(o.W_t - st.dwt) / std::fabs(st.dwt));
        double x1, x2;
        b_inv_c(c.W, &x1, &x2);
        const double r1 = -dirs.s2[k], r2 = dirs.s1[k];
        const double i1 = -c.mu * (st.ac * dirs.s1[k] + st.as * r1) - x1 * (o.I.n - st.dp);
        const double i2 = -c.mu * (st.ac * dirs.s2[k] + st.as * r2) - x2 * (o.I.n - st.dp);
        worst_i = std::fmax(worst_i, std::hypot(o.I.t1 - i1, o.I.t2 - i2) / std::hypot(o.I.t1, o.I.t2));
      }
      ++compared;
    }
  }
  std::printf(
      "%d of %d tried series converged and compared; worst relative p_rest %.3g, W_t,rest %.3g, I_t %.3g\n",
      compared, tried, worst_p, worst_w, worst_i);
  EXPECT_GE(compared, 100);
  EXPECT_LT(worst_p, 1e-11);
  EXPECT_LT(worst_w, 1e-11);
  EXPECT_LT(worst_i, 1e-11);
}

// Slips started within the series' reach of an attracting direction (lambda of either sign), so that the
// series carry the whole slip: the end of compression and the termination located on the series path
// (or the halt) against the integrator, for every law.
TEST(SpatialSlipSeries, SlipsStartedNearAttractingDirections) {
  testing::Draw d(17);
  SpatialOptions off;
  off.slip_series = false;
  int carried[2] = {}, modes[6] = {};
  double worst = 0.0, worst_nc = 0.0;
  for (int i = 0; i < 3000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    if (c.mu == 0.0) continue;
    const InvariantDirections dirs = invariant_directions(c.W, c.mu);
    const int k = d.pick(dirs.count > 0 ? dirs.count : 1);
    if (dirs.count == 0 || !(spatial::swerve_slope(c.W, c.mu, dirs.s1[k], dirs.s2[k]) < 0.0)) continue;
    spatial::SlipSeries ss;
    spatial::start_slip_series(c.W, c.mu, dirs, k, &ss);
    const double delta = d.uniform(-0.1, 0.1);
    if (!ss.usable || !spatial::phi_converged(ss, delta)) continue;
    spatial::complete_slip_series(c.W, c.mu, dirs, &ss);
    if (!ss.usable || !spatial::slip_series_converged(ss, delta, true)) continue;
    const double th = std::atan2(dirs.s2[k], dirs.s1[k]) + delta, speed = std::hypot(c.v.t1, c.v.t2);
    c.v.t1 = speed * std::cos(th);
    c.v.t2 = speed * std::sin(th);
    for (SpatialLaw law : {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<Newton3d>}) {
      const SpatialOutcome a = evaluate_routh(law, c), b = evaluate_routh(law, c, off);
      ASSERT_EQ(a.status, b.status) << i;
      if (a.status != Status::ok) continue;
      ++carried[dirs.lambda[k] > 0.0];
      ++modes[static_cast<int>(a.mode)];
      const double dist = testing::outcome_distance(c, a, b);
      EXPECT_LT(dist, kAgree) << law_name(law) << " sample " << i << " mode " << mode_name(a.mode);
      EXPECT_NEAR(a.I_nc, b.I_nc, kAgree * b.I.n) << law_name(law) << " sample " << i;
      worst = std::fmax(worst, dist);
      worst_nc = std::fmax(worst_nc, std::fabs(a.I_nc - b.I_nc) / b.I.n);
    }
  }
  std::printf(
      "%d slips near halting directions, %d near growing ones (modes A..E %d %d %d %d %d); worst "
      "relative difference %.3g, I_nc %.3g\n",
      carried[0], carried[1], modes[1], modes[2], modes[3], modes[4], modes[5], worst, worst_nc);
  EXPECT_GT(carried[0], 300);
  EXPECT_GT(carried[1], 300);
}

// Every law on random collisions: the series change where the slip's rest is summed, not the outcome.
TEST(SpatialSlipSeries, OutcomesWithAndWithoutTheSeriesAgree) {
  testing::Draw d(13);
  SpatialOptions off;
  off.slip_series = false;
  int halts = 0;
  double worst = 0.0;
  for (int i = 0; i < 1500; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    for (SpatialLaw law : {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<Newton3d>}) {
      const SpatialOutcome a = evaluate_routh(law, c), b = evaluate_routh(law, c, off);
      ASSERT_EQ(a.status, b.status) << i;
      if (a.status != Status::ok) continue;
      const bool tie =
          std::fabs(b.I_nh - b.I_nc) <= 1e-7 * b.I.n || std::fabs(b.I_nh - b.I.n) <= 1e-7 * b.I.n;
      if (!tie) {
        EXPECT_EQ(a.mode, b.mode) << i;
      }
      halts += a.mode != SpatialMode::A;
      const double dist = testing::outcome_distance(c, a, b);
      EXPECT_LT(dist, kAgree) << law_name(law) << " sample " << i << " mode " << mode_name(a.mode);
      worst = std::fmax(worst, dist);
    }
  }
  std::printf("%d outcomes with a halt; worst relative difference %.3g\n", halts, worst);
  EXPECT_GT(halts, 500);
}

}  // namespace
}  // namespace collsweep

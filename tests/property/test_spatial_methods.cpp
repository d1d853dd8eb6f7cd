// The spatial Routh laws by two independent methods: the production path (evaluate_spatial: DOP853 in a
// desingularised time with event location, slip_ode.hpp) against a Taylor-series integrator with
// polynomial events and its own stick / resume logic (oracles/slip_reference.hpp), on random collisions
// stratified over the mode sequences A..E.
//
// Samples: kPerMode = 20000 per mode, 10^5 in all (about 15 s of CPU on the development machine, an
// "Intel Xeon Processor" VM core: ~2.2e5 production evaluations at ~23 us, 10^5 reference runs at ~78 us).
// Draws (draw() below) cycle four kinds: plain testing::random_spatial_collision (W, v, mu, e); mu >= mu_c
// (halt then stick: B, D); mu < mu_c with a random slip direction; mu < mu_c on a W with four invariant
// directions and the slip starting in the basin of the attracting one with a negative rate (halt then
// resume: C, E). Once B or C is full, a draw that halts in compression is redrawn with a slower approach
// that moves the same halt into restitution (D, E). The law cycles stronge-3d, poisson-3d, newton-3d. A
// draw is kept while the quota of the mode that evaluate_spatial reports is open; jams (dv_n/dI_n <= 0) and
// numerical failures (a slow halt beyond the step limit, mu near mu_c) are skipped and counted.
// Agreement: impulse and post-impact velocity to 1e-9 (testing::outcome_distance: relative to |I| and
// |v1|) and I_nc; the modes agree except where two events coincide to 1e-7 (a halt at the end of
// compression or at the termination) or where the slip only grazes v_t = 0 near the 1e-13 level at which
// both methods call it a halt.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <ctime>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "oracles/slip_reference.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

constexpr int kPerMode = 20000;
constexpr double kTol = 1e-9;

double critical_mu(const Delassus3& W) {  // |b^-1 c|, written here
  const double det = W.b11 * W.b22 - W.b12 * W.b12;
  return std::hypot(W.b22 * W.c1 - W.b12 * W.c2, W.b11 * W.c2 - W.b12 * W.c1) / det;
}

// One draw of a kind: 0 plain; 1 mu >= mu_c (the slip halts and sticks: B, D); 2 mu < mu_c with a random
// slip direction; 3 mu < mu_c on a W with four invariant directions (redrawn up to 50 times) and the slip
// starting in the basin of the attracting one with a negative rate, so that it halts and resumes (C, E)
// unless the impact ends first. Slip speed |v_t| = w 10^U(-3, 0.5); for kinds 1 and 3 w 10^U(-2, 0.25)
// and e in [0.3, 1].
SpatialCollision draw(testing::Draw& d, int kind) {
  SpatialCollision c = testing::random_spatial_collision(d);
  if (kind == 0) return c;
  double az = d.uniform(0.0, 2.0 * M_PI), lr = d.uniform(-3.0, 0.5);
  c.mu = critical_mu(c.W) * (kind == 1 ? d.uniform(1.0, 3.0) : d.uniform(0.02, 0.999));
  if (kind == 1 || kind == 3) {
    lr = d.uniform(-2.0, 0.25);
    c.e = d.uniform(0.3, 1.0);
  }
  for (int tries = 0; kind == 3 && tries < 50; ++tries) {
    const testing::InvariantAngles r = testing::invariant_angles(c.W, c.mu, 180);
    int i = 0;
    while (i < r.count && !(r.falling[i] && r.rate[i] < 0.0)) ++i;
    if (r.count == 4 && i < 4) {
      // Its basin: the open arc between the neighbouring (repelling) directions.
      const double lo = r.theta[(i + 3) % 4], hi = r.theta[(i + 1) % 4];
      const double width = hi > lo ? hi - lo : hi - lo + 2.0 * M_PI;
      az = lo + width * d.uniform(0.01, 0.99);
      break;
    }
    const SpatialCollision n = testing::random_spatial_collision(d);
    c.W = n.W;
    c.v.n = n.v.n;
    c.mu = critical_mu(c.W) * d.uniform(0.02, 0.999);
  }
  const double s = -c.v.n * std::pow(10.0, lr);
  c.v.t1 = s * std::cos(az);
  c.v.t2 = s * std::sin(az);
  if (c.e == 0.0) c.e = d.u01();
  return c;
}

// The next kind in the cycle 0, 1, 2, 3 that can still fill an open quota (kinds 0 and 2 mostly give A;
// 1 gives B and, redrawn, D; 3 gives C and, redrawn, E).
int next_kind(long draws, const int* kept) {
  for (int j = 0; j < 4; ++j) {
    const int kind = static_cast<int>((draws + j) % 4);
    if ((kind == 0 || kind == 2) && kept[1] < kPerMode) return kind;
    if (kind == 1 && (kept[2] < kPerMode || kept[4] < kPerMode)) return kind;
    if (kind == 3 && (kept[3] < kPerMode || kept[5] < kPerMode)) return kind;
  }
  return 0;
}

TEST(SpatialMethods, ProductionAgainstTaylorSeriesReference) {
  constexpr SpatialLaw kLaws[] = {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<Newton3d>};
  testing::Draw d(61);
  int kept[6] = {};
  long filled_at[6] = {};
  long draws = 0, jams = 0, full = 0, ties = 0, steps = 0, faint_jams = 0, failures = 0;
  double worst[6] = {};
  double t_prod = 0.0, t_ref = 0.0;
  const std::clock_t t0 = std::clock();
  while (full < 5 && draws < 200L * kPerMode) {
    SpatialCollision c = draw(d, next_kind(draws, kept));
    const SpatialLaw law = kLaws[draws++ % 3];
    std::clock_t a0 = std::clock();
    SpatialOutcome o = evaluate_spatial(law, c);
    t_prod += static_cast<double>(std::clock() - a0);
    const int m0 = static_cast<int>(o.mode);
    if (o.status == Status::ok && (o.mode == SpatialMode::B || o.mode == SpatialMode::C) &&
        kept[m0] >= kPerMode && kept[m0 + 2] < kPerMode) {
      // A halt in compression whose quota is full: the tangential path does not depend on v_n, so a
      // slower approach, v_n1 * (I_nh / I_nc) * U(1/(1 + e), 1), ends compression near U I_nh instead
      // (at constant dv_n/dp): the same halt, now in restitution (D, E) for most laws and samples.
      c.v.n *= o.I_nh / o.I_nc * d.uniform(1.0 / (1.0 + c.e), 1.0);
      ++draws;
      a0 = std::clock();
      o = evaluate_spatial(law, c);
      t_prod += static_cast<double>(std::clock() - a0);
    }
    if (o.status == Status::jam) {
      ++jams;
      continue;
    }
    if (o.status == Status::numerical_failure) {  // over max_steps: a slow halt (mu near mu_c)
      ++failures;
      continue;
    }
    ASSERT_EQ(o.status, Status::ok) << "draw " << draws;
    const int m = static_cast<int>(o.mode);
    ASSERT_GE(m, 1);
    ASSERT_LE(m, 5);
    if (kept[m] >= kPerMode) continue;
    if (++kept[m] == kPerMode) {
      ++full;
      filled_at[m] = draws;
    }
    const std::clock_t b0 = std::clock();
    const testing::ReferenceOutcome r = testing::reference_routh(law, c);
    t_ref += static_cast<double>(std::clock() - b0);
    ASSERT_TRUE(r.ok) << law_name(law) << " draw " << draws << (r.jam ? ": reference jams" : "");
    steps += r.steps;
    // dv_n/dp <= 0 met while |v_t| was above 1e-6 of its peak is a jam the production path must report.
    EXPECT_LT(r.jam_rel, 1e-6) << law_name(law) << " draw " << draws;
    faint_jams += r.jam_rel > 0.0;
    if (r.mode != o.mode) {
      const double In = r.I.n;
      const bool tie = std::fabs(r.I_nh - r.I_nc) <= 1e-7 * In || std::fabs(r.I_nh - In) <= 1e-7 * In ||
                       std::fabs(o.I_nh - o.I_nc) <= 1e-7 * In || std::fabs(o.I_nh - o.I.n) <= 1e-7 * In ||
                       (r.s_min_rel > 1e-15 && r.s_min_rel < 1e-11);
      EXPECT_TRUE(tie) << law_name(law) << " draw " << draws << ": mode " << mode_name(o.mode) << " vs "
                       << mode_name(r.mode);
      ++ties;
    }
    SpatialOutcome ro;
    ro.I = r.I;
    ro.vf = r.vf;
    const double dist = testing::outcome_distance(c, o, ro);
    EXPECT_LE(dist, kTol) << law_name(law) << " draw " << draws << " mode " << mode_name(o.mode);
    EXPECT_NEAR(o.I_nc, r.I_nc, kTol * r.I.n) << law_name(law) << " draw " << draws;
    worst[m] = std::fmax(worst[m], dist);
    worst[0] = std::fmax(worst[0], dist);
  }
  const double secs = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
  std::printf(
      "%ld draws (%ld jams, %ld numerical failures skipped) for modes A..E: %d %d %d %d %d; %ld mode labels "
      "differ at ties; %ld paths meet dv_n/dp <= 0 only below 1e-6 of their peak slip\n",
      draws, jams, failures, kept[1], kept[2], kept[3], kept[4], kept[5], ties, faint_jams);
  std::printf("quotas filled after draws A..E: %ld %ld %ld %ld %ld\n", filled_at[1], filled_at[2],
              filled_at[3], filled_at[4], filled_at[5]);
  std::printf("max rel. difference A..E: %.3g %.3g %.3g %.3g %.3g (all %.3g)\n", worst[1], worst[2], worst[3],
              worst[4], worst[5], worst[0]);
  std::printf(
      "CPU time %.2f s: production %.1f us per draw, reference %.1f us (%.0f Taylor steps) per kept "
      "sample\n",
      secs, 1e6 * t_prod / CLOCKS_PER_SEC / draws, 1e6 * t_ref / CLOCKS_PER_SEC / (5.0 * kPerMode),
      static_cast<double>(steps) / (5.0 * kPerMode));
  for (int m = 1; m <= 5; ++m) EXPECT_EQ(kept[m], kPerMode) << "mode " << m;
  EXPECT_LE(1000 * failures, draws) << "numerical failures";
}

}  // namespace
}  // namespace collsweep

// Slips that nearly halt with mu just below mu_c and then creep along the growing invariant direction
// (slip_ode.hpp's creeps_on_direction, and the series' start on the direction itself): they end in a few
// dozen DOP853 steps, not thousands, and agree with the independent Taylor-series reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "collsweep/models/spatial/sampler.hpp"
#include "oracles/slip_reference.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

constexpr SpatialLaw kLaws[] = {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<Newton3d>};
constexpr double kTol = 1e-10;  // the spatial laws' accuracy (impulse and post-impact velocity)

// The DOP853 steps (accepted, rejected and event re-steps) of the slip phase of c; -1 when the law has no
// slip phase to integrate.
int slip_steps(SpatialLaw law, const SpatialCollision& c) {
  RouthEvaluation ev;
  if (!routh_begin(law, c, &ev)) return -1;
  spatial::SlipIntegration si;
  spatial::run_slip(&ev.r, c.W, c.mu, ev.dirs, SpatialOptions(), &si);
  return si.steps;
}

double distance_to_reference(SpatialLaw law, const SpatialCollision& c, const SpatialOutcome& o) {
  const testing::ReferenceOutcome r = testing::reference_routh(law, c);
  EXPECT_TRUE(r.ok) << law_name(law);
  SpatialOutcome ro;
  ro.I = r.I;
  ro.vf = r.vf;
  return testing::outcome_distance(c, o, ro);
}

// Sample 173 750 of a direct-W sweep plan (seed 7, mu uniform in [0, 1.5]): mu = 0.937130 against mu_c =
// 0.937232, so the growing invariant direction has lambda = 4.0e-5; the slip falls to 1e-7 of its start,
// aligns with that direction and creeps. Integrated on, it took 7 485 steps of a length bound by the
// direction's attraction, none of them needed.
TEST(SpatialCreepingSlip, ACreepingSlipEndsOnItsDirection) {
  SpatialSamplePlan plan;
  plan.seed = 7;
  plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  const SpatialCollision c = draw_spatial_sample(plan, 173750).c;
  const InvariantDirections dirs = invariant_directions(c.W, c.mu);
  ASSERT_EQ(dirs.count, 2);
  const double mu_c = critical_friction(c.W);
  EXPECT_LT(c.mu, mu_c);
  EXPECT_GT(c.mu, 0.9998 * mu_c);
  for (const SpatialLaw law : kLaws) {
    const int steps = slip_steps(law, c);
    EXPECT_GT(steps, 0) << law_name(law);
    EXPECT_LT(steps, 200) << law_name(law);
    const SpatialOutcome o = evaluate_spatial(law, c);
    ASSERT_EQ(o.status, Status::ok) << law_name(law);
    EXPECT_EQ(o.mode, SpatialMode::A) << law_name(law);  // it never halts: the slip grows again
    EXPECT_LE(distance_to_reference(law, c, o), kTol) << law_name(law);
  }
}

// Random collisions with mu just below mu_c (mu = mu_c (1 - 10^-x), x in [2, 6]: the slip creeps along
// sigma_F) and just above it (mu_c (1 + 10^-x): it halts slowly, lambda -> 0-): every slip ends in at most a
// few hundred steps and agrees with the reference to the laws' accuracy.
void expect_prompt_and_accurate_near_critical_friction(double side, std::uint64_t seed) {
  testing::Draw d(seed);
  int evaluated = 0, most_steps = 0;
  double worst = 0.0;
  for (int i = 0; i < 240; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    const double mu_c = critical_friction(c.W);
    c.mu = mu_c * (1.0 + side * std::pow(10.0, -d.uniform(2.0, 6.0)));
    const SpatialLaw law = kLaws[i % 3];
    const SpatialOutcome o = evaluate_spatial(law, c);
    if (o.status == Status::jam || !(c.mu > 0.0)) continue;
    ASSERT_EQ(o.status, Status::ok) << "draw " << i;
    most_steps = std::max(most_steps, slip_steps(law, c));
    const double dist = distance_to_reference(law, c, o);
    EXPECT_LE(dist, kTol) << law_name(law) << " draw " << i;
    worst = std::fmax(worst, dist);
    ++evaluated;
  }
  std::printf("%d collisions at mu_c (1 %c 10^-x): at most %d steps, worst distance to the reference %.3g\n",
              evaluated, side < 0.0 ? '-' : '+', most_steps, worst);
  EXPECT_GT(evaluated, 150);
  EXPECT_LT(most_steps, 400);
}

TEST(SpatialCreepingSlip, SlipsJustBelowCriticalFrictionEndPromptlyAndAccurately) {
  expect_prompt_and_accurate_near_critical_friction(-1.0, 173);
}

TEST(SpatialCreepingSlip, SlipsJustAboveCriticalFrictionEndPromptlyAndAccurately) {
  expect_prompt_and_accurate_near_critical_friction(+1.0, 174);
}

}  // namespace
}  // namespace collsweep

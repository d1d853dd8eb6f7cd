// The planar sequential impulses sweep by sweep: values from an independent Python transcription of
// Box2D 2.4's contact solver in contact space, and the rod's fixed point by hand.
#include <gtest/gtest.h>

#include <vector>

#include "collsweep/models/planar/laws/registry.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

PlanarCollision collision(double nn, double nt, double tt, double vn, double vt, double mu, double e) {
  PlanarCollision c;
  c.W = {nn, nt, tt};
  c.v = {vn, vt};
  c.mu = mu;
  c.e = e;
  return c;
}

struct Recorder {
  std::vector<PlanarSweepState>* rows;
  void operator()(const PlanarSweepState& s) const { rows->push_back(s); }
};

// W = [[2, 0.8], [0.8, 1]], v = (-1, 0.5), mu = 0.3, e = 0.5 (b = 0.5), three sweeps, friction first. Sweep
// 1: friction clamped to 0 (P_n = 0), P_n = 1.5 / 2 = 0.75, v = (0.5, 1.1); sweep 2: P_t = -mu P_n = -0.225,
// v = (0.32, 0.875), then P_n = 0.84, v = (0.5, 0.947); sweep 3: P_t = -0.252, P_n = 0.8508.
TEST(SequentialImpulse, ThreeSweepsFrictionFirst) {
  PlanarCollision c = collision(2.0, 0.8, 1.0, -1.0, 0.5, 0.3, 0.5);
  c.iterations = 3;
  std::vector<PlanarSweepState> rows;
  LawReport r;
  const PlanarOutcome o = SequentialImpulse::evaluate(c, &r, Recorder{&rows});
  ASSERT_EQ(o.status, Status::ok);
  ASSERT_EQ(rows.size(), 3u);
  const double expect[3][4] = {{0.75, 0.0, 0.5, 1.1},
                               {0.84, -0.22499999999999998, 0.49999999999999994, 0.9470000000000001},
                               {0.8508, -0.252, 0.5, 0.92864}};
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(rows[k].sweep, static_cast<std::uint32_t>(k + 1));
    EXPECT_EQ(rows[k].P_n, expect[k][0]) << "sweep " << k + 1;
    EXPECT_EQ(rows[k].P_t, expect[k][1]) << "sweep " << k + 1;
    EXPECT_EQ(rows[k].v_n, expect[k][2]) << "sweep " << k + 1;
    EXPECT_EQ(rows[k].v_t, expect[k][3]) << "sweep " << k + 1;
  }
  EXPECT_EQ(o.I_n, 0.8508);
  EXPECT_EQ(o.I_t, -0.252);
  EXPECT_EQ(o.type, 2) << "on the cone, v_t2 > 0 as v_t";
  EXPECT_EQ(r.iterations, 3u);
  EXPECT_EQ(r.converged, 0);
  EXPECT_EQ(r.solutions, 1);
}

// The same collision with the normal impulse first in each sweep (Bullet's order).
TEST(SequentialImpulse, ThreeSweepsNormalFirst) {
  PlanarCollision c = collision(2.0, 0.8, 1.0, -1.0, 0.5, 0.3, 0.5);
  c.iterations = 3;
  c.normal_first = 1;
  std::vector<PlanarSweepState> rows;
  const PlanarOutcome o = SequentialImpulse::evaluate(c, nullptr, Recorder{&rows});
  ASSERT_EQ(o.status, Status::ok);
  ASSERT_EQ(rows.size(), 3u);
  const double expect[3][4] = {{0.75, -0.22499999999999998, 0.32, 0.8750000000000001},
                               {0.84, -0.252, 0.47839999999999994, 0.92},
                               {0.8508, -0.25523999999999997, 0.497408, 0.9254}};
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(rows[k].P_n, expect[k][0]) << "sweep " << k + 1;
    EXPECT_EQ(rows[k].P_t, expect[k][1]) << "sweep " << k + 1;
    EXPECT_EQ(rows[k].v_n, expect[k][2]) << "sweep " << k + 1;
    EXPECT_EQ(rows[k].v_t, expect[k][3]) << "sweep " << k + 1;
  }
  EXPECT_EQ(o.v_n2, 0.497408) << "the last step is friction: v_n2 falls short of b = 0.5";
}

// Strong negative coupling with the threshold below the approach speed: b = e w = 1; P_n grows each sweep
// while friction drags v_t towards 0 (four sweeps of W = [[1, -0.9], [-0.9, 1]], v = (-1, 0.2), mu = 1).
TEST(SequentialImpulse, ThresholdBelowTheApproachKeepsTheBias) {
  PlanarCollision c = collision(1.0, -0.9, 1.0, -1.0, 0.2, 1.0, 1.0);
  c.iterations = 4;
  c.threshold = 0.5;
  const PlanarOutcome o = SequentialImpulse::evaluate(c);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.I_n, 5.551184000000001);
  EXPECT_EQ(o.I_t, 3.945760000000001);
  EXPECT_EQ(o.v_n2, 1.0);
  EXPECT_EQ(o.v_t2, -0.8503056000000003);
  // Above the approach speed the threshold drops the bias: v_n2 = 0 after the first sweep's normal step.
  c.threshold = 1.5;
  c.iterations = 1;
  const PlanarOutcome p = SequentialImpulse::evaluate(c);
  EXPECT_EQ(p.v_n2, 0.0);
  EXPECT_EQ(p.I_n, 1.0);
}

// Kane's rod (support/thesis_law_cases.hpp: W = [[2.5, -1.5], [-1.5, 2.5]], v = (-1, 1), e = 1,
// mu = 0.5): iterated to convergence the sweeps stick where kane-levinson sticks, P = (7/8, 1/8), v2 = (1,
// 0).
TEST(SequentialImpulse, ToConvergenceTheRodSticksAsKaneLevinson) {
  PlanarCollision c = testing::rod(0.5, 1.0);
  c.iterations = 0;
  LawReport r;
  const PlanarOutcome o = SequentialImpulse::evaluate(c, &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(r.converged, 1);
  EXPECT_GT(r.iterations, 10u);
  EXPECT_NEAR(o.I_n, 7.0 / 8.0, 1e-13);
  EXPECT_NEAR(o.I_t, 1.0 / 8.0, 1e-13);
  EXPECT_NEAR(o.v_n2, 1.0, 1e-13);
  EXPECT_NEAR(o.v_t2, 0.0, 1e-13);
  EXPECT_EQ(o.type, 1);
}

// Parameters outside their domain are refused by status, never rounded.
TEST(SequentialImpulse, RefusesParametersOutsideTheirDomain) {
  PlanarCollision c = collision(2.0, 0.8, 1.0, -1.0, 0.5, 0.3, 0.5);
  for (double k : {2.5, -1.0, 10001.0}) {
    c.iterations = k;
    EXPECT_EQ(SequentialImpulse::evaluate(c).status, Status::parameter_out_of_range) << k;
  }
  c.iterations = 8;
  c.threshold = -0.1;
  EXPECT_EQ(SequentialImpulse::evaluate(c).status, Status::parameter_out_of_range);
  c.threshold = 0.0 / 0.0;
  EXPECT_EQ(SequentialImpulse::evaluate(c).status, Status::parameter_out_of_range);
  c.threshold = 0.0;
  c.normal_first = 0.5;
  EXPECT_EQ(SequentialImpulse::evaluate(c).status, Status::parameter_out_of_range);
}

}  // namespace
}  // namespace collsweep

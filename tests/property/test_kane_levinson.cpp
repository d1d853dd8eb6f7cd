// Kane-Levinson's law (thesis §5.1.2), planar: worked examples, Kane's pendulum, one consistent state.
//
// Kane & Levinson's (Whittaker's) law as an algebraic law (thesis §5.1.2): worked examples, Kane's pendulum
// (Djerassi 2010 Table 2's configuration) where it gains energy, no gain for e = 0 (thesis §8.1), exactly one
// consistent state in the plane, and the stiff pendulum of §7.5.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/laws/kane_levinson.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "support/kane_pendulum.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// The rod: with e = 1, mu = 0.5 the sticking impulse M ((1 + e) w, -v_t) =
// [[5/8, 3/8], [3/8, 5/8]] (2, -1) = (7/8, 1/8) is inside the cone, v2 = (1, 0): KE_f = 5/16, a 25 % gain,
// with the friction impulse along the initial slip. e = 0.9: P = (13/16, 7/80), KE_f = 0.253125.
TEST(KaneLevinson, RodSticksAndGainsEnergy) {
  LawReport r;
  const PlanarOutcome o = KaneLevinson::evaluate(testing::rod(0.5, 1.0), &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 1);
  EXPECT_EQ(r.solutions, 1);
  EXPECT_NEAR(o.I_n, 7.0 / 8.0, 1e-15);
  EXPECT_NEAR(o.I_t, 1.0 / 8.0, 1e-15);
  EXPECT_EQ(o.v_n2, 1.0);
  EXPECT_EQ(o.v_t2, 0.0);
  EXPECT_NEAR(0.25 + o.dE, 5.0 / 16.0, 1e-15);
  EXPECT_TRUE(check_constraints(testing::rod(0.5, 1.0), o).violated & kViolatesC1Energy);
  const PlanarOutcome p = KaneLevinson::evaluate(testing::rod(0.5, 0.9));
  EXPECT_NEAR(p.I_n, 13.0 / 16.0, 1e-15);
  EXPECT_NEAR(p.I_t, 7.0 / 80.0, 1e-15);
  EXPECT_NEAR(0.25 + p.dE, 0.253125, 1e-15);
}

// Slip on the rod when the cone is narrow: mu = 0.1, the sticking impulse has |P_t|/P_n = 1/7 > mu; the
// slip with v_t2 < 0 (s = -1): P_n = 2 / (2.5 - 0.1 * 1.5) = 40/47, P_t = +4/47, v_t2 = 1 + 40/47 (-1.5 +
// 0.25) = -3/47 < 0, consistent; s = +1 gives P_n = 2/2.65, v_t2 = 1 - (2/2.65)(1.75) < 0: inconsistent.
TEST(KaneLevinson, RodSlipsWhenTheConeIsNarrow) {
  LawReport r;
  const PlanarOutcome o = KaneLevinson::evaluate(testing::rod(0.1, 1.0), &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 3) << "the slip reverses";
  EXPECT_EQ(r.solutions, 1);
  EXPECT_NEAR(o.I_n, 40.0 / 47.0, 1e-15);
  EXPECT_NEAR(o.I_t, 4.0 / 47.0, 1e-15);
  EXPECT_NEAR(o.v_t2, -3.0 / 47.0, 1e-15);
  EXPECT_EQ(o.v_n2, 1.0);
}

// Kane's double pendulum (Djerassi 2010 Sect. 6, Table 2's configuration and (e, mu) rows). The law's dE
// equals the pendulum's own kinetic energy change (1/2 u2^T M u2 - 1/2 u1^T M u1 with u2 = u1 + M^-1 J^T P)
// and is a gain in rows 2, 4 and 5 (+0.1634 J, +0.4889 J, +0.6116 J of 0.2782 J); the stick / slip
// conditions hold at the mechanism's contact point.
TEST(KaneLevinson, KanesPendulumGainsEnergy) {
  const KanePendulum p = kane_pendulum();
  const Delassus2 W = delassus_from_mechanism(p.mechanism);
  const Velocity2 v = contact_velocity(p.mechanism, p.u1);
  struct Row {
    double e, mu;
    int type;
    double dE;
  } rows[] = {{0.5, 0.2, 3, -0.032900117},
              {0.5, 0.5, 1, 0.163427469},
              {0.3, 0.5, 1, -0.119199347},
              {0.7, 0.5, 3, 0.488926855},
              {0.9, 0.5, 3, 0.611624830}};
  const double ke1 = 0.5 * p.u1.dot(p.mechanism.M * p.u1);
  for (const Row& r : rows) {
    SCOPED_TRACE("e " + std::to_string(r.e) + " mu " + std::to_string(r.mu));
    const PlanarCollision c{W, v, r.mu, r.e, 0.0};
    LawReport rep;
    const PlanarOutcome o = KaneLevinson::evaluate(c, &rep);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.type, r.type);
    EXPECT_EQ(rep.solutions, 1);
    EXPECT_NEAR(o.dE, r.dE, 1e-9);
    const Eigen::VectorXd u2 = p.u1 + velocity_change(p.mechanism, o.I_n, o.I_t);
    EXPECT_NEAR(0.5 * u2.dot(p.mechanism.M * u2) - ke1, o.dE, 1e-12);
    const Velocity2 v2 = contact_velocity(p.mechanism, u2);
    EXPECT_NEAR(v2.n, -r.e * v.n, 1e-12);
    if (r.type == 1) {
      EXPECT_NEAR(v2.t, 0.0, 1e-12);
      EXPECT_LE(std::fabs(o.I_t), r.mu * o.I_n);
    } else {
      EXPECT_NEAR(o.I_t, r.mu * o.I_n * (v2.t > 0.0 ? -1.0 : 1.0), 1e-12) << "P_t = -mu P_n sign(v_t2)";
    }
  }
  // The incremental Newton law (Routh's process with Newton's termination) also gains in row 5, less.
  EXPECT_LT(Newton::evaluate({W, v, 0.5, 0.9, 0.0}).dE, 0.611624830);
  // e = 0 on the same pendulum: dissipative for every mu.
  for (double mu : {0.0, 0.2, 0.5, 1.0, 3.0}) EXPECT_LT(KaneLevinson::evaluate({W, v, mu, 0.0, 0.0}).dE, 0.0);
}

// Random collisions: exactly one consistent state, the conditions of that state, no gain when e = 0, gains
// otherwise now and then (the C1 flag marks them).
TEST(KaneLevinson, OneConsistentStateAndNoGainForPlasticImpacts) {
  testing::Draw d(131);
  long gains = 0, gains_e0 = 0, types[4] = {};
  for (int i = 0; i < 100000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    if (i % 4 == 0) c.e = 0.0;
    LawReport r;
    const PlanarOutcome o = KaneLevinson::evaluate(c, &r);
    ASSERT_EQ(o.status, Status::ok) << "sample " << i;
    EXPECT_EQ(r.solutions, 1) << "sample " << i;
    ++types[o.type];
    const double w = -c.v.n, vs = std::hypot(c.v.n, c.v.t);
    EXPECT_EQ(o.v_n2, c.e * w);
    const double vs2 = vs + std::fabs(o.v_t2);
    EXPECT_NEAR(o.v_t2, c.v.t + c.W.nt * o.I_n + c.W.tt * o.I_t, 1e-12 * vs2) << "sample " << i;
    EXPECT_NEAR(o.v_n2, c.v.n + c.W.nn * o.I_n + c.W.nt * o.I_t, 1e-12 * vs2) << "sample " << i;
    EXPECT_GT(o.I_n, 0.0);
    if (o.type == 1) {
      EXPECT_LE(std::fabs(o.v_t2), 1e-10 * vs);
      EXPECT_LE(std::fabs(o.I_t), c.mu * o.I_n * (1.0 + 1e-12)) << "sample " << i;
    } else {
      const double s = o.v_t2 > 0.0 ? 1.0 : -1.0;
      EXPECT_NEAR(o.I_t, -c.mu * s * o.I_n, 1e-15 * o.I_n) << "sample " << i;
      EXPECT_EQ(o.type, s * c.v.t >= 0.0 ? 2 : 3);
    }
    const bool gain = o.dE_rel > 1e-12;
    gains += gain;
    if (c.e == 0.0) gains_e0 += gain;
    EXPECT_EQ(gain, (check_constraints(c, o).violated & kViolatesC1Energy) != 0) << "sample " << i;
  }
  std::printf("types stick/forward/reversed: %ld/%ld/%ld; energy gains %ld (with e = 0: %ld)\n", types[1],
              types[2], types[3], gains, gains_e0);
  EXPECT_EQ(gains_e0, 0);
  EXPECT_GT(gains, 1000);
  EXPECT_GT(types[1], 1000);
  EXPECT_GT(types[2], 1000);
  EXPECT_GT(types[3], 1000);
}

// The stiff pendulum (thesis §7.5, e = 0.5, mu = 0.8): KL sticks, the impulse
// along the rod and the kinetic energy grow like lambda. Printed to 4 digits (3 for KE at 1e6).
TEST(KaneLevinson, StiffPendulumGainsLikeLambda) {
  struct Row {
    double lambda, I_n, I_t, ke, ke_tol;
  } rows[] = {{10, 2.438, -0.1083, 0.2422, 5e-5},
              {100, 19.31, -9.851, 2.352, 5e-4},
              {1e4, 1876, -1082, 234.4, 5e-2},
              {1e6, 1.875e5, -1.083e5, 2.34e4, 50}};
  for (const Row& r : rows) {
    const PlanarCollision c{testing::pendulum_W(r.lambda), testing::kPendulumV, 0.8, 0.5, 0.0};
    const PlanarOutcome o = KaneLevinson::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.type, 1);
    EXPECT_NEAR(o.I_n, r.I_n, 5e-4 * r.I_n) << "lambda " << r.lambda;
    EXPECT_NEAR(std::fabs(o.I_t), std::fabs(r.I_t), 5e-4 * std::fabs(r.I_t)) << "lambda " << r.lambda;
    EXPECT_NEAR(accessible_energy(c.W, c.v) + o.dE, r.ke, r.ke_tol) << "lambda " << r.lambda;
  }
}

// mu = 0: Newton's frictionless impulse; v_t = 0 with W_nt = 0 sticks trivially (P_t = 0).
TEST(KaneLevinson, SpecialCases) {
  testing::Draw d(132);
  for (int i = 0; i < 10000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    c.mu = 0.0;
    const PlanarOutcome o = KaneLevinson::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_LE(testing::planar_distance(c, o, Newton::evaluate(c)), 1e-13) << "sample " << i;
  }
  const PlanarOutcome o = KaneLevinson::evaluate({{1.0, 0.0, 3.0}, {-2.0, 0.0}, 0.0, 0.5, 0.0});
  EXPECT_EQ(o.type, 1);
  EXPECT_EQ(o.I_t, 0.0);
  EXPECT_EQ(o.I_n, 3.0);
  EXPECT_EQ(KaneLevinson::evaluate(testing::rod(-1.0, 0.5)).status, Status::negative_friction);
}

}  // namespace
}  // namespace collsweep

// Chatterjee's Law III (thesis §6.5.3, §6.7.4), planar: pseudocode by hand, stiff pendulum, theorems.
//
// Chatterjee's Law III (thesis §6.5.3, §6.7.4): the pseudocode's steps on hand-checked examples, the stiff
// pendulum of §7.5, the reductions to Newton (mu = 0) and to the bilinear law (diagonal W), plastic sticking
// with infinite friction, and the accessible region on random collisions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/laws/chatterjee_law3.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// The rod, r_n = 1, r_t = 0, mu = 0.5. Tentative v2* = (1, 0); v2*^T M v2* = 5/8 > v1^T M v1 = 1/2, so
// eta = sqrt(5/4) and v2* = (2/sqrt5, 0). P* = M (v2* - v1) = (1/4 + sqrt5/4, -1/4 + 3/(4 sqrt5)) is inside
// the cone (type 2): the outcome keeps all the energy and the friction impulse points along v_t.
TEST(ChatterjeeLaw3, EnergyFixOnTheRod) {
  const double r5 = std::sqrt(5.0);
  LawReport r;
  const PlanarOutcome o = ChatterjeeLaw3::evaluate(testing::rod(0.5, 1.0, 0.0), &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 2);
  EXPECT_EQ(r.type, 2);
  EXPECT_EQ(r.solutions, 1);
  EXPECT_NEAR(o.I_n, 0.25 + r5 / 4.0, 1e-15);
  EXPECT_NEAR(o.I_t, -0.25 + 3.0 / (4.0 * r5), 1e-15);
  EXPECT_NEAR(o.v_n2, 2.0 / r5, 1e-15);
  EXPECT_NEAR(o.v_t2, 0.0, 1e-15);
  EXPECT_NEAR(o.dE, 0.0, 1e-15);
}

// The same with mu = 0.05: P* is outside the cone and is projected along the line from A = (0.8, 0)
// (= (1 + r_n) w / W_nn) to P*: kappa = mu a / (mu (a - b) + c) with a = 0.8, b = P*_n, c = P*_t.
TEST(ChatterjeeLaw3, ProjectionOnTheRod) {
  const double r5 = std::sqrt(5.0), b = 0.25 + r5 / 4.0, cc = -0.25 + 3.0 / (4.0 * r5);
  const double kappa = 0.05 * 0.8 / (0.05 * (0.8 - b) + cc);
  const PlanarOutcome o = ChatterjeeLaw3::evaluate(testing::rod(0.05, 1.0, 0.0));
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 3);
  EXPECT_NEAR(kappa, 0.4708134120, 1e-10);
  EXPECT_NEAR(o.I_n, (1.0 - kappa) * 0.8 + kappa * b, 1e-15);
  EXPECT_NEAR(o.I_t, kappa * cc, 1e-15);
  EXPECT_NEAR(o.I_t, 0.05 * o.I_n, 1e-15) << "on the cone";
  EXPECT_NEAR(o.I_n, 0.804245321888, 1e-12);
  EXPECT_LT(o.v_n2, 1.0) << "e_n < r_n on the projection line";
}

// The stiff pendulum of thesis §7.5 (e = 0.5, mu = 0.8): with r_t = 0.25 < r_n
// the impulse grows like lambda^(1/2) along the rod with no dissipation; with r_t = 0.75 >= r_n the law is
// well behaved (segment BE).
TEST(ChatterjeeLaw3, StiffPendulum) {
  struct Row {
    double r_t, lambda, P, v_n2, v_t2, ke;
  } rows[] = {
      {0.25, 10, 1.701, 0.25, 0.2165, 0.1074},    {0.25, 100, 9.692, 0.2219, 0.1922, 0.5},
      {0.25, 1e4, 99.96, 0.02308, 0.01999, 0.5},  {0.25, 1e6, 1000, 0.002309, 0.002, 0.5},
      {0.75, 10, 1.508, 0.25, 0.3232, 0.09705},   {0.75, 100, 1.579, 0.2402, 0.4046, 0.1123},
      {0.75, 1e4, 1.601, 0.2455, 0.4252, 0.1205}, {0.75, 1e6, 1.609, 0.2495, 0.4322, 0.1245},
  };
  for (const Row& r : rows) {
    const PlanarCollision c{testing::pendulum_W(r.lambda), testing::kPendulumV, 0.8, 0.5, r.r_t};
    const PlanarOutcome o = ChatterjeeLaw3::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    const double P = std::hypot(o.I_n, o.I_t);
    EXPECT_NEAR(P, r.P, 5e-4 * r.P) << "r_t " << r.r_t << " lambda " << r.lambda;
    EXPECT_NEAR(o.v_n2, r.v_n2, 5e-4 * r.v_n2) << "r_t " << r.r_t << " lambda " << r.lambda;
    EXPECT_NEAR(o.v_t2, r.v_t2, 5e-4 * r.v_t2) << "r_t " << r.r_t << " lambda " << r.lambda;
    EXPECT_NEAR(accessible_energy(c.W, c.v) + o.dE, r.ke, 5e-4 * r.ke);
  }
  // r_t = 0.25, lambda = 1e6: the impulse lines up with the rod, (cos th, -sin th) = (0.866, -0.5).
  const PlanarOutcome o =
      ChatterjeeLaw3::evaluate({testing::pendulum_W(1e6), testing::kPendulumV, 0.8, 0.5, 0.25});
  const double P = std::hypot(o.I_n, o.I_t);
  EXPECT_NEAR(o.I_n / P, 0.8660, 1e-3);
  EXPECT_NEAR(o.I_t / P, -0.5, 1e-3);
}

TEST(ChatterjeeLaw3, FrictionlessIsNewtonRestitution) {
  testing::Draw d(111);
  for (int i = 0; i < 20000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    c.mu = 0.0;
    const PlanarOutcome o = ChatterjeeLaw3::evaluate(c), n = Newton::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.I_t, 0.0);
    EXPECT_LE(testing::planar_distance(c, o, n), 1e-13) << "sample " << i;
  }
}

TEST(ChatterjeeLaw3, DiagonalWIsTheBilinearLaw) {
  testing::Draw d(112);
  for (int i = 0; i < 20000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    c.W.nt = 0.0;
    const PlanarOutcome o = ChatterjeeLaw3::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_NE(o.type, 2) << "no energy fix for diagonal M";
    const testing::Bilinear b = testing::bilinear(c.W.nn, c.W.tt, -c.v.n, c.v.t, c.mu, c.e, c.e_t);
    const double is = std::hypot(b.I_n, b.I_t);
    EXPECT_NEAR(o.I_n, b.I_n, 1e-14 * is) << "sample " << i;
    EXPECT_NEAR(o.I_t, b.I_t, 1e-14 * is) << "sample " << i;
  }
}

// Zero restitutions and friction large enough that the sticking impulse -W^-1 v1 is in the cone: v2 = 0.
TEST(ChatterjeeLaw3, PlasticStickingWithLargeFriction) {
  testing::Draw d(113);
  int tested = 0;
  for (int i = 0; i < 5000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    const double det = determinant(c.W);
    const double P2n = -(c.W.tt * c.v.n - c.W.nt * c.v.t) / det,
                 P2t = -(c.W.nn * c.v.t - c.W.nt * c.v.n) / det;
    if (!(P2n > 0.0)) continue;
    c.e = 0.0;
    c.e_t = 0.0;
    c.mu = 2.0 * std::fabs(P2t) / P2n + 0.1;
    const PlanarOutcome o = ChatterjeeLaw3::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.type, 1);
    EXPECT_EQ(o.v_n2, 0.0);
    EXPECT_EQ(o.v_t2, 0.0);
    EXPECT_NEAR(o.dE_rel, -1.0, 1e-12);
    ++tested;
  }
  EXPECT_GT(tested, 1000);
}

// 1e5 random collisions, e in [0, 1], e_t in [-1, 1]: in the accessible region; e_n <= r_n; every type.
TEST(ChatterjeeLaw3, StaysInTheAccessibleRegion) {
  testing::Draw d(114);
  long types[4] = {};
  double worst = -1.0;
  for (int i = 0; i < 100000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const PlanarOutcome o = ChatterjeeLaw3::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    ++types[o.type];
    EXPECT_EQ(check_constraints(c, o).violated, 0) << "sample " << i << " dE_rel " << o.dE_rel;
    EXPECT_LE(o.v_n2, -c.v.n * c.e * (1.0 + 1e-14)) << "e_n <= r_n, sample " << i;
    worst = std::fmax(worst, o.dE_rel);
  }
  std::printf("types 1/2/3: %ld/%ld/%ld, largest dE_rel %.3g\n", types[1], types[2], types[3], worst);
  EXPECT_GT(types[1], 1000);
  EXPECT_GT(types[2], 1000);
  EXPECT_GT(types[3], 1000);
}

TEST(ChatterjeeLaw3, InvalidInput) {
  EXPECT_EQ(ChatterjeeLaw3::evaluate(testing::rod(0.5, 1.0, -1.01)).status, Status::tangential_out_of_range);
  EXPECT_EQ(ChatterjeeLaw3::evaluate(testing::rod(-0.1, 1.0, 0.0)).status, Status::negative_friction);
  PlanarCollision c = testing::rod(0.5, 1.0, 0.0);
  c.v.n = 0.0;
  EXPECT_EQ(ChatterjeeLaw3::evaluate(c).status, Status::not_approaching);
  const PlanarOutcome o = ChatterjeeLaw3::evaluate(testing::rod(10.0, 1.0, 3.0));
  EXPECT_EQ(o.status, Status::ok) << "e_t > 1 is accepted (the energy fix scales it back)";
  EXPECT_LE(o.dE_rel, 1e-12);
}

}  // namespace
}  // namespace collsweep

// Brach's law (thesis §5.1.1), planar: worked example, change of variables, C3 against the ratio.
//
// Brach's all-linear law (thesis §5.1.1): Newton restitution with a given impulse ratio. A hand-checked
// example, the frictionless case, "a change of variables" (it reproduces any Newton-restitution outcome from
// that outcome's ratio), the ratio against the C3 flag, and the states it cannot reach.
#include <gtest/gtest.h>

#include <cmath>

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/laws/brach.hpp"
#include "collsweep/models/planar/laws/chatterjee_ruina.hpp"
#include "collsweep/models/planar/laws/kane_levinson.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "collsweep/models/planar/laws/smith.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// The rod, e = 1, r = 1/4 against the slip (v_t = 1 > 0, so P_t = -P_n / 4):
// P_n = 2 / (2.5 - (1/4)(-1.5)) = 16/23, P_t = -4/23, v_t2 = 1 + (16/23)(-1.5 - 2.5/4) = -11/23.
TEST(Brach, RodByHand) {
  LawReport r;
  const PlanarOutcome o = Brach::evaluate(testing::rod(0.0, 1.0), 0.25, &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 1);
  EXPECT_EQ(r.solutions, 1);
  EXPECT_NEAR(o.I_n, 16.0 / 23.0, 1e-15);
  EXPECT_NEAR(o.I_t, -4.0 / 23.0, 1e-15);
  EXPECT_EQ(o.v_n2, 1.0);
  EXPECT_NEAR(o.v_t2, -11.0 / 23.0, 1e-15);
  // Mirror image (v_t -> -v_t, W_nt -> -W_nt): the ratio is measured against the slip, so I_t flips.
  const PlanarOutcome m = Brach::evaluate({{2.5, 1.5, 2.5}, {-1.0, -1.0}, 0.0, 1.0, 0.0}, 0.25);
  EXPECT_NEAR(m.I_n, 16.0 / 23.0, 1e-15);
  EXPECT_NEAR(m.I_t, 4.0 / 23.0, 1e-15);
  EXPECT_NEAR(m.v_t2, 11.0 / 23.0, 1e-15);
}

TEST(Brach, ZeroRatioIsFrictionlessNewton) {
  testing::Draw d(151);
  for (int i = 0; i < 10000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    const PlanarOutcome o = Brach::evaluate(c, 0.0);
    c.mu = 0.0;
    EXPECT_LE(testing::planar_distance(c, o, Newton::evaluate(c)), 1e-13) << "sample " << i;
  }
}

// "Equivalent to a change of variables" (thesis §5.1.1): every outcome with v_n2 = e w is Brach's with the
// ratio r = -sign(v_t) P_t / P_n. Checked on Law II, Kane-Levinson and Smith outcomes.
TEST(Brach, ReproducesNewtonRestitutionLawsFromTheirRatio) {
  testing::Draw d(152);
  for (int i = 0; i < 20000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const PlanarOutcome outs[] = {ChatterjeeRuina::evaluate(c), KaneLevinson::evaluate(c),
                                  Smith::evaluate(c)};
    for (const PlanarOutcome& o : outs) {
      ASSERT_EQ(o.status, Status::ok);
      const double r = (c.v.t < 0.0 ? 1.0 : -1.0) * o.I_t / o.I_n;
      const PlanarOutcome b = Brach::evaluate(c, r);
      ASSERT_EQ(b.status, Status::ok);
      EXPECT_LE(testing::planar_distance(c, o, b), 1e-11) << "sample " << i;
    }
  }
}

// C3 holds iff |r| <= mu; the law reaches energy gains too (a ratio pushing along the slip).
TEST(Brach, RatioAgainstTheConstraintFlags) {
  testing::Draw d(153);
  long gains = 0;
  for (int i = 0; i < 20000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const double r = d.uniform(-2.0, 2.0);
    const PlanarOutcome o = Brach::evaluate(c, r);
    if (o.status != Status::ok) continue;
    const ConstraintReport f = check_constraints(c, o);
    if (std::fabs(std::fabs(r) - c.mu) > 1e-9) {
      EXPECT_EQ((f.violated & kViolatesC3Coulomb) != 0, std::fabs(r) > c.mu) << "sample " << i;
    }
    EXPECT_EQ(f.violated & (kViolatesC2Penetration | kViolatesC4Compressive), 0);
    gains += (f.violated & kViolatesC1Energy) != 0;
  }
  EXPECT_GT(gains, 100);
}

// Newton restitution needs P_n > 0: W_nn - r u W_nt <= 0 has no solution.
TEST(Brach, NoConsistentSolution) {
  const PlanarCollision c{{1.0, 0.9, 1.0}, {-1.0, 1.0}, 0.5, 0.5, 0.0};
  LawReport r;
  const PlanarOutcome o = Brach::evaluate(c, 2.0, &r);  // h = 1 - 2 * 0.9 < 0
  EXPECT_EQ(o.status, Status::no_consistent_solution);
  EXPECT_EQ(o.I_n, 0.0);
  EXPECT_EQ(r.solutions, 0);
  EXPECT_EQ(Brach::evaluate(c, -2.0).status, Status::ok);
  EXPECT_EQ(Brach::evaluate(c, std::nan("")).status, Status::nonfinite_input);
  // v_t = 0 is taken as v_t -> 0+: P_t = -r P_n.
  const PlanarOutcome z = Brach::evaluate({{1.0, 0.0, 1.0}, {-1.0, 0.0}, 0.5, 0.0, 0.0}, 0.5);
  EXPECT_EQ(z.I_n, 1.0);
  EXPECT_EQ(z.I_t, -0.5);
}

}  // namespace
}  // namespace collsweep

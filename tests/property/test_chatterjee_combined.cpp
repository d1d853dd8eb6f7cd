// Chatterjee's combined five-parameter law (thesis §6.6), planar: vertices, convexity, reductions.
//
// Chatterjee's combined five-parameter law (thesis §6.6): the vertices are Laws I, II and III, the law is
// their convex combination, reduces to Newton (mu = 0) and to the bilinear law (diagonal W), and stays in
// the accessible region (convexity) on random collisions with random weights.
#include <gtest/gtest.h>

#include <cmath>

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/laws/chatterjee_combined.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// Weights uniform on the triangle s1, s2 >= 0, s1 + s2 <= 1 (vertices now and then).
CombinedWeights draw_weights(testing::Draw& d) {
  const int k = d.pick(10);
  if (k == 0) return {1.0, 0.0};
  if (k == 1) return {0.0, 1.0};
  if (k == 2) return {0.0, 0.0};
  double a = d.u01(), b = d.u01();
  if (a + b > 1.0) a = 1.0 - a, b = 1.0 - b;
  return {a, b};
}

TEST(ChatterjeeCombined, VerticesAreTheThreeLaws) {
  testing::Draw d(121);
  for (int i = 0; i < 5000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const PlanarOutcome l1 = ChatterjeeLaw1::evaluate(c), l2 = ChatterjeeRuina::evaluate(c),
                        l3 = ChatterjeeLaw3::evaluate(c);
    EXPECT_LE(testing::planar_distance(c, ChatterjeeCombined::evaluate(c, {1.0, 0.0}), l1), 1e-15);
    EXPECT_LE(testing::planar_distance(c, ChatterjeeCombined::evaluate(c, {0.0, 1.0}), l2), 1e-15);
    EXPECT_LE(testing::planar_distance(c, ChatterjeeCombined::evaluate(c, {0.0, 0.0}), l3), 1e-15);
  }
}

// P = s1 P_I + s2 P_II + s3 P_III and v2 = v1 + W P; the rod with s = (1/4, 1/2) by hand from the three
// laws' rod outcomes: P_I = (8/13, -4/13), P_II = (0.65, -0.25), P_III = (1/4 + sqrt5/4, -1/4 + 3/(4 sqrt5)).
TEST(ChatterjeeCombined, ConvexCombination) {
  const double r5 = std::sqrt(5.0);
  LawReport r;
  const PlanarOutcome o = ChatterjeeCombined::evaluate(testing::rod(0.5, 1.0, 0.0), {0.25, 0.5}, &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(r.type, 1);
  EXPECT_EQ(r.solutions, 1);
  EXPECT_NEAR(o.I_n, 0.25 * 8.0 / 13.0 + 0.5 * 0.65 + 0.25 * (0.25 + r5 / 4.0), 1e-15);
  EXPECT_NEAR(o.I_t, 0.25 * -4.0 / 13.0 + 0.5 * -0.25 + 0.25 * (-0.25 + 3.0 / (4.0 * r5)), 1e-15);
  testing::Draw d(122);
  for (int i = 0; i < 20000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const CombinedWeights s = draw_weights(d);
    const PlanarOutcome q = ChatterjeeCombined::evaluate(c, s);
    ASSERT_EQ(q.status, Status::ok);
    const double vs = std::hypot(c.v.n, c.v.t) + std::hypot(q.v_n2, q.v_t2);
    EXPECT_NEAR(q.v_n2, c.v.n + c.W.nn * q.I_n + c.W.nt * q.I_t, 1e-12 * vs) << "sample " << i;
    EXPECT_NEAR(q.v_t2, c.v.t + c.W.nt * q.I_n + c.W.tt * q.I_t, 1e-12 * vs) << "sample " << i;
  }
}

TEST(ChatterjeeCombined, FrictionlessIsNewtonAndDiagonalIsBilinear) {
  testing::Draw d(123);
  for (int i = 0; i < 20000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    const CombinedWeights s = draw_weights(d);
    PlanarCollision f = c;
    f.mu = 0.0;
    EXPECT_LE(testing::planar_distance(f, ChatterjeeCombined::evaluate(f, s), Newton::evaluate(f)), 1e-13);
    c.W.nt = 0.0;
    const PlanarOutcome o = ChatterjeeCombined::evaluate(c, s);
    const testing::Bilinear b = testing::bilinear(c.W.nn, c.W.tt, -c.v.n, c.v.t, c.mu, c.e, c.e_t);
    const double is = std::hypot(b.I_n, b.I_t);
    EXPECT_NEAR(o.I_n, b.I_n, 1e-14 * is) << "sample " << i;
    EXPECT_NEAR(o.I_t, b.I_t, 1e-14 * is) << "sample " << i;
  }
}

// 1e5 random collisions and weights with e in [0, 1], e_t in [-1, 1]: C1-C4 hold.
TEST(ChatterjeeCombined, StaysInTheAccessibleRegion) {
  testing::Draw d(124);
  for (int i = 0; i < 100000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const PlanarOutcome o = ChatterjeeCombined::evaluate(c, draw_weights(d));
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(check_constraints(c, o).violated, 0) << "sample " << i << " dE_rel " << o.dE_rel;
  }
}

TEST(ChatterjeeCombined, WeightsOutsideTheTriangle) {
  const PlanarCollision c = testing::rod(0.5, 1.0, 0.0);
  EXPECT_EQ(ChatterjeeCombined::evaluate(c, {-0.1, 0.5}).status, Status::parameter_out_of_range);
  EXPECT_EQ(ChatterjeeCombined::evaluate(c, {0.5, -1e-9}).status, Status::parameter_out_of_range);
  EXPECT_EQ(ChatterjeeCombined::evaluate(c, {0.6, 0.5}).status, Status::parameter_out_of_range);
  EXPECT_EQ(ChatterjeeCombined::evaluate(c, {std::nan(""), 0.5}).status, Status::nonfinite_input);
  EXPECT_EQ(ChatterjeeCombined::evaluate(c, {0.5, 0.5}).status, Status::ok);
  // An invalid collision is reported as such, before the weights.
  EXPECT_EQ(ChatterjeeCombined::evaluate(testing::rod(0.5, 1.0, -2.0), {0.6, 0.5}).status,
            Status::tangential_out_of_range);
}

}  // namespace
}  // namespace collsweep

// Chatterjee's Law I (thesis §6.5.1, §6.7.2), planar: pseudocode cases by hand, reductions, theorems.
//
// Chatterjee's Law I (thesis §6.5.1, §6.7.2): the pseudocode's three cases on hand-checked examples, the
// reductions to Newton (mu = 0) and to the bilinear law (diagonal W), the span condition with b = 0, and
// the accessible region on random collisions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/laws/chatterjee_law1.hpp"
#include "collsweep/models/planar/laws/chatterjee_ruina.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// Case (a) on the rod, e = 1, e_t = 0, mu = 0.5, by hand in the thesis's frame (t flipped: v1 = (-1, -1),
// M = [[5/8, -3/8], [-3/8, 5/8]]): P^ = (5/8 * 2, min(5/8 * 1, 0.5 * 2 * 5/8)) = (5/4, 5/8);
// P^.v1 = -15/8, P^.W P^ = 925/128, s_E = 96/185, P_E = (24/37, 12/37), v_nE = 41/37 >= r_n w = 1, so
// P = (1 + r_n) w P^ / (n.W P^) = (8/13, 4/13) and v2 = (1, 9/13); back in our frame I_t, v_t2 flip sign.
TEST(ChatterjeeLaw1, CaseAOnTheRod) {
  LawReport r;
  const PlanarCollision c = testing::rod(0.5, 1.0, 0.0);
  const PlanarOutcome o = ChatterjeeLaw1::evaluate(c, &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 1);
  EXPECT_EQ(r.type, 1);
  EXPECT_EQ(r.solutions, 1);
  EXPECT_NEAR(o.I_n, 8.0 / 13.0, 1e-15);
  EXPECT_NEAR(o.I_t, -4.0 / 13.0, 1e-15);
  EXPECT_NEAR(o.v_n2, 1.0, 1e-15);
  EXPECT_NEAR(o.v_t2, -9.0 / 13.0, 1e-15);
  // KE_f = v2^T M v2 / 2 = (5/8 - 2 * 3/8 * 9/13 + 5/8 * 81/169) / 2 = 137/676.
  EXPECT_NEAR(0.25 + o.dE, 137.0 / 676.0, 1e-15);
}

// Case (b): W = [[1, -1], [-1, 2]] (M = [[2, 1], [1, 1]]), v1 = (-1, 1), mu = 1, e = 1, e_t = 0:
// P^ = (2 * 2, -min(1 * 1, 1 * 4)) = (4, -1), P^.v1 = -5, P^.W P^ = 26, s_E = 5/13, P_E = (20/13, -5/13),
// v_nE = -1 + 20/13 + 5/13 = 12/13 in [0, r_n w): P = P_E, v2 = (12/13, -17/13), no energy lost.
TEST(ChatterjeeLaw1, CaseBKeepsTheEnergyPreservingPoint) {
  const PlanarOutcome o = ChatterjeeLaw1::evaluate({{1.0, -1.0, 2.0}, {-1.0, 1.0}, 1.0, 1.0, 0.0});
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 2);
  EXPECT_NEAR(o.I_n, 20.0 / 13.0, 1e-15);
  EXPECT_NEAR(o.I_t, -5.0 / 13.0, 1e-15);
  EXPECT_NEAR(o.v_n2, 12.0 / 13.0, 1e-15);
  EXPECT_NEAR(o.v_t2, -17.0 / 13.0, 1e-15);
  EXPECT_NEAR(o.dE, 0.0, 1e-15);
}

// Case (c): W = [[1, 1/2], [1/2, 1]] (M = [[4/3, -2/3], [-2/3, 4/3]]), v1 = (-1, 2), mu = 2, e = e_t = 1:
// P^ = (8/3, -min(16/3, 16/3)) = (8/3, -16/3), s_E = 5/4, P_E = (10/3, -20/3), v_nE = -1 < 0: pushed along
// n by delta = -2 v_nE / W_nn = 2, P = (16/3, -20/3), v2 = (1, -2), KE_f = KE_i = 14/3.
TEST(ChatterjeeLaw1, CaseCPushesAlongTheNormal) {
  const PlanarCollision c{{1.0, 0.5, 1.0}, {-1.0, 2.0}, 2.0, 1.0, 1.0};
  const PlanarOutcome o = ChatterjeeLaw1::evaluate(c);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 3);
  EXPECT_NEAR(o.I_n, 16.0 / 3.0, 1e-14);
  EXPECT_NEAR(o.I_t, -20.0 / 3.0, 1e-14);
  EXPECT_NEAR(o.v_n2, 1.0, 1e-14);
  EXPECT_NEAR(o.v_t2, -2.0, 1e-14);
  EXPECT_NEAR(accessible_energy(c.W, c.v), 14.0 / 3.0, 1e-14);
  EXPECT_NEAR(o.dE, 0.0, 1e-14);
}

// mu = 0: Newton's frictionless impulse (1 + e) w / W_nn n, for every case of W, v and e_t.
TEST(ChatterjeeLaw1, FrictionlessIsNewtonRestitution) {
  testing::Draw d(101);
  for (int i = 0; i < 20000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    c.mu = 0.0;
    const PlanarOutcome o = ChatterjeeLaw1::evaluate(c), n = Newton::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.type, 1);
    EXPECT_EQ(o.I_t, 0.0);
    EXPECT_NEAR(o.I_n, (1.0 + c.e) * -c.v.n / c.W.nn, 1e-14 * o.I_n) << "sample " << i;
    EXPECT_LE(testing::planar_distance(c, o, n), 1e-13) << "sample " << i;
  }
}

// Diagonal W: the bilinear law (thesis §6.4), always in case (a).
TEST(ChatterjeeLaw1, DiagonalWIsTheBilinearLaw) {
  testing::Draw d(102);
  for (int i = 0; i < 20000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    c.W.nt = 0.0;
    const PlanarOutcome o = ChatterjeeLaw1::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.type, 1) << "sample " << i;
    const testing::Bilinear b = testing::bilinear(c.W.nn, c.W.tt, -c.v.n, c.v.t, c.mu, c.e, c.e_t);
    const double is = std::hypot(b.I_n, b.I_t);
    EXPECT_NEAR(o.I_n, b.I_n, 1e-14 * is) << "sample " << i;
    EXPECT_NEAR(o.I_t, b.I_t, 1e-14 * is) << "sample " << i;
  }
}

// The span condition P_T = -(a v_t + b v_t2) holds with b = 0, a >= 0 (thesis §6.5.1): I_t v_t <= 0 and
// I_t = 0 without initial slip; and every case turns up.
TEST(ChatterjeeLaw1, SpanConditionWithBZero) {
  testing::Draw d(103);
  long types[4] = {};
  for (int i = 0; i < 50000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    if (i % 50 == 0) c.v.t = 0.0;
    const PlanarOutcome o = ChatterjeeLaw1::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    ++types[o.type];
    EXPECT_LE(o.I_t * c.v.t, 0.0) << "sample " << i;
    if (c.v.t == 0.0 || c.e_t == -1.0) {
      EXPECT_EQ(o.I_t, 0.0);
    }
  }
  std::printf("cases a/b/c: %ld/%ld/%ld\n", types[1], types[2], types[3]);
  EXPECT_GT(types[1], 10000);
  EXPECT_GT(types[2], 100);
  EXPECT_GT(types[3], 100);
}

// 1e5 random collisions with e in [0, 1], e_t in [-1, 1]: never outside the accessible region (C1-C4,
// relative tolerance 1e-12); e_n = r_n in case (a), e_n in [0, r_n) in case (b), and no energy lost in (b)
// and (c). Case (c) can end with e_n = -v_nE / w above r_n, even above 1 (allowed with friction, §3.4.3).
TEST(ChatterjeeLaw1, StaysInTheAccessibleRegion) {
  testing::Draw d(104);
  double worst = -1.0;
  long above = 0;
  for (int i = 0; i < 100000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const PlanarOutcome o = ChatterjeeLaw1::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    const ConstraintReport r = check_constraints(c, o);
    EXPECT_EQ(r.violated, 0) << "sample " << i << " dE_rel " << o.dE_rel;
    worst = std::fmax(worst, o.dE_rel);
    const double w = -c.v.n;
    if (o.type == 1) {
      EXPECT_NEAR(o.v_n2, c.e * w, 1e-15 * w);
    } else {
      if (o.type == 2) {
        EXPECT_LT(o.v_n2, c.e * w) << "sample " << i;
      }
      EXPECT_NEAR(o.dE_rel, 0.0, 1e-12) << "cases b, c preserve energy";
      above += o.v_n2 > w;
    }
  }
  std::printf("largest dE_rel %.3g; case (c) with e_n > 1: %ld\n", worst, above);
}

// The stiff pendulum (thesis §7.5): as lambda grows, v2 -> -e v1 = (0.25, 0.433) for every r_t, as for
// Law II; KE_f -> e^2 KE_i = 0.125.
TEST(ChatterjeeLaw1, StiffPendulumLimitMatchesLawII) {
  for (double et : {-0.5, 0.0, 0.5, 1.0}) {
    const PlanarCollision c{testing::pendulum_W(1e8), testing::kPendulumV, 0.8, 0.5, et};
    const PlanarOutcome o = ChatterjeeLaw1::evaluate(c), l2 = ChatterjeeRuina::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_NEAR(o.v_n2, 0.25, 1e-6) << "e_t " << et;
    EXPECT_NEAR(std::fabs(o.v_t2), 0.4330127, 1e-6) << "e_t " << et;
    EXPECT_NEAR(accessible_energy(c.W, c.v) + o.dE, 0.125, 1e-6);
    EXPECT_NEAR(o.v_t2, l2.v_t2, 1e-6);
  }
}

// Homogeneity (thesis §3.6): v -> k v scales P and v2; W -> s W scales P by 1/s and keeps v2.
TEST(ChatterjeeLaw1, Homogeneity) {
  testing::Draw d(105);
  for (int i = 0; i < 10000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const double k = d.log_uniform(0.01, 100.0), s = d.log_uniform(0.01, 100.0);
    PlanarCollision cv = c, cw = c;
    cv.v = {k * c.v.n, k * c.v.t};
    cw.W = {s * c.W.nn, s * c.W.nt, s * c.W.tt};
    const PlanarOutcome a = ChatterjeeLaw1::evaluate(c);
    PlanarOutcome b = ChatterjeeLaw1::evaluate(cv), w = ChatterjeeLaw1::evaluate(cw);
    b.I_n /= k, b.I_t /= k, b.v_n2 /= k, b.v_t2 /= k;
    w.I_n *= s, w.I_t *= s;
    EXPECT_LE(testing::planar_distance(c, a, b), 1e-12) << "sample " << i;
    EXPECT_LE(testing::planar_distance(c, a, w), 1e-12) << "sample " << i;
  }
}

TEST(ChatterjeeLaw1, InvalidInput) {
  LawReport r;
  r.type = 9;
  EXPECT_EQ(ChatterjeeLaw1::evaluate(testing::rod(0.5, 1.0, -1.5), &r).status,
            Status::tangential_out_of_range);
  EXPECT_EQ(r.type, 0);
  EXPECT_EQ(r.solutions, 0);
  EXPECT_EQ(ChatterjeeLaw1::evaluate(testing::rod(0.5, 1.2, 0.0)).status, Status::restitution_out_of_range);
  EXPECT_EQ(ChatterjeeLaw1::evaluate(testing::rod(std::nan(""), 1.0, 0.0)).status, Status::nonfinite_input);
  const PlanarOutcome o = ChatterjeeLaw1::evaluate(testing::rod(0.5, 1.0, 2.5));
  EXPECT_EQ(o.status, Status::ok) << "e_t > 1 is accepted (the rescaling keeps energy)";
  EXPECT_LE(o.dE_rel, 1e-12);
}

}  // namespace
}  // namespace collsweep

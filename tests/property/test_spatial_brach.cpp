// Brach's law in 3D (thesis §5.1.1, two ratios): by hand, embedded planar, change of variables.
//
// Brach's law in 3D (thesis §5.1.1: two impulse ratios): a hand-checked example, the planar law on embedded
// planar collisions, the change of variables (any Newton-restitution outcome from its ratios), C3 against
// the ratios, and the states it cannot reach.
#include <gtest/gtest.h>

#include <cmath>

#include "collsweep/models/planar/laws/brach.hpp"
#include "collsweep/models/spatial/constraints.hpp"
#include "collsweep/models/spatial/laws/brach_3d.hpp"
#include "collsweep/models/spatial/laws/chatterjee_ruina_3d.hpp"
#include "collsweep/models/spatial/laws/kane_levinson_3d.hpp"
#include "collsweep/models/spatial/laws/smith_3d.hpp"
#include "support/embed_planar.hpp"
#include "support/random_spatial.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// W = 1, v1 = (-1, 0.6, 0.8), e = 0.5, r1 = 0.2, r2 = 0.1: e2 = -(0.6, 0.8), e3 = (0.8, -0.6),
// d = 0.2 e2 + 0.1 e3 = (-0.04, -0.22), P_n = 1.5 / (1 + 0) = 1.5, P = (1.5, -0.06, -0.33),
// v2 = (0.5, 0.54, 0.47).
TEST(SpatialBrach, ByHand) {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.0, 0.0, 1.0, 0.0, 1.0};
  c.v = Vec3n{-1.0, 0.6, 0.8};
  c.e = 0.5;
  LawReport r;
  const SpatialOutcome o = Brach3d::evaluate(c, 0.2, 0.1, &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(r.type, 1);
  EXPECT_EQ(r.solutions, 1);
  EXPECT_NEAR(o.I.n, 1.5, 1e-15);
  EXPECT_NEAR(o.I.t1, -0.06, 1e-15);
  EXPECT_NEAR(o.I.t2, -0.33, 1e-15);
  EXPECT_NEAR(o.vf.n, 0.5, 1e-15);
  EXPECT_NEAR(o.vf.t1, 0.54, 1e-15);
  EXPECT_NEAR(o.vf.t2, 0.47, 1e-15);
  // Coupling c = (0.5, 0) (W still SPD): P_n = 1.5 / (1 + 0.5 * -0.04) = 1.5 / 0.98.
  c.W.c1 = 0.5;
  EXPECT_NEAR(Brach3d::evaluate(c, 0.2, 0.1).I.n, 1.5 / 0.98, 1e-15);
}

TEST(SpatialBrach, PlanarCollisionsEmbeddedIn3d) {
  testing::Draw d(201);
  for (int i = 0; i < 20000; ++i) {
    const PlanarCollision p = testing::random_thesis_collision(d);
    if (p.v.t == 0.0) continue;  // the frames' stand-ins for -v_T differ there (t vs t1)
    const double b_perp = p.W.tt * d.log_uniform(0.1, 10.0), ratio = d.uniform(-1.0, 1.0);
    const int kind = i % 3;
    testing::Embedding e;
    const SpatialCollision c =
        testing::embed(p, b_perp, kind == 0 ? 0.0 : d.uniform(0.0, 2.0 * M_PI), kind == 1, &e);
    const PlanarOutcome po = Brach::evaluate(p, ratio);
    const SpatialOutcome so = Brach3d::evaluate(c, ratio, 0.0);
    ASSERT_EQ(po.status, so.status) << "sample " << i;
    if (po.status != Status::ok) continue;
    // P_n = (1 + e) w / h, h = W_nn - r u W_nt: where h cancels, rounding is amplified by cond_h =
    // (W_nn + |r W_nt|) / h (the law's singularity, P_n -> inf as h -> 0); a rotated embedding also rounds
    // W itself, by ~eps |W|, which moves v2 by ~eps |W| |P| (large against |v1| when P is).
    const double h = p.W.nn - (p.v.t < 0.0 ? -ratio : ratio) * p.W.nt;
    const double cond_h = (p.W.nn + std::fabs(ratio * p.W.nt)) / h;
    const double wp =
        kind == 2 ? (p.W.nn + p.W.tt + b_perp) * std::hypot(po.I_n, po.I_t) / std::hypot(p.v.n, p.v.t) : 0.0;
    EXPECT_LE(testing::embedded_distance(p, e, po, so), 1e-12 * cond_h * (1.0 + wp))
        << "sample " << i << " embedding " << kind;
  }
}

// Every outcome with v_n2 = e w is Brach's with its own ratios r1 = P.e2 / P_n, r2 = P.e3 / P_n.
TEST(SpatialBrach, ReproducesNewtonRestitutionLawsFromTheirRatios) {
  testing::Draw d(202);
  for (int i = 0; i < 10000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.e_t = testing::draw_e_t(d);
    const double vt = std::hypot(c.v.t1, c.v.t2), u1 = c.v.t1 / vt, u2 = c.v.t2 / vt;
    const SpatialOutcome outs[] = {ChatterjeeRuina3d::evaluate(c), KaneLevinson3d::evaluate(c),
                                   Smith3d::evaluate(c)};
    for (const SpatialOutcome& o : outs) {
      ASSERT_EQ(o.status, Status::ok);
      const double r1 = -(o.I.t1 * u1 + o.I.t2 * u2) / o.I.n, r2 = (o.I.t1 * u2 - o.I.t2 * u1) / o.I.n;
      const SpatialOutcome b = Brach3d::evaluate(c, r1, r2);
      ASSERT_EQ(b.status, Status::ok);
      EXPECT_LE(testing::outcome_distance(c, o, b), 1e-11) << "sample " << i;
    }
  }
}

TEST(SpatialBrach, RatiosAgainstTheConeAndNoSolution) {
  testing::Draw d(203);
  long unreachable = 0;
  for (int i = 0; i < 20000; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    const double r1 = d.uniform(-2.0, 2.0), r2 = d.uniform(-2.0, 2.0), rr = std::hypot(r1, r2);
    const SpatialOutcome o = Brach3d::evaluate(c, r1, r2);
    if (o.status == Status::no_consistent_solution) {
      ++unreachable;
      continue;
    }
    ASSERT_EQ(o.status, Status::ok);
    if (std::fabs(rr - c.mu) > 1e-9) {
      EXPECT_EQ((check_constraints(c, o).violated & kViolatesC3Coulomb) != 0, rr > c.mu) << "sample " << i;
    }
  }
  EXPECT_GT(unreachable, 10);
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.9, 0.0, 1.0, 0.0, 1.0};
  c.v = Vec3n{-1.0, 1.0, 0.0};
  EXPECT_EQ(Brach3d::evaluate(c, 2.0, 0.0).status, Status::no_consistent_solution);  // 1 - 2 * 0.9 < 0
  EXPECT_EQ(Brach3d::evaluate(c, 0.0, std::nan("")).status, Status::nonfinite_input);
}

}  // namespace
}  // namespace collsweep

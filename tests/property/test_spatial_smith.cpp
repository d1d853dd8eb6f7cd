// Smith's law in 3D (thesis §5.1.3, §10.3): embedded planar, Smith's theorem on random collisions.
//
// Smith's law in 3D (thesis §5.1.3, §10.3, and its 3D remarks): the planar law on embedded planar collisions,
// Smith's theorem (C1, C3) and the law's own relation on 1e5 random collisions, the span condition, the
// frictionless law at mu = 0, and Kane-Levinson's law without initial slip.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/laws/smith.hpp"
#include "collsweep/models/spatial/constraints.hpp"
#include "collsweep/models/spatial/laws/smith_3d.hpp"
#include "support/embed_planar.hpp"
#include "support/random_spatial.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// Both laws stop Newton at a step of 4 eps s, and the root of Smith's equation carries the rounding of its
// evaluation, which the two forms (the planar cubic in a flipped frame, the 3D vector equation) do not
// share: where the root is ill-conditioned the two end points differ by more than 1e-12. Here: <= 1e-12 on
// all but 0.5 % of the samples, <= 1e-10 on all. Labels (forward / reversed) differ only where v_t2 ~ 0.
TEST(SpatialSmith, PlanarCollisionsEmbeddedIn3d) {
  testing::Draw d(191);
  double worst = 0.0;
  long over = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    const PlanarCollision p = testing::random_thesis_collision(d);
    const double b_perp = p.W.tt * d.log_uniform(0.1, 10.0);
    const int kind = i % 3;
    testing::Embedding e;
    const SpatialCollision c =
        testing::embed(p, b_perp, kind == 0 ? 0.0 : d.uniform(0.0, 2.0 * M_PI), kind == 1, &e);
    LawReport pr, sr;
    const PlanarOutcome po = Smith::evaluate(p, &pr);
    const SpatialOutcome so = Smith3d::evaluate(c, &sr);
    ASSERT_EQ(po.status, Status::ok);
    ASSERT_EQ(so.status, Status::ok) << "sample " << i;
    const double dist = testing::embedded_distance(p, e, po, so);
    EXPECT_LE(dist, 1e-10) << "sample " << i << " embedding " << kind;
    over += dist > 1e-12;
    if (pr.type != sr.type) {
      EXPECT_LE(std::fabs(po.v_t2), 1e-9 * std::hypot(p.v.n, p.v.t)) << "sample " << i;
    }
    EXPECT_EQ(sr.solutions, 1) << "sample " << i;
    worst = std::fmax(worst, dist);
  }
  std::printf("embedded planar: max rel. difference %.3g, above 1e-12 on %ld of %d\n", worst, over, n);
  EXPECT_LE(over, n / 200);
}

// Smith's theorem on 1e5 random 3D collisions: the continuation converges, P_n > 0, C1-C4 hold, and the
// outcome obeys Smith's relation P_T (|v_T|^2 + |v_T2|^2) = -mu P_n (|v_T| v_T + |v_T2| v_T2), so P_T lies in
// the negative span of v_T and v_T2 (the span condition, thesis §6.5).
TEST(SpatialSmith, TheoremOnRandomCollisions) {
  testing::Draw d(192);
  long counts[4] = {}, types[4] = {};
  int most = 0;
  double worst = -1.0, worst_res = 0.0;
  for (int i = 0; i < 100000; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    LawReport r;
    const SpatialOutcome o = Smith3d::evaluate(c, &r);
    ASSERT_EQ(o.status, Status::ok) << "sample " << i;
    ++counts[r.solutions > 3 ? 3 : r.solutions];
    ++types[r.type];
    most = static_cast<int>(r.iterations) > most ? static_cast<int>(r.iterations) : most;
    EXPECT_EQ(check_constraints(c, o).violated, 0) << "sample " << i << " dE_rel " << o.dE_rel;
    worst = std::fmax(worst, o.dE_rel);
    EXPECT_EQ(o.vf.n, -c.e * c.v.n);
    const double vm = std::hypot(c.v.t1, c.v.t2), xm = std::hypot(o.vf.t1, o.vf.t2), r2 = vm * vm + xm * xm;
    if (c.mu > 0.0 && vm > 0.0) {
      const double r1 = o.I.t1 * r2 + c.mu * o.I.n * (vm * c.v.t1 + xm * o.vf.t1);
      const double rr2 = o.I.t2 * r2 + c.mu * o.I.n * (vm * c.v.t2 + xm * o.vf.t2);
      const double res = std::hypot(r1, rr2) / (c.mu * o.I.n * r2);
      EXPECT_LE(res, 1e-9) << "sample " << i;
      worst_res = std::fmax(worst_res, res);
    }
  }
  std::printf(
      "solutions found 0/1/2/3+: %ld/%ld/%ld/%ld; types forward/reversed %ld/%ld; largest dE_rel %.3g; "
      "largest "
      "relative residual %.3g; most Newton iterations %d\n",
      counts[0], counts[1], counts[2], counts[3], types[2], types[3], worst, worst_res, most);
  EXPECT_EQ(counts[0], 0);
  EXPECT_GT(types[2], 1000);
  EXPECT_GT(types[3], 1000);
}

TEST(SpatialSmith, FrictionlessIsNewtonRestitution) {
  testing::Draw d(193);
  for (int i = 0; i < 10000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.mu = 0.0;
    const SpatialOutcome o = Smith3d::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_NEAR(o.I.n, (1.0 + c.e) * -c.v.n / c.W.a, 1e-14 * o.I.n);
    EXPECT_EQ(o.I.t1, 0.0);
    EXPECT_EQ(o.I.t2, 0.0);
  }
}

TEST(SpatialSmith, NoInitialSlipIsKaneLevinson) {
  testing::Draw d(194);
  for (int i = 0; i < 3000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.v.t1 = c.v.t2 = 0.0;
    LawReport a, b;
    const SpatialOutcome o = Smith3d::evaluate(c, &a), k = KaneLevinson3d::evaluate(c, &b);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(testing::outcome_distance(c, o, k), 0.0);
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.solutions, b.solutions);
  }
}

}  // namespace
}  // namespace collsweep

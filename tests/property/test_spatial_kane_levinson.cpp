// Kane-Levinson's law in 3D (thesis §5.1.2): embedded planar, consistent states and their count.
//
// Kane & Levinson's law in 3D (thesis §5.1.2 and its 3D remarks): the planar law on embedded planar
// collisions, the consistency of the chosen state, the count of consistent states against an independent
// dense scan, a configuration with three consistent states, and no energy gain for e = 0.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/laws/kane_levinson.hpp"
#include "collsweep/models/spatial/constraints.hpp"
#include "collsweep/models/spatial/laws/kane_levinson_3d.hpp"
#include "support/embed_planar.hpp"
#include "support/random_spatial.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// The consistent states of Kane-Levinson's law found by the test's own means: the sticking impulse by
// Cramer's rule on the 3x3 W, and the slips by a scan of 20000 directions sigma for sign changes of
// sigma x v_T2(sigma), v_T2 = v_T + W_T (P_n (n - mu sigma)), P_n = (1 + e) w / n.W(n - mu sigma) > 0,
// each sign change bisected and kept when sigma.v_T2 > 0; states closer than 1e-10 |v1| to sticking count as
// sticking.
int scan_states(const SpatialCollision& c) {
  const Delassus3& W = c.W;
  const double m[3][3] = {{W.a, W.c1, W.c2}, {W.c1, W.b11, W.b12}, {W.c2, W.b12, W.b22}};
  const double w = -c.v.n, k = (1.0 + c.e) * w, vm = std::sqrt(w * w + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
  const double rhs[3] = {k, -c.v.t1, -c.v.t2};
  const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                     m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                     m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  double S[3];
  for (int j = 0; j < 3; ++j) {
    double a[3][3];
    for (int r = 0; r < 3; ++r)
      for (int q = 0; q < 3; ++q) a[r][q] = q == j ? rhs[r] : m[r][q];
    S[j] = (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
            a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
            a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])) /
           det;
  }
  bool stick = S[0] >= 0.0 && std::hypot(S[1], S[2]) <= c.mu * S[0] * (1.0 + 1e-12);
  int slips = 0;
  // sigma x v_T2 and sigma.v_T2 at angle th; Pn <= 0 marks an inadmissible direction.
  auto eval = [&](double th, double* cr, double* dot, double* vt2) {
    const double s1 = std::cos(th), s2 = std::sin(th);
    const double q = W.a - c.mu * (W.c1 * s1 + W.c2 * s2);
    const double Pn = k / q;
    const double v1 = c.v.t1 + W.c1 * Pn - c.mu * Pn * (W.b11 * s1 + W.b12 * s2);
    const double v2 = c.v.t2 + W.c2 * Pn - c.mu * Pn * (W.b12 * s1 + W.b22 * s2);
    *cr = s1 * v2 - s2 * v1;
    *dot = q > 0.0 ? s1 * v1 + s2 * v2 : -1.0;
    *vt2 = std::hypot(v1, v2);
  };
  const int N = 20000;
  double a = 0.0, fa, dot, vt2;
  eval(a, &fa, &dot, &vt2);
  for (int i = 1; i <= N; ++i) {
    const double b = 2.0 * M_PI * i / N;
    double fb;
    eval(b, &fb, &dot, &vt2);
    if ((fa < 0.0) != (fb < 0.0)) {
      double lo = a, hi = b, flo = fa;
      for (int it = 0; it < 60; ++it) {
        const double mid = 0.5 * (lo + hi);
        double fm;
        eval(mid, &fm, &dot, &vt2);
        if ((fm < 0.0) == (flo < 0.0))
          lo = mid, flo = fm;
        else
          hi = mid;
      }
      double f;
      eval(0.5 * (lo + hi), &f, &dot, &vt2);
      if (vt2 <= 1e-10 * vm && dot > -0.5)
        stick = true;
      else if (dot > 0.0)
        ++slips;
    }
    a = b;
    fa = fb;
  }
  return (stick ? 1 : 0) + slips;
}

// The chosen state satisfies the law's conditions.
void expect_consistent(const SpatialCollision& c, const SpatialOutcome& o, int type, int i) {
  const double vm = std::sqrt(c.v.n * c.v.n + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
  EXPECT_EQ(o.vf.n, -c.e * c.v.n) << "sample " << i;
  const Vec3n dv = apply_delassus(c.W, o.I);
  const double vs = vm + std::sqrt(o.vf.n * o.vf.n + o.vf.t1 * o.vf.t1 + o.vf.t2 * o.vf.t2);
  EXPECT_NEAR(o.vf.t1, c.v.t1 + dv.t1, 1e-12 * vs) << "sample " << i;
  EXPECT_NEAR(o.vf.t2, c.v.t2 + dv.t2, 1e-12 * vs) << "sample " << i;
  EXPECT_NEAR(o.vf.n, c.v.n + dv.n, 1e-12 * vs) << "sample " << i;
  const double pt = std::hypot(o.I.t1, o.I.t2), st = std::hypot(o.vf.t1, o.vf.t2);
  EXPECT_GT(o.I.n, 0.0);
  if (type == 1) {
    EXPECT_LE(st, 1e-10 * vm) << "sample " << i;
    EXPECT_LE(pt, c.mu * o.I.n * (1.0 + 1e-12)) << "sample " << i;
  } else {
    // The direction of v_T2 carries its rounding relative to |v_T2|: ~eps (|v1| + |W||P|) / |v_T2|.
    const double dir_tol = 1e-13 *
                           (vs + (std::fabs(c.W.b11) + std::fabs(c.W.b22) + std::fabs(c.W.b12) +
                                  std::fabs(c.W.c1) + std::fabs(c.W.c2)) *
                                     o.I.n * (1.0 + c.mu)) /
                           st;
    EXPECT_NEAR(o.I.t1, -c.mu * o.I.n * o.vf.t1 / st, dir_tol * c.mu * o.I.n) << "sample " << i;
    EXPECT_NEAR(o.I.t2, -c.mu * o.I.n * o.vf.t2 / st, dir_tol * c.mu * o.I.n) << "sample " << i;
    EXPECT_EQ(type, o.vf.t1 * c.v.t1 + o.vf.t2 * c.v.t2 >= 0.0 ? 2 : 3) << "sample " << i;
  }
}

// Embedded planar collisions: when the 3D law finds one state it is the planar law's; it can also find
// out-of-plane slips (pairs mirrored in the plane), which the planar law cannot have.
TEST(SpatialKaneLevinson, PlanarCollisionsEmbeddedIn3d) {
  testing::Draw d(181);
  long single = 0, more = 0;
  double worst = 0.0;
  for (int i = 0; i < 20000; ++i) {
    const PlanarCollision p = testing::random_thesis_collision(d);
    const double b_perp = p.W.tt * d.log_uniform(0.1, 10.0);
    const int kind = i % 3;
    testing::Embedding e;
    const SpatialCollision c =
        testing::embed(p, b_perp, kind == 0 ? 0.0 : d.uniform(0.0, 2.0 * M_PI), kind == 1, &e);
    LawReport pr, sr;
    const PlanarOutcome po = KaneLevinson::evaluate(p, &pr);
    const SpatialOutcome so = KaneLevinson3d::evaluate(c, &sr);
    ASSERT_EQ(po.status, Status::ok);
    ASSERT_EQ(so.status, Status::ok);
    if (sr.solutions == 1) {
      ++single;
      const double dist = testing::embedded_distance(p, e, po, so);
      EXPECT_LE(dist, 1e-12) << "sample " << i << " embedding " << kind;
      EXPECT_EQ(pr.type, sr.type) << "sample " << i;
      worst = std::fmax(worst, dist);
    } else {
      ++more;
      EXPECT_EQ((sr.solutions - 1) % 2, 0) << "out-of-plane slips come in mirrored pairs, sample " << i;
    }
  }
  std::printf("embedded planar: %ld with one state (max rel. difference %.3g), %ld with out-of-plane slips\n",
              single, worst, more);
  EXPECT_GT(single, 19000);
}

// Random 3D collisions: the chosen state is consistent; the law's count equals an independent scan.
TEST(SpatialKaneLevinson, ConsistentStatesAndTheirCount) {
  testing::Draw d(182);
  long counts[5] = {}, types[4] = {};
  for (int i = 0; i < 30000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    LawReport r;
    const SpatialOutcome o = KaneLevinson3d::evaluate(c, &r);
    ASSERT_EQ(o.status, Status::ok) << "sample " << i;
    ++counts[r.solutions > 4 ? 4 : r.solutions];
    ++types[r.type];
    expect_consistent(c, o, r.type, i);
    if (i < 1500) {
      EXPECT_EQ(scan_states(c), r.solutions) << "sample " << i;
    }
  }
  std::printf("states 0/1/2/3/4+: %ld/%ld/%ld/%ld/%ld; types stick/forward/reversed %ld/%ld/%ld\n", counts[0],
              counts[1], counts[2], counts[3], counts[4], types[1], types[2], types[3]);
  EXPECT_GT(types[1], 1000);
  EXPECT_GT(types[2], 1000);
  EXPECT_GT(types[3], 500);
}

// Found in a random sweep and checked by the scan: sticking is consistent (|P_T|/P_n = 0.62075 <= 0.636153)
// and so are two slips (at about -145.8 and -136.4 degrees); the rule picks stick.
TEST(SpatialKaneLevinson, ThreeConsistentStates) {
  SpatialCollision c;
  c.W = Delassus3{0.120495, -0.0898668, -0.156515, 0.142161, 0.158915, 0.233309};
  c.v = Vec3n{-0.422861, -1.98747, -0.913087};
  c.mu = 0.636153;
  c.e = 0.0;
  LawReport r;
  const SpatialOutcome o = KaneLevinson3d::evaluate(c, &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(r.solutions, 3);
  EXPECT_EQ(scan_states(c), 3);
  EXPECT_EQ(r.type, 1);
  EXPECT_EQ(o.vf.t1, 0.0);
  EXPECT_EQ(o.vf.t2, 0.0);
  EXPECT_NEAR(std::hypot(o.I.t1, o.I.t2) / o.I.n, 0.62075, 5e-6);
}

// e = 0 never gains energy (thesis §8.1 footnote); e > 0 does now and then, and the C1 flag marks it.
TEST(SpatialKaneLevinson, NoGainForPlasticImpacts) {
  testing::Draw d(183);
  long gains = 0, gains_e0 = 0;
  for (int i = 0; i < 50000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    if (i % 3 == 0) c.e = 0.0;
    const SpatialOutcome o = KaneLevinson3d::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    const bool gain = o.dE_rel > 1e-12;
    gains += gain;
    if (c.e == 0.0) gains_e0 += gain;
    EXPECT_EQ(gain, (check_constraints(c, o).violated & kViolatesC1Energy) != 0) << "sample " << i;
  }
  std::printf("gains %ld (e = 0: %ld)\n", gains, gains_e0);
  EXPECT_EQ(gains_e0, 0);
  EXPECT_GT(gains, 500);
}

// mu = 0 is Newton's frictionless impulse; no initial slip and no coupling sticks with P_T = 0.
TEST(SpatialKaneLevinson, SpecialCases) {
  testing::Draw d(184);
  for (int i = 0; i < 5000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.mu = 0.0;
    const SpatialOutcome o = KaneLevinson3d::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_NEAR(o.I.n, (1.0 + c.e) * -c.v.n / c.W.a, 1e-14 * o.I.n);
    EXPECT_EQ(o.I.t1, 0.0);
    EXPECT_EQ(o.I.t2, 0.0);
  }
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.0, 0.0, 2.0, 0.0, 2.0};
  c.v = Vec3n{-1.0, 0.0, 0.0};
  c.mu = 0.3;
  c.e = 0.5;
  LawReport r;
  const SpatialOutcome o = KaneLevinson3d::evaluate(c, &r);
  EXPECT_EQ(r.type, 1);
  EXPECT_EQ(r.solutions, 1) << "every direction solves g = 0 here, none is a consistent slip";
  EXPECT_EQ(o.I.n, 1.5);
}

}  // namespace
}  // namespace collsweep

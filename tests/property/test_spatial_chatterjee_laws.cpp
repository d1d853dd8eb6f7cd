// Chatterjee's Laws I, III and the combined law in 3D (thesis §6.5-§6.6): reductions and theorems.
//
// Chatterjee's Laws I and III and the combined law in 3D (thesis §6.5-§6.6 and its 3D remarks, reference
// note §5): the planar laws on embedded planar collisions, Newton at mu = 0, the bilinear law for diagonal
// W, the span condition of Law I, the accessible region on 1e5 random collisions, rotation equivariance.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/spatial/constraints.hpp"
#include "collsweep/models/spatial/laws/chatterjee_combined_3d.hpp"
#include "support/embed_planar.hpp"
#include "support/random_spatial.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

constexpr double kTol = 1e-12;

SpatialCollision random_thesis_spatial(testing::Draw& d) {
  SpatialCollision c = testing::random_spatial_collision(d);
  c.e_t = testing::draw_e_t(d);
  return c;
}

// The three laws of both families at weights (s1, s2) = (0.2, 0.5) for the combined one.
PlanarOutcome planar(int law, const PlanarCollision& c, LawReport* r = nullptr) {
  return law == 0   ? ChatterjeeLaw1::evaluate(c, r)
         : law == 1 ? ChatterjeeLaw3::evaluate(c, r)
                    : ChatterjeeCombined::evaluate(c, {0.2, 0.5}, r);
}
SpatialOutcome spatial(int law, const SpatialCollision& c, LawReport* r = nullptr) {
  return law == 0   ? ChatterjeeLaw1_3d::evaluate(c, r)
         : law == 1 ? ChatterjeeLaw3_3d::evaluate(c, r)
                    : ChatterjeeCombined3d::evaluate(c, CombinedWeights{0.2, 0.5}, r);
}
const char* const kNames[] = {"law1", "law3", "combined"};

// cond(W) = lambda_max / lambda_min of a planar W.
double condition(const Delassus2& W) {
  const double tr = W.nn + W.tt, det = determinant(W);
  const double lmax = 0.5 * (tr + std::sqrt(tr * tr - 4.0 * det));
  return lmax * lmax / det;
}

// Whether a planar outcome of Law I or III lies on a boundary between two of its cases, where the outcome
// is continuous and only the label depends on rounding: Law I (a)|(b) at v_n2 = e w with dE = 0, (b)|(c) at
// v_n2 = 0; Law III 1|2 at dE = 0 (eta = 1), 1,2|3 on the cone |P_t| = mu P_n.
bool on_case_boundary(int law, const PlanarCollision& p, const PlanarOutcome& o) {
  const double w = -p.v.n, tol = 1e-9;
  if (law == 0)
    return (std::fabs(o.v_n2 - p.e * w) <= tol * w && std::fabs(o.dE_rel) <= tol) ||
           std::fabs(o.v_n2) <= tol * w;
  return std::fabs(o.dE_rel) <= tol ||
         std::fabs(std::fabs(o.I_t) - p.mu * o.I_n) <= tol * std::hypot(o.I_n, o.I_t);
}

// The planar laws' numbers to 1e-12 relative, plus 1e-13 cond(W): both families form Laws I and III with
// quadratic forms and solves of W (eta, the energy-preserving point, M (v2* - v1)) whose rounding grows
// with cond(W); at cond(W) <= 10 the bound is 1e-12. The case labels agree except on a case boundary.
TEST(SpatialChatterjeeLaws, PlanarCollisionsEmbeddedIn3d) {
  testing::Draw d(171);
  double worst[3] = {};
  long over[3] = {}, relabelled = 0;
  for (int i = 0; i < 30000; ++i) {
    const PlanarCollision p = testing::random_thesis_collision(d);
    const double b_perp = p.W.tt * d.log_uniform(0.1, 10.0);
    const int kind = i % 3;
    testing::Embedding e;
    const SpatialCollision c =
        testing::embed(p, b_perp, kind == 0 ? 0.0 : d.uniform(0.0, 2.0 * M_PI), kind == 1, &e);
    const double tol = kTol + 1e-13 * condition(p.W);
    for (int law = 0; law < 3; ++law) {
      LawReport pr, sr;
      const PlanarOutcome po = planar(law, p, &pr);
      const SpatialOutcome so = spatial(law, c, &sr);
      ASSERT_EQ(po.status, Status::ok);
      ASSERT_EQ(so.status, Status::ok);
      const double dist = testing::embedded_distance(p, e, po, so);
      EXPECT_LE(dist, tol) << kNames[law] << " sample " << i << " embedding " << kind;
      worst[law] = std::fmax(worst[law], dist);
      over[law] += dist > kTol;
      if (pr.type != sr.type) {
        EXPECT_TRUE(law < 2 && on_case_boundary(law, p, po)) << kNames[law] << " sample " << i;
        ++relabelled;
      }
      if (kind == 0) {
        EXPECT_EQ(so.I.t2, 0.0);
        EXPECT_EQ(so.vf.t2, 0.0);
      }
    }
  }
  std::printf(
      "embedded planar: max rel. difference law1 %.3g, law3 %.3g, combined %.3g; above 1e-12: %ld, %ld, %ld "
      "of 30000; %ld labels differ on a case boundary\n",
      worst[0], worst[1], worst[2], over[0], over[1], over[2], relabelled);
}

TEST(SpatialChatterjeeLaws, FrictionlessIsNewtonRestitution) {
  testing::Draw d(172);
  for (int i = 0; i < 10000; ++i) {
    SpatialCollision c = random_thesis_spatial(d);
    c.mu = 0.0;
    const double In = (1.0 + c.e) * -c.v.n / c.W.a;
    for (int law = 0; law < 3; ++law) {
      const SpatialOutcome o = spatial(law, c);
      ASSERT_EQ(o.status, Status::ok);
      EXPECT_NEAR(o.I.n, In, 1e-14 * In) << kNames[law];
      EXPECT_EQ(o.I.t1, 0.0) << kNames[law];
      EXPECT_EQ(o.I.t2, 0.0) << kNames[law];
      EXPECT_NEAR(o.vf.n, c.e * -c.v.n, 1e-14 * -c.v.n) << kNames[law];
    }
  }
}

// Diagonal W = diag(a, b1, b2) with v_T along an axis of it (the bilinear law's setting, thesis §6.4).
TEST(SpatialChatterjeeLaws, DiagonalWIsTheBilinearLaw) {
  testing::Draw d(173);
  for (int i = 0; i < 10000; ++i) {
    SpatialCollision c = random_thesis_spatial(d);
    c.W = Delassus3{c.W.a, 0.0, 0.0, c.W.b11, 0.0, c.W.b22};
    const bool on_t2 = i % 2;
    const double vt = std::hypot(c.v.t1, c.v.t2) * (d.pick(2) ? 1.0 : -1.0);
    c.v.t1 = on_t2 ? 0.0 : vt;
    c.v.t2 = on_t2 ? vt : 0.0;
    const testing::Bilinear b =
        testing::bilinear(c.W.a, on_t2 ? c.W.b22 : c.W.b11, -c.v.n, vt, c.mu, c.e, c.e_t);
    const double is = std::hypot(b.I_n, b.I_t);
    for (int law = 0; law < 3; ++law) {
      const SpatialOutcome o = spatial(law, c);
      ASSERT_EQ(o.status, Status::ok);
      EXPECT_NEAR(o.I.n, b.I_n, 1e-14 * is) << kNames[law] << " sample " << i;
      EXPECT_NEAR(on_t2 ? o.I.t2 : o.I.t1, b.I_t, 1e-14 * is) << kNames[law] << " sample " << i;
      EXPECT_EQ(on_t2 ? o.I.t1 : o.I.t2, 0.0) << kNames[law] << " sample " << i;
    }
  }
}

// Law I: P in span(n, v1) with P_T = -a v_T, a >= 0 (the span condition with b = 0), P_T = 0 without slip.
TEST(SpatialChatterjeeLaws, LawISpanCondition) {
  testing::Draw d(174);
  for (int i = 0; i < 20000; ++i) {
    SpatialCollision c = random_thesis_spatial(d);
    if (i % 50 == 0) c.v.t1 = c.v.t2 = 0.0;
    const SpatialOutcome o = ChatterjeeLaw1_3d::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    const double pt = std::hypot(o.I.t1, o.I.t2), vt = std::hypot(c.v.t1, c.v.t2);
    if (vt == 0.0) {
      EXPECT_EQ(pt, 0.0);
      continue;
    }
    EXPECT_LE(std::fabs(o.I.t1 * c.v.t2 - o.I.t2 * c.v.t1), kTol * pt * vt) << "parallel, sample " << i;
    EXPECT_LE(o.I.t1 * c.v.t1 + o.I.t2 * c.v.t2, 0.0) << "against the slip, sample " << i;
  }
}

// 1e5 random 3D collisions with e in [0, 1], e_t in [-1, 1]: each law stays in the accessible region; every
// case of Laws I and III turns up; Law III's e_n <= r_n.
TEST(SpatialChatterjeeLaws, StayInTheAccessibleRegion) {
  testing::Draw d(175);
  long types[2][4] = {};
  for (int i = 0; i < 100000; ++i) {
    const SpatialCollision c = random_thesis_spatial(d);
    for (int law = 0; law < 3; ++law) {
      LawReport r;
      const SpatialOutcome o = spatial(law, c, &r);
      ASSERT_EQ(o.status, Status::ok);
      if (law < 2) ++types[law][r.type];
      EXPECT_EQ(check_constraints(c, o).violated, 0)
          << kNames[law] << " sample " << i << " dE_rel " << o.dE_rel;
      if (law == 1) {
        EXPECT_LE(o.vf.n, c.e * -c.v.n * (1.0 + 1e-14)) << "sample " << i;
      }
    }
  }
  std::printf("law1 cases a/b/c %ld/%ld/%ld; law3 types %ld/%ld/%ld\n", types[0][1], types[0][2], types[0][3],
              types[1][1], types[1][2], types[1][3]);
  for (int law = 0; law < 2; ++law)
    for (int t = 1; t <= 3; ++t) EXPECT_GT(types[law][t], 500) << kNames[law] << " type " << t;
}

// Law III with zero restitutions and friction that admits the sticking impulse -W^-1 v1: v2 = 0.
TEST(SpatialChatterjeeLaws, LawIIIPlasticSticking) {
  testing::Draw d(176);
  int tested = 0;
  for (int i = 0; i < 5000; ++i) {
    SpatialCollision c = random_thesis_spatial(d);
    const Vec3n P2 = solve_delassus(c.W, Vec3n{-c.v.n, -c.v.t1, -c.v.t2});
    if (!(P2.n > 0.0)) continue;
    c.e = c.e_t = 0.0;
    c.mu = 2.0 * std::hypot(P2.t1, P2.t2) / P2.n + 0.1;
    const SpatialOutcome o = ChatterjeeLaw3_3d::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.vf.n, 0.0);
    EXPECT_EQ(o.vf.t1, 0.0);
    EXPECT_EQ(o.vf.t2, 0.0);
    ++tested;
  }
  EXPECT_GT(tested, 1000);
}

// Rotating the tangent plane about n rotates P_T and v_T2 (Law I's special frame included).
TEST(SpatialChatterjeeLaws, RotationEquivariance) {
  testing::Draw d(177);
  for (int i = 0; i < 5000; ++i) {
    const SpatialCollision c = random_thesis_spatial(d);
    const double phi = d.uniform(0.0, 2.0 * M_PI), cs = std::cos(phi), sn = std::sin(phi);
    SpatialCollision r = c;
    r.W.c1 = cs * c.W.c1 - sn * c.W.c2;
    r.W.c2 = sn * c.W.c1 + cs * c.W.c2;
    r.W.b11 = cs * cs * c.W.b11 - 2.0 * cs * sn * c.W.b12 + sn * sn * c.W.b22;
    r.W.b12 = cs * sn * (c.W.b11 - c.W.b22) + (cs * cs - sn * sn) * c.W.b12;
    r.W.b22 = sn * sn * c.W.b11 + 2.0 * cs * sn * c.W.b12 + cs * cs * c.W.b22;
    r.v.t1 = cs * c.v.t1 - sn * c.v.t2;
    r.v.t2 = sn * c.v.t1 + cs * c.v.t2;
    for (int law = 0; law < 3; ++law) {
      const SpatialOutcome a = spatial(law, c);
      SpatialOutcome b = spatial(law, r);
      ASSERT_EQ(b.status, Status::ok);
      const Vec3n bi = b.I, bv = b.vf;
      b.I.t1 = cs * bi.t1 + sn * bi.t2;
      b.I.t2 = -sn * bi.t1 + cs * bi.t2;
      b.vf.t1 = cs * bv.t1 + sn * bv.t2;
      b.vf.t2 = -sn * bv.t1 + cs * bv.t2;
      EXPECT_LE(testing::outcome_distance(c, a, b), kTol) << kNames[law] << " sample " << i;
    }
  }
}

}  // namespace
}  // namespace collsweep

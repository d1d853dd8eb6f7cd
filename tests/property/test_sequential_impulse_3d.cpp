// sequential-impulse-3d (models/spatial/laws/sequential_impulse_3d.hpp): its limits and theorems.
//
// Converged (K = 0), the sequential impulses reach a fixed point; where that fixed point is Coulomb's
// friction on the post-impact slip it is kane-levinson-3d's outcome (compared where that law finds exactly
// one consistent state, on 10^5 random samples per population; the samples that do not converge are counted
// and never compared): a sticking outcome inside the isotropic cone, the disc variant on W with b_11 = b_22,
// and slips along one tangent that the other row does not see. Where the friction rows mix directions (the
// pyramid's box, the disc's per-tangent effective masses) a sliding fixed point is another law, shown on one
// case. Then: mu = 0 is frictionless Newton restitution; a diagonal W never gains energy; the law is
// homogeneous in v and in W's scale (power-of-two scales bit for bit); the pyramid and the disc agree where
// only one tangent slips; the parameters are checked; the sweeps, the trace and the report agree; the
// threshold turns restitution off.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "collsweep/models/spatial/laws/kane_levinson_3d.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "collsweep/models/spatial/quantities.hpp"
#include "collsweep/models/spatial/sampler.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

using testing::Draw;
using testing::outcome_distance;

SpatialThesisParams engine(double iterations, double normal_first = 0.0, double friction_cone = 0.0,
                           double threshold = 0.0) {
  SpatialThesisParams p;
  p.iterations = iterations;
  p.threshold = threshold;
  p.normal_first = normal_first;
  p.friction_cone = friction_cone;
  return p;
}

SpatialOutcome si(const SpatialCollision& c, const SpatialThesisParams& p, LawReport* r = nullptr) {
  return SequentialImpulse3d::evaluate(c, p, r);
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// A W with an isotropic diagonal tangential block: s [[1, c^T], [c, beta [[1, rho], [rho, 1]]]], c = L y
// (b = L L^T) with |y| < 0.97, so that c^T b^-1 c = |y|^2 < 1 (SPD).
Delassus3 isotropic_diagonal_w(Draw& d) {
  const double beta = d.log_uniform(0.1, 10.0), rho = d.uniform(-0.9, 0.9), s = d.log_uniform(0.01, 100.0);
  const double r = d.uniform(0.0, 0.97), th = d.uniform(0.0, 2.0 * M_PI);
  const double y1 = r * std::cos(th), y2 = r * std::sin(th);
  const double l11 = std::sqrt(beta), l21 = rho * std::sqrt(beta), l22 = std::sqrt(beta * (1.0 - rho * rho));
  return Delassus3{s, s * l11 * y1, s * (l21 * y1 + l22 * y2), s * beta, s * beta * rho, s * beta};
}

struct AgreementCount {
  int samples = 0, not_converged = 0, kl_not_one = 0, compared = 0;
  double worst = 0.0;
};

// Compares the converged law with kane-levinson-3d on c where `coulomb(outcome, report)` says the fixed point
// is a Coulomb state and kane-levinson-3d finds exactly one consistent state.
template <class Coulomb>
void compare_with_kane_levinson(const SpatialCollision& c, const SpatialThesisParams& p, AgreementCount* n,
                                const Coulomb& coulomb) {
  ++n->samples;
  LawReport r, kr;
  const SpatialOutcome o = si(c, p, &r);
  if (o.status == Status::not_converged) {
    ++n->not_converged;
    EXPECT_EQ(r.converged, 0);
    return;
  }
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(r.converged, 1);
  const SpatialOutcome k = KaneLevinson3d::evaluate(c, &kr);
  if (k.status != Status::ok || kr.solutions != 1) {
    ++n->kl_not_one;
    return;
  }
  if (!coulomb(o, r)) return;
  ++n->compared;
  const double dist = outcome_distance(c, o, k);
  n->worst = std::fmax(n->worst, dist);
  EXPECT_LE(dist, 1e-9) << "W " << c.W.a << " " << c.W.c1 << " " << c.W.c2 << " " << c.W.b11 << " " << c.W.b12
                        << " " << c.W.b22 << " v " << c.v.n << " " << c.v.t1 << " " << c.v.t2 << " mu "
                        << c.mu << " e " << c.e << " type " << int(r.type) << " KL type " << int(kr.type);
}

void report(const char* what, const AgreementCount& n) {
  std::printf(
      "%s: %d samples, %d not converged (never compared), %d where kane-levinson-3d has not exactly one "
      "state, %d compared, worst distance %.3g\n",
      what, n.samples, n.not_converged, n.kl_not_one, n.compared, n.worst);
}

// A sticking fixed point inside the isotropic cone is kane-levinson-3d's sticking state, for both friction
// variants and both orders, on general random W.
TEST(SequentialImpulse3d, ConvergedStickingIsKaneLevinsonsStickingState) {
  Draw d(9101);
  for (const double cone : {0.0, 1.0}) {
    AgreementCount n;
    int sticks = 0;
    for (int i = 0; i < 100000; ++i) {
      const SpatialCollision c = testing::random_spatial_collision(d);
      compare_with_kane_levinson(c, engine(0.0, i % 2, cone), &n,
                                 [&](const SpatialOutcome& o, const LawReport& r) {
                                   if (r.type != 1) return false;
                                   ++sticks;
                                   return std::hypot(o.I.t1, o.I.t2) <
                                          c.mu * o.I.n;  // inside Coulomb's cone (the pyramid's box is wider)
                                 });
    }
    report(cone ? "disc, sticking" : "pyramid, sticking", n);
    std::printf("  of which %d stick\n", sticks);
    EXPECT_GT(n.compared, 20000);
    EXPECT_LT(n.not_converged, 1000);
  }
}

// The disc on W with b_11 = b_22: every converged state is Coulomb's (the step opposes v_T itself), so it is
// kane-levinson-3d's outcome wherever that law has one state, sliding or sticking.
TEST(SequentialImpulse3d, ConvergedDiscWithIsotropicDiagonalIsKaneLevinson) {
  Draw d(9102);
  AgreementCount n;
  int slides = 0;
  for (int i = 0; i < 100000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.W = isotropic_diagonal_w(d);
    compare_with_kane_levinson(c, engine(0.0, i % 2, 1.0), &n,
                               [&](const SpatialOutcome&, const LawReport& r) {
                                 slides += r.type != 1;
                                 return true;
                               });
  }
  report("disc, b_11 = b_22", n);
  std::printf("  of which %d slide\n", slides);
  EXPECT_GT(n.compared, 50000);
  EXPECT_GT(slides, 10000);
  EXPECT_LT(n.not_converged, 1000);
}

// A slip along t1 that the t2 row never sees (v_2 = 0, W_n2 = W_12 = 0): both variants are the planar
// sequential impulses in (n, t1), whose fixed point is Coulomb's, hence kane-levinson-3d's outcome.
TEST(SequentialImpulse3d, ConvergedOneTangentSlipIsKaneLevinson) {
  Draw d(9103);
  for (const double cone : {0.0, 1.0}) {
    AgreementCount n;
    for (int i = 0; i < 100000; ++i) {
      SpatialCollision c = testing::random_spatial_collision(d);
      c.W.c2 = 0.0;
      c.W.b12 = 0.0;
      c.v.t2 = 0.0;
      compare_with_kane_levinson(c, engine(0.0, i % 2, cone), &n,
                                 [](const SpatialOutcome&, const LawReport&) { return true; });
    }
    report(cone ? "disc, one tangent" : "pyramid, one tangent", n);
    EXPECT_GT(n.compared, 50000);
    EXPECT_LT(n.not_converged, 1000);
  }
}

// Where the rows mix directions a sliding fixed point is not Coulomb's: W = diag(1, 1, 4), v = (-1, 1, 1),
// mu = 0.1, e = 0.5. Both tangents slide (the sticking impulse (1.5, -1, -0.25) is far outside), and the
// pyramid clamps both rows: P_T = -mu P_n (1, 1), at 45 degrees, while Coulomb's friction on the post-impact
// slip (kane-levinson-3d) lies along -v_T2. The disc's step opposes diag(b)^-1 v_T2 = (v_1, v_2 / 4).
TEST(SequentialImpulse3d, SlidingFixedPointsOfThePyramidAndTheDiscAreNotCoulombs) {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.0, 0.0, 1.0, 0.0, 4.0};
  c.v = Vec3n{-1.0, 1.0, 1.0};
  c.mu = 0.1;
  c.e = 0.5;
  LawReport r;
  const SpatialOutcome pyr = si(c, engine(0.0), &r);
  ASSERT_EQ(pyr.status, Status::ok);
  EXPECT_EQ(r.type, 2);
  EXPECT_NEAR(pyr.I.n, 1.5, 1e-15);
  EXPECT_NEAR(pyr.I.t1, -0.15, 1e-15);
  EXPECT_NEAR(pyr.I.t2, -0.15, 1e-15);
  EXPECT_NEAR(pyr.vf.t1, 0.85, 1e-15);
  EXPECT_NEAR(pyr.vf.t2, 0.4, 1e-15);
  const SpatialOutcome kl = KaneLevinson3d::evaluate(c);
  ASSERT_EQ(kl.status, Status::ok);
  // Coulomb: P_T = -mu P_n sigma with sigma = v_T2 / |v_T2|.
  const double s = std::hypot(kl.vf.t1, kl.vf.t2);
  EXPECT_NEAR(kl.I.t1, -0.15 * kl.vf.t1 / s, 1e-12);
  EXPECT_GT(outcome_distance(c, pyr, kl), 0.01);
  const SpatialOutcome disc = si(c, engine(0.0, 0.0, 1.0));
  ASSERT_EQ(disc.status, Status::ok);
  EXPECT_NEAR(std::hypot(disc.I.t1, disc.I.t2), 0.15, 1e-14);  // on the disc
  // P_T opposes (v_1, v_2 / b_22), not v_T2.
  EXPECT_NEAR(disc.I.t1 * (disc.vf.t2 / 4.0) - disc.I.t2 * disc.vf.t1, 0.0, 1e-12);
  EXPECT_GT(std::fabs(disc.I.t1 * disc.vf.t2 - disc.I.t2 * disc.vf.t1), 0.01);
  EXPECT_GT(outcome_distance(c, disc, kl), 0.01);
}

// mu = 0: frictionless Newton restitution for every K >= 1, order and variant: P_T = 0 exactly,
// P_n = (1 + e) w / W_nn, v_n2 = e w (threshold 0), v_T2 = v_T + c P_n.
TEST(SequentialImpulse3d, FrictionlessIsNewtonRestitution) {
  Draw d(9104);
  for (int i = 0; i < 20000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.mu = 0.0;
    const double w = -c.v.n, Pn = (1.0 + c.e) * w / c.W.a;
    const SpatialThesisParams p = engine(d.pick(4) == 0 ? 0.0 : 1 + d.pick(12), d.pick(2), d.pick(2));
    LawReport r;
    const SpatialOutcome o = si(c, p, &r);
    ASSERT_EQ(o.status, Status::ok) << i;
    EXPECT_EQ(o.I.t1, 0.0);
    EXPECT_EQ(o.I.t2, 0.0);
    EXPECT_NEAR(o.I.n, Pn, 1e-13 * Pn);
    EXPECT_NEAR(o.vf.n, c.e * w, 1e-13 * w);
    EXPECT_NEAR(o.vf.t1, c.v.t1 + c.W.c1 * Pn, 1e-12 * (std::fabs(c.v.t1) + std::fabs(c.W.c1 * Pn)) + 1e-300);
    EXPECT_NEAR(o.vf.t2, c.v.t2 + c.W.c2 * Pn, 1e-12 * (std::fabs(c.v.t2) + std::fabs(c.W.c2 * Pn)) + 1e-300);
    EXPECT_LE(o.dE_rel, 1e-13);
    EXPECT_TRUE(SequentialImpulse3d::theorem_forbids_gain(c));
  }
}

// A diagonal W never gains energy (e <= 1), for every K, order, variant and threshold.
TEST(SequentialImpulse3d, DiagonalWNeverGainsEnergy) {
  Draw d(9105);
  double worst = -1.0;
  for (int i = 0; i < 50000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    const double s = d.log_uniform(0.01, 100.0);
    c.W = Delassus3{s, 0.0, 0.0, s * d.log_uniform(0.1, 10.0), 0.0, s * d.log_uniform(0.1, 10.0)};
    const SpatialThesisParams p = engine(d.pick(4) == 0 ? 0.0 : 1 + d.pick(12), d.pick(2), d.pick(2),
                                         d.pick(3) == 0 ? d.uniform(0.0, 2.0) : 0.0);
    const SpatialOutcome o = si(c, p);
    ASSERT_EQ(o.status, Status::ok) << i;
    worst = std::fmax(worst, o.dE_rel);
    EXPECT_LE(o.dE_rel, 1e-13) << i;
    EXPECT_TRUE(SequentialImpulse3d::theorem_forbids_gain(c));
  }
  std::printf("diagonal W: largest dE / T_acc %.3g\n", worst);
  // ... and a coupled W with friction may gain: no theorem is claimed there.
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.5, 0.0, 1.0, 0.0, 1.0};
  c.mu = 0.5;
  EXPECT_FALSE(SequentialImpulse3d::theorem_forbids_gain(c));
}

// Homogeneous of degree 1 in v and -1 in W's scale (threshold 0): power-of-two scales bit for bit (every
// operation scales exactly, the stopping test too), other scales to rounding.
TEST(SequentialImpulse3d, HomogeneousInVAndInTheScaleOfW) {
  Draw d(9106);
  int worst_i = -1;
  double worst = 0.0;
  for (int i = 0; i < 20000; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    const SpatialThesisParams p = engine(i % 3 == 0 ? 0.0 : 1 + d.pick(30), d.pick(2), d.pick(2));
    LawReport r0, r1, r2;
    const SpatialOutcome o = si(c, p, &r0);
    if (o.status != Status::ok) {
      EXPECT_EQ(o.status, Status::not_converged);
      continue;
    }
    SpatialCollision cv = c, cw = c;
    cv.v = Vec3n{c.v.n * 0x1p20, c.v.t1 * 0x1p20, c.v.t2 * 0x1p20};
    cw.W = Delassus3{c.W.a * 0x1p-7,   c.W.c1 * 0x1p-7,  c.W.c2 * 0x1p-7,
                     c.W.b11 * 0x1p-7, c.W.b12 * 0x1p-7, c.W.b22 * 0x1p-7};
    const SpatialOutcome ov = si(cv, p, &r1), ow = si(cw, p, &r2);
    ASSERT_EQ(ov.status, Status::ok);
    ASSERT_EQ(ow.status, Status::ok);
    EXPECT_EQ(r1.iterations, r0.iterations);
    EXPECT_EQ(r2.iterations, r0.iterations);
    EXPECT_EQ(r1.type, r0.type);
    for (const auto& [a, b] : {std::pair{ov.I.n, o.I.n * 0x1p20},
                               {ov.I.t1, o.I.t1 * 0x1p20},
                               {ov.I.t2, o.I.t2 * 0x1p20},
                               {ov.vf.t1, o.vf.t1 * 0x1p20},
                               {ow.I.n, o.I.n * 0x1p7},
                               {ow.I.t2, o.I.t2 * 0x1p7},
                               {ow.vf.t1, o.vf.t1},
                               {ow.vf.n, o.vf.n},
                               {ov.dE_rel, o.dE_rel}})
      EXPECT_TRUE(same_bits(a, b)) << i << ": " << a << " vs " << b;
    // A scale of 3.7 for v and of 0.3 for W.
    SpatialCollision cs = c;
    cs.v = Vec3n{c.v.n * 3.7, c.v.t1 * 3.7, c.v.t2 * 3.7};
    cs.W = Delassus3{c.W.a * 0.3, c.W.c1 * 0.3, c.W.c2 * 0.3, c.W.b11 * 0.3, c.W.b12 * 0.3, c.W.b22 * 0.3};
    const SpatialOutcome os = si(cs, p);
    ASSERT_EQ(os.status, Status::ok);
    SpatialOutcome expect = o;
    expect.I = Vec3n{o.I.n * 3.7 / 0.3, o.I.t1 * 3.7 / 0.3, o.I.t2 * 3.7 / 0.3};
    expect.vf = Vec3n{o.vf.n * 3.7, o.vf.t1 * 3.7, o.vf.t2 * 3.7};
    const double dist = outcome_distance(cs, os, expect);
    if (dist > worst) worst = dist, worst_i = i;
    EXPECT_LE(dist, 1e-9) << i;
  }
  std::printf("scales 3.7 (v) and 0.3 (W): worst distance %.3g (sample %d)\n", worst, worst_i);
}

// The pyramid and the disc agree where only t1 slips (v_2 = 0, W_n2 = W_12 = 0: P_2 stays 0, and the disc's
// radial clamp is the pyramid's clamp of P_1), for every K and order.
TEST(SequentialImpulse3d, PyramidAndDiscAgreeWhenOneTangentSlips) {
  Draw d(9107);
  for (int i = 0; i < 20000; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.W.c2 = 0.0;
    c.W.b12 = 0.0;
    c.v.t2 = 0.0;
    const double K = i % 4 == 0 ? 0.0 : 1 + d.pick(20), order = d.pick(2);
    LawReport rp, rd;
    const SpatialOutcome p = si(c, engine(K, order, 0.0), &rp), q = si(c, engine(K, order, 1.0), &rd);
    ASSERT_EQ(p.status, q.status) << i;
    if (p.status != Status::ok) continue;
    EXPECT_EQ(p.I.t2, 0.0);
    EXPECT_EQ(q.I.t2, 0.0);
    EXPECT_EQ(rp.type, rd.type) << i;
    EXPECT_LE(outcome_distance(c, p, q), 1e-13) << i;
  }
}

// Parameters outside their domains are refused by the law itself (eval and solve see them), never rounded.
TEST(SequentialImpulse3d, ParametersOutOfRangeAreRefused) {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.2, -0.1, 2.0, 0.3, 1.5};
  c.v = Vec3n{-1.0, 0.6, -0.3};
  c.mu = 0.3;
  c.e = 0.5;
  const double nan = std::nan("");
  const SpatialThesisParams bad[] = {engine(2.5),
                                     engine(-1.0),
                                     engine(10001.0),
                                     engine(nan),
                                     engine(8.0, 0.5),
                                     engine(8.0, 2.0),
                                     engine(8.0, 0.0, -1.0),
                                     engine(8.0, 0.0, 0.25),
                                     engine(8.0, 0.0, 0.0, -0.1),
                                     engine(8.0, 0.0, 0.0, INFINITY),
                                     engine(8.0, 0.0, 0.0, nan)};
  for (const SpatialThesisParams& p : bad) {
    LawReport r;
    r.iterations = 7;
    const SpatialOutcome o = evaluate_spatial(spatial_law<SequentialImpulse3d>, c, p, &r);
    EXPECT_EQ(o.status, Status::parameter_out_of_range)
        << p.iterations << " " << p.normal_first << " " << p.friction_cone << " " << p.threshold;
    EXPECT_EQ(o.I.n, 0.0);
    EXPECT_EQ(r.iterations, 0u);
  }
  // The ends of the domains are accepted.
  for (const SpatialThesisParams& p : {engine(10000.0), engine(0.0, 1.0, 1.0, 1e300), engine(1.0)})
    EXPECT_EQ(si(c, p).status, Status::ok);
  // Bad collisions keep their own statuses.
  SpatialCollision away = c;
  away.v.n = 0.5;
  EXPECT_EQ(si(away, engine(8.0)).status, Status::not_approaching);
}

// K >= 1 runs exactly K sweeps (the trace sees each; its last state is the outcome) and reports whether the
// last one converged; K = 0 stops at the first converged sweep.
TEST(SequentialImpulse3d, SweepsTraceAndReportAgree) {
  Draw d(9108);
  for (int i = 0; i < 2000; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    const double K = i % 5 == 0 ? 0.0 : 1 + d.pick(40);
    const SpatialThesisParams p = engine(K, d.pick(2), d.pick(2));
    std::vector<SpatialSweepState> seen;
    LawReport r;
    const SpatialOutcome o =
        SequentialImpulse3d::evaluate(c, p, &r, [&](const SpatialSweepState& s) { seen.push_back(s); });
    if (o.status == Status::not_converged) {
      EXPECT_EQ(K, 0.0);
      EXPECT_EQ(seen.size(), 10000u);
      EXPECT_EQ(r.iterations, 10000u);
      continue;
    }
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(r.solutions, 1);
    EXPECT_EQ(r.iterations, seen.size());
    if (K > 0.0) {
      EXPECT_EQ(r.iterations, static_cast<std::uint32_t>(K));
    } else {
      EXPECT_EQ(r.converged, 1);
    }
    for (std::size_t k = 0; k < seen.size(); ++k) EXPECT_EQ(seen[k].sweep, k + 1);
    const SpatialSweepState& last = seen.back();
    EXPECT_TRUE(same_bits(last.P.n, o.I.n) && same_bits(last.P.t1, o.I.t1) && same_bits(last.P.t2, o.I.t2));
    EXPECT_TRUE(same_bits(last.v.n, o.vf.n) && same_bits(last.v.t2, o.vf.t2));
    const double scale =
        std::fabs(o.I.n) + std::fabs(o.I.t1) + std::fabs(o.I.t2) + (1.0 + c.e) * -c.v.n / c.W.a;
    const double before = seen.size() > 1 ? seen[seen.size() - 2].change : 0.0;
    EXPECT_EQ(r.converged == 1, sweep_converged(last.change, before, scale));
    EXPECT_GE(r.type, 1);
    EXPECT_LE(r.type, 3);
    // The same outcome without an observer, and through the registry.
    LawReport q;
    const SpatialOutcome plain = evaluate_spatial(spatial_law<SequentialImpulse3d>, c, p, &q);
    EXPECT_TRUE(same_bits(plain.I.t1, o.I.t1) && same_bits(plain.dE_rel, o.dE_rel));
    EXPECT_EQ(q.iterations, r.iterations);
  }
  // Eight sweeps by default (Box2D's velocityIterations).
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.2, -0.1, 2.0, 0.3, 1.5};
  c.v = Vec3n{-1.0, 0.6, -0.3};
  c.mu = 0.3;
  LawReport r;
  ASSERT_EQ(evaluate_spatial(spatial_law<SequentialImpulse3d>, c, SpatialThesisParams(), &r).status,
            Status::ok);
  EXPECT_EQ(r.iterations, 8u);
}

// The threshold: an approach slower than it gets no restitution (v_n2 = 0 when converged), a faster one the
// full e w.
TEST(SequentialImpulse3d, ThresholdTurnsRestitutionOff) {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.2, -0.1, 2.0, 0.3, 1.5};
  c.v = Vec3n{-1.0, 0.6, -0.3};
  c.mu = 0.3;
  c.e = 0.8;
  const SpatialOutcome slow = si(c, engine(0.0, 0.0, 0.0, 1.0));  // v_n = -1 is not below -1
  ASSERT_EQ(slow.status, Status::ok);
  EXPECT_NEAR(slow.vf.n, 0.0, 1e-13);
  const SpatialOutcome fast = si(c, engine(0.0, 0.0, 0.0, 0.999));
  ASSERT_EQ(fast.status, Status::ok);
  EXPECT_NEAR(fast.vf.n, 0.8, 1e-13);
  EXPECT_LT(slow.I.n, fast.I.n);
}

// The engine parameters are drawn from streams of their own, only when read: every other field of every
// sample is the same with them or without, threshold is its stream's first uniform, and the grids of K,
// normal_first and friction_cone are digits after the existing slots (the grid size multiplies).
TEST(SequentialImpulse3d, EngineParametersDrawFromTheirOwnStreams) {
  SpatialSamplePlan plan;
  plan.seed = 77;
  plan.r1 = {ScalarKind::uniform, -1.0, 1.0, 1};
  plan.iterations = {ScalarKind::grid, 0.0, 16.0, 17};
  plan.threshold = {ScalarKind::uniform, 0.0, 2.0, 1};
  plan.normal_first = {ScalarKind::grid, 0.0, 1.0, 2};
  plan.friction_cone = {ScalarKind::grid, 0.0, 1.0, 2};
  EXPECT_EQ(spatial_grid_size(plan), 17u * 2u * 2u);
  const SpatialNeeds without{spatial_input::ratio}, with{spatial_input::ratio | spatial_input::engine};
  int seen_k[17] = {};
  for (std::uint64_t k = 0; k < 2000; ++k) {
    const SpatialSample a = draw_spatial_sample(plan, k, without), b = draw_spatial_sample(plan, k, with);
    const double x[] = {a.c.W.a, a.c.W.c1,  a.c.v.n,     a.c.v.t2,   a.c.mu,
                        a.c.e,   a.psi_deg, a.params.r1, a.params.r2};
    const double y[] = {b.c.W.a, b.c.W.c1,  b.c.v.n,     b.c.v.t2,   b.c.mu,
                        b.c.e,   b.psi_deg, b.params.r1, b.params.r2};
    EXPECT_EQ(std::memcmp(x, y, sizeof x), 0) << k;
    EXPECT_EQ(a.params.iterations, 8.0);  // not drawn: the default
    EXPECT_EQ(a.params.threshold, 0.0);
    const std::uint64_t g = k % (17u * 4u);
    EXPECT_EQ(b.params.iterations, static_cast<double>(g % 17u)) << k;
    EXPECT_EQ(b.params.normal_first, static_cast<double>((g / 17u) % 2u)) << k;
    EXPECT_EQ(b.params.friction_cone, static_cast<double>(g / 34u)) << k;
    ++seen_k[static_cast<int>(b.params.iterations)];
    SampleRng rng(plan.seed, static_cast<std::uint32_t>(SpatialStream::threshold), k);
    EXPECT_TRUE(same_bits(b.params.threshold, draw_scalar(plan.threshold, rng, 0u))) << k;
  }
  for (int n : seen_k) EXPECT_GE(n, 2000 / 68 * 4);
}

// log2_iterations: exact for powers of two, +inf for K = 0 (outside every map), NaN for what is not a count.
TEST(SequentialImpulse3d, Log2IterationsQuantity) {
  EXPECT_EQ(log2_sweeps(1.0), 0.0);
  EXPECT_EQ(log2_sweeps(64.0), 6.0);
  EXPECT_EQ(log2_sweeps(65536.0), 16.0);
  EXPECT_NEAR(log2_sweeps(3.0), std::log2(3.0), 1e-15);
  EXPECT_NEAR(log2_sweeps(100000.0), std::log2(100000.0), 1e-14);
  EXPECT_EQ(log2_sweeps(0.0), INFINITY);
  EXPECT_TRUE(std::isnan(log2_sweeps(-1.0)));
  SpatialSample s;
  s.params.iterations = 8.0;
  EXPECT_EQ(quantity_value(s, SpatialQuantity::log2_iterations), 3.0);
  EXPECT_STREQ(quantity_name(SpatialQuantity::log2_iterations), "log2_iterations");
  // A grid of K = 1 .. 64 binned by log2 over [-0.5, 6.5] in 7 bins: K = 2^j in bin j, none outside.
  const SpatialAxis axis{SpatialQuantity::log2_iterations, -0.5, 6.5, 7};
  int bins[7] = {};
  for (int k = 1; k <= 64; ++k) {
    s.params.iterations = k;
    const int b = axis_bin(axis, quantity_value(s, SpatialQuantity::log2_iterations));
    ASSERT_GE(b, 0) << k;
    ++bins[b];
    if ((k & (k - 1)) == 0) {
      EXPECT_EQ(b, static_cast<int>(std::log2(k))) << k;
    }
  }
  const int expected[7] = {1, 1, 3, 6, 11, 23, 19};  // K in [2^(j-1/2), 2^(j+1/2))
  for (int j = 0; j < 7; ++j) EXPECT_EQ(bins[j], expected[j]) << j;
  s.params.iterations = 0.0;
  EXPECT_EQ(axis_bin(axis, quantity_value(s, SpatialQuantity::log2_iterations)), -1);
}

}  // namespace
}  // namespace collsweep

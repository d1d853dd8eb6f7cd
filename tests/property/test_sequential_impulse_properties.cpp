// The planar sequential impulses as properties over random collisions: the limit of infinitely many sweeps
// (kane-levinson), frictionless Newton at mu = 0, no gain without coupling, homogeneity.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/laws/registry.hpp"
#include "support/random_collisions.hpp"

namespace collsweep {
namespace {

constexpr int kSamples = 100000;

PlanarCollision random_collision(testing::Draw& d) { return testing::stratified_collision(d, 1 + d.pick(5)); }

// The largest difference of the impulses (relative to b's impulse, or to v / W's diagonal when that is
// larger) and of the velocities (relative to |v|).
double rel_gap(const PlanarOutcome& a, const PlanarOutcome& b, const PlanarCollision& c) {
  const double v = std::hypot(c.v.n, c.v.t),
               p = std::max(v / std::min(c.W.nn, c.W.tt), std::hypot(b.I_n, b.I_t));
  return std::max({std::fabs(a.I_n - b.I_n) / p, std::fabs(a.I_t - b.I_t) / p, std::fabs(a.v_n2 - b.v_n2) / v,
                   std::fabs(a.v_t2 - b.v_t2) / v});
}

// Iterated to convergence, the sweeps reach Newton's restitution with Coulomb friction on the post-impact
// slip: kane-levinson's one consistent state (Chatterjee 1997 §5.1.2). Samples where Gauss-Seidel does not
// converge are reported as not_converged, and then really do not converge within the cap.
TEST(SequentialImpulseProperties, ToConvergenceItIsKaneLevinson) {
  testing::Draw d(71);
  long compared = 0, not_converged = 0, worst_at = -1;
  double worst = 0.0;
  for (int i = 0; i < kSamples; ++i) {
    PlanarCollision c = random_collision(d);
    c.iterations = 0;
    LawReport r, kr;
    const PlanarOutcome o = evaluate(planar_law<SequentialImpulse>, c, &r);
    if (o.status == Status::not_converged) {
      ++not_converged;
      EXPECT_EQ(r.converged, 0);
      EXPECT_EQ(r.iterations, 10000u);
      PlanarCollision capped = c;
      capped.iterations = 10000;
      LawReport cr;
      ASSERT_EQ(evaluate(planar_law<SequentialImpulse>, capped, &cr).status, Status::ok);
      EXPECT_EQ(cr.converged, 0) << "sample " << i << " converges at the cap but was reported not_converged";
      continue;
    }
    ASSERT_EQ(o.status, Status::ok) << "sample " << i;
    EXPECT_EQ(r.converged, 1);
    const PlanarOutcome k = evaluate(planar_law<KaneLevinson>, c, &kr);
    if (k.status != Status::ok || kr.solutions != 1) continue;
    ++compared;
    const double gap = rel_gap(o, k, c);
    if (gap > worst) worst = gap, worst_at = i;
    EXPECT_LE(gap, 1e-9) << "sample " << i
                         << ": sequential impulses to convergence differ from kane-levinson";
  }
  std::printf("to convergence: %ld compared with kane-levinson (worst gap %.2e at %ld), %ld not converged\n",
              compared, worst, worst_at, not_converged);
  EXPECT_GT(compared, kSamples * 9 / 10);
  EXPECT_LT(not_converged, kSamples / 20);
}

// mu = 0: every sweep after the first leaves the first's frictionless Newton impulse (1 + e) w / W_nn.
TEST(SequentialImpulseProperties, FrictionlessIsNewtonRestitution) {
  testing::Draw d(72);
  for (int i = 0; i < kSamples; ++i) {
    PlanarCollision c = random_collision(d);
    c.mu = 0.0;
    c.iterations = 1 + d.pick(64);
    c.normal_first = d.pick(2);
    const PlanarOutcome o = evaluate(planar_law<SequentialImpulse>, c);
    ASSERT_EQ(o.status, Status::ok);
    const double w = -c.v.n, P = (1.0 + c.e) * w / c.W.nn;
    EXPECT_NEAR(o.I_n, P, 1e-14 * P) << i;
    EXPECT_EQ(o.I_t, 0.0);
    EXPECT_NEAR(o.v_n2, c.e * w, 1e-13 * w) << i;
    EXPECT_NEAR(o.v_t2, c.v.t + c.W.nt * P, 1e-13 * (std::fabs(c.v.t) + std::fabs(c.W.nt * P))) << i;
    EXPECT_LE(o.dE_rel, 1e-12) << i;
  }
}

// W diagonal (no coupling of normal and tangent) and e <= 1: no gain for any K, order or threshold. With
// coupling the law gains energy on some samples, even at Box2D's K = 8.
TEST(SequentialImpulseProperties, GainsOnlyWithCoupling) {
  testing::Draw d(73);
  long gains = 0;
  for (int i = 0; i < kSamples; ++i) {
    PlanarCollision c = random_collision(d);
    c.iterations = 1 + d.pick(64);
    c.normal_first = d.pick(2);
    c.threshold = d.pick(2) ? 0.0 : d.uniform(0.0, 2.0) * std::fabs(c.v.n);
    PlanarCollision u = c;
    u.W.nt = 0.0;
    const PlanarOutcome o = evaluate(planar_law<SequentialImpulse>, u);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_LE(o.dE_rel, 1e-12) << "sample " << i << " gains without coupling";
    EXPECT_TRUE(theorem_forbids_gain(planar_law<SequentialImpulse>, u));
    c.iterations = 8;
    gains += evaluate(planar_law<SequentialImpulse>, c).dE_rel > 1e-12;
  }
  std::printf("K = 8: %ld of %d coupled samples gain energy\n", gains, kSamples);
  EXPECT_GT(gains, 0);
}

struct ConeCheck {
  const PlanarCollision* c;
  double* prev_Pn;
  bool* ok;
  void operator()(const PlanarSweepState& s) const {
    // Friction first: each sweep's friction step was clamped to mu times the normal impulse accumulated
    // before it, i.e. after the previous sweep.
    if (std::fabs(s.P_t) > c->mu * *prev_Pn * (1.0 + 1e-15) + 1e-300) *ok = false;
    *prev_Pn = s.P_n;
  }
};

// Each friction step stays in the cone of the normal impulse of its moment, while the total impulse leaves
// the cone on some samples: a later normal step shrinks P_n (Coulomb's inequality C3 is then violated).
TEST(SequentialImpulseProperties, EachStepInItsConeTheTotalNotAlways) {
  testing::Draw d(75);
  long outside = 0;
  for (int i = 0; i < kSamples; ++i) {
    PlanarCollision c = random_collision(d);
    c.iterations = 1 + d.pick(16);
    double prev = 0.0;
    bool ok = true;
    const PlanarOutcome o =
        evaluate_traced(planar_law<SequentialImpulse>, c, nullptr, ConeCheck{&c, &prev, &ok});
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_TRUE(ok) << "sample " << i << ": a friction step left the cone of its moment";
    outside += std::fabs(o.I_t) > c.mu * o.I_n * (1.0 + 1e-12);
  }
  std::printf("%ld of %d totals outside the friction cone\n", outside, kSamples);
  EXPECT_GT(outside, 0);
}

// With threshold 0 the law is homogeneous: v -> s v scales impulses and velocities by s, W -> s W divides the
// impulses by s. Powers of two scale every rounding too, so the check is bit for bit. (Other factors agree
// to rounding only where Gauss-Seidel contracts: where it does not, mu |W_nt| / W_nn > 1 in slip, each sweep
// amplifies a rounding difference.)
TEST(SequentialImpulseProperties, Homogeneous) {
  testing::Draw d(74);
  for (int i = 0; i < kSamples / 4; ++i) {
    PlanarCollision c = random_collision(d);
    c.iterations = 1 + d.pick(32);
    c.normal_first = d.pick(2);
    const PlanarOutcome o = evaluate(planar_law<SequentialImpulse>, c);
    ASSERT_EQ(o.status, Status::ok);
    PlanarCollision v2 = c, w2 = c;
    v2.v = {4.0 * c.v.n, 4.0 * c.v.t};
    w2.W = {0.25 * c.W.nn, 0.25 * c.W.nt, 0.25 * c.W.tt};
    const PlanarOutcome a = evaluate(planar_law<SequentialImpulse>, v2);
    const PlanarOutcome b = evaluate(planar_law<SequentialImpulse>, w2);
    EXPECT_EQ(a.I_n, 4.0 * o.I_n);
    EXPECT_EQ(a.I_t, 4.0 * o.I_t);
    EXPECT_EQ(a.v_t2, 4.0 * o.v_t2);
    EXPECT_EQ(b.I_n, 4.0 * o.I_n);
    EXPECT_EQ(b.v_n2, o.v_n2);
    EXPECT_EQ(a.dE_rel, o.dE_rel);
  }
}

}  // namespace
}  // namespace collsweep

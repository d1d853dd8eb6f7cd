// Smith's law (thesis §5.1.3, §10.3), planar: worked examples, Smith's theorem, the root count.
//
// Smith's law (thesis §5.1.3, §10.3) by continuation from mu = 0: worked examples, the stiff pendulum of
// §7.5, reduction to the frictionless law, Smith's theorem (no energy gain, Coulomb's inequality) on 1e5
// random collisions, the solution count against an independent scan, and the superball limit mu -> inf.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "collsweep/models/planar/laws/smith.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

// Smith's equation written from its definition in the unflipped frame: with x = v_t2, P = W^-1 (v2 - v1),
// r(x) = P_t (v_t^2 + x^2) + mu P_n (|v_t| v_t + |x| x); also returns P_n.
double smith_residual(const PlanarCollision& c, double x, double* Pn) {
  const double det = determinant(c.W);
  const double dn = -c.e * c.v.n - c.v.n, dt = x - c.v.t;
  *Pn = (c.W.tt * dn - c.W.nt * dt) / det;
  const double Pt = (c.W.nn * dt - c.W.nt * dn) / det;
  return Pt * (c.v.t * c.v.t + x * x) + c.mu * *Pn * (std::fabs(c.v.t) * c.v.t + std::fabs(x) * x);
}

// The rod at e = 1, mu = 0.5: v2 = (1.0, -0.5160), KE_f = 0.2022.
TEST(Smith, Rod) {
  LawReport r;
  const PlanarOutcome o = Smith::evaluate(testing::rod(0.5, 1.0), &r);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 3) << "the slip reverses";
  EXPECT_EQ(r.solutions, 1);
  EXPECT_GT(r.iterations, 0);
  EXPECT_EQ(o.v_n2, 1.0);
  EXPECT_NEAR(o.v_t2, -0.5160, 5e-5);
  EXPECT_NEAR(0.25 + o.dE, 0.2022, 5e-5);
  double Pn;
  EXPECT_NEAR(smith_residual(testing::rod(0.5, 1.0), o.v_t2, &Pn), 0.0, 1e-15);
  EXPECT_NEAR(Pn, o.I_n, 1e-15);
}

// The stiff pendulum (thesis §7.5: V_f -> -e V_i, a fraction 1 - e^2 of KE dissipated;
// e = 0.5, mu = 0.8).
TEST(Smith, StiffPendulum) {
  struct Row {
    double lambda, v_t2, ke;
  } rows[] = {{10, 0.2901, 0.09631}, {100, 0.4135, 0.1215}, {1e4, 0.4328, 0.1250}, {1e6, 0.4330, 0.1250}};
  for (const Row& r : rows) {
    const PlanarCollision c{testing::pendulum_W(r.lambda), testing::kPendulumV, 0.8, 0.5, 0.0};
    const PlanarOutcome o = Smith::evaluate(c);
    ASSERT_EQ(o.status, Status::ok) << "lambda " << r.lambda;
    EXPECT_NEAR(o.v_n2, 0.25, 1e-12);
    EXPECT_NEAR(o.v_t2, r.v_t2, 5e-5) << "lambda " << r.lambda;
    EXPECT_NEAR(accessible_energy(c.W, c.v) + o.dE, r.ke, 5e-5 + 5e-5 * (r.ke < 0.1))
        << "lambda " << r.lambda;
  }
}

TEST(Smith, FrictionlessIsNewtonRestitution) {
  testing::Draw d(141);
  for (int i = 0; i < 20000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    c.mu = 0.0;
    const PlanarOutcome o = Smith::evaluate(c), n = Newton::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.I_t, 0.0) << "sample " << i;
    EXPECT_LE(testing::planar_distance(c, o, n), 1e-13) << "sample " << i;
  }
}

// Smith's theorem on 1e5 random collisions: the continuation converges, the outcome solves Smith's
// equation with P_n > 0, and C1 (no energy gain) and C3 (|P_t| <= mu P_n) hold, C2 and C4 as well.
TEST(Smith, TheoremOnRandomCollisions) {
  testing::Draw d(142);
  long counts[4] = {}, types[4] = {};
  int most = 0;
  double worst = -1.0;
  for (int i = 0; i < 100000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    LawReport r;
    const PlanarOutcome o = Smith::evaluate(c, &r);
    ASSERT_EQ(o.status, Status::ok) << "sample " << i;
    ++counts[r.solutions > 3 ? 3 : r.solutions];
    ++types[o.type];
    most = static_cast<int>(r.iterations) > most ? static_cast<int>(r.iterations) : most;
    EXPECT_GE(r.solutions, 1);
    EXPECT_EQ(check_constraints(c, o).violated, 0) << "sample " << i << " dE_rel " << o.dE_rel;
    worst = std::fmax(worst, o.dE_rel);
    // The outcome's own numbers obey the law: v_n2 = e w, v2 = v1 + W P, and Smith's friction relation
    // P_t (v_t^2 + v_t2^2) = -mu P_n (|v_t| v_t + |v_t2| v_t2).
    EXPECT_EQ(o.v_n2, -c.e * c.v.n);
    const double vs = std::hypot(c.v.n, c.v.t) + std::hypot(o.v_n2, o.v_t2);
    EXPECT_NEAR(o.v_n2, c.v.n + c.W.nn * o.I_n + c.W.nt * o.I_t, 1e-12 * vs) << "sample " << i;
    EXPECT_NEAR(o.v_t2, c.v.t + c.W.nt * o.I_n + c.W.tt * o.I_t, 1e-12 * vs) << "sample " << i;
    // Relative to mu P_n (v_t^2 + v_t2^2) the residual is <= 1e-12 on 99 % of the samples; the root's own
    // conditioning (F evaluated with cancellation near grazing, small F_x) takes the worst to ~1e-10.
    if (c.v.t != 0.0) {
      const double x = o.v_t2, r2 = c.v.t * c.v.t + x * x;
      const double res = o.I_t * r2 + c.mu * o.I_n * (std::fabs(c.v.t) * c.v.t + std::fabs(x) * x);
      EXPECT_LE(std::fabs(res), 1e-9 * c.mu * o.I_n * r2 + 1e-300) << "sample " << i;
    }
  }
  std::printf(
      "solutions 0/1/2/3+: %ld/%ld/%ld/%ld; types stick/forward/reversed %ld/%ld/%ld; largest dE_rel "
      "%.3g; most Newton iterations %d\n",
      counts[0], counts[1], counts[2], counts[3], types[1], types[2], types[3], worst, most);
  EXPECT_GT(types[2], 1000);
  EXPECT_GT(types[3], 1000);
}

// The law's exact root count against a sign scan of Smith's residual (the test's own formula) on 40000
// points of [-X, X] (X bounds every admissible root, smith.hpp) and bisection of each sign change.
TEST(Smith, SolutionCountAgainstAScan) {
  testing::Draw d(143);
  for (int i = 0; i < 1000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    if (c.v.t == 0.0) continue;
    LawReport r;
    ASSERT_EQ(Smith::evaluate(c, &r).status, Status::ok);
    const double X = 2.0 * std::sqrt(2.0 * accessible_energy(c.W, c.v) * (c.W.nn + c.W.tt));
    const int N = 40000;
    int found = 0;
    double Pn, a = -X, fa = smith_residual(c, a, &Pn);
    for (int k = 1; k <= N; ++k) {
      const double b = -X + 2.0 * X * k / N, fb = smith_residual(c, b, &Pn);
      if ((fa < 0.0) != (fb < 0.0)) {
        double lo = a, hi = b, flo = fa;
        for (int it = 0; it < 200 && lo < hi; ++it) {
          const double m = 0.5 * (lo + hi);
          if (m <= lo || m >= hi) break;
          const double fm = smith_residual(c, m, &Pn);
          if ((fm < 0.0) == (flo < 0.0))
            lo = m, flo = fm;
          else
            hi = m;
        }
        smith_residual(c, 0.5 * (lo + hi), &Pn);
        found += Pn > 0.0;
      }
      a = b;
      fa = fb;
    }
    EXPECT_EQ(found, r.solutions) << "sample " << i;
  }
}

// mu -> inf: Smith's tangential restitution tends to 1 (thesis §5.1.3: "superball", v_t2 -> -v_t) where
// that outcome is admissible, i.e. P_G = M ((1 + e) w, -2 v_t) has P_n > 0 (taken here as P_n > |P_G|/10).
// Elsewhere (strong coupling) the limit is another one, with P_n -> 0 and P_t -> (1 + e) w / W_nt.
TEST(Smith, SuperballLimit) {
  testing::Draw d(144);
  int tested = 0;
  for (int i = 0; i < 4000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    const double det = determinant(c.W), k = (1.0 + c.e) * -c.v.n;
    const double Gn = (c.W.tt * k + 2.0 * c.W.nt * c.v.t) / det,
                 Gt = (-c.W.nt * k - 2.0 * c.W.nn * c.v.t) / det;
    if (!(Gn > 0.1 * std::hypot(Gn, Gt))) continue;
    c.mu = 1e7;
    const PlanarOutcome o = Smith::evaluate(c);
    ASSERT_EQ(o.status, Status::ok) << "sample " << i;
    EXPECT_NEAR(o.v_t2, -c.v.t, 1e-5 * std::hypot(c.v.n, c.v.t)) << "sample " << i;
    ++tested;
  }
  EXPECT_GT(tested, 1000);
}

// No initial slip: Smith's weighting is Coulomb's on the post-impact slip, i.e. Kane-Levinson's law.
TEST(Smith, NoInitialSlipIsKaneLevinson) {
  testing::Draw d(145);
  for (int i = 0; i < 5000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    c.v.t = 0.0;
    LawReport a, b;
    const PlanarOutcome o = Smith::evaluate(c, &a), k = KaneLevinson::evaluate(c, &b);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(testing::planar_distance(c, o, k), 0.0);
    EXPECT_EQ(o.type, k.type);
    EXPECT_EQ(a.solutions, b.solutions);
  }
}

}  // namespace
}  // namespace collsweep

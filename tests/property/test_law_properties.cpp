// Theorems and invariants of the planar laws as properties over random collisions.
#include <gtest/gtest.h>

#include <cmath>

#include "collsweep/models/planar/laws/registry.hpp"
#include "support/random_collisions.hpp"

namespace collsweep {
namespace {

constexpr int kSamples = 40000;
constexpr double kEnergyTol = 1e-12;  // docs/planar-laws.md: energy-consistent when dE <= tol * T_acc

PlanarCollision random_collision(testing::Draw& d) { return testing::stratified_collision(d, 1 + d.pick(5)); }

// Stronge and Poisson never gain energy (Djerassi App. B; Wang & Mason); Newton gains on some samples.
TEST(LawProperties, EnergyConsistencyOfTheRouthLaws) {
  testing::Draw d(1);
  long newton_gains = 0;
  for (int i = 0; i < kSamples; ++i) {
    const PlanarCollision c = random_collision(d);
    for (PlanarLaw law : {planar_law<Stronge>, planar_law<Poisson>}) {
      const PlanarOutcome o = evaluate(law, c);
      ASSERT_EQ(o.status, Status::ok);
      ASSERT_LE(o.dE_rel, kEnergyTol) << law_name(law) << " gains energy on sample " << i;
    }
    newton_gains += evaluate(planar_law<Newton>, c).dE_rel > kEnergyTol;
  }
  EXPECT_GT(newton_gains, 0) << "Newton's hypothesis is known to gain energy somewhere (Kane)";
}

// Coulomb's inequality |I_t| <= mu I_n, non-penetration v_n2 >= 0, I_n > 0, for every law but the engines'
// sequential impulses: they clamp each friction step to the normal impulse of that moment, which later
// steps may shrink (even to 0), so their total may leave the cone (C3; test_sequential_impulse_properties).
TEST(LawProperties, FrictionConeAndNonPenetration) {
  testing::Draw d(2);
  for (int i = 0; i < kSamples; ++i) {
    PlanarCollision c = random_collision(d);
    c.e_t = d.uniform(-1.0, 1.0);
    for (int l = 0; l < planar_law_count; ++l) {
      const PlanarOutcome o = evaluate(static_cast<PlanarLaw>(l), c);
      ASSERT_EQ(o.status, Status::ok);
      const double scale = o.I_n + std::fabs(o.I_t);
      if (!law_reports_convergence(static_cast<PlanarLaw>(l))) {
        EXPECT_LE(std::fabs(o.I_t), c.mu * o.I_n + 1e-12 * scale) << law_name(static_cast<PlanarLaw>(l));
        EXPECT_GT(o.I_n, 0.0);
      }
      EXPECT_GE(o.v_n2, -1e-12 * std::hypot(c.v.n, c.v.t)) << law_name(static_cast<PlanarLaw>(l));
      // The law's v2 equals v1 + W P.
      const double vscale = std::hypot(c.v.n, c.v.t) + std::hypot(o.v_n2, o.v_t2);
      EXPECT_NEAR(o.v_n2, c.v.n + c.W.nn * o.I_n + c.W.nt * o.I_t, 1e-12 * vscale);
      EXPECT_NEAR(o.v_t2, c.v.t + c.W.nt * o.I_n + c.W.tt * o.I_t, 1e-12 * vscale);
    }
  }
}

// Chatterjee-Ruina: no gain for 0 <= e <= 1, -1 <= e_t <= 1; KE_f = e^2 E_N + (kappa - 1)^2 E_T (thesis
// §6.5.2; P1 and P2 - P1 are W-orthogonal), checked through dE = KE_f - KE_i with T_acc = E_N + E_T;
// v_n2 = e w exactly.
TEST(LawProperties, ChatterjeeRuinaEnergyAndRestitution) {
  testing::Draw d(3);
  long gains_above_one = 0;
  for (int i = 0; i < kSamples; ++i) {
    PlanarCollision c = random_collision(d);
    c.e_t = d.uniform(-1.0, 1.0);
    const PlanarOutcome o = ChatterjeeRuina::evaluate(c);
    ASSERT_LE(o.dE_rel, kEnergyTol);
    EXPECT_NEAR(o.v_n2, -c.e * c.v.n, 1e-12 * std::hypot(c.v.n, c.v.t));
    // Closed-form energy: kappa is I_t / P2_t (the coefficient of P2 - P1).
    const double T = accessible_energy(c.W, c.v);
    const double E_N = 0.5 * c.v.n * c.v.n / c.W.nn, E_T = T - E_N;
    const double P2t = -(c.W.nt * -c.v.n + c.W.nn * c.v.t) / determinant(c.W);
    if (std::fabs(P2t) > 1e-8 * std::hypot(o.I_n, o.I_t)) {
      const double kappa = o.I_t / P2t;
      const double KE_f = c.e * c.e * E_N + (kappa - 1) * (kappa - 1) * E_T;
      EXPECT_NEAR(o.dE, KE_f - T, 1e-10 * T);
      if (o.type == 1) {
        EXPECT_NEAR(kappa, 1.0 + c.e_t, 1e-9);
      }
    }
    // Beyond the thesis range, e_t > 1 gains energy where the cone does not clip the candidate.
    c.e_t = d.uniform(1.0, 2.0);
    gains_above_one += ChatterjeeRuina::evaluate(c).dE_rel > kEnergyTol;
  }
  EXPECT_GT(gains_above_one, 0);
}

// Djerassi Comment (b): mu = 0 gives the frictionless result I_n = (1+e) w/m_nn, I_t = 0, v_n2 = e w,
// for every law (Chatterjee-Ruina reduces to Newton restitution).
TEST(LawProperties, FrictionlessLimit) {
  testing::Draw d(4);
  for (int i = 0; i < 10000; ++i) {
    PlanarCollision c = random_collision(d);
    c.mu = 0.0;
    c.e_t = d.uniform(-1.0, 1.0);
    const double w = -c.v.n;
    for (int l = 0; l < planar_law_count; ++l) {
      const PlanarOutcome o = evaluate(static_cast<PlanarLaw>(l), c);
      ASSERT_EQ(o.status, Status::ok);
      EXPECT_NEAR(o.I_n, (1 + c.e) * w / c.W.nn, 1e-12 * o.I_n) << law_name(static_cast<PlanarLaw>(l));
      EXPECT_EQ(o.I_t, 0.0);
      EXPECT_NEAR(o.v_n2, c.e * w, 1e-12 * std::hypot(c.v.n, c.v.t));
      EXPECT_NEAR(o.v_t2, c.v.t + c.W.nt * o.I_n, 1e-12 * (std::fabs(c.v.t) + std::fabs(c.W.nt * o.I_n)));
    }
  }
}

// Homogeneity: scaling v by s scales impulses and velocities by s; scaling W by s scales impulses by 1/s.
// Tangent flip: negating v_t and m_nt negates I_t and v_t2.
TEST(LawProperties, HomogeneityAndTangentFlip) {
  testing::Draw d(5);
  for (int i = 0; i < 10000; ++i) {
    PlanarCollision c = random_collision(d);
    c.e_t = d.uniform(-1.0, 1.0);
    for (int l = 0; l < planar_law_count; ++l) {
      const auto law = static_cast<PlanarLaw>(l);
      const PlanarOutcome o = evaluate(law, c);
      PlanarCollision cv = c;
      cv.v = {4.0 * c.v.n, 4.0 * c.v.t};  // powers of two keep the arithmetic exact up to rounding
      const PlanarOutcome ov = evaluate(law, cv);
      EXPECT_NEAR(ov.I_n, 4.0 * o.I_n, 1e-12 * ov.I_n);
      EXPECT_NEAR(ov.dE, 16.0 * o.dE, 1e-12 * std::fabs(ov.dE));
      PlanarCollision cw = c;
      cw.W = {8.0 * c.W.nn, 8.0 * c.W.nt, 8.0 * c.W.tt};
      EXPECT_NEAR(evaluate(law, cw).I_n, o.I_n / 8.0, 1e-12 * o.I_n);
      PlanarCollision cf = c;
      cf.v.t = -c.v.t;
      cf.W.nt = -c.W.nt;
      const PlanarOutcome of = evaluate(law, cf);
      EXPECT_EQ(of.type, o.type);
      EXPECT_NEAR(of.I_n, o.I_n, 1e-12 * o.I_n);
      EXPECT_NEAR(of.I_t, -o.I_t, 1e-12 * o.I_n);
      EXPECT_NEAR(of.v_t2, -o.v_t2, 1e-12 * std::hypot(c.v.n, c.v.t));
    }
  }
}

// Djerassi Comment (a): outcomes are continuous across the Type boundaries alpha = r_m and
// alpha = (1+e) r_m, and across the Case boundaries g = 0, h = 0, p = 0 (mu through m_nt/m_tt etc.).
TEST(LawProperties, ContinuityAcrossTypeAndCaseBoundaries) {
  testing::Draw d(6);
  // Relative to the natural scales |P| and |v1| (v1 = (-1, alpha) below).
  auto close = [](const PlanarOutcome& a, const PlanarOutcome& b, double tol, double v_scale) {
    const double s = std::hypot(a.I_n, a.I_t);
    return std::fabs(a.I_n - b.I_n) <= tol * s && std::fabs(a.I_t - b.I_t) <= tol * s &&
           std::fabs(a.v_n2 - b.v_n2) <= tol * v_scale && std::fabs(a.v_t2 - b.v_t2) <= tol * v_scale;
  };
  int crossings = 0;
  for (int i = 0; i < 5000; ++i) {
    PlanarCollision c = testing::stratified_collision(d, d.pick(2) ? 1 : 3);
    c.e = d.uniform(0.05, 1.0);
    c.W = {c.W.nn / c.W.tt, c.W.nt / c.W.tt, 1.0};  // unit scales so absolute tolerances are meaningful
    const RouthFrame f = make_routh_frame({c.W, {-1.0, 1.0}, c.mu, c.e, 0.0});
    if (!(f.g > 0.0 && f.h > 0.0)) continue;
    const double r_m = f.g / f.h;
    for (double boundary : {r_m, (1.0 + c.e) * r_m}) {
      for (int l = 0; l < 3; ++l) {
        const auto law = static_cast<PlanarLaw>(l);
        auto at = [&](double alpha) {
          PlanarCollision x = c;
          x.v = {-1.0, alpha};
          return evaluate(law, x);
        };
        const PlanarOutcome below = at(boundary * (1 - 1e-12)), above = at(boundary * (1 + 1e-12));
        EXPECT_NE(below.type, above.type) << "the boundary separates two Types";
        EXPECT_TRUE(close(below, above, 1e-6, std::hypot(1.0, boundary)))
            << law_name(law) << " jumps at alpha = " << boundary;
        ++crossings;
      }
    }
  }
  EXPECT_GT(crossings, 1000);
  // Case boundaries through mu: g = 0 at mu = m_nt/m_tt (C1 <-> C5), p = 0 at mu = -m_nt/m_tt (C1 <-> C3),
  // h = 0 at mu = m_nn/m_nt (C1 <-> C4).
  const Delassus2 Wp{1.0, 0.4, 1.0}, Wm{1.0, -0.4, 1.0};
  struct Edge {
    Delassus2 W;
    double mu;
  } edges[] = {{Wp, 0.4}, {Wm, 0.4}, {Wp, 2.5}};
  for (const Edge& edge : edges)
    for (double alpha : {0.0, 0.3, 1.0, 3.0})
      for (int l = 0; l < 3; ++l) {
        const auto law = static_cast<PlanarLaw>(l);
        const PlanarOutcome a = evaluate(law, {edge.W, {-1.0, alpha}, edge.mu * (1 - 1e-10), 0.6, 0.0});
        const PlanarOutcome b = evaluate(law, {edge.W, {-1.0, alpha}, edge.mu * (1 + 1e-10), 0.6, 0.0});
        EXPECT_TRUE(close(a, b, 1e-7, std::hypot(1.0, alpha)))
            << law_name(law) << " mu = " << edge.mu << " alpha = " << alpha;
      }
}

// Djerassi Comment (c): e = 0 ends at v_n2 = 0 for every Type; I_n2 and v_n2 grow with e.
TEST(LawProperties, PlasticLimitAndMonotonicityInE) {
  testing::Draw d(7);
  for (int i = 0; i < 10000; ++i) {
    PlanarCollision c = random_collision(d);
    for (int l = 0; l < 3; ++l) {
      const auto law = static_cast<PlanarLaw>(l);
      c.e = 0.0;
      EXPECT_NEAR(evaluate(law, c).v_n2, 0.0, 1e-12 * std::hypot(c.v.n, c.v.t));
      c.e = 0.4;
      const PlanarOutcome lo = evaluate(law, c);
      c.e = 0.8;
      const PlanarOutcome hi = evaluate(law, c);
      EXPECT_GE(hi.I_n, lo.I_n * (1 - 1e-12));
      EXPECT_GE(hi.v_n2, lo.v_n2 - 1e-12 * std::hypot(c.v.n, c.v.t));
    }
  }
}

// Newton, Poisson and Stronge coincide in Type 5 (Comment f) and the three Type labels agree
// everywhere (the Type 2/4 - 5 boundary is alpha = (1+e) r_m for all three).
TEST(LawProperties, RouthLawsShareTheirTypes) {
  testing::Draw d(8);
  for (int i = 0; i < 20000; ++i) {
    const PlanarCollision c = random_collision(d);
    const PlanarOutcome s = Stronge::evaluate(c), p = Poisson::evaluate(c), n = Newton::evaluate(c);
    EXPECT_EQ(s.type, p.type);
    EXPECT_EQ(s.type, n.type);
    if (s.type == 5) {
      EXPECT_NEAR(s.I_n, p.I_n, 1e-13 * s.I_n);
      EXPECT_NEAR(s.I_n, n.I_n, 1e-13 * s.I_n);
    }
  }
}

}  // namespace
}  // namespace collsweep

// Chatterjee-Ruina law (thesis Law II) on worked examples: a struck rod, a stiff pendulum, diagonal W.
#include <gtest/gtest.h>

#include <cmath>

#include "collsweep/models/planar/laws/registry.hpp"

namespace collsweep {
namespace {

// Uniform rod (m = 1, I = 1/3, half-length 1) at 45 deg struck at its end:
// W = [[2.5, -1.5], [-1.5, 2.5]], v1 = (-1, 1), KE_i = T_acc = 1/4.
const Delassus2 kRod{2.5, -1.5, 2.5};
const Velocity2 kRodV{-1.0, 1.0};

double ke_after(const PlanarOutcome& o) { return 0.25 + o.dE; }

TEST(ChatterjeeRuina, RodInsideTheCone) {
  const PlanarOutcome o = ChatterjeeRuina::evaluate({kRod, kRodV, 0.5, 1.0, 0.0});
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.type, 1);
  EXPECT_NEAR(o.I_n, 0.65, 1e-14);
  EXPECT_NEAR(o.I_t, -0.25, 1e-14);
  EXPECT_NEAR(o.v_n2, 1.0, 1e-14);
  EXPECT_NEAR(o.v_t2, -0.6, 1e-14);
  EXPECT_NEAR(ke_after(o), 0.2, 1e-14);  // = e^2 E_N + e_t^2 E_T with E_N = 0.2, E_T = 0.05
  EXPECT_NEAR(accessible_energy(kRod, kRodV), 0.25, 1e-15);
}

TEST(ChatterjeeRuina, RodProjectedOntoTheCone) {
  const PlanarOutcome o = ChatterjeeRuina::evaluate({kRod, kRodV, 0.2, 1.0, 0.0});
  EXPECT_EQ(o.type, 2);
  EXPECT_NEAR(o.I_n, 0.7143, 5e-5);
  EXPECT_NEAR(o.I_t, -0.1429, 5e-5);
  EXPECT_NEAR(o.I_t, -0.2 * o.I_n, 1e-14) << "on the cone";
  EXPECT_NEAR(o.v_n2, 1.0, 1e-14);
  EXPECT_NEAR(o.v_t2, -0.4286, 5e-5);
  EXPECT_NEAR(ke_after(o), 0.20918, 5e-6);
  EXPECT_NEAR(o.I_t / -0.25, 0.5714, 5e-5) << "kappa_pub = I_t / P2_t";
}

// The same rod through the Routh-process laws at e = 1, mu = 0.5.
TEST(ChatterjeeRuina, RodThroughTheRouthLaws) {
  struct Expect {
    PlanarLaw law;
    double v_n2, v_t2, ke;
  } cases[] = {
      {planar_law<Poisson>, 0.6224, -0.0629, 0.1076},
      {planar_law<Newton>, 1.0, -0.1169, 0.2729},  // gains energy: 0.2729 > 0.25
      {planar_law<Stronge>, 0.7441, -0.0803, 0.1526},
  };
  for (const Expect& x : cases) {
    const PlanarOutcome o = evaluate(x.law, {kRod, kRodV, 0.5, 1.0, 0.0});
    EXPECT_NEAR(o.v_n2, x.v_n2, 5e-5) << law_name(x.law);
    EXPECT_NEAR(o.v_t2, x.v_t2, 5e-5) << law_name(x.law);
    EXPECT_NEAR(ke_after(o), x.ke, 5e-5) << law_name(x.law);
  }
}

// Pendulum with a stiff direction (thesis §7.5, with parameters chosen here): M = a a^T + lambda b b^T,
// a = (sin th, cos th), b = (cos th, -sin th), th = 30 deg, v1 = (-0.5, -0.8660); e = 0.5, mu = 0.8.
Delassus2 pendulum_W(double lambda) {
  const double th = M_PI / 6, s = std::sin(th), c = std::cos(th);
  // W = M^-1 = a a^T + b b^T / lambda (a, b orthonormal eigenvectors of M).
  return {s * s + c * c / lambda, s * c - c * s / lambda, c * c + s * s / lambda};
}

TEST(ChatterjeeRuina, StiffPendulumLimit) {
  const Velocity2 v{-0.5, -0.8660254037844386};
  struct Row {
    double lambda, I_n, I_t, v_n2, v_t2, ke;
  } rows[] = {{10, 1.269, 0.866, 0.25, 0.2998, 0.09615},
              {100, 1.471, 0.866, 0.25, 0.4162, 0.1214},
              {1e4, 1.5, 0.866, 0.25, 0.4328, 0.125}};
  for (const Row& r : rows) {
    const Delassus2 W = pendulum_W(r.lambda);
    const PlanarOutcome o = ChatterjeeRuina::evaluate({W, v, 0.8, 0.5, 0.0});
    const double ke_i = accessible_energy(W, v);
    EXPECT_NEAR(ke_i, 0.5, 1e-12);
    EXPECT_NEAR(o.I_n, r.I_n, 5e-4) << "lambda " << r.lambda;
    EXPECT_NEAR(std::fabs(o.I_t), r.I_t, 5e-4);
    EXPECT_NEAR(o.v_n2, r.v_n2, 5e-5);
    EXPECT_NEAR(std::fabs(o.v_t2), r.v_t2, 5e-5);
    EXPECT_NEAR(ke_i + o.dE, r.ke, 5e-5);
  }
  // Routh-Poisson dissipates almost everything as lambda grows: V_f = (0.08746, 0), KE_f = 0.02964 at 10.
  const PlanarOutcome p = Poisson::evaluate({pendulum_W(10), v, 0.8, 0.5, 0.0});
  EXPECT_NEAR(p.v_n2, 0.08746, 5e-6);
  EXPECT_NEAR(p.v_t2, 0.0, 1e-15);
  EXPECT_NEAR(0.5 + p.dE, 0.02964, 5e-6);
}

// Diagonal W reduces the law to the bilinear law (thesis §6.4):
// I_n = (1+e) w/W_nn, |I_t| = min((1+e_t)|v_t|/W_tt, mu (1+e) w/W_nn).
TEST(ChatterjeeRuina, DiagonalMassMatrixGivesTheBilinearLaw) {
  for (double mu : {0.05, 0.3, 2.0})
    for (double et : {-1.0, -0.3, 0.0, 0.6, 1.0})
      for (double vt : {-2.0, 0.4, 3.0}) {
        const Delassus2 W{0.7, 0.0, 2.3};
        const double w = 1.1, e = 0.8;
        const PlanarOutcome o = ChatterjeeRuina::evaluate({W, {-w, vt}, mu, e, et});
        EXPECT_NEAR(o.I_n, (1 + e) * w / W.nn, 1e-14);
        EXPECT_NEAR(std::fabs(o.I_t), std::fmin((1 + et) * std::fabs(vt) / W.tt, mu * (1 + e) * w / W.nn),
                    1e-14);
        if (et > -1.0) {
          EXPECT_LT(o.I_t * vt, 0.0) << "friction opposes the slip";
        }
      }
}

// e = 0, e_t = 0 with P2 inside the cone is plastic sticking: v2 = 0.
TEST(ChatterjeeRuina, PlasticSticking) {
  const PlanarOutcome o = ChatterjeeRuina::evaluate({kRod, kRodV, 5.0, 0.0, 0.0});
  EXPECT_NEAR(o.v_n2, 0.0, 1e-15);
  EXPECT_NEAR(o.v_t2, 0.0, 1e-15);
  EXPECT_NEAR(o.dE, -0.25, 1e-15);
}

}  // namespace
}  // namespace collsweep

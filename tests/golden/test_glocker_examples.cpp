// Glocker 2014's worked examples through poisson-lcp / newton-lcp: counter-example (Sect. 10), stacked
// bodies, slide-push, Newton's cradle and Kane's pendulum (Sect. 4.1.1, 9.1-9.3), checked against the
// paper's numbers and values derived from its equations.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <initializer_list>

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "families/multicontact/law_instances.hpp"
#include "support/kane_pendulum.hpp"

namespace collsweep {
namespace {

// A printed value with d decimals is matched to half a unit of its last digit (rounding).
void expect_printed(double computed, double printed, int decimals, const char* what) {
  EXPECT_NEAR(computed, printed, 0.5 * std::pow(10.0, -decimals) + 1e-15) << what;
}

template <int K>
MultiContactCollision<K> make(std::initializer_list<std::initializer_list<double>> g,
                              std::initializer_list<double> gm, std::initializer_list<double> mu,
                              std::initializer_list<double> en, std::initializer_list<double> et) {
  MultiContactCollision<K> c{};
  int i = 0;
  for (const auto& row : g) {
    int j = 0;
    for (double v : row) c.G[i][j++] = v;
    ++i;
  }
  i = 0;
  for (double v : gm) c.gamma_minus[i++] = v;
  i = 0;
  for (double v : mu) c.mu[i++] = v;
  i = 0;
  for (double v : en) c.eps_N[i++] = v;
  i = 0;
  for (double v : et) c.eps_T[i++] = v;
  return c;
}

// Identity (105): W = -D^T G D/2 - Lm^T (G - eps G eps) Lm/2 + D^T g+ + Lm^T (I + eps) g0, D = L+ - eps Lm.
template <int K>
double energy_by_identity_105(const MultiContactCollision<K>& c, const MultiContactOutcome<K>& o) {
  constexpr int n = 2 * K;
  double eps[n], d[n];
  for (int j = 0; j < K; ++j) {
    eps[j] = c.eps_N[j];
    eps[K + j] = c.eps_T[j];
  }
  for (int i = 0; i < n; ++i) d[i] = o.Lam_plus[i] - eps[i] * o.Lam_minus[i];
  double w = 0.0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      w -= 0.5 * d[i] * c.G[i][j] * d[j];
      w -= 0.5 * o.Lam_minus[i] * (c.G[i][j] - eps[i] * c.G[i][j] * eps[j]) * o.Lam_minus[j];
    }
    w += d[i] * o.gamma_plus[i] + o.Lam_minus[i] * (1.0 + eps[i]) * o.gamma_0[i];
  }
  return w;
}

MultiContactOptions with_solver(LcpSolver s) {
  MultiContactOptions o;
  o.solver = s;
  return o;
}

// ---- Sect. 10 counter-example, variant (a) -----------------------------------------------------------
// Bar with point mass (alpha, m), wall contact A = (N, T) with friction mu, ground contact B = U,
// frictionless, with a decoupled dummy tangent (G_TB,TB = 1/m) so that G is SPD. Layout [N, U, T, TB].
MultiContactCollision<2> counter_example(double m, double v, double u, double alpha, double mu) {
  const double a = alpha;
  return make<2>({{1 / m, 0, 0, 0},
                  {0, (1 + a) / m, (1 - a) / m, 0},
                  {0, (1 - a) / m, (1 + a) / m, 0},
                  {0, 0, 0, 1 / m}},
                 {-u, 0, -2 * v, -u}, {mu, 0}, {0, 1}, {0, 0});
}
// Paper (271) + (293): T^+ - T^- = m v^2 (a+1)((a-1)^2 - 4a)/(8 a^2) - m u^2/2 (stick during compression).
double counter_example_energy(double m, double v, double u, double a) {
  return m * v * v * (a + 1) * ((a - 1) * (a - 1) - 4 * a) / (8 * a * a) - 0.5 * m * u * u;
}

TEST(GlockerCounterExample, VariantAExactValues) {
  for (LcpSolver s : {LcpSolver::enumeration, LcpSolver::lemke}) {
    SCOPED_TRACE(static_cast<int>(s));
    const MultiContactCollision<2> c = counter_example(1, 1, 0.5, 10, 1.2);
    const MultiContactOutcome<2> o = evaluate_poisson_lcp(c, with_solver(s));
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.solutions, 1);
    EXPECT_NEAR(o.W, 351.0 / 800.0, 1e-12);
    EXPECT_NEAR(o.W_min, 351.0 / 800.0, 1e-12);
    EXPECT_NEAR(o.W_max, 351.0 / 800.0, 1e-12);
    EXPECT_NEAR(energy_by_identity_105(c, o), 351.0 / 800.0, 1e-12);
    const double lm[4] = {0.5, 0.45, 0.55, 0}, lp[4] = {0, 0.45, 0, 0}, gp[4] = {0, 4.95, -4.05, -0.5};
    for (int i = 0; i < 4; ++i) {
      EXPECT_NEAR(o.Lam_minus[i], lm[i], 1e-13) << i;
      EXPECT_NEAR(o.Lam_plus[i], lp[i], 1e-13) << i;
      EXPECT_NEAR(o.gamma_plus[i], gp[i], 1e-13) << i;
      EXPECT_NEAR(o.gamma_0[i], i == 3 ? -0.5 : 0.0, 1e-13) << i;  // gamma° = 0 (stick everywhere)
    }
    // T^- = 27/40 with u^- = (-1/2, -1, 1), M = diag(1, 1, 1/10): W/T^- = +65 %.
    EXPECT_NEAR(o.W / (27.0 / 40.0), 0.65, 1e-12);
    // None of the sufficient conditions holds: eps = (0, 1, 0), cond(G_a) = 20 (eigenvalues 1, 2, 20).
    EXPECT_FALSE(o.conditions.psd_111);
    EXPECT_FALSE(o.conditions.similar_117);
    EXPECT_FALSE(o.conditions.small_121);
    EXPECT_NEAR(o.conditions.cond_active, 20.0, 1e-10);
    EXPECT_NEAR(o.conditions.cond_G, 20.0, 1e-10);
  }
}

TEST(GlockerCounterExample, VariationsOfTheNote) {
  // mu = 1 < 11/10: the wall contact slips in compression (Lambda_T^- = mu Lambda_N^-), W = +1/4 exactly.
  const MultiContactCollision<2> slip = counter_example(1, 1, 0.5, 10, 1.0);
  const MultiContactOutcome<2> o = evaluate_poisson_lcp(slip);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_NEAR(o.W, 0.25, 1e-12);
  EXPECT_NEAR(o.Lam_minus[2], 0.5, 1e-13);
  EXPECT_NEAR(o.Lam_minus[1], 4.5 / 11.0, 1e-13);  // 0.409091
  EXPECT_NEAR(energy_by_identity_105(slip, o), 0.25, 1e-12);
  // alpha = 5 < 3 + 2 sqrt 2: no gain, W = -49/200.
  const MultiContactOutcome<2> a5 = evaluate_poisson_lcp(counter_example(1, 1, 0.5, 5, 2.0));
  ASSERT_EQ(a5.status, Status::ok);
  EXPECT_NEAR(a5.W, -49.0 / 200.0, 1e-12);
  EXPECT_NEAR(counter_example_energy(1, 1, 0.5, 5), -49.0 / 200.0, 1e-15);
  // (m, l, v, u, alpha, mu) = (2, 1/2, 3, 1, 8, 3): W = 1121/256 (l does not enter G).
  const MultiContactOutcome<2> b = evaluate_poisson_lcp(counter_example(2, 3, 1, 8, 3));
  ASSERT_EQ(b.status, Status::ok);
  EXPECT_NEAR(b.W, 1121.0 / 256.0, 1e-11);
  EXPECT_NEAR(counter_example_energy(2, 3, 1, 8), 1121.0 / 256.0, 1e-13);
  // Formula (293) over a range of alpha with mu above the stick bound (284) mu >= (a+1) v/(2 a u).
  for (double a : {3.0, 4.0, 5.828, 6.0, 10.0, 30.0}) {
    const double mu = 1.5 * (a + 1) / a;
    const MultiContactOutcome<2> r = evaluate_poisson_lcp(counter_example(1, 1, 0.5, a, mu));
    ASSERT_EQ(r.status, Status::ok);
    EXPECT_NEAR(r.W, counter_example_energy(1, 1, 0.5, a), 1e-12 * a) << "alpha " << a;
  }
}

TEST(GlockerCounterExample, PhysicalGroundTangentGivesThePapersEnergy) {
  // w_TB = w_N = (1, 0, 0): the ground tangent repeats the wall normal, so G = W^T M^-1 W is singular (rank
  // 3), as the paper's physical bar is; the laws take the semidefinite G as it is.
  const double m = 1, l = 1, alpha = 10, theta = m * l * l / alpha;
  Eigen::Matrix3d Minv = Eigen::Vector3d(1 / m, 1 / m, 1 / theta).asDiagonal();
  Eigen::Matrix<double, 3, 4> W;  // columns [N, U, T, TB]
  W << 1, 0, 0, 1, 0, 1, 1, 0, 0, l, -l, 0;
  const Eigen::Matrix4d G = W.transpose() * Minv * W;
  MultiContactCollision<2> c = counter_example(1, 1, 0.5, 10, 1.2);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) c.G[i][j] = G(i, j);
  for (LcpSolver s : {LcpSolver::enumeration, LcpSolver::lemke}) {
    SCOPED_TRACE(static_cast<int>(s));
    // The frictionless ground of the paper: its tangent row is inert, W = 351/800 as with the dummy tangent.
    const MultiContactOutcome<2> o = evaluate_poisson_lcp(c, with_solver(s));
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.delassus_rank, 3);
    EXPECT_EQ(o.solutions, 1);
    EXPECT_NEAR(o.W, 351.0 / 800.0, 1e-12);
    EXPECT_NEAR(energy_by_identity_105(c, o), 351.0 / 800.0, 1e-12);
    // With ground friction the outcome depends on how the impulse is split between the wall and the
    // ground's tangent, which the compliances decide: the enumeration (the limit of G + eps D) refuses it
    // for both laws (indeterminate_outcome), and G + eps D with another compliance at a contact
    // (compliance_weights), solved whole by the enumeration on a positive definite G, reaches another limit.
    MultiContactCollision<2> f = c, reg = c;
    f.mu[1] = reg.mu[1] = 0.3;
    for (int i = 0; i < 4; ++i) reg.G[i][i] += 1e-10;
    for (bool poisson : {true, false}) {
      SCOPED_TRACE(poisson ? "poisson-lcp" : "newton-lcp");
      auto law = [&](const MultiContactCollision<2>& x) {
        return poisson ? evaluate_poisson_lcp(x, with_solver(s)) : evaluate_newton_lcp(x, with_solver(s));
      };
      if (s == LcpSolver::enumeration) {
        EXPECT_EQ(law(f).status, Status::indeterminate_outcome);
        double limit[3][4];
        for (int w = 0; w < 3; ++w) {
          double d[4];
          compliance_weights<2>(w, d);
          MultiContactCollision<2> r1 = f, r2 = f;
          for (int i = 0; i < 4; ++i) {
            r1.G[i][i] += 1e-6 * d[i];
            r2.G[i][i] += 2e-6 * d[i];
          }
          const MultiContactOutcome<2> a1 = law(r1), a2 = law(r2);
          ASSERT_EQ(a1.status, Status::ok);
          ASSERT_EQ(a2.status, Status::ok);
          for (int i = 0; i < 4; ++i) limit[w][i] = 2 * a1.gamma_plus[i] - a2.gamma_plus[i];
        }
        double apart = 0.0;
        for (int w = 1; w < 3; ++w)
          for (int i = 0; i < 4; ++i) apart = std::fmax(apart, std::fabs(limit[0][i] - limit[w][i]));
        EXPECT_GT(apart, 1e-3);
        continue;
      }
      // Lemke finds one solution of the rigid problem: here the limit of G + eps I.
      const MultiContactOutcome<2> a = law(f), b = law(reg);
      ASSERT_EQ(a.status, Status::ok);
      ASSERT_EQ(b.status, Status::ok);
      EXPECT_EQ(a.solutions, b.solutions);
      for (int i = 0; i < 4; ++i) EXPECT_NEAR(a.gamma_plus[i], b.gamma_plus[i], 2e-8) << i;
      EXPECT_NEAR(a.W, b.W, 1e-8 * a.T_acc);
    }
  }
}

// ---- Sect. 4.1.1, Fig. 2: stacked bodies -------------------------------------------------------------
TEST(GlockerExamples, StackedBodies) {
  // m = v = 1: G_NN = [[2,-1],[-1,1]], gamma^- = (-v, 0), eps_A = 1, eps_B = 0, frictionless.
  const MultiContactCollision<2> c = make<2>({{2, -1, 0, 0}, {-1, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
                                             {-1, 0, 0, 0}, {0, 0}, {1, 0}, {0, 0});
  for (LcpSolver s : {LcpSolver::enumeration, LcpSolver::lemke}) {
    const MultiContactOutcome<2> o = evaluate_poisson_lcp(c, with_solver(s));
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.solutions, 1);
    EXPECT_NEAR(o.W, 0.0, 1e-14);
    EXPECT_NEAR(o.Lam_minus[0], 1, 1e-14);
    EXPECT_NEAR(o.Lam_minus[1], 1, 1e-14);
    EXPECT_NEAR(o.Lam_plus[0], 1, 1e-14);
    EXPECT_NEAR(o.Lam_plus[1], 1, 1e-14);  // Delta_B = 1: the new decompression prevents penetration
    EXPECT_NEAR(o.gamma_plus[0], 1, 1e-14);
    EXPECT_NEAR(o.gamma_plus[1], 0, 1e-14);
    EXPECT_NEAR(energy_by_identity_105(c, o), 0.0, 1e-14);
  }
}

// ---- Sect. 9.1: slide-push mechanism (contact A, sprag clutch B with gamma_B^- = +v) ------------------
TEST(GlockerExamples, SlidePush) {
  for (double eb : {0.0, 0.3, 0.7, 1.0}) {
    SCOPED_TRACE(eb);
    const MultiContactCollision<2> c = make<2>({{1, -1, 0, 0}, {-1, 2, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
                                               {-1, 1, 0, 0}, {0, 0}, {1, eb}, {0, 0});
    const MultiContactOutcome<2> o = evaluate_poisson_lcp(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.solutions, 1);
    EXPECT_NEAR(o.W, -0.25, 1e-14);  // W = -m v^2/4, independent of eps_B
    EXPECT_NEAR(o.Lam_minus[0], 1, 1e-14);
    EXPECT_NEAR(o.Lam_minus[1], 0, 1e-14);
    EXPECT_NEAR(o.Lam_plus[0], 1, 1e-14);
    EXPECT_NEAR(o.Lam_plus[1], 0.5, 1e-14);
    EXPECT_NEAR(o.gamma_plus[0], 0.5, 1e-14);
    EXPECT_NEAR(o.gamma_plus[1], 0.0, 1e-14);
  }
  // Newton (Part I) with eps_A = 1: eps_B = 0 doubles the energy; eps_B = 1 keeps it but gamma_B^+ = -v.
  const MultiContactCollision<2> n0 = make<2>({{1, -1, 0, 0}, {-1, 2, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
                                              {-1, 1, 0, 0}, {0, 0}, {1, 0}, {0, 0});
  const MultiContactOutcome<2> o0 = evaluate_newton_lcp(n0);
  ASSERT_EQ(o0.status, Status::ok);
  EXPECT_NEAR(o0.W, 0.5, 1e-14);
  EXPECT_NEAR(o0.Lam[0], 3, 1e-14);
  EXPECT_NEAR(o0.Lam[1], 1, 1e-14);
  MultiContactCollision<2> n1 = n0;
  n1.eps_N[1] = 1;
  const MultiContactOutcome<2> o1 = evaluate_newton_lcp(n1);
  ASSERT_EQ(o1.status, Status::ok);
  EXPECT_NEAR(o1.W, 0.0, 1e-14);
  EXPECT_NEAR(o1.gamma_plus[1], -1.0, 1e-14);
}

// ---- Sect. 9.3: Newton's cradle, 3 balls ---------------------------------------------------------------
TEST(GlockerExamples, NewtonsCradle) {
  MultiContactOptions unchecked;
  unchecked.check_coefficients = false;  // the paper's eps_B = 2 is outside [0, 1]
  for (double ea : {0.0, 0.25, 0.5}) {
    SCOPED_TRACE(ea);
    const MultiContactCollision<2> c = make<2>({{2, -1, 0, 0}, {-1, 2, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
                                               {-1, 0, 0, 0}, {0, 0}, {ea, 2}, {0, 0});
    EXPECT_EQ(evaluate_poisson_lcp(c).status, Status::restitution_out_of_range);
    const MultiContactOutcome<2> o = evaluate_poisson_lcp(c, unchecked);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_NEAR(o.Lam_minus[0], 2.0 / 3.0, 1e-14);
    EXPECT_NEAR(o.Lam_minus[1], 1.0 / 3.0, 1e-14);
    EXPECT_NEAR(o.Lam_plus[0] - ea * o.Lam_minus[0], (1 - 2 * ea) / 3.0, 1e-14);  // Delta_A
    EXPECT_NEAR(o.Lam_plus[0], 1.0 / 3.0, 1e-14);
    EXPECT_NEAR(o.Lam_plus[1], 2.0 / 3.0, 1e-14);
    EXPECT_NEAR(o.gamma_plus[0], 0.0, 1e-14);  // u^+ = (0, 0, v)
    EXPECT_NEAR(o.gamma_plus[1], 1.0, 1e-14);
    EXPECT_NEAR(o.W, 0.0, 1e-14);
  }
  const MultiContactCollision<2> c = make<2>({{2, -1, 0, 0}, {-1, 2, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}},
                                             {-1, 0, 0, 0}, {0, 0}, {1, 2}, {0, 0});
  const MultiContactOutcome<2> o = evaluate_poisson_lcp(c, unchecked);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_NEAR(o.gamma_plus[0], 2.0 / 3.0, 1e-14);
  EXPECT_NEAR(o.gamma_plus[1], 2.0 / 3.0, 1e-14);
  EXPECT_NEAR(o.W, 1.0 / 9.0, 1e-14);  // eps_B = 2 > 1 gains energy
}

// ---- Sect. 9.2: Kane's double pendulum, one frictional contact, through the LCP path ----------------
MultiContactCollision<1> kane(double eps_n) {
  const KanePendulum p = kane_pendulum();
  const Delassus2 W = delassus_from_mechanism(p.mechanism);
  const Velocity2 v = contact_velocity(p.mechanism, p.u1);
  return make<1>({{W.nn, W.nt}, {W.nt, W.tt}}, {v.n, v.t}, {0.5}, {eps_n}, {0.0});
}

TEST(GlockerKanePendulum, PoissonSection92) {
  const double W_printed[2] = {-0.1266, -0.1194};
  const double lp_printed[2][2] = {{0.2274, -0.0041}, {0.3184, 0.0526}};
  const double gp_printed[2] = {0.0786, 0.0805};
  const double lam_printed[2][2] = {{0.6823, -0.2315}, {0.7733, -0.1748}};
  const double eps[2] = {0.5, 0.7};
  for (int k = 0; k < 2; ++k) {
    SCOPED_TRACE(eps[k]);
    for (LcpSolver s : {LcpSolver::enumeration, LcpSolver::lemke}) {
      const MultiContactCollision<1> c = kane(eps[k]);
      const MultiContactOutcome<1> o = evaluate_poisson_lcp(c, with_solver(s));
      ASSERT_EQ(o.status, Status::ok);
      EXPECT_EQ(o.solutions, 1);
      expect_printed(o.W, W_printed[k], 4, "W");
      expect_printed(o.Lam_minus[0], 0.4549, 4, "Lambda_N^-");
      expect_printed(o.Lam_minus[1], -0.2274, 4, "Lambda_T^- (slip, -mu Lambda_N^-)");
      EXPECT_NEAR(o.Lam_minus[1], -0.5 * o.Lam_minus[0], 1e-14);
      expect_printed(o.gamma_0[0], 0.0, 4, "gamma_N°");
      expect_printed(o.gamma_0[1], 0.1187, 4, "gamma_T°");
      expect_printed(o.Lam_plus[0], lp_printed[k][0], 4, "Lambda_N^+");
      expect_printed(o.Lam_plus[1], lp_printed[k][1], 4, "Lambda_T^+");
      expect_printed(o.gamma_plus[0], gp_printed[k], 4, "gamma_N^+");
      EXPECT_NEAR(o.gamma_plus[1], 0.0, 1e-14);  // stick after decompression
      expect_printed(o.Lam[0], lam_printed[k][0], 4, "Lambda_N");
      expect_printed(o.Lam[1], lam_printed[k][1], 4, "Lambda_T");
      EXPECT_NEAR(energy_by_identity_105(c, o), o.W, 1e-14);
      // Two coordinates, two contact directions: J is invertible, so T_acc = T^- = 0.2782 (paper).
      expect_printed(o.T_acc, 0.2782, 4, "T^-");
    }
  }
}

TEST(GlockerKanePendulum, NewtonTable2GainsEnergy) {
  // Table 2, Newton's law (Part I) from the same LCP matrix with eps_T = 0.
  struct Row {
    double eps, W, gn, gt, ln, lt;
  };
  const Row rows[2] = {{0.5, 0.1634, 0.1342, 0.0, 3.4079, 1.4676},
                       {0.7, 0.4889, 0.1879, -0.0177, 5.4995, 2.7498}};
  for (const Row& r : rows) {
    SCOPED_TRACE(r.eps);
    const MultiContactOutcome<1> o = evaluate_newton_lcp(kane(r.eps));
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.solutions, 1);
    expect_printed(o.W, r.W, 4, "W");
    expect_printed(o.gamma_plus[0], r.gn, 4, "gamma_N^+");
    expect_printed(o.gamma_plus[1], r.gt, 4, "gamma_T^+");
    // The paper's impulses come from its 4-digit M and W; from the exact pendulum they differ by a few
    // units of the 4th digit, so they are matched to 1e-3.
    EXPECT_NEAR(o.Lam[0], r.ln, 1e-3);
    EXPECT_NEAR(o.Lam[1], r.lt, 1e-3);
  }
}

}  // namespace
}  // namespace collsweep

// The multi-contact body kind (one planar rigid body on k contacts) and the mechanism kind with fewer DOF
// than contact rows: G and gamma^- against an independent rigid-body calculation (Eigen, 3D cross
// products), the drawn velocities and grids, one outcome per sample, and the projection onto range(G).
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

#include "backend/cpu_backend.hpp"
#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "collsweep/models/multicontact/planar_body.hpp"
#include "collsweep/models/multicontact/quantities.hpp"
#include "collsweep/models/multicontact/sampler.hpp"
#include "collsweep/models/multicontact/sweep.hpp"
#include "families/multicontact/law_instances.hpp"
#include "support/body_plans.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

// J from the velocity of the body's material point at contact j, v + omega e_z x r_j, projected on the
// normal n_j and on the tangent t_j = n_j x e_z: d . (v + omega e_z x r) = d . v + omega e_z . (r x d).
Eigen::MatrixXd jacobian_from_cross_products(const PlanarBody& b, int k) {
  const Eigen::Vector3d ez = Eigen::Vector3d::UnitZ();
  Eigen::MatrixXd J(2 * k, 3);
  for (int j = 0; j < k; ++j) {
    const Eigen::Vector3d r(b.point[j][0], b.point[j][1], 0.0), n(b.normal[j][0], b.normal[j][1], 0.0);
    const Eigen::Vector3d t = n.cross(ez);
    J.row(j) << n.x(), n.y(), ez.dot(r.cross(n));
    J.row(k + j) << t.x(), t.y(), ez.dot(r.cross(t));
  }
  return J;
}

Eigen::MatrixXd delassus_of(const PlanarBody& b, int k) {
  const Eigen::MatrixXd J = jacobian_from_cross_products(b, k);
  const Eigen::Matrix3d M_inv = Eigen::Vector3d(1.0 / b.mass, 1.0 / b.mass, 1.0 / b.inertia).asDiagonal();
  return J * M_inv * J.transpose();
}

// The rod of length 1 (m = 1, I = 1/12) on both ends has the G = [[4, -2, 0, 0], [-2, 4, 0, 0],
// [0, 0, 1, 1], [0, 0, 1, 1]] of docs/multicontact.md: 1 + 0.5^2 * 12 = 4 and 1 - 3 = -2.
TEST(MultiContactBody, TheRodOnBothEndsHasTheDocumentedG) {
  PlanarBody rod;
  rod.mass = 1.0;
  rod.inertia = 1.0 / 12.0;
  rod.point[0][0] = -0.5;
  rod.point[1][0] = 0.5;
  rod.normal[0][1] = rod.normal[1][1] = 1.0;
  double G[2 * max_contacts][2 * max_contacts] = {};
  planar_body_delassus(rod, 2, G);
  const double expected[4][4] = {{4, -2, 0, 0}, {-2, 4, 0, 0}, {0, 0, 1, 1}, {0, 0, 1, 1}};
  for (int a = 0; a < 4; ++a)
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(G[a][c], expected[a][c], 4e-15) << a << ", " << c;
}

TEST(MultiContactBody, DelassusAndVelocitiesAreTheRigidBodysMechanics) {
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> u(-1.0, 1.0), pos(0.1, 2.0);
  for (int trial = 0; trial < 200; ++trial) {
    const int k = 1 + trial % max_contacts;
    PlanarBody b;
    b.mass = pos(rng);
    b.inertia = pos(rng);
    for (int j = 0; j < k; ++j) {
      const double angle = 3.14159265358979 * u(rng);
      b.point[j][0] = u(rng);
      b.point[j][1] = u(rng);
      b.normal[j][0] = std::cos(angle);
      b.normal[j][1] = std::sin(angle);
    }
    double G[2 * max_contacts][2 * max_contacts] = {};
    planar_body_delassus(b, static_cast<std::uint32_t>(k), G);
    const Eigen::MatrixXd E = delassus_of(b, k);
    for (int a = 0; a < 2 * k; ++a)
      for (int c = 0; c < 2 * k; ++c) {
        EXPECT_NEAR(G[a][c], E(a, c), 1e-14 * E.cwiseAbs().maxCoeff()) << "trial " << trial;
        EXPECT_EQ(G[a][c], G[c][a]);
      }
    const double v[3] = {u(rng), u(rng), u(rng)};
    double gamma[2 * max_contacts] = {};
    planar_body_contact_velocities(b, static_cast<std::uint32_t>(k), v, gamma);
    const Eigen::VectorXd e = jacobian_from_cross_products(b, k) * Eigen::Vector3d(v[0], v[1], v[2]);
    for (int a = 0; a < 2 * k; ++a) EXPECT_NEAR(gamma[a], e(a), 1e-14) << "trial " << trial;
  }
}

TEST(MultiContactBody, SamplesDrawTheBodysVelocityAndKeepItsG) {
  MultiContactSamplePlan p = testing::rod_plan(5);
  p.v_x = {ScalarKind::uniform, -0.5, 1.0, 1};
  p.v_y = {ScalarKind::constant, -1.0, -1.0, 1};
  p.omega = {ScalarKind::grid, -2.0, 2.0, 5};
  double G[2 * max_contacts][2 * max_contacts] = {};
  planar_body_delassus(p.body, 2, G);
  MultiContactSamplePlan other_mu = p;
  other_mu.mu = {ScalarKind::uniform, 0.2, 0.4, 1};
  for (std::uint64_t i = 0; i < 500; ++i) {
    const MultiContactSample s = draw_multicontact_sample(p, i);
    ASSERT_EQ(s.k, 2u);
    EXPECT_EQ(std::memcmp(s.G, G, sizeof G), 0) << "the body's G, the same for every sample";
    EXPECT_GE(s.body_velocity[0], -0.5);
    EXPECT_LT(s.body_velocity[0], 1.0);
    EXPECT_EQ(s.body_velocity[1], -1.0);
    EXPECT_EQ(s.body_velocity[2], -2.0 + static_cast<double>(i % 5)) << "omega's grid, the only grid axis";
    double gamma[2 * max_contacts] = {};
    planar_body_contact_velocities(p.body, 2, s.body_velocity, gamma);
    for (int a = 0; a < 4; ++a) EXPECT_EQ(s.gamma_minus[a], gamma[a]);
    // gamma_N = v_y -+ omega for the rod's ends (r = -+1), gamma_T = v_x at both.
    EXPECT_NEAR(s.gamma_minus[0], s.body_velocity[1] - s.body_velocity[2], 1e-15);
    EXPECT_NEAR(s.gamma_minus[1], s.body_velocity[1] + s.body_velocity[2], 1e-15);
    EXPECT_EQ(s.gamma_minus[2], s.body_velocity[0]);
    EXPECT_EQ(quantity_value(s, MultiContactQuantity::v_x), s.body_velocity[0]);
    EXPECT_EQ(quantity_value(s, MultiContactQuantity::v_y), -1.0);
    EXPECT_EQ(quantity_value(s, MultiContactQuantity::omega), s.body_velocity[2]);
    // The velocity streams are the body's own: another friction distribution leaves them as they are.
    const MultiContactSample t = draw_multicontact_sample(other_mu, i);
    EXPECT_EQ(std::memcmp(t.body_velocity, s.body_velocity, sizeof s.body_velocity), 0);
    EXPECT_NE(t.mu[0], s.mu[0]);
  }
  // The other kinds have no body velocity.
  MultiContactSamplePlan direct = p;
  direct.G_kind = DelassusKind::direct;
  const MultiContactSample d = draw_multicontact_sample(direct, 3);
  EXPECT_EQ(d.body_velocity[0], 0.0);
  EXPECT_EQ(d.body_velocity[2], 0.0);
}

// Every sample of the rod and of the box on two corners has one outcome under both laws, with per-contact
// coefficients drawn at random; in a corner (k = 3) and in a slot (k = 4), with the same coefficients at
// every contact, under Newton's law (docs/multicontact.md, "Semidefinite G", says why not Poisson's yet).
// G has rank 3 throughout.
// Every sample of one body is valid with one outcome, or (poisson-lcp only) refused because the contacts'
// compliances decide its outcome (indeterminate_outcome; tests/golden/test_semidefinite_delassus.cpp shows
// each such refusal on the hand-made bodies): on the rod and the box on two corners with coefficients drawn
// per contact, about one sample in ten.
TEST(MultiContactBody, EverySampleOfOneBodyHasOneOutcome) {
  for (int k = 2; k <= 4; ++k)
    for (bool rod : {true, false}) {
      if (rod && k > 2) continue;
      MultiContactSamplePlan p = rod ? testing::rod_plan(11) : testing::box_plan(12, k);
      if (k > 2) {
        p.mu = {ScalarKind::constant, 0.3, 0.3, 1};
        p.eps_N = {ScalarKind::constant, 0.6, 0.6, 1};
        p.eps_T_ratio = {ScalarKind::constant, 0.0, 0.0, 1};
      }
      SCOPED_TRACE(std::string(rod ? "rod" : "box") + " k = " + std::to_string(k));
      int refused = 0;
      for (std::uint64_t i = 0; i < 1000; ++i) {
        const MultiContactSample s = draw_multicontact_sample(p, i);
        for (MultiContactLaw law : {multicontact_law<PoissonLcp>, multicontact_law<NewtonLcp>}) {
          if (law == multicontact_law<PoissonLcp> && k > 2) continue;
          const MultiContactSummary r = evaluate_multicontact(law, s, LcpSolver::automatic);
          if (law == multicontact_law<PoissonLcp> && r.status == Status::indeterminate_outcome) {
            ++refused;
            continue;
          }
          ASSERT_EQ(r.status, Status::ok) << "sample " << i << ": " << status_reason(r.status);
          EXPECT_EQ(r.solutions, 1) << "sample " << i;
          EXPECT_EQ(
              with_collision(
                  s, [](const auto& c) { return evaluate_newton_lcp(c).delassus_rank; }, std::uint8_t{0}),
              3);
        }
      }
      EXPECT_LE(refused, 150);  // (per-contact coefficients: the rod 6 %, the box on two corners 11 %)
    }
}

// A whole CPU sweep of the rod's approach velocities (the SIMD laws, two threads): newton-lcp's samples all
// valid, poisson-lcp's valid but for those whose outcome the ends' compliances decide (one end rising fast:
// refused, counted as `singular`), one outcome each, every valid one counted as a semidefinite G and none
// as nearly singular.
TEST(MultiContactBody, SweepOfTheRodCountsOneOutcomePerSample) {
  MultiContactSweepSpec s = testing::two_contact_spec(90);
  s.plan = testing::rod_plan(91);
  s.plan.omega = {ScalarKind::uniform, -3.0, 3.0, 1};
  s.axes[0] = {MultiContactQuantity::omega, -3.0, 3.0, 6};
  s.axes[1] = {MultiContactQuantity::v_x, -1.0, 1.0, 4};
  const std::uint64_t n = 20000;
  const MultiContactSweepResult r = run_sweep_cpu(s, 0, n, 4096, 2);
  EXPECT_EQ(r.samples_in_map(), n);
  for (int l = 0; l < s.n_laws; ++l) {
    SCOPED_TRACE(law_name(s.laws[l]));
    const u64 valid = r.pair_total(l, MultiContactWords::valid);
    EXPECT_EQ(valid + r.pair_total(l, MultiContactWords::singular), n);
    if (s.laws[l] == multicontact_law<NewtonLcp>) {
      EXPECT_EQ(valid, n);
    }
    EXPECT_GT(valid, n - n / 10);
    EXPECT_EQ(r.pair_total(l, MultiContactWords::solutions_1), valid);
    EXPECT_EQ(r.pair_total(l, MultiContactWords::semidefinite), valid);
    EXPECT_EQ(r.pair_total(l, MultiContactWords::near_singular), 0u);
  }
}

// A mechanism with n < 2k DOF: gamma^- is the orthogonal projection of the velocities drawn for any G
// (those of the direct kind with the same seed: the velocity streams do not depend on the kind) onto
// range(G), from Eigen's eigenvectors; the laws then never refuse G.
TEST(MultiContactBody, FewerDofThanContactRowsProjectsOntoTheRange) {
  for (std::uint32_t k = 1; k <= 4; ++k)
    for (std::uint32_t n : {1u, 2u, 3u}) {
      MultiContactSamplePlan p;
      p.seed = 900 + 10 * k + n;
      p.contacts = {ScalarKind::constant, double(k), double(k), 1};
      p.G_kind = DelassusKind::mechanism;
      p.mechanism_dof = n;
      p.log10_cond_M = {ScalarKind::uniform, 0.0, 2.0, 1};
      MultiContactSamplePlan drawn = p;
      drawn.G_kind = DelassusKind::direct;
      EXPECT_EQ(projects_contact_velocities(p, k), n < 2 * k);
      SCOPED_TRACE("k = " + std::to_string(k) + ", dof = " + std::to_string(n));
      int ok = 0;
      for (std::uint64_t i = 0; i < 200; ++i) {
        const MultiContactSample s = draw_multicontact_sample(p, i);
        const MultiContactSample d = draw_multicontact_sample(drawn, i);
        const int r = static_cast<int>(2 * k);
        Eigen::MatrixXd G(r, r);
        Eigen::VectorXd g(r);
        for (int a = 0; a < r; ++a) {
          g(a) = d.gamma_minus[a];
          for (int c = 0; c < r; ++c) G(a, c) = s.G[a][c];
        }
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(G);
        const double top = eig.eigenvalues().cwiseAbs().maxCoeff();
        Eigen::VectorXd expected = Eigen::VectorXd::Zero(r);
        int rank = 0;
        for (int c = 0; c < r; ++c)
          if (eig.eigenvalues()(c) > 1e-10 * top) {
            const Eigen::VectorXd q = eig.eigenvectors().col(c);
            expected += q * q.dot(g);
            ++rank;
          }
        EXPECT_EQ(rank, static_cast<int>(std::min(n, 2 * k))) << "sample " << i;
        // (to 1e-10: far inside the laws' own range test, 1e-9 max|gamma^-|)
        for (int a = 0; a < r; ++a) EXPECT_NEAR(s.gamma_minus[a], expected(a), 1e-10) << "sample " << i;
        // Never refused for its G: a sample is ok, or none of its contacts approaches, or (a mechanism of
        // few DOF with friction, as in Painleve's examples) its impact LCP has no solution.
        const MultiContactSummary o =
            evaluate_multicontact(multicontact_law<NewtonLcp>, s, LcpSolver::automatic);
        EXPECT_TRUE(o.status == Status::ok || o.status == Status::not_approaching ||
                    o.status == Status::no_solution)
            << "sample " << i << ": " << status_reason(o.status);
        ok += o.status == Status::ok;
      }
      EXPECT_GT(ok, 20);
    }
}

}  // namespace
}  // namespace collsweep

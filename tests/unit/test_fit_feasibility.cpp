// The feasibility test of a measured impact (host/fit/feasibility.hpp): impacts of laws that satisfy
// C1-C4 are feasible, others are not and their misfit is the distance an analytic nearest point or a
// brute-force search finds; on random problems the impulse is admissible, no random admissible impulse
// does better, and the answer is the same every run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "fit/feasibility.hpp"

namespace {

using collsweep::fit::FeasibilityProblem;
using collsweep::fit::FeasibilityResult;
using collsweep::fit::nearest_admissible_impulse;
using Eigen::MatrixXd;
using Eigen::Vector2d;
using Eigen::VectorXd;

// The tangential rows of contact j (planar and multi-contact: k + j; spatial: 1 and 2).
std::vector<int> tangent_rows(const FeasibilityProblem& p, int j) {
  if (p.tangents == 2) return {1, 2};
  return {p.contacts + j};
}

// C1-C4 (Chatterjee 1997) at P, each within tol times the size of its terms.
bool admissible(const FeasibilityProblem& p, const VectorXd& P, double tol) {
  const double w = p.W.norm(), v = p.v_pre.norm(), size = P.norm();
  const double energy_change = P.dot(p.v_pre) + 0.5 * P.dot(p.W * P);
  if (energy_change > tol * (size * v + w * size * size)) return false;
  const VectorXd after = p.v_pre + p.W * P;
  for (int j = 0; j < p.contacts; ++j) {
    double tangential = 0.0;
    for (int r : tangent_rows(p, j)) tangential += P(r) * P(r);
    if (after(j) < -tol * (v + w * size)) return false;
    if (P(j) < -tol * size) return false;
    if (std::sqrt(tangential) > p.mu_max * P(j) + tol * size * std::max(1.0, p.mu_max)) return false;
  }
  return true;
}

double misfit(const FeasibilityProblem& p, const VectorXd& P) {
  const double scale = p.v_post.norm() > 0.0 ? p.v_post.norm() : p.v_pre.norm();
  return (p.v_pre + p.W * P - p.v_post).norm() / scale;
}

FeasibilityProblem problem(int contacts, int tangents, const MatrixXd& W, const VectorXd& v_pre,
                           const VectorXd& v_post, double mu_max) {
  FeasibilityProblem p;
  p.contacts = contacts;
  p.tangents = tangents;
  p.W = W;
  p.v_pre = v_pre;
  p.v_post = v_post;
  p.mu_max = mu_max;
  return p;
}

// The impact of P: v_post = v_pre + W P.
FeasibilityProblem impact_of(int contacts, int tangents, const MatrixXd& W, const VectorXd& v_pre,
                             const VectorXd& P, double mu_max) {
  return problem(contacts, tangents, W, v_pre, v_pre + W * P, mu_max);
}

// ---- Laws that satisfy C1-C4: Newton's restitution with Coulomb friction ---------------------------------

struct LawImpulse {
  VectorXd P;
  bool sticking = false;
};

// One planar or spatial contact: sticking when the impulse that stops the slip (v_post = (-e v_n, 0)) lies
// in the cone, else sliding against the initial slip with P_t = -mu P_n s.
LawImpulse newton_coulomb(const MatrixXd& W, const VectorXd& v, double e, double mu) {
  const int n = static_cast<int>(v.size());
  VectorXd target = VectorXd::Zero(n);
  target(0) = -e * v(0);
  const VectorXd stick = W.llt().solve(target - v);
  if (stick.tail(n - 1).norm() <= mu * stick(0)) return {stick, true};
  const VectorXd slip = v.tail(n - 1).normalized();
  VectorXd direction(n);  // P = P_n direction
  direction << 1.0, -mu * slip;
  const double P_n = -(1.0 + e) * v(0) / W.row(0).dot(direction);
  return {P_n * direction, false};
}

// k planar contacts (rows N1..Nk, T1..Tk): every contact sticking with v_N post = -e v_N, or every contact
// sliding against its slip with the same normal velocities after.
VectorXd newton_coulomb_contacts(const MatrixXd& G, const VectorXd& v, int k, double e, double mu,
                                 bool sliding) {
  if (!sliding) {
    VectorXd target = VectorXd::Zero(2 * k);
    target.head(k) = -e * v.head(k);
    return G.completeOrthogonalDecomposition().solve(target - v);
  }
  MatrixXd D = MatrixXd::Zero(2 * k, k);  // P = D P_N
  for (int j = 0; j < k; ++j) {
    D(j, j) = 1.0;
    D(k + j, j) = -mu * (v(k + j) > 0.0 ? 1.0 : -1.0);
  }
  const VectorXd P_N = (G.topRows(k) * D).lu().solve(-(1.0 + e) * v.head(k));
  return D * P_N;
}

// A planar rigid body (mass m, inertia I) with contacts at r_j from its centre of mass on a floor (normal
// y, tangent x): the rows N_j = (0, 1, x_j), T_j = (1, 0, -y_j) of J, and G = J M^-1 J^T.
MatrixXd floor_jacobian(const std::vector<Vector2d>& r) {
  const int k = static_cast<int>(r.size());
  MatrixXd J = MatrixXd::Zero(2 * k, 3);
  for (int j = 0; j < k; ++j) {
    J.row(j) << 0.0, 1.0, r[j].x();
    J.row(k + j) << 1.0, 0.0, -r[j].y();
  }
  return J;
}

MatrixXd delassus(const MatrixXd& J, const VectorXd& inverse_mass) {
  return J * inverse_mass.asDiagonal() * J.transpose();
}

MatrixXd planar_W() { return (MatrixXd(2, 2) << 2.0, 0.4, 0.4, 1.5).finished(); }

MatrixXd spatial_W() { return (MatrixXd(3, 3) << 2.0, 0.3, -0.2, 0.3, 1.5, 0.1, -0.2, 0.1, 1.2).finished(); }

void expect_feasible(const FeasibilityProblem& p, bool exact) {
  const FeasibilityResult r = nearest_admissible_impulse(p);
  EXPECT_TRUE(r.feasible);
  EXPECT_TRUE(r.converged);
  if (exact)
    EXPECT_EQ(r.misfit, 0.0);
  else
    EXPECT_LE(r.misfit, collsweep::fit::kFeasibleMisfit);
  EXPECT_TRUE(admissible(p, r.impulse, 1e-9));
}

TEST(FitFeasibility, PlanarNewtonCoulombImpactsAreFeasible) {
  const VectorXd v = Vector2d(-1.0, 0.3);
  const LawImpulse stick = newton_coulomb(planar_W(), v, 0.5, 0.8);
  const LawImpulse slide = newton_coulomb(planar_W(), Vector2d(-1.0, 2.0), 0.5, 0.3);
  ASSERT_TRUE(stick.sticking);
  ASSERT_FALSE(slide.sticking);
  for (const auto& [impulse, v_pre] :
       {std::pair{stick.P, v}, std::pair{slide.P, VectorXd(Vector2d(-1.0, 2.0))}}) {
    const FeasibilityProblem p = impact_of(1, 1, planar_W(), v_pre, impulse, 0.8);
    ASSERT_TRUE(admissible(p, impulse, 1e-14));
    expect_feasible(p, true);
  }
  // The sliding impact needs mu_max >= 0.3: with 0.29 it is outside the cone.
  const FeasibilityProblem tight = impact_of(1, 1, planar_W(), Vector2d(-1.0, 2.0), slide.P, 0.29);
  const FeasibilityResult r = nearest_admissible_impulse(tight);
  EXPECT_FALSE(r.feasible);
  EXPECT_GT(r.misfit, 1e-4);
  // A plastic sticking impact stops the contact: v_post = 0, measured against |v_pre|.
  const FeasibilityProblem plastic = problem(1, 1, planar_W(), v, VectorXd::Zero(2), 1.0);
  expect_feasible(plastic, true);
}

TEST(FitFeasibility, SpatialNewtonCoulombImpactsAreFeasible) {
  const VectorXd v_stick = Eigen::Vector3d(-1.0, 0.2, -0.1);
  const VectorXd v_slide = Eigen::Vector3d(-1.0, 1.5, 0.8);
  const LawImpulse stick = newton_coulomb(spatial_W(), v_stick, 0.4, 0.9);
  const LawImpulse slide = newton_coulomb(spatial_W(), v_slide, 0.4, 0.25);
  ASSERT_TRUE(stick.sticking);
  ASSERT_FALSE(slide.sticking);
  const FeasibilityProblem p_stick = impact_of(1, 2, spatial_W(), v_stick, stick.P, 0.9);
  const FeasibilityProblem p_slide = impact_of(1, 2, spatial_W(), v_slide, slide.P, 0.25);
  ASSERT_TRUE(admissible(p_stick, stick.P, 1e-14));
  ASSERT_TRUE(admissible(p_slide, slide.P, 1e-14));
  expect_feasible(p_stick, true);
  expect_feasible(p_slide, true);
}

TEST(FitFeasibility, TwoContactsWithPositiveDefiniteDelassusAreFeasible) {
  // Two contacts of a four-degree-of-freedom mechanism: G is 4 x 4 and positive definite.
  const MatrixXd J =
      (MatrixXd(4, 4) << 1.0, 0.2, 0.3, 0.0, 0.1, 1.0, -0.4, 0.2, 0.5, -0.3, 1.0, 0.1, -0.2, 0.4, 0.1, 1.0)
          .finished();
  const MatrixXd G = delassus(J, Eigen::Vector4d(1.0, 0.8, 1.5, 0.6));
  const VectorXd u = Eigen::Vector4d(-0.9, -0.7, 0.4, -0.3);
  const VectorXd v = J * u;
  ASSERT_LT(v(0), 0.0);
  ASSERT_LT(v(1), 0.0);
  for (bool sliding : {false, true}) {
    const VectorXd P = newton_coulomb_contacts(G, v, 2, 0.3, 0.4, sliding);
    const FeasibilityProblem p = impact_of(2, 1, G, v, P, sliding ? 0.4 : 3.0);
    ASSERT_TRUE(admissible(p, P, 1e-12)) << "sliding " << sliding;
    expect_feasible(p, true);
  }
}

TEST(FitFeasibility, RodOnTwoContactsWithSingularDelassusIsFeasible) {
  // A rod of length 2 (m = 1, I = 1/3) whose ends, 0.1 below its axis, strike a floor: G has rank 3.
  const MatrixXd J = floor_jacobian({Vector2d(-1.0, -0.1), Vector2d(1.0, -0.1)});
  const MatrixXd G = delassus(J, Eigen::Vector3d(1.0, 1.0, 3.0));
  Eigen::SelfAdjointEigenSolver<MatrixXd> eigen(G);
  ASSERT_LT(std::abs(eigen.eigenvalues()(0)), 1e-14);
  const VectorXd v = J * Eigen::Vector3d(0.3, -1.0, 0.2);  // both ends approach, both slip forwards
  for (bool sliding : {false, true}) {
    const VectorXd P = newton_coulomb_contacts(G, v, 2, 0.5, 0.5, sliding);
    const FeasibilityProblem p = impact_of(2, 1, G, v, P, 0.5);
    ASSERT_TRUE(admissible(p, P, 1e-12)) << "sliding " << sliding;
    expect_feasible(p, false);
  }
}

// ---- Infeasible impacts against analytic nearest points ---------------------------------------------------

// W = I, v_pre = (-1, 0), mu_max = 0.5: the admissible velocities after are |v'| <= 1 (C1), v'_n >= 0 (C2)
// and |v'_t| <= 0.5 (v'_n + 1) (C3 with P = v' - v_pre); the misfit is the distance from v_post.
FeasibilityProblem unit_problem(const Vector2d& v_post) {
  return problem(1, 1, MatrixXd::Identity(2, 2), Vector2d(-1.0, 0.0), v_post, 0.5);
}

TEST(FitFeasibility, EnergyGainIsInfeasibleByItsDistanceToTheEnergyDisk) {
  const FeasibilityResult r = nearest_admissible_impulse(unit_problem(Vector2d(2.0, 0.0)));
  EXPECT_FALSE(r.feasible);
  EXPECT_NEAR(r.misfit, 0.5, 1e-9);  // nearest (1, 0)
  EXPECT_NEAR((r.impulse - Vector2d(2.0, 0.0)).norm(), 0.0, 1e-6);
}

TEST(FitFeasibility, PenetrationIsInfeasibleByItsDistanceToTheContact) {
  const FeasibilityResult r = nearest_admissible_impulse(unit_problem(Vector2d(-0.5, 0.1)));
  EXPECT_FALSE(r.feasible);
  EXPECT_NEAR(r.misfit, 0.5 / std::hypot(0.5, 0.1), 1e-9);  // nearest (0, 0.1)
}

TEST(FitFeasibility, OutsideTheConeIsInfeasibleByItsDistanceToTheCone) {
  const FeasibilityResult r = nearest_admissible_impulse(unit_problem(Vector2d(0.2, 0.9)));
  EXPECT_FALSE(r.feasible);
  // The cone's edge v'_t = 0.5 (v'_n + 1): distance 0.3 / sqrt(1.25), nearest (0.32, 0.66).
  EXPECT_NEAR(r.misfit, 0.3 / std::sqrt(1.25) / std::hypot(0.2, 0.9), 1e-9);
  EXPECT_NEAR((Vector2d(-1.0, 0.0) + r.impulse - Vector2d(0.32, 0.66)).norm(), 0.0, 1e-6);
}

TEST(FitFeasibility, NoFrictionAllowedLeavesTheTangentialVelocity) {
  // mu_max = 0: P_t = 0, so v'_t = 0.5 and v'_n in [0, 1] (C2, C1).
  FeasibilityProblem p =
      problem(1, 1, MatrixXd::Identity(2, 2), Vector2d(-1.0, 0.5), Vector2d(2.0, 0.5), 0.0);
  FeasibilityResult r = nearest_admissible_impulse(p);
  EXPECT_NEAR(r.misfit, 1.0 / std::hypot(2.0, 0.5), 1e-9);
  EXPECT_EQ(r.impulse(1), 0.0);
  p.v_post = Vector2d(0.6, 0.5);  // frictionless Newton restitution with e = 0.6
  r = nearest_admissible_impulse(p);
  EXPECT_TRUE(r.feasible);
  EXPECT_EQ(r.misfit, 0.0);
}

// ---- Infeasible impacts against brute-force searches ------------------------------------------------------

// The least misfit over admissible P (exactly, no tolerance) on grids of `points` per axis around a centre,
// each grid 1/4 of the previous one around its best point.
double brute_force_misfit(const FeasibilityProblem& p, VectorXd centre, double half_width, int points) {
  const int n = static_cast<int>(centre.size());
  double best = std::numeric_limits<double>::infinity();
  for (int level = 0; level < 14; ++level, half_width /= 4.0) {
    VectorXd best_P = centre;
    std::vector<int> index(n, 0);
    for (bool more = true; more;) {
      VectorXd P(n);
      for (int i = 0; i < n; ++i) P(i) = centre(i) + half_width * (2.0 * index[i] / (points - 1) - 1.0);
      if (admissible(p, P, 0.0) && misfit(p, P) < best) {
        best = misfit(p, P);
        best_P = P;
      }
      more = false;
      for (int i = 0; i < n && !more; ++i) {
        if (++index[i] < points)
          more = true;
        else
          index[i] = 0;
      }
    }
    centre = best_P;
  }
  return best;
}

TEST(FitFeasibility, CoupledPlanarImpactsMatchABruteForceSearch) {
  const MatrixXd W = planar_W();
  const Vector2d v(-1.0, 0.8);
  const std::vector<Vector2d> measured_impulses = {
      {1.2, 0.0},    // energy gain
      {0.2, -0.1},   // penetration
      {0.8, -1.0},   // outside the cone
      {-0.3, -1.2},  // tensile (and outside the cone)
  };
  for (const Vector2d& P : measured_impulses) {
    const FeasibilityProblem p = impact_of(1, 1, W, v, P, 0.4);
    ASSERT_FALSE(admissible(p, P, 1e-9));
    const FeasibilityResult r = nearest_admissible_impulse(p);
    EXPECT_FALSE(r.feasible);
    EXPECT_TRUE(admissible(p, r.impulse, 1e-9));
    const double brute = brute_force_misfit(p, Vector2d(1.0, 0.0), 2.0, 201);
    EXPECT_NEAR(r.misfit, brute, 1e-6 * brute) << P.transpose();
  }
}

TEST(FitFeasibility, SpatialImpactOutsideTheConeMatchesAGridSearch) {
  const VectorXd v = Eigen::Vector3d(-1.0, 1.0, 0.5);
  for (const VectorXd& P :
       {VectorXd(Eigen::Vector3d(0.7, -0.6, -0.5)), VectorXd(Eigen::Vector3d(1.4, 0.1, 0.0))}) {
    const FeasibilityProblem p = impact_of(1, 2, spatial_W(), v, P, 0.5);
    ASSERT_FALSE(admissible(p, P, 1e-9));
    const FeasibilityResult r = nearest_admissible_impulse(p);
    EXPECT_FALSE(r.feasible);
    const double brute = brute_force_misfit(p, Eigen::Vector3d(0.8, 0.0, 0.0), 1.5, 61);
    EXPECT_NEAR(r.misfit, brute, 1e-6 * brute) << P.transpose();
  }
}

// ---- Random problems --------------------------------------------------------------------------------------

struct RandomKind {
  int contacts, tangents, dofs;  // dofs < 2 contacts: a singular G (spatial: dofs < 3)
};

// A random problem of a kind: W = J M^-1 J^T, v_pre = J u with some contact approaching, v_post = J u'
// (a random change, or a law's impact with noise).
FeasibilityProblem random_problem(const RandomKind& kind, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  const int n = kind.contacts * (1 + kind.tangents);
  MatrixXd J(n, kind.dofs);
  for (int i = 0; i < J.size(); ++i) J.data()[i] = normal(rng);
  VectorXd inverse_mass(kind.dofs);
  for (int i = 0; i < kind.dofs; ++i) inverse_mass(i) = 0.2 + uniform(rng);
  const MatrixXd W = delassus(J, inverse_mass);
  VectorXd u(kind.dofs), v;
  do {
    for (int i = 0; i < kind.dofs; ++i) u(i) = normal(rng);
    v = J * u;
  } while (v.head(kind.contacts).minCoeff() >= 0.0);
  VectorXd du(kind.dofs);
  for (int i = 0; i < kind.dofs; ++i) du(i) = normal(rng);
  const double mu = uniform(rng) < 0.2 ? 0.0 : 0.05 + 1.5 * uniform(rng);
  return problem(kind.contacts, kind.tangents, W, v, J * (u + du), mu);
}

// A random impulse in the cones (C3, C4) at a random scale.
VectorXd random_cone_impulse(const FeasibilityProblem& p, double scale, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  VectorXd P = VectorXd::Zero(p.W.rows());
  for (int j = 0; j < p.contacts; ++j) {
    P(j) = scale * uniform(rng);
    for (int r : tangent_rows(p, j))
      P(r) = p.mu_max * P(j) * (2.0 * uniform(rng) - 1.0) / std::sqrt(p.tangents);
  }
  return P;
}

const RandomKind kRandomKinds[] = {
    {1, 1, 3}, {1, 2, 6}, {2, 1, 4}, {2, 1, 3}, {3, 1, 5}, {4, 1, 8}, {1, 1, 1}, {1, 2, 2},
};

TEST(FitFeasibility, RandomProblemsGiveAdmissibleOptimalReproducibleImpulses) {
  std::mt19937_64 rng(20240611);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (const RandomKind& kind : kRandomKinds) {
    int compared = 0;
    for (int trial = 0; trial < 25; ++trial) {
      const FeasibilityProblem p = random_problem(kind, rng);
      const FeasibilityResult r = nearest_admissible_impulse(p);
      ASSERT_TRUE(std::isfinite(r.misfit));
      ASSERT_TRUE(r.impulse.allFinite());
      const std::string which = "contacts " + std::to_string(kind.contacts) + ", tangents " +
                                std::to_string(kind.tangents) + ", rank " + std::to_string(kind.dofs) +
                                ", trial " + std::to_string(trial);
      EXPECT_TRUE(r.converged) << which;
      EXPECT_TRUE(admissible(p, r.impulse, 1e-9))
          << which << "\nP " << r.impulse.transpose() << "\nv_pre " << p.v_pre.transpose() << "\nv_post "
          << p.v_post.transpose() << "\nmu_max " << p.mu_max << "\nW\n"
          << p.W;
      EXPECT_NEAR(r.misfit, misfit(p, r.impulse), 1e-12 * (1.0 + r.misfit));
      EXPECT_EQ(r.feasible, r.misfit <= collsweep::fit::kFeasibleMisfit);
      const FeasibilityResult again = nearest_admissible_impulse(p);
      EXPECT_EQ(again.misfit, r.misfit);
      EXPECT_TRUE(again.impulse == r.impulse);
      // Random admissible impulses far and near: none has a smaller misfit.
      const double scale = 1.0 + r.impulse.norm() + p.v_pre.norm() / p.W.norm();
      for (int q = 0; q < 400; ++q) {
        VectorXd Q = random_cone_impulse(p, 3.0 * scale, rng);
        if (q % 2 == 1) {
          const double step = std::pow(10.0, -1.0 - 6.0 * (q % 7) / 6.0) * scale;
          VectorXd local(Q.size());
          for (int i = 0; i < local.size(); ++i) local(i) = normal(rng);
          Q = r.impulse + step * local;
        }
        if (!admissible(p, Q, 0.0)) continue;
        ++compared;
        EXPECT_GE(misfit(p, Q), r.misfit - 1e-9 * (1.0 + r.misfit));
      }
    }
    EXPECT_GE(compared, 50) << kind.contacts << " " << kind.tangents << " " << kind.dofs;
  }
}

// ---- Degenerate problems ----------------------------------------------------------------------------------

TEST(FitFeasibility, RestingContactAdmitsOnlyNoImpulse) {
  // v_pre = 0 with W positive definite: C1 leaves P = 0 alone, so v_post = v_pre is the nearest.
  const FeasibilityProblem p = problem(1, 1, planar_W(), Vector2d(0.0, 0.0), Vector2d(0.3, 0.4), 0.5);
  const FeasibilityResult r = nearest_admissible_impulse(p);
  EXPECT_FALSE(r.feasible);
  EXPECT_NEAR(r.misfit, 1.0, 1e-5);
  EXPECT_LT(r.impulse.norm(), 1e-5);
  // And no motion at all is reproduced by no impulse.
  const FeasibilityResult still =
      nearest_admissible_impulse(problem(1, 1, planar_W(), Vector2d(0.0, 0.0), Vector2d(0.0, 0.0), 0.5));
  EXPECT_TRUE(still.feasible);
  EXPECT_EQ(still.misfit, 0.0);
}

TEST(FitFeasibility, GrazingAndSingularSingleContactsMatchABruteForceSearch) {
  // A grazing contact (v_n = 0) and a rank-one W.
  const MatrixXd rank_one = Vector2d(1.0, 0.5) * Vector2d(1.0, 0.5).transpose();
  const FeasibilityProblem grazing = problem(1, 1, planar_W(), Vector2d(0.0, 1.0), Vector2d(0.5, 1.2), 0.6);
  const FeasibilityProblem singular = problem(1, 1, rank_one, Vector2d(-1.0, -0.5), Vector2d(0.3, 0.6), 0.6);
  for (const FeasibilityProblem& p : {grazing, singular}) {
    const FeasibilityResult r = nearest_admissible_impulse(p);
    ASSERT_TRUE(std::isfinite(r.misfit));
    EXPECT_TRUE(admissible(p, r.impulse, 1e-9));
    const double brute = brute_force_misfit(p, Vector2d(1.0, 0.0), 2.0, 201);
    EXPECT_NEAR(r.misfit, brute, 1e-5 * brute);
  }
}

TEST(FitFeasibility, MassSqueezedBetweenTwoWallsStopsNormally) {
  // A unit point mass between walls x = 0 (normal +x) and x = 1 (normal -x), moving at u = (-1, 0.3): C2 at
  // both walls forces u'_x = 0 (no interior), squeezes P_N1 = P_N2 let the walls' friction give any u'_y,
  // and C1 bounds |u'| by |u|.
  const MatrixXd J = (MatrixXd(4, 2) << 1.0, 0.0, -1.0, 0.0, 0.0, 1.0, 0.0, -1.0).finished();
  const MatrixXd G = J * J.transpose();
  const VectorXd v = J * Vector2d(-1.0, 0.3);
  FeasibilityProblem p = problem(2, 1, G, v, J * Vector2d(0.5, 0.3), 0.3);
  FeasibilityResult r = nearest_admissible_impulse(p);
  EXPECT_NEAR(r.misfit, 0.5 / std::hypot(0.5, 0.3), 1e-5);
  EXPECT_TRUE(admissible(p, r.impulse, 1e-9));
  p.v_post = J * Vector2d(0.0, 2.0);
  r = nearest_admissible_impulse(p);
  EXPECT_NEAR(r.misfit, (2.0 - std::sqrt(1.09)) / 2.0, 1e-5);
  p.v_post = J * Vector2d(0.0, -0.8);
  r = nearest_admissible_impulse(p);
  EXPECT_LE(r.misfit, 1e-5);
}

TEST(FitFeasibility, NoStiffnessLeavesTheVelocities) {
  // W = 0: no impulse changes anything, and an approaching contact has no admissible impulse at all.
  FeasibilityProblem p = problem(1, 1, MatrixXd::Zero(2, 2), Vector2d(-1.0, 0.0), Vector2d(0.5, 0.0), 0.5);
  FeasibilityResult r = nearest_admissible_impulse(p);
  EXPECT_FALSE(r.feasible);
  EXPECT_FALSE(r.converged);
  EXPECT_DOUBLE_EQ(r.misfit, 3.0);
  p.v_pre = Vector2d(1.0, 0.0);
  p.v_post = Vector2d(1.0, 0.0);
  r = nearest_admissible_impulse(p);
  EXPECT_TRUE(r.feasible);
  EXPECT_TRUE(r.converged);
}

TEST(FitFeasibility, MalformedProblemsThrow) {
  FeasibilityProblem p = problem(1, 1, planar_W(), Vector2d(-1.0, 0.0), Vector2d(0.5, 0.0), 0.5);
  FeasibilityProblem wrong_size = p;
  wrong_size.v_post = Eigen::Vector3d(0.0, 0.0, 0.0);
  FeasibilityProblem negative_mu = p;
  negative_mu.mu_max = -0.1;
  FeasibilityProblem spatial_pair = p;
  spatial_pair.contacts = 2;
  spatial_pair.tangents = 2;
  FeasibilityProblem indefinite = p;
  indefinite.W = (MatrixXd(2, 2) << 1.0, 0.0, 0.0, -1.0).finished();
  FeasibilityProblem not_finite = p;
  not_finite.v_pre(0) = std::nan("");
  for (const FeasibilityProblem& bad : {wrong_size, negative_mu, spatial_pair, indefinite, not_finite})
    EXPECT_THROW(nearest_admissible_impulse(bad), std::invalid_argument);
}

}  // namespace

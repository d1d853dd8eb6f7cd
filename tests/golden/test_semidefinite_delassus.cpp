// Multi-contact laws on a positive semidefinite G (Glocker 2014, eq. (44)): one planar rigid body on k
// contacts, G = J M^-1 J^T of rank 3 < 2k (a rod or a box on two corners, a box in a corner or a slot on
// three or four). Every outcome is checked against the body's own mechanics (gamma^+ = J v^+ and
// W = T^+ - T^- from v^+ = v^- + M^-1 J^T Lambda), against the limit of the regularised problems G + eps I
// as eps -> 0, and its count of distinct outcomes against that of every regularised problem; Poisson's law on
// k = 3, 4 contacts, where a singular G can leave the outcome indeterminate, against regularisations with
// other weights per row (docs/multicontact.md, "Semidefinite G").
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "collsweep/models/multicontact/sampler.hpp"
#include "families/multicontact/law_instances.hpp"
#include "support/body_plans.hpp"
#include "support/rod_collision.hpp"

namespace collsweep {
namespace {

// A planar rigid body (mass m, inertia I about its centre of mass at the origin) touching the ground or
// walls at points p_j with unit normals n_j (into the body); tangent t_j = (n_y, -n_x).
struct Body {
  double m = 1.0, I = 1.0;
  std::vector<Eigen::Vector2d> points, normals;
};

// Rows N1..Nk, T1..Tk of J (3 columns: x, y, rotation).
Eigen::MatrixXd contact_jacobian(const Body& b) {
  const int k = static_cast<int>(b.points.size());
  Eigen::MatrixXd J(2 * k, 3);
  for (int j = 0; j < k; ++j) {
    const Eigen::Vector2d p = b.points[static_cast<std::size_t>(j)],
                          n = b.normals[static_cast<std::size_t>(j)];
    const Eigen::Vector2d t(n.y(), -n.x());
    J.row(j) << n.x(), n.y(), p.x() * n.y() - p.y() * n.x();
    J.row(k + j) << t.x(), t.y(), p.x() * t.y() - p.y() * t.x();
  }
  return J;
}

Eigen::Matrix3d mass_matrix(const Body& b) { return Eigen::Vector3d(b.m, b.m, b.I).asDiagonal(); }

struct Coefficients {
  std::vector<double> mu, eps_N, eps_T;
};

template <int K>
MultiContactCollision<K> collision(const Body& b, const Eigen::Vector3d& v, const Coefficients& k) {
  const Eigen::MatrixXd J = contact_jacobian(b);
  const Eigen::MatrixXd G = J * mass_matrix(b).inverse() * J.transpose();
  const Eigen::VectorXd gamma = J * v;
  MultiContactCollision<K> c{};
  for (int i = 0; i < 2 * K; ++i) {
    for (int j = 0; j < 2 * K; ++j) c.G[i][j] = G(i, j);
    c.gamma_minus[i] = gamma(i);
  }
  for (int j = 0; j < K; ++j) {
    c.mu[j] = k.mu[static_cast<std::size_t>(j)];
    c.eps_N[j] = k.eps_N[static_cast<std::size_t>(j)];
    c.eps_T[j] = k.eps_T[static_cast<std::size_t>(j)];
  }
  return c;
}

template <int K>
MultiContactCollision<K> regularised(MultiContactCollision<K> c, double eps) {
  for (int i = 0; i < 2 * K; ++i) c.G[i][i] += eps;
  return c;
}

double max_abs(const double* x, int n) {
  double m = 0.0;
  for (int i = 0; i < n; ++i) m = std::fmax(m, std::fabs(x[i]));
  return m;
}

// G + eps D: each row regularised by its own weight (another compliance at each contact).
template <int K>
MultiContactCollision<K> regularised(MultiContactCollision<K> c, double eps, const double (&d)[2 * K]) {
  for (int i = 0; i < 2 * K; ++i) c.G[i][i] += eps * d[i];
  return c;
}

// The outcome gamma^+ of poisson-lcp on G + eps D as eps -> 0, by Richardson's extrapolation from eps and
// 2 eps, with the enumeration; false when a regularised problem fails.
template <int K>
bool regularised_limit(const MultiContactCollision<K>& c, const double (&d)[2 * K], double eps,
                       double (&gamma)[2 * K]) {
  MultiContactOptions opt;
  opt.solver = LcpSolver::enumeration;
  const MultiContactOutcome<K> r = evaluate_poisson_lcp(regularised(c, eps, d), opt),
                               r2 = evaluate_poisson_lcp(regularised(c, 2 * eps, d), opt);
  if (r.status != Status::ok || r2.status != Status::ok) return false;
  for (int i = 0; i < 2 * K; ++i) gamma[i] = 2 * r.gamma_plus[i] - r2.gamma_plus[i];
  return true;
}

// Whether poisson-lcp's outcome on c depends on the compliances of the contacts: the limits of G + eps D for
// the law's own k probing weights (compliance_weights) and seven random ones in [0.2, 2] per row differ from
// that of G + eps I by more than 1e-6 max|gamma^-|. Each regularised problem is solved whole by the
// enumeration (no least-norm point, no hull), at eps = 1e-6 and 1e-10: the smaller resolves the continua,
// the larger the splits that a near-singular G's outcome tolerance would merge.
template <int K>
bool depends_on_compliances(const MultiContactCollision<K>& c, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> weight(0.2, 2.0);
  double unit[2 * K], d[2 * K], base[2 * K], gamma[2 * K];
  compliance_weights<K>(0, unit);
  const double tol = 1e-6 * max_abs(c.gamma_minus, 2 * K);
  for (double eps : {1e-6, 1e-10}) {
    if (!regularised_limit(c, unit, eps, base)) continue;
    for (int w = 1; w < K + 8; ++w) {
      if (w <= K) {
        compliance_weights<K>(w, d);
      } else {
        for (double& x : d) x = weight(rng);
      }
      if (!regularised_limit(c, d, eps, gamma)) continue;
      for (int i = 0; i < 2 * K; ++i)
        if (std::fabs(gamma[i] - base[i]) > tol) return true;
    }
  }
  return false;
}

template <int K>
MultiContactOutcome<K> evaluate(bool poisson, const MultiContactCollision<K>& c, LcpSolver solver) {
  MultiContactOptions opt;
  opt.solver = solver;
  return poisson ? evaluate_poisson_lcp(c, opt) : evaluate_newton_lcp(c, opt);
}

struct Tally {
  int cases = 0, not_approaching = 0;
  int refused = 0, refused_shown = 0;  // poisson-lcp: indeterminate_outcome, and shown so
};

// One body and pre-impact velocity v through both laws and the given solvers: status ok, rank 3, one outcome;
// gamma^+ and W agree with the body's mechanics; T_acc <= T^-. With the enumeration (the automatic solver on
// a singular G), the regularised problems G + eps I give the same count of outcomes for every eps and, at
// eps -> 0 (extrapolated from eps = 1e-10), the same gamma^+ and W to 1e-8 relative. poisson-lcp may refuse
// instead (indeterminate_outcome: its outcome depends on the contacts' compliances), counted in the tally
// with whether depends_on_compliances shows it.
// What check_body asserts beyond the mechanics.
struct Expect {
  bool newton_only = false;  // poisson-lcp left out (checked by check_poisson_on_body instead)
  bool lemke = true;         // Lemke as well as the enumeration
  bool limit = true;         // one outcome, the limit of G + eps I
};

template <int K>
void check_body(const Body& b, const Eigen::Vector3d& v, const Coefficients& k, const Expect& e,
                Tally& tally) {
  const MultiContactCollision<K> c = collision<K>(b, v, k);
  bool approaching = false;
  for (int j = 0; j < K; ++j) approaching = approaching || c.gamma_minus[j] < 0.0;
  if (!approaching) {
    ++tally.not_approaching;
    return;
  }
  ++tally.cases;
  const Eigen::MatrixXd J = contact_jacobian(b);
  const Eigen::Matrix3d M = mass_matrix(b);
  const double T_minus = 0.5 * v.dot(M * v);
  const double scale = max_abs(c.gamma_minus, 2 * K);
  for (bool poisson : {true, false})
    for (LcpSolver solver : {LcpSolver::enumeration, LcpSolver::lemke}) {
      if ((poisson && e.newton_only) || (solver == LcpSolver::lemke && !e.lemke)) continue;
      SCOPED_TRACE(std::string(poisson ? "poisson-lcp" : "newton-lcp") + " solver " +
                   lcp_solver_name(solver));
      const MultiContactOutcome<K> o = evaluate(poisson, c, solver);
      if (poisson && solver == LcpSolver::enumeration && o.status == Status::indeterminate_outcome) {
        std::mt19937_64 rng(static_cast<std::uint64_t>(tally.cases));
        ++tally.refused;
        tally.refused_shown += depends_on_compliances(c, rng);
        continue;
      }
      ASSERT_EQ(o.status, Status::ok);
      EXPECT_EQ(o.delassus_rank, 3);
      if (e.limit) {
        EXPECT_EQ(o.solutions, 1);
      }
      EXPECT_LE(o.T_acc, T_minus * (1.0 + 1e-12)) << "T_acc is the least T^- compatible with gamma^-";
      Eigen::VectorXd lam(2 * K);
      for (int i = 0; i < 2 * K; ++i) lam(i) = o.Lam[i];
      const Eigen::Vector3d v_plus = v + M.inverse() * J.transpose() * lam;
      const Eigen::VectorXd gamma_plus = J * v_plus;
      for (int i = 0; i < 2 * K; ++i) EXPECT_NEAR(o.gamma_plus[i], gamma_plus(i), 1e-12 * scale) << i;
      EXPECT_NEAR(o.W, 0.5 * v_plus.dot(M * v_plus) - T_minus, 1e-12 * T_minus);
      if (solver == LcpSolver::lemke || !e.limit) continue;
      EXPECT_EQ(evaluate(poisson, c, LcpSolver::automatic).solver, LcpSolver::enumeration);
      for (double eps : {1e-2, 1e-4, 1e-6, 1e-8, 1e-10}) {
        SCOPED_TRACE("G + " + std::to_string(eps) + " I");
        const MultiContactOutcome<K> r = evaluate(poisson, regularised(c, eps), solver);
        ASSERT_EQ(r.status, Status::ok);
        EXPECT_EQ(r.delassus_rank, 2 * K);
        EXPECT_EQ(r.solutions, o.solutions) << "the count of outcomes does not depend on eps";
        if (eps == 1e-10) {
          // The limit eps -> 0 by Richardson's extrapolation from eps and 2 eps (the regularised outcome's
          // error is first order in eps): 2 r(eps) - r(2 eps).
          const MultiContactOutcome<K> r2 = evaluate(poisson, regularised(c, 2 * eps), solver);
          ASSERT_EQ(r2.status, Status::ok);
          for (int i = 0; i < 2 * K; ++i)
            EXPECT_NEAR(2 * r.gamma_plus[i] - r2.gamma_plus[i], o.gamma_plus[i], 1e-8 * scale) << i;
          EXPECT_NEAR(2 * r.W - r2.W, o.W, 1e-8 * T_minus);
        }
      }
    }
}

Coefficients same_at_every_contact(int k, double mu, double eps_N, double eps_T) {
  return {std::vector<double>(static_cast<std::size_t>(k), mu),
          std::vector<double>(static_cast<std::size_t>(k), eps_N),
          std::vector<double>(static_cast<std::size_t>(k), eps_T)};
}

// A rod of length 2 (m = 1, I = m L^2 / 12) lying on the ground on both ends: its two tangent rows are the
// same row of J, so G (4 x 4) has rank 3.
Body rod() {
  Body b;
  b.m = 1.0;
  b.I = 4.0 / 12.0;
  b.points = {{-1.0, 0.0}, {1.0, 0.0}};
  b.normals = {{0.0, 1.0}, {0.0, 1.0}};
  return b;
}

// A box 2 x 1 (m = 2, I = m (w^2 + h^2) / 12) tilted by `tilt` about its centre, on its two lower corners.
Body box_on_two_corners(double tilt) {
  Body b;
  b.m = 2.0;
  b.I = 2.0 * (4.0 + 1.0) / 12.0;
  const double c = std::cos(tilt), s = std::sin(tilt);
  for (double x : {-1.0, 1.0}) b.points.emplace_back(c * x + s * 0.5, s * x - c * 0.5);
  b.normals = {{0.0, 1.0}, {0.0, 1.0}};
  return b;
}

// k = 3: the untilted box on its two lower corners against a wall on its left.
Body box_in_a_corner() {
  Body b = box_on_two_corners(0.0);
  b.points.emplace_back(-1.0, 0.0);
  b.normals.emplace_back(1.0, 0.0);
  return b;
}

// k = 4: the same box between two walls.
Body box_in_a_slot() {
  Body b = box_on_two_corners(0.0);
  b.points = {{-1.0, -0.5}, {1.0, -0.5}, {-1.0, 0.0}, {1.0, 0.0}};
  b.normals = {{0.0, 1.0}, {0.0, 1.0}, {1.0, 0.0}, {-1.0, 0.0}};
  return b;
}

TEST(SemidefiniteDelassus, TheRodOfTheIssueHasRankThreeAndOneOutcome) {
  const MultiContactCollision<2> c = testing_samples::rod_on_two_contacts();
  const MultiContactOutcome<2> o = evaluate_poisson_lcp(c);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.delassus_rank, 3);
  EXPECT_EQ(o.solutions, 1);
  // Both contacts stick (gamma_T^+ = 0) and rebound with eps_N: gamma_N^+ = -eps_N gamma_N^-.
  const double gp[4] = {0.5, 0.25, 0.0, 0.0};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(o.gamma_plus[i], gp[i], 1e-14) << i;
  // Normal impulses from G_NN Lam_N^- = -gamma_N^- (Lam^- = (5/12, 1/3)), times 1 + eps_N; the tangent
  // impulses are indeterminate but their sum stops the slip: Lam_T1 + Lam_T2 = -0.3.
  EXPECT_NEAR(o.Lam[0], 1.5 * 5.0 / 12.0, 1e-14);
  EXPECT_NEAR(o.Lam[1], 1.5 / 3.0, 1e-14);
  EXPECT_NEAR(o.Lam[2] + o.Lam[3], -0.3, 1e-14);
  // T_acc = gamma^-T G^+ gamma^- / 2: gamma_N^T G_NN^-1 gamma_N = 7/12, and the pseudo-inverse of the
  // tangent block [[1, 1], [1, 1]] is itself / 4, which gives (0.3 + 0.3)^2 / 4 = 0.09.
  EXPECT_NEAR(o.T_acc, 0.5 * (7.0 / 12.0 + 0.09), 1e-14);
  // T^+ = eps_N^2 gamma_N^T G_NN^-1 gamma_N / 2 (the tangent velocities stop): W = T^+ - T^- = -0.26375.
  EXPECT_NEAR(o.W, 0.5 * 0.25 * 7.0 / 12.0 - o.T_acc, 1e-14);
  EXPECT_NEAR(o.W, -0.26375, 1e-14);
}

TEST(SemidefiniteDelassus, RodOnTwoFrictionalContacts) {
  std::mt19937_64 rng(2024);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  Tally tally;
  for (int s = 0; s < 300 && !::testing::Test::HasFatalFailure(); ++s) {
    SCOPED_TRACE("sample " + std::to_string(s));
    const Eigen::Vector3d v(u(rng), -unit(rng), 0.5 * u(rng));
    const double eN1 = unit(rng), eN2 = unit(rng), eT = unit(rng) * std::fmin(eN1, eN2);
    const Coefficients k{{1.5 * unit(rng), 1.5 * unit(rng)}, {eN1, eN2}, {eT, eT}};
    check_body<2>(rod(), v, k, Expect{}, tally);
  }
  EXPECT_GT(tally.cases, 250);
  EXPECT_EQ(tally.refused, 0) << "a rod lying flat: the compliances never decide";
}

TEST(SemidefiniteDelassus, BoxLandingOnTwoCorners) {
  std::mt19937_64 rng(77);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  Tally tally;
  for (int s = 0; s < 300 && !::testing::Test::HasFatalFailure(); ++s) {
    SCOPED_TRACE("sample " + std::to_string(s));
    const Eigen::Vector3d v(u(rng), -unit(rng), 0.3 * u(rng));
    const double eN = unit(rng);
    check_body<2>(box_on_two_corners(0.01 * u(rng)), v, same_at_every_contact(2, 1.2 * unit(rng), eN, 0.0),
                  Expect{false, false, true}, tally);
  }
  EXPECT_GT(tally.cases, 250);
  // A tilted box: its corners' heights differ, and on some samples the ratio of their compliances decides
  // the outcome (about 10 %); each such refusal is shown by a regularisation solved whole.
  EXPECT_GT(tally.refused, 0);
  EXPECT_EQ(tally.refused_shown, tally.refused);
}

TEST(SemidefiniteDelassus, BoxInACornerAndInASlot) {
  const Body corner = box_in_a_corner(), slot = box_in_a_slot();
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  Tally t3, t4;
  for (int s = 0; s < 60 && !::testing::Test::HasFatalFailure(); ++s) {
    SCOPED_TRACE("sample " + std::to_string(s));
    const Eigen::Vector3d v(-unit(rng), -unit(rng), 0.3 * u(rng));
    const double mu = unit(rng), eN = unit(rng);
    check_body<3>(corner, v, same_at_every_contact(3, mu, eN, 0.0), Expect{true, true, true}, t3);
    check_body<4>(slot, v, same_at_every_contact(4, mu, eN, 0.0), Expect{true, true, true}, t4);
  }
  EXPECT_GT(t3.cases, 50);
  EXPECT_GT(t4.cases, 50);
}

struct PoissonTally {
  int cases = 0, ok = 0, several = 0, at_limit = 0, same_count = 0, refused = 0, refused_shown = 0;
};

// Poisson's law for one body on k = 3, 4 contacts, counted: samples with an outcome, those whose chosen
// gamma^+ and W are the limit of G + eps I (Richardson from eps = 1e-7 and 2e-7, to 1e-8 relative) and whose
// count of outcomes is G + 1e-7 I's; several outcomes; refused (indeterminate_outcome), and those
// depends_on_compliances shows.
template <int K>
void check_poisson_on_body(const Body& b, const Eigen::Vector3d& v, const Coefficients& k,
                           std::mt19937_64& rng, PoissonTally& t) {
  const MultiContactCollision<K> c = collision<K>(b, v, k);
  bool approaching = false;
  for (int j = 0; j < K; ++j) approaching = approaching || c.gamma_minus[j] < 0.0;
  if (!approaching) return;
  ++t.cases;
  const double scale = max_abs(c.gamma_minus, 2 * K), T_minus = 0.5 * v.dot(mass_matrix(b) * v);
  const MultiContactOutcome<K> o = evaluate_poisson_lcp(c);
  EXPECT_EQ(o.solver, LcpSolver::enumeration);
  if (o.status == Status::indeterminate_outcome) {
    ++t.refused;
    t.refused_shown += depends_on_compliances(c, rng);
    return;
  }
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.delassus_rank, 3);
  ++t.ok;
  t.several += o.solutions > 1;
  MultiContactOptions opt;
  opt.solver = LcpSolver::enumeration;
  const MultiContactOutcome<K> r = evaluate_poisson_lcp(regularised(c, 1e-7), opt),
                               r2 = evaluate_poisson_lcp(regularised(c, 2e-7), opt);
  ASSERT_EQ(r.status, Status::ok);
  ASSERT_EQ(r2.status, Status::ok);
  bool at_limit = std::fabs(2 * r.W - r2.W - o.W) <= 1e-8 * T_minus;
  for (int i = 0; i < 2 * K; ++i)
    at_limit =
        at_limit && std::fabs(2 * r.gamma_plus[i] - r2.gamma_plus[i] - o.gamma_plus[i]) <= 1e-8 * scale;
  t.at_limit += at_limit;
  t.same_count += r.solutions == o.solutions;
}

TEST(SemidefiniteDelassus, PoissonInACornerAndInASlotIsTheLimitOrRefused) {
  const Body corner = box_in_a_corner(), slot = box_in_a_slot();
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  PoissonTally t3, t4;
  for (int s = 0; s < 300 && !::testing::Test::HasFatalFailure(); ++s) {
    SCOPED_TRACE("sample " + std::to_string(s));
    const Eigen::Vector3d v(u(rng), u(rng), 2.0 * u(rng));
    const double mu = 1.2 * unit(rng), eN = unit(rng), eT = eN * unit(rng);
    check_poisson_on_body<3>(corner, v, same_at_every_contact(3, mu, eN, eT), rng, t3);
    check_poisson_on_body<4>(slot, v, same_at_every_contact(4, mu, eN, eT), rng, t4);
  }
  for (const PoissonTally* t : {&t3, &t4}) {
    SCOPED_TRACE(t == &t3 ? "k = 3" : "k = 4");
    EXPECT_GT(t->cases, 250);
    // About two thirds (k = 3) and two fifths (k = 4) have an outcome, the rest depend on the compliances
    // (docs/multicontact.md, "Semidefinite G").
    EXPECT_GT(t->ok, t->cases / 3);
    EXPECT_GT(t->refused, t->cases / 5);
    // Every outcome is the limit of G + eps I; the count of outcomes is G + 1e-7 I's but where two of its
    // outcomes tend to one (a few in a hundred).
    EXPECT_EQ(t->at_limit, t->ok);
    EXPECT_GE(t->same_count, t->ok - t->ok / 25);
    // The refusals are shown to depend on the compliances by regularisations solved whole.
    EXPECT_GE(t->refused_shown, t->refused - t->refused / 10);
  }
  EXPECT_GT(t3.several, 0) << "a box in a corner has samples with several outcomes in the limit";
}

TEST(SemidefiniteDelassus, NotSemidefiniteOrVelocitiesOutsideTheRangeAreRefused) {
  MultiContactCollision<1> c{};
  c.G[0][0] = 1.0;
  c.G[1][1] = 1.0;
  c.G[0][1] = c.G[1][0] = 1.0;  // rank 1, semidefinite
  c.gamma_minus[0] = -1.0;
  c.gamma_minus[1] = -1.0;  // in the range: (1, 1)
  c.mu[0] = 0.5;
  c.eps_N[0] = 0.5;
  EXPECT_EQ(evaluate_poisson_lcp(c).status, Status::ok);
  EXPECT_EQ(evaluate_poisson_lcp(c).delassus_rank, 1);
  c.gamma_minus[1] = 0.5;  // not a multiple of (1, 1): no body velocity gives it
  EXPECT_EQ(evaluate_poisson_lcp(c).status, Status::singular_delassus);
  EXPECT_EQ(evaluate_newton_lcp(c).status, Status::singular_delassus);
  c.gamma_minus[1] = -1.0;
  c.G[0][1] = c.G[1][0] = 1.5;  // indefinite (det < 0), Cholesky's second pivot negative
  EXPECT_EQ(evaluate_poisson_lcp(c).status, Status::delassus_not_spd);
  c.G[0][1] = c.G[1][0] = 1.0;
  c.G[1][1] = 0.0;  // a zero diagonal with a nonzero off-diagonal entry: indefinite
  EXPECT_EQ(evaluate_poisson_lcp(c).status, Status::delassus_not_spd);
}

// Samples of a sweep over one body's approach velocities (matrix kind "body": the rod and the box on two
// corners, in a corner, in a slot, as configs/rod_two_contacts.toml and configs/box_landing.toml): each is
// the body's own collision (G and gamma^- = J v from the Eigen calculation above, v the drawn velocity) with
// the drawn per-contact coefficients, and check_body's outcome: one, the limit of G + eps I.
template <int K>
void check_sweep_samples(const MultiContactSamplePlan& p, int samples, const Expect& e) {
  Body b;
  b.m = p.body.mass;
  b.I = p.body.inertia;
  for (int j = 0; j < K; ++j) {
    b.points.emplace_back(p.body.point[j][0], p.body.point[j][1]);
    b.normals.emplace_back(p.body.normal[j][0], p.body.normal[j][1]);
  }
  Tally tally;
  for (int i = 0; i < samples && !::testing::Test::HasFatalFailure(); ++i) {
    SCOPED_TRACE("k = " + std::to_string(K) + ", sample " + std::to_string(i));
    const MultiContactSample s = draw_multicontact_sample(p, static_cast<std::uint64_t>(i));
    const Eigen::Vector3d v(s.body_velocity[0], s.body_velocity[1], s.body_velocity[2]);
    Coefficients k;
    for (int j = 0; j < K; ++j) {
      k.mu.push_back(s.mu[j]);
      k.eps_N.push_back(s.eps_N[j]);
      k.eps_T.push_back(s.eps_T[j]);
    }
    const MultiContactCollision<K> c = collision<K>(b, v, k), drawn = collision_of<K>(s);
    for (int a = 0; a < 2 * K; ++a) {
      EXPECT_NEAR(drawn.gamma_minus[a], c.gamma_minus[a], 1e-15 * (1.0 + v.norm()));
      for (int d = 0; d < 2 * K; ++d) EXPECT_NEAR(drawn.G[a][d], c.G[a][d], 1e-14);
    }
    check_body<K>(b, v, k, e, tally);
  }
  EXPECT_GT(tally.cases, samples / 2);
}

TEST(SemidefiniteDelassus, SweepsOfOneBodysApproachVelocities) {
  // (Expect as the hand-made bodies above: Lemke left out for the box on two corners, Newton's law only for
  // k = 3, 4.)
  check_sweep_samples<2>(testing::rod_plan(2026), 150, Expect{});
  check_sweep_samples<2>(testing::box_plan(2027, 2), 150, Expect{false, false, true});
  for (int k : {3, 4}) {
    MultiContactSamplePlan p = testing::box_plan(2025 + k, k);
    p.mu = {ScalarKind::constant, 0.3, 0.3, 1};  // the same coefficients at every contact
    p.eps_N = {ScalarKind::constant, 0.6, 0.6, 1};
    p.eps_T_ratio = {ScalarKind::constant, 0.0, 0.0, 1};
    if (k == 3) check_sweep_samples<3>(p, 50, Expect{true, true, true});
    if (k == 4) check_sweep_samples<4>(p, 50, Expect{true, true, true});
  }
}

}  // namespace
}  // namespace collsweep

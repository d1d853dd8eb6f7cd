// The multi-contact sweep's tallies of singular and nearly singular G (docs/multicontact.md, "Semidefinite
// G"): near_singular against the condition numbers of the drawn samples, semidefinite on rigid bodies whose G
// has rank 3, on the SIMD lanes and one sample at a time alike.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <random>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "backend/multicontact_lanes.hpp"
#include "collsweep/models/multicontact/sweep.hpp"
#include "families/multicontact/law_instances.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

using Wd = MultiContactWords;

// cond(G) of the leading 2k x 2k block of a drawn sample, by Eigen's symmetric eigensolver.
double eigen_cond_of(const MultiContactSample& s) {
  const int n = static_cast<int>(2 * s.k);
  Eigen::MatrixXd G(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) G(i, j) = s.G[i][j];
  const Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(G).eigenvalues();
  return ev.maxCoeff() / ev.minCoeff();
}

// A direct G with log10 cond(G) uniform in [6, 10] (cond(G) = 10^x exactly by construction), k = 1 .. 3
// (the SIMD lanes for k <= 2, the one-sample body for k = 3): each law's near_singular tally, per cell and in
// total, is the number of its valid samples with cond(G) > 1e8, counted here from each drawn sample's
// eigenvalues; about half of them. No G is singular.
TEST(MultiContactNearSingular, TallyCountsTheSamplesBeyondTheBound) {
  MultiContactSweepSpec s = testing::two_contact_spec(38);
  s.plan.contacts = {ScalarKind::uniform, 0.5, 3.5, 1};
  s.plan.log10_cond = {ScalarKind::uniform, 6.0, 10.0, 1};
  s.axes[0] = {MultiContactQuantity::log10_cond, 6.0, 10.0, 4};
  const std::uint64_t n = 4000;
  const TallyLayout L = tally_layout(s);
  std::vector<std::uint64_t> valid(L.cells * s.n_laws), near(L.cells * s.n_laws);
  std::uint64_t beyond_x = 0, beyond_eigen = 0, drawn_valid[2] = {}, drawn_near[2] = {};
  for (std::uint64_t i = 0; i < n; ++i) {
    const MultiContactSample smp = draw_multicontact_sample(s.plan, i);
    const int cell = map_cell(s, smp);
    ASSERT_GE(cell, 0);
    const double cond = eigen_cond_of(smp);
    beyond_x += smp.log10_cond > 8.0;
    beyond_eigen += cond > 1e8;
    for (int l = 0; l < s.n_laws; ++l) {
      const MultiContactSummary o = evaluate_multicontact(s.laws[l], smp, s.solver);
      if (o.status != Status::ok) continue;
      ASSERT_EQ(o.delassus_rank, 2 * smp.k);
      ++valid[cell * s.n_laws + l];
      near[cell * s.n_laws + l] += cond > 1e8;
      ++drawn_valid[l];
      drawn_near[l] += cond > 1e8;
    }
  }
  EXPECT_EQ(beyond_eigen, beyond_x) << "cond(G) = 10^x";
  for (int l = 0; l < s.n_laws; ++l) {
    ASSERT_GT(drawn_valid[l], 3900u);
    EXPECT_GT(drawn_near[l], 0.45 * static_cast<double>(drawn_valid[l]));
    EXPECT_LT(drawn_near[l], 0.55 * static_cast<double>(drawn_valid[l]));
  }
  for (int threads : {1, 2}) {
    SCOPED_TRACE(threads);
    const auto r = run_sweep_cpu(s, 0, n, 997, threads);
    for (int l = 0; l < s.n_laws; ++l) {
      EXPECT_EQ(r.pair_total(l, Wd::near_singular), drawn_near[l]) << "law " << l;
      EXPECT_EQ(r.pair_total(l, Wd::valid), drawn_valid[l]) << "law " << l;
      EXPECT_EQ(r.pair_total(l, Wd::semidefinite), 0u) << "law " << l;
      for (std::uint32_t cell = 0; cell < L.cells; ++cell) {
        const u64* p = r.words.data() + r.layout.pair(cell, static_cast<std::uint32_t>(l));
        EXPECT_EQ(p[Wd::valid], valid[cell * s.n_laws + l]);
        EXPECT_EQ(p[Wd::near_singular], near[cell * s.n_laws + l]) << "cell " << cell;
        // cells of log10 cond(G) in [6, 8): none; in [8, 10]: every valid sample
        EXPECT_EQ(p[Wd::near_singular], cell % 4 < 2 ? 0u : p[Wd::valid]) << "cell " << cell;
      }
    }
  }
}

// A rigid body on two contacts: a rod (two ground contacts) or a box on two corners (one on the ground, one
// against a wall), G = J M^-1 J^T of rank 3; gamma^- = J v^- is in its range. eps > 0 adds eps I to G.
MultiContactCollision<2> body_on_two_contacts(std::mt19937_64& rng, bool wall, double eps) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const double m = 0.5 + u(rng), I = 0.1 + u(rng), half = 0.5 + u(rng);
  Eigen::Vector2d p[2] = {{-half, -0.3}, {half, -0.3}}, nrm[2] = {{0.0, 1.0}, {0.0, 1.0}};
  if (wall) {
    p[1] = {half, 0.4};
    nrm[1] = {-1.0, 0.0};
  }
  Eigen::MatrixXd J(4, 3);
  for (int j = 0; j < 2; ++j) {
    const Eigen::Vector2d t(nrm[j].y(), -nrm[j].x());
    J.row(j) << nrm[j].x(), nrm[j].y(), p[j].x() * nrm[j].y() - p[j].y() * nrm[j].x();
    J.row(2 + j) << t.x(), t.y(), p[j].x() * t.y() - p[j].y() * t.x();
  }
  const Eigen::Matrix3d Minv = Eigen::Vector3d(1.0 / m, 1.0 / m, 1.0 / I).asDiagonal();
  const Eigen::MatrixXd G = J * Minv * J.transpose();
  // approaching: the body moves down (and into the wall) and spins
  const Eigen::Vector3d v(wall ? 0.2 + u(rng) : u(rng) - 0.5, -0.5 - u(rng), u(rng) - 0.5);
  const Eigen::VectorXd gamma = J * v;
  MultiContactCollision<2> c{};
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) c.G[i][j] = G(i, j) + (i == j ? eps : 0.0);
    c.gamma_minus[i] = gamma(i);
  }
  for (int j = 0; j < 2; ++j) {
    c.mu[j] = 0.1 + u(rng);
    c.eps_N[j] = u(rng);
    c.eps_T[j] = c.eps_N[j] * u(rng);
  }
  return c;
}

MultiContactSample sample_of(const MultiContactCollision<2>& c) {
  MultiContactSample s;
  s.k = 2;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) s.G[i][j] = c.G[i][j];
    s.gamma_minus[i] = c.gamma_minus[i];
  }
  for (int j = 0; j < 2; ++j) {
    s.mu[j] = c.mu[j];
    s.eps_N[j] = c.eps_N[j];
    s.eps_T[j] = c.eps_T[j];
  }
  return s;
}

// Rods and boxes on two corners, G exactly singular (rank 3), regularised to G + 1e-10 I (full rank, cond
// about 1e10: nearly singular) or G + 1e-2 I (neither), in batches of eight: the sweep's one-sample body
// (sweep_drawn_sample) and the CPU's SIMD lanes with the sweep's per-sample flags and the lanes' bracket
// verdicts (as host/backend/cpu_backend_multicontact.cpp) tally the same, and the tallies are the valid
// samples of each kind, by the laws' own G rank and by Eigen's condition number of G.
TEST(MultiContactNearSingular, SingularAndRegularisedBodiesAreTalliedOnLanesAndOneByOne) {
  MultiContactSweepSpec s = testing::two_contact_spec(1);
  s.axes[0] = {MultiContactQuantity::contacts, 0.5, 4.5, 4};
  s.n_axes = 1;
  const TallyLayout L = tally_layout(s);
  std::vector<u64> one(L.words(), 0), lanes(L.words(), 0);
  LawWitnesses sink_one(s.witnesses), sink_lanes(s.witnesses);
  const MultiContactOptions opt = sweep_law_options(s.solver);
  ASSERT_TRUE(multicontact_lanes_serve(2, opt));
  std::mt19937_64 rng(38);
  std::uint64_t want_semidefinite[2] = {}, want_near[2] = {}, index = 0;
  for (int batch = 0; batch < 24; ++batch) {
    MultiContactCollision<2> c[multicontact_lane_batch];
    double eps[multicontact_lane_batch];
    for (int b = 0; b < multicontact_lane_batch; ++b) {
      eps[b] = (b + batch) % 3 == 0 ? 0.0 : (b + batch) % 3 == 1 ? 1e-10 : 1e-2;
      c[b] = body_on_two_contacts(rng, (b + batch) % 2 == 1, eps[b]);
    }
    SweepSampleFlags flags[multicontact_lane_batch];
    CondVerdict verdict[multicontact_lane_batch];
    multicontact_cond_verdicts<2>(c, verdict);
    for (int b = 0; b < multicontact_lane_batch; ++b) {
      EXPECT_EQ(verdict[b], cond_verdict(smallmat::cond_bracket(c[b].G))) << "the lanes' bracket is one G's";
      flags[b].given_verdict(verdict[b]);
    }
    for (int l = 0; l < s.n_laws; ++l) {
      MultiContactOutcome<2> out[multicontact_lane_batch];
      evaluate_multicontact_lanes<2>(s.laws[l], c, opt, out);
      for (int b = 0; b < multicontact_lane_batch; ++b) {
        const MultiContactSummary r = flags[b].apply(summarize(out[b]), s.tolerance, c[b]);
        record_multicontact<PlainOps>(s, L, lanes.data(), 1, l, r, index + b, sink_lanes);
        if (r.status != Status::ok) continue;
        Eigen::Matrix4d G;
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 4; ++j) G(i, j) = c[b].G[i][j];
        const Eigen::Vector4d ev = Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d>(G).eigenvalues();
        want_semidefinite[l] += out[b].delassus_rank == 3;
        want_near[l] += out[b].delassus_rank == 4 && ev.maxCoeff() / ev.minCoeff() > 1e8;
        EXPECT_EQ(out[b].delassus_rank, eps[b] > 0.0 ? 4 : 3) << "sample " << index + b;
      }
    }
    for (int b = 0; b < multicontact_lane_batch; ++b) {
      lanes[L.samples(1)] += 1;
      sweep_drawn_sample<PlainOps>(s, L, one.data(), index + b, sample_of(c[b]), sink_one);
    }
    index += multicontact_lane_batch;
  }
  EXPECT_EQ(lanes, one);
  for (int l = 0; l < s.n_laws; ++l) {
    SCOPED_TRACE(l);
    const u64* p = one.data() + L.pair(1, static_cast<std::uint32_t>(l));
    EXPECT_GT(p[Wd::valid], 150u);
    EXPECT_GT(want_semidefinite[l], 25u);  // (poisson-lcp refuses some: indeterminate_outcome)
    EXPECT_GT(want_near[l], 40u);
    EXPECT_EQ(p[Wd::semidefinite], want_semidefinite[l]);
    EXPECT_EQ(p[Wd::near_singular], want_near[l]);
  }
}

}  // namespace
}  // namespace collsweep

// Multi-contact sampler tests: batch == direct, SPD G, cond and G vs Eigen, grids, streams, golden bits.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "backend/normal_lanes.hpp"
#include "collsweep/models/multicontact/quantities.hpp"
#include "collsweep/models/multicontact/sampler.hpp"

namespace collsweep {
namespace {

constexpr DelassusKind kAllKinds[] = {DelassusKind::direct, DelassusKind::wishart, DelassusKind::mechanism};

MultiContactSamplePlan plan_of(DelassusKind kind, std::uint32_t k, std::uint64_t seed = 20240917) {
  MultiContactSamplePlan p;
  p.seed = seed;
  p.G_kind = kind;
  p.contacts = ScalarDist{ScalarKind::constant, static_cast<double>(k), static_cast<double>(k), 1};
  return p;
}

// Bitwise equality of two samples, field by field (the struct has padding after k, which memcmp of the
// whole struct would read): k, then everything from G to the end (doubles only, no padding).
bool same_bits(const MultiContactSample& a, const MultiContactSample& b) {
  constexpr std::size_t from = offsetof(MultiContactSample, G);
  return a.k == b.k &&
         std::memcmp(reinterpret_cast<const char*>(&a) + from, reinterpret_cast<const char*>(&b) + from,
                     sizeof(MultiContactSample) - from) == 0;
}

bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

Eigen::MatrixXd G_of(const MultiContactSample& s) {
  const int r = 2 * static_cast<int>(s.k);
  Eigen::MatrixXd G(r, r);
  for (int a = 0; a < r; ++a)
    for (int b = 0; b < r; ++b) G(a, b) = s.G[a][b];
  return G;
}

template <int K>
Status validate_as(const MultiContactSample& s) {
  const MultiContactCollision<K> c = collision_of<K>(s);
  double l[2 * K][2 * K];
  return validate_multicontact(c, true, l);
}

Status validate_sample(const MultiContactSample& s) {
  switch (s.k) {
    case 1:
      return validate_as<1>(s);
    case 2:
      return validate_as<2>(s);
    case 3:
      return validate_as<3>(s);
    default:
      return validate_as<4>(s);
  }
}

TEST(MultiContactSampler, BatchEqualsDirectBitwise) {
  for (DelassusKind kind : kAllKinds) {
    MultiContactSamplePlan p = plan_of(kind, 2);
    p.contacts = ScalarDist{ScalarKind::grid, 1.0, 4.0, 4};  // k = 1, 2, 3, 4 in turn
    p.mu = ScalarDist{ScalarKind::grid, 0.0, 1.0, 3};
    p.wishart_extra_dof = 1;
    p.mechanism_dof = 9;
    const std::uint64_t first = (1ull << 32) - 100;  // crosses the 32-bit boundary of the sample index
    std::vector<MultiContactSample> batch(257);
    generate_multicontact_batch(p, first, batch.size(), batch.data());
    int seen[5] = {};
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const MultiContactSample s = draw_multicontact_sample(p, first + i);
      ASSERT_TRUE(same_bits(s, batch[i])) << "kind " << int(kind) << " i " << i;
      ++seen[s.k];
    }
    for (int k = 1; k <= 4; ++k) EXPECT_GT(seen[k], 60) << "k " << k;
    // Batch boundaries do not matter either.
    std::vector<MultiContactSample> a(10), b(10);
    generate_multicontact_batch(p, 1000, 10, a.data());
    generate_multicontact_batch(p, 1000, 3, b.data());
    generate_multicontact_batch(p, 1003, 7, b.data() + 3);
    for (int i = 0; i < 10; ++i) EXPECT_TRUE(same_bits(a[i], b[i])) << i;
  }
}

TEST(MultiContactSampler, EveryKindGivesValidSpdProblems) {
  for (DelassusKind kind : kAllKinds)
    for (std::uint32_t k = 1; k <= 4; ++k) {
      const MultiContactSamplePlan p = plan_of(kind, k);  // default plan: mechanism_dof 8, extra dof 0
      for (std::uint64_t i = 0; i < 400; ++i) {
        const MultiContactSample s = draw_multicontact_sample(p, i);
        ASSERT_EQ(s.k, k);
        ASSERT_EQ(validate_sample(s), Status::ok) << "kind " << int(kind) << " k " << k << " i " << i;
        ASSERT_TRUE(std::isfinite(s.log10_cond));
        ASSERT_GE(s.log10_cond, 0.0);
        double lo = 2.0, hi = -1.0, mu_sum = 0.0;
        for (std::uint32_t j = 0; j < k; ++j) {
          ASSERT_LE(0.0, s.eps_T[j]);
          ASSERT_LE(s.eps_T[j], s.eps_N[j]);
          ASSERT_LE(s.eps_N[j], 1.0);
          ASSERT_LT(s.gamma_minus[j], 0.0);  // gamma_N ~ U[-1, 0)
          ASSERT_GE(s.gamma_minus[j], -1.0);
          ASSERT_GE(s.gamma_minus[k + j], -1.0);
          ASSERT_LT(s.gamma_minus[k + j], 1.0);
          ASSERT_GE(s.mu[j], 0.0);
          ASSERT_LT(s.mu[j], 1.5);
          lo = std::fmin(lo, std::fmin(s.eps_N[j], s.eps_T[j]));
          hi = std::fmax(hi, std::fmax(s.eps_N[j], s.eps_T[j]));
          mu_sum += s.mu[j];
        }
        EXPECT_EQ(s.eps_spread, hi - lo);
        EXPECT_EQ(s.mu_mean, mu_sum / k);
        // Entries beyond the 2k x 2k block and the k coefficients stay zero.
        for (int a = 0; a < 2 * max_contacts; ++a)
          for (int b = 0; b < 2 * max_contacts; ++b) {
            if (a >= int(2 * k) || b >= int(2 * k)) {
              ASSERT_EQ(s.G[a][b], 0.0);
            }
          }
        for (int j = int(k); j < max_contacts; ++j) ASSERT_EQ(s.mu[j], 0.0);
      }
    }
}

TEST(MultiContactSampler, NoApproachIsReportedNotRedrawn) {
  // The documented exception: gamma_N = 0 at every contact is drawn as is and the law reports it.
  MultiContactSamplePlan p = plan_of(DelassusKind::direct, 3);
  p.gamma_N = ScalarDist{ScalarKind::constant, 0.0, 0.0, 1};
  for (std::uint64_t i = 0; i < 20; ++i)
    EXPECT_EQ(validate_sample(draw_multicontact_sample(p, i)), Status::not_approaching);
}

// A sweep that maps no log10_cond axis draws without it: the same bits in every other field, and for the
// direct kind (exact by construction) in log10_cond too; the wishart and mechanism kinds leave it NaN.
TEST(MultiContactSampler, SkippingLog10CondChangesNothingElse) {
  for (DelassusKind kind : kAllKinds)
    for (std::uint32_t k = 1; k <= 4; ++k) {
      const MultiContactSamplePlan p = plan_of(kind, k);
      for (std::uint64_t i = 0; i < 200; ++i) {
        const MultiContactSample full = draw_multicontact_sample(p, i);
        MultiContactSample lean = draw_multicontact_sample(p, i, false);
        if (kind == DelassusKind::direct) {
          EXPECT_TRUE(same_double(lean.log10_cond, full.log10_cond));
        } else {
          EXPECT_TRUE(std::isnan(lean.log10_cond)) << "kind " << static_cast<int>(kind) << " k " << k;
          EXPECT_FALSE(std::isnan(full.log10_cond));
          lean.log10_cond = full.log10_cond;
        }
        EXPECT_TRUE(same_bits(lean, full)) << "kind " << static_cast<int>(kind) << " k " << k << " i " << i;
      }
    }
}

TEST(MultiContactSampler, DirectKindHasExactCondition) {
  double worst = 0.0;
  for (std::uint32_t k = 1; k <= 4; ++k) {
    const MultiContactSamplePlan p = plan_of(DelassusKind::direct, k);  // log10 cond ~ U[0, 3)
    for (std::uint64_t i = 0; i < 500; ++i) {
      const MultiContactSample s = draw_multicontact_sample(p, i);
      const Eigen::MatrixXd G = G_of(s);
      ASSERT_EQ((G - G.transpose()).norm(), 0.0);
      const Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(G).eigenvalues();
      const double cond = ev(ev.size() - 1) / ev(0);
      const double want = std::pow(10.0, s.log10_cond);
      worst = std::fmax(worst, std::fabs(cond - want) / want);
      EXPECT_NEAR(ev(ev.size() - 1), 1.0, 1e-13);
      ASSERT_NEAR(cond, want, 1e-10 * want) << "k " << k << " i " << i;
    }
  }
  EXPECT_LT(worst, 1e-10);
}

TEST(MultiContactSampler, ComputedConditionMatchesEigen) {
  for (DelassusKind kind : {DelassusKind::wishart, DelassusKind::mechanism})
    for (std::uint32_t k = 1; k <= 4; ++k) {
      const MultiContactSamplePlan p = plan_of(kind, k);
      for (std::uint64_t i = 0; i < 200; ++i) {
        const MultiContactSample s = draw_multicontact_sample(p, i);
        const Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(G_of(s)).eigenvalues();
        const double want = std::log10(ev(ev.size() - 1) / ev(0));
        // Both eigenvalue methods are accurate to ~eps ||G||: relative error ~eps cond in cond.
        EXPECT_NEAR(s.log10_cond, want, 1e-14 * std::pow(10.0, want) + 1e-12)
            << int(kind) << " k " << k << " i " << i;
      }
    }
}

TEST(MultiContactSampler, MechanismMatchesEigen) {
  for (std::uint32_t dof : {8u, 12u})
    for (std::uint32_t k = 1; k <= 4; ++k) {
      MultiContactSamplePlan p = plan_of(DelassusKind::mechanism, k);
      p.mechanism_dof = dof;
      for (std::uint64_t i = 0; i < 150; ++i) {
        MultiContactMechanism md;
        draw_multicontact_mechanism(p, i, md);
        const MultiContactSample s = draw_multicontact_sample(p, i);
        ASSERT_EQ(md.k, k);
        ASSERT_EQ(md.n, dof);
        ASSERT_TRUE(md.cholesky_ok);
        ASSERT_EQ(std::memcmp(md.G, s.G, sizeof s.G), 0);  // the replay is the sample's G, bitwise

        const int n = static_cast<int>(dof), r = 2 * static_cast<int>(k);
        Eigen::MatrixXd M(n, n), J(r, n);
        for (int a = 0; a < n; ++a)
          for (int b = 0; b < n; ++b) M(a, b) = md.M[a][b];
        for (int a = 0; a < r; ++a)
          for (int b = 0; b < n; ++b) J(a, b) = md.J[a][b];
        ASSERT_EQ((M - M.transpose()).norm(), 0.0);
        // G = J M^-1 J^T through Eigen's pivoted LU (an independent factorisation).
        const Eigen::MatrixXd G = J * M.fullPivLu().solve(J.transpose());
        for (int a = 0; a < r; ++a)
          for (int b = 0; b < r; ++b)
            EXPECT_NEAR(s.G[a][b], G(a, b), 1e-12 * std::sqrt(G(a, a) * G(b, b)))
                << "dof " << dof << " k " << k << " i " << i << " (" << a << "," << b << ")";

        // M's spectrum: 1, 10^-x and log-uniform values between.
        const double x = md.log10_cond_M;
        ASSERT_GE(x, 0.0);
        ASSERT_LT(x, 3.0);
        const Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(M).eigenvalues();
        EXPECT_NEAR(ev(n - 1), 1.0, 1e-14);
        EXPECT_NEAR(ev(0), detmath::pow10(-x), 1e-14);
      }
    }
}

TEST(MultiContactSampler, WishartMeanIsIdentity) {
  MultiContactSamplePlan p = plan_of(DelassusKind::wishart, 2);
  p.wishart_extra_dof = 1;  // dof = 5
  constexpr int N = 20000, r = 4;
  const double dof = 5.0;
  double sum[r][r] = {};
  for (std::uint64_t i = 0; i < N; ++i) {
    const MultiContactSample s = draw_multicontact_sample(p, i);
    for (int a = 0; a < r; ++a)
      for (int b = 0; b < r; ++b) sum[a][b] += s.G[a][b];
  }
  // Var G_aa = 2 / dof, Var G_ab = 1 / dof (a != b) for A with standard normal entries.
  for (int a = 0; a < r; ++a)
    for (int b = 0; b < r; ++b) {
      const double sigma = std::sqrt((a == b ? 2.0 : 1.0) / dof / N);
      EXPECT_NEAR(sum[a][b] / N, a == b ? 1.0 : 0.0, 5.0 * sigma) << a << "," << b;
    }
}

TEST(MultiContactSampler, GridOverContactsVisitsEachKEqually) {
  MultiContactSamplePlan p = plan_of(DelassusKind::direct, 1);
  p.contacts = ScalarDist{ScalarKind::grid, 1.0, 4.0, 4};
  p.eps_N = ScalarDist{ScalarKind::grid, 0.0, 1.0, 3};
  ASSERT_EQ(multicontact_grid_size(p), 12u);
  int count[5] = {}, pair[5][3] = {};
  for (std::uint64_t i = 0; i < 1200; ++i) {
    const MultiContactSample s = draw_multicontact_sample(p, i);
    ASSERT_EQ(s.k, 1u + i % 4);  // contacts is the fastest digit
    ++count[s.k];
    const int e = static_cast<int>(std::lround(s.eps_N[0] * 2.0));
    ASSERT_EQ(e, static_cast<int>((i / 4) % 3));  // eps_N the next one that is a grid
    for (std::uint32_t j = 0; j < s.k; ++j) ASSERT_EQ(s.eps_N[j], s.eps_N[0]);  // one grid value per sample
    ++pair[s.k][e];
  }
  for (int k = 1; k <= 4; ++k) {
    EXPECT_EQ(count[k], 300);
    for (int e = 0; e < 3; ++e) EXPECT_EQ(pair[k][e], 100);
  }
  // A random k: U[0.5, 4.5) rounds to each of 1..4 with probability 1/4 (5 sigma).
  MultiContactSamplePlan q = plan_of(DelassusKind::wishart, 1);
  q.contacts = ScalarDist{ScalarKind::uniform, 0.5, 4.5, 1};
  int rc[5] = {};
  constexpr int N = 8000;
  for (std::uint64_t i = 0; i < N; ++i) ++rc[draw_multicontact_sample(q, i).k];
  for (int k = 1; k <= 4; ++k) EXPECT_NEAR(rc[k], N / 4.0, 5.0 * std::sqrt(N * 0.25 * 0.75)) << k;
  // Rounding: nearest integer, halves up, clamped to 1..4.
  EXPECT_EQ(contact_count_of(-3.0), 1u);
  EXPECT_EQ(contact_count_of(1.4999999999999998), 1u);
  EXPECT_EQ(contact_count_of(1.5), 2u);
  EXPECT_EQ(contact_count_of(3.0), 3u);
  EXPECT_EQ(contact_count_of(3.5), 4u);
  EXPECT_EQ(contact_count_of(9.0), 4u);
  EXPECT_EQ(contact_count_of(std::nan("")), 1u);
}

TEST(MultiContactSampler, StreamsAreIndependent) {
  for (DelassusKind kind : kAllKinds) {
    MultiContactSamplePlan a = plan_of(kind, 3);
    MultiContactSamplePlan b = a;
    b.mu = ScalarDist{ScalarKind::log_uniform, 0.01, 3.0, 1};  // another friction distribution
    MultiContactSamplePlan c = a;
    c.eps_N = ScalarDist{ScalarKind::uniform, 0.5, 1.0, 1};  // another restitution distribution
    c.gamma_T = ScalarDist{ScalarKind::constant, 0.0, 0.0, 1};
    for (std::uint64_t i = 0; i < 200; ++i) {
      const MultiContactSample sa = draw_multicontact_sample(a, i), sb = draw_multicontact_sample(b, i),
                               sc = draw_multicontact_sample(c, i);
      ASSERT_EQ(std::memcmp(sa.G, sb.G, sizeof sa.G), 0);
      ASSERT_EQ(std::memcmp(sa.gamma_minus, sb.gamma_minus, sizeof sa.gamma_minus), 0);
      ASSERT_EQ(std::memcmp(sa.eps_N, sb.eps_N, sizeof sa.eps_N), 0);
      ASSERT_EQ(std::memcmp(sa.eps_T, sb.eps_T, sizeof sa.eps_T), 0);
      ASSERT_TRUE(same_double(sa.log10_cond, sb.log10_cond));
      ASSERT_NE(std::memcmp(sa.mu, sb.mu, sizeof sa.mu), 0);
      // Changing eps_N and gamma_T leaves G, gamma_N and mu alone; eps_T moves with eps_N only through
      // eps_T = ratio eps_N (the ratios are their own stream).
      ASSERT_EQ(std::memcmp(sa.G, sc.G, sizeof sa.G), 0);
      ASSERT_EQ(std::memcmp(sa.gamma_minus, sc.gamma_minus, 3 * sizeof(double)), 0);
      ASSERT_EQ(std::memcmp(sa.mu, sc.mu, sizeof sa.mu), 0);
      SampleRng ratio(a.seed, static_cast<std::uint32_t>(MultiStream::tangent_restitution), i);
      for (int j = 0; j < 3; ++j) {
        const double rj = draw_scalar(a.eps_T_ratio, ratio, 0);
        ASSERT_TRUE(same_double(sa.eps_T[j], rj * sa.eps_N[j]));
        ASSERT_TRUE(same_double(sc.eps_T[j], rj * sc.eps_N[j]));
      }
    }
  }
  // Per-contact draws do not depend on k: a sample with 3 contacts extends the one with 2.
  const MultiContactSamplePlan p2 = plan_of(DelassusKind::direct, 2), p3 = plan_of(DelassusKind::direct, 3);
  for (std::uint64_t i = 0; i < 50; ++i) {
    const MultiContactSample s2 = draw_multicontact_sample(p2, i), s3 = draw_multicontact_sample(p3, i);
    for (int j = 0; j < 2; ++j) {
      ASSERT_TRUE(same_double(s2.gamma_minus[j], s3.gamma_minus[j]));          // gamma_Nj
      ASSERT_TRUE(same_double(s2.gamma_minus[2 + j], s3.gamma_minus[3 + j]));  // gamma_Tj
      ASSERT_TRUE(same_double(s2.mu[j], s3.mu[j]));
      ASSERT_TRUE(same_double(s2.eps_N[j], s3.eps_N[j]));
      ASSERT_TRUE(same_double(s2.eps_T[j], s3.eps_T[j]));
    }
  }
}

TEST(MultiContactSampler, QuantityValues) {
  MultiContactSamplePlan p = plan_of(DelassusKind::wishart, 3);
  const MultiContactSample s = draw_multicontact_sample(p, 5);
  EXPECT_EQ(quantity_value(s, MultiContactQuantity::log10_cond), s.log10_cond);
  EXPECT_EQ(quantity_value(s, MultiContactQuantity::eps_spread), s.eps_spread);
  EXPECT_EQ(quantity_value(s, MultiContactQuantity::mu), s.mu_mean);
  EXPECT_EQ(quantity_value(s, MultiContactQuantity::contacts), 3.0);
  // Every quantity's name parses back to it (the names configs and map.csv use).
  for (int q = 0; q < static_cast<int>(MultiContactQuantity::count_); ++q) {
    MultiContactQuantity back{};
    ASSERT_TRUE(parse_quantity(quantity_name(static_cast<MultiContactQuantity>(q)), &back));
    EXPECT_EQ(static_cast<int>(back), q);
  }
}

// Golden bits: drawn once with this implementation (Philox4x32-10, det_math.hpp, no FMA contraction). Any
// change that moves a bit of a sample fails here; the GPU must reproduce the same bits.
struct Golden {
  DelassusKind kind;
  std::uint64_t i;
  std::uint32_t k;
  double v[8];  // G[0][0], G[0][1], G[2k-1][2k-1], gamma_N1, gamma_Tk, mu_1, eps_Tk, log10_cond
};

MultiContactSamplePlan golden_plan(DelassusKind kind) {
  MultiContactSamplePlan p;
  p.seed = 0x5eed2024;
  p.G_kind = kind;
  p.contacts = ScalarDist{ScalarKind::uniform, 0.5, 4.5, 1};
  p.wishart_extra_dof = 2;
  p.mechanism_dof = 10;
  return p;
}

void golden_values(const MultiContactSample& s, double (&v)[8]) {
  const int r = 2 * static_cast<int>(s.k);
  const double got[8] = {
      s.G[0][0], s.G[0][1],        s.G[r - 1][r - 1], s.gamma_minus[0], s.gamma_minus[r - 1],
      s.mu[0],   s.eps_T[s.k - 1], s.log10_cond};
  for (int j = 0; j < 8; ++j) v[j] = got[j];
}

const Golden kGolden[] = {
    {DelassusKind::direct,
     0ull,
     3u,
     {0x1.51f0faa3fd8f8p-1, 0x1.93e93b9d68a5ap-4, 0x1.8c20a8cbeaf9bp-3, -0x1.46b2caf2e0bb4p-3,
      -0x1.0f69afac33d64p-2, 0x1.e6a6537aa8c36p-1, 0x1.9232a6da24d61p-5, 0x1.a108a009fa3p+0}},
    {DelassusKind::direct,
     777ull,
     4u,
     {0x1.c6f6b1f9f6a2cp-3, -0x1.3f34d55b950dcp-8, 0x1.6cc284f52d04bp-2, -0x1.28a39bc1325d7p-1,
      -0x1.e9af1e73127b6p-1, 0x1.acb2d8357fa92p-3, 0x1.728f3d355bd17p-4, 0x1.26c52087d8a7ap+0}},
    {DelassusKind::wishart,
     0ull,
     3u,
     {0x1.ef9f8e595c243p-1, -0x1.1e002693ded9fp-1, 0x1.dea577aaaf0d2p-1, -0x1.46b2caf2e0bb4p-3,
      -0x1.0f69afac33d64p-2, 0x1.e6a6537aa8c36p-1, 0x1.9232a6da24d61p-5, 0x1.cfe2ed6f1c055p-1}},
    {DelassusKind::wishart,
     777ull,
     4u,
     {0x1.2ac326cf3d6c9p-1, 0x1.af96091f59235p-3, 0x1.8f48458c6e136p-1, -0x1.28a39bc1325d7p-1,
      -0x1.e9af1e73127b6p-1, 0x1.acb2d8357fa92p-3, 0x1.728f3d355bd17p-4, 0x1.c6763be2745edp+0}},
    {DelassusKind::mechanism,
     0ull,
     3u,
     {0x1.4ef8da15f29fcp+6, 0x1.f4fcfe0e54504p+3, 0x1.d315c2b1fb9e1p+6, -0x1.46b2caf2e0bb4p-3,
      -0x1.0f69afac33d64p-2, 0x1.e6a6537aa8c36p-1, 0x1.9232a6da24d61p-5, 0x1.07612df297958p+1}},
    {DelassusKind::mechanism,
     777ull,
     4u,
     {0x1.95009ec4bec92p+4, 0x1.ecf5781d9d2e8p+2, 0x1.18bda3fdc90dbp+6, -0x1.28a39bc1325d7p-1,
      -0x1.e9af1e73127b6p-1, 0x1.acb2d8357fa92p-3, 0x1.728f3d355bd17p-4, 0x1.ecdf894076b4dp+0}},
};

TEST(MultiContactSampler, GoldenBits) {
  if (std::getenv("COLLSWEEP_PRINT_GOLDEN")) {
    for (DelassusKind kind : kAllKinds)
      for (std::uint64_t i : {0ull, 777ull}) {
        const MultiContactSample s = draw_multicontact_sample(golden_plan(kind), i);
        double v[8];
        golden_values(s, v);
        std::printf("    {DelassusKind::%s, %lluull, %uu, {",
                    kind == DelassusKind::direct    ? "direct"
                    : kind == DelassusKind::wishart ? "wishart"
                                                    : "mechanism",
                    static_cast<unsigned long long>(i), s.k);
        for (int j = 0; j < 8; ++j) std::printf("%a%s", v[j], j < 7 ? ", " : "}},\n");
      }
  }
  for (const Golden& g : kGolden) {
    // The kernels' normals one pair at a time (the GPU's) and the host's SIMD batches give the same bits.
    for (const MultiContactSample& s : {draw_multicontact_sample(golden_plan(g.kind), g.i),
                                        draw_multicontact_sample<SimdNormals>(golden_plan(g.kind), g.i)}) {
      ASSERT_EQ(s.k, g.k) << "kind " << int(g.kind) << " sample " << g.i;
      double v[8];
      golden_values(s, v);
      for (int j = 0; j < 8; ++j)
        EXPECT_TRUE(same_double(v[j], g.v[j])) << "kind " << int(g.kind) << " sample " << g.i << " value "
                                               << j << ": " << v[j] << " vs " << g.v[j];
    }
  }
}

}  // namespace
}  // namespace collsweep

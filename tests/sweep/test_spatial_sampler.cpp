// The spatial sampler: every W kind draws SPD matrices in the canonical frame, the approach is the drawn
// (psi, phi), grid axes visit their values evenly, streams are independent, and sample bits are pinned.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>

#include "collsweep/models/spatial/sweep.hpp"

namespace collsweep {
namespace {

constexpr double kDeg = 180.0 / M_PI;

SpatialSamplePlan plan_of(SpatialMatrixKind kind) {
  SpatialSamplePlan p;
  p.seed = 42;
  p.W.kind = kind;
  p.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  return p;
}

std::uint64_t bits(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

TEST(SpatialSampler, EveryKindDrawsSpdMatricesInTheCanonicalFrame) {
  for (const auto kind : {SpatialMatrixKind::direct, SpatialMatrixKind::canonical, SpatialMatrixKind::bodies,
                          SpatialMatrixKind::mechanism}) {
    const SpatialSamplePlan p = plan_of(kind);
    int not_spd = 0;
    for (std::uint64_t k = 0; k < 20000; ++k) {
      const SpatialSample s = draw_spatial_sample(p, k);
      const Delassus3& W = s.c.W;
      ASSERT_EQ(W.a, 1.0) << "kind " << int(kind) << " k " << k;
      ASSERT_EQ(W.b12, 0.0);
      ASSERT_GE(W.b11, W.b22);
      not_spd += !is_spd(W);
      if (kind == SpatialMatrixKind::canonical) {
        ASSERT_GE(W.c1, 0.0);
        ASSERT_GE(W.c2, 0.0);
      }
      ASSERT_DOUBLE_EQ(s.mu_c, critical_friction(W));
    }
    // Direct and canonical W are SPD by construction; bodies are (sums of PSD terms with 1/m I > 0); a
    // mechanism's W may lose definiteness only at extreme conditioning (none at cond(M) <= 10^3).
    EXPECT_EQ(not_spd, 0) << "kind " << int(kind);
  }
}

TEST(SpatialSampler, DirectKindConditionNumberIsTheDrawnOne) {
  const SpatialSamplePlan p = plan_of(SpatialMatrixKind::direct);
  for (std::uint64_t k = 0; k < 2000; ++k) {
    const SpatialSample s = draw_spatial_sample(p, k);
    EXPECT_NEAR(spatial_sampling::log10_cond_of(s.c.W), s.log10_cond, 1e-9) << k;
    EXPECT_GE(s.log10_cond, 0.0);
    EXPECT_LT(s.log10_cond, 3.0);
  }
}

TEST(SpatialSampler, CanonicalKindHasTheDrawnCoupling) {
  SpatialSamplePlan p = plan_of(SpatialMatrixKind::canonical);
  p.W.coupling = {ScalarKind::constant, 0.6, 0.6, 1};
  for (std::uint64_t k = 0; k < 2000; ++k) {
    const Delassus3 W = draw_spatial_sample(p, k).c.W;
    // r^2 = c1^2/b1 + c2^2/b2 = a - c^T b^-1 c complement (Elkaranshawy's zeta_ns = 1 / (1 - r^2)).
    EXPECT_NEAR(W.c1 * W.c1 / W.b11 + W.c2 * W.c2 / W.b22, 0.36, 1e-14);
    EXPECT_NEAR(stick_normal_rate(W), 0.64, 1e-14);
  }
}

TEST(SpatialSampler, CanonicalFrameKeepsTheMatrixUpToRotationAndScale) {
  // canonical_frame(W) = R W R^T / a with R a rotation about n: invariants tr b, det b, |c| and c^T b^-1 c.
  const Delassus3 W{2.0, 0.3, -0.4, 3.0, 0.7, 1.5};
  const Delassus3 C = spatial_sampling::canonical_frame(W);
  EXPECT_EQ(C.a, 1.0);
  EXPECT_EQ(C.b12, 0.0);
  EXPECT_NEAR(C.b11 + C.b22, (W.b11 + W.b22) / 2.0, 1e-15);
  EXPECT_NEAR(C.b11 * C.b22, det_b(W) / 4.0, 1e-15);
  EXPECT_NEAR(C.c1 * C.c1 + C.c2 * C.c2, (W.c1 * W.c1 + W.c2 * W.c2) / 4.0, 1e-15);
  EXPECT_NEAR(critical_friction(C), critical_friction(W), 1e-15);  // mu_c is scale- and rotation-free
  EXPECT_NEAR(stick_normal_rate(C), stick_normal_rate(W) / 2.0, 1e-15);
}

TEST(SpatialSampler, ApproachIsTheDrawnIncidenceAndAzimuth) {
  const SpatialSamplePlan p = plan_of(SpatialMatrixKind::direct);
  for (std::uint64_t k = 0; k < 5000; ++k) {
    const SpatialSample s = draw_spatial_sample(p, k);
    const Vec3n& v = s.c.v;
    EXPECT_NEAR(v.n * v.n + v.t1 * v.t1 + v.t2 * v.t2, 1.0, 1e-15);
    EXPECT_NEAR(std::acos(-v.n) * kDeg, s.psi_deg, 1e-6);
    double phi = std::atan2(v.t2, v.t1) * kDeg;
    if (phi < 0.0) phi += 360.0;
    if (s.psi_deg > 1e-3) {
      EXPECT_NEAR(phi, s.phi_deg, 1e-6) << k;
    }
    EXPECT_GE(s.psi_deg, 0.0);
    EXPECT_LT(s.psi_deg, 90.0);
    EXPECT_LT(s.phi_deg, 360.0);
  }
}

TEST(SpatialSampler, GridAxesVisitEveryValueEvenly) {
  SpatialSamplePlan p = plan_of(SpatialMatrixKind::direct);
  p.psi_deg = {ScalarKind::grid, 0.0, 80.0, 5};
  p.mu = {ScalarKind::grid, 0.0, 1.0, 3};
  ASSERT_EQ(spatial_grid_size(p), 15u);
  std::map<std::pair<double, double>, int> visits;
  for (std::uint64_t k = 0; k < 150; ++k) {
    const SpatialSample s = draw_spatial_sample(p, k);
    ++visits[{s.psi_deg, s.c.mu}];
  }
  ASSERT_EQ(visits.size(), 15u);
  for (const auto& [key, n] : visits) EXPECT_EQ(n, 10) << key.first << " " << key.second;
  EXPECT_EQ(draw_spatial_sample(p, 1).psi_deg, 20.0);  // psi is the fastest digit after the W kinds'
  EXPECT_EQ(draw_spatial_sample(p, 5).c.mu, 0.5);
}

TEST(SpatialSampler, StreamsAreIndependent) {
  SpatialSamplePlan a = plan_of(SpatialMatrixKind::bodies), b = a;
  b.mu = {ScalarKind::uniform, 0.5, 2.0, 1};  // another friction range changes mu alone
  for (std::uint64_t k = 0; k < 200; ++k) {
    const SpatialSample x = draw_spatial_sample(a, k), y = draw_spatial_sample(b, k);
    EXPECT_EQ(std::memcmp(&x.c.W, &y.c.W, sizeof x.c.W), 0);
    EXPECT_EQ(std::memcmp(&x.c.v, &y.c.v, sizeof x.c.v), 0);
    EXPECT_EQ(x.c.e, y.c.e);
    EXPECT_EQ(x.c.e_t, y.c.e_t);
    EXPECT_NE(x.c.mu, y.c.mu);
  }
  // Skipping e_t (no law or axis reads it) leaves every other input as it was.
  const SpatialSample full = draw_spatial_sample(a, 7),
                      lean =
                          draw_spatial_sample(a, 7, SpatialNeeds{~static_cast<unsigned>(spatial_input::e_t)});
  EXPECT_EQ(lean.c.e_t, 0.0);
  EXPECT_EQ(std::memcmp(&full.c.W, &lean.c.W, sizeof full.c.W), 0);
  EXPECT_EQ(full.c.mu, lean.c.mu);
}

// Pinned bits of one sample per kind: any change to a stream layout shows here (and would change every
// recorded run: docs/reproducibility.md).
TEST(SpatialSampler, PinnedSampleBits) {
  struct Pin {
    SpatialMatrixKind kind;
    std::uint64_t a_c1, b11, v_t1, mu;
  };
  const Pin pins[] = {
      {SpatialMatrixKind::direct, 0x3fe11aceeab699ceull, 0x40206e3b6df83cbbull, 0xbfebe5001be0d6e2ull,
       0x3fecdbb202e8dc57ull},  // c1 0.53452249376715044 b11 8.2152971616291008 v_t1 -0.87170415348984087 mu
                                // 0.90181828087123506
      {SpatialMatrixKind::canonical, 0x3fc12547579b305full, 0x4006e979fdedacc2ull, 0xbfebe5001be0d6e2ull,
       0x3fecdbb202e8dc57ull},  // c1 0.13395015504500216 b11 2.8640022123487094 v_t1 -0.87170415348984087 mu
                                // 0.90181828087123506
      {SpatialMatrixKind::bodies, 0xbfdbc5b6b1fba032ull, 0x3ff5d3cf48c93c8dull, 0xbfebe5001be0d6e2ull,
       0x3fecdbb202e8dc57ull},  // c1 -0.43394248372215138 b11 1.3642113536077745 v_t1 -0.87170415348984087 mu
                                // 0.90181828087123506
      {SpatialMatrixKind::mechanism, 0xbff0720e0f1c8745ull, 0x40096d8926d5ca51ull, 0xbfebe5001be0d6e2ull,
       0x3fecdbb202e8dc57ull},  // c1 -1.027845438984927 b11 3.1784842523568746 v_t1 -0.87170415348984087 mu
                                // 0.90181828087123506
  };
  for (const Pin& pin : pins) {
    const SpatialSample s = draw_spatial_sample(plan_of(pin.kind), 123456789);
    EXPECT_EQ(bits(s.c.W.c1), pin.a_c1) << "kind " << int(pin.kind);
    EXPECT_EQ(bits(s.c.W.b11), pin.b11) << "kind " << int(pin.kind);
    EXPECT_EQ(bits(s.c.v.t1), pin.v_t1) << "kind " << int(pin.kind);
    EXPECT_EQ(bits(s.c.mu), pin.mu) << "kind " << int(pin.kind);
  }
}

}  // namespace
}  // namespace collsweep

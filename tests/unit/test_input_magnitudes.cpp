// The range of input scales (kernels/collsweep/contact/magnitudes.hpp), planar and spatial laws: inside it
// every law is exactly homogeneous under a power-of-two rescaling of the velocities (impulses and velocities
// scale by 2^k, energies by 4^k, to the last bit, at the range's ends too); outside it they report
// magnitude_out_of_range instead of results whose digits underflow. The multi-contact laws' counterpart is in
// test_glocker_properties.cpp (InputScales), which instantiates them anyway.
#include <gtest/gtest.h>

#include <cmath>

#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "support/random_collisions.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

// The range's ends as velocity scales: every test velocity (|v| <= 20) scaled by 2^kUp stays below 2^300, and
// by 2^kDown its approach speed (>= 0.05) stays above 2^-300.
constexpr int kUp = 295, kDown = -290;

TEST(InputMagnitudes, PlanarLawsScaleExactlyAcrossTheRange) {
  testing::Draw d(41);
  int checked = 0;
  for (int i = 0; i < 400; ++i) {
    const PlanarCollision c = testing::stratified_collision(d, 1 + i % 5);
    for (int l = 0; l < planar_law_count; ++l) {
      const auto law = static_cast<PlanarLaw>(l);
      const PlanarOutcome o = evaluate(law, c);
      for (const int k : {kUp, kDown}) {
        SCOPED_TRACE(std::string(law_name(law)) + " sample " + std::to_string(i) + " 2^" + std::to_string(k));
        PlanarCollision s = c;
        s.v.n = std::ldexp(c.v.n, k);
        s.v.t = std::ldexp(c.v.t, k);
        const PlanarOutcome q = evaluate(law, s);
        ASSERT_EQ(q.status, o.status) << status_reason(q.status);
        EXPECT_EQ(q.type, o.type);
        EXPECT_EQ(q.I_n, std::ldexp(o.I_n, k));
        EXPECT_EQ(q.I_t, std::ldexp(o.I_t, k));
        EXPECT_EQ(q.v_n2, std::ldexp(o.v_n2, k));
        EXPECT_EQ(q.v_t2, std::ldexp(o.v_t2, k));
        EXPECT_EQ(q.dE, std::ldexp(o.dE, 2 * k));
        EXPECT_EQ(q.dE_rel, o.dE_rel);
        checked += o.status == Status::ok;
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

TEST(InputMagnitudes, SpatialLawsScaleExactlyAcrossTheRange) {
  testing::Draw d(42);
  int checked = 0;
  for (int i = 0; i < 150; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    for (int l = 0; l < spatial_law_count; ++l) {
      const auto law = static_cast<SpatialLaw>(l);
      if (is_thesis_law(law)) continue;  // (they read their own parameters)
      const SpatialOutcome o = evaluate_spatial(law, c);
      for (const int k : {kUp, kDown}) {
        SCOPED_TRACE(std::string(law_name(law)) + " sample " + std::to_string(i) + " 2^" + std::to_string(k));
        SpatialCollision s = c;
        s.v = Vec3n{std::ldexp(c.v.n, k), std::ldexp(c.v.t1, k), std::ldexp(c.v.t2, k)};
        const SpatialOutcome q = evaluate_spatial(law, s);
        ASSERT_EQ(q.status, o.status) << status_reason(q.status);
        EXPECT_EQ(q.mode, o.mode);
        const double I[] = {o.I.n, o.I.t1, o.I.t2, o.vf.n, o.vf.t1, o.vf.t2, o.I_nc, o.I_nh};
        const double J[] = {q.I.n, q.I.t1, q.I.t2, q.vf.n, q.vf.t1, q.vf.t2, q.I_nc, q.I_nh};
        for (int j = 0; j < 8; ++j) EXPECT_EQ(J[j], std::ldexp(I[j], k)) << "component " << j;
        EXPECT_EQ(q.dE, std::ldexp(o.dE, 2 * k));
        EXPECT_EQ(q.W_n, std::ldexp(o.W_n, 2 * k));
        EXPECT_EQ(q.W_t, std::ldexp(o.W_t, 2 * k));
        EXPECT_EQ(q.dE_rel, o.dE_rel);
        EXPECT_EQ(q.swerve_deg, o.swerve_deg);
        checked += o.status == Status::ok;
      }
    }
  }
  EXPECT_GT(checked, 800);
}

// Outside the range: both families name the status, with zero results (never a NaN or a subnormal result).
TEST(InputMagnitudes, OutsideTheRangePlanarAndSpatialLawsRefuse) {
  const PlanarCollision planar{{1.0, 0.2, 0.8}, {-1.0, 0.5}, 0.3, 0.5, 0.0};
  const auto planar_with = [&](double vn, double vt, double wnn, double wtt) {
    PlanarCollision c = planar;
    c.v = {vn, vt};
    c.W.nn = wnn;
    c.W.tt = wtt;
    c.W.nt = 0.2 * std::sqrt(wnn * wtt);
    return c;
  };
  const PlanarCollision bad_planar[] = {
      planar_with(-1e-160, 0.5e-160, 1.0, 0.8),  // energies near 1e-320: subnormal
      planar_with(-0x1p-301, 0.0, 1.0, 0.8),     // approach speed just below 2^-300
      planar_with(-1.0, 1e95, 1.0, 0.8),         // a tangential speed above 2^300
      planar_with(-1.0, 0.5, 1e-100, 0.8),       // W_nn below 2^-300 (W's determinant underflows)
      planar_with(-1.0, 0.5, 1.0, 1e100),        // W_tt above 2^300
  };
  for (const PlanarCollision& c : bad_planar)
    for (int l = 0; l < planar_law_count; ++l) {
      const PlanarOutcome o = evaluate(static_cast<PlanarLaw>(l), c);
      EXPECT_EQ(o.status, Status::magnitude_out_of_range)
          << law_name(static_cast<PlanarLaw>(l)) << " " << c.v.n;
      EXPECT_EQ(o.I_n, 0.0);
      EXPECT_EQ(o.dE_rel, 0.0);
    }
  // At the range's ends it is still evaluated.
  EXPECT_EQ(evaluate(planar_law<Stronge>, planar_with(-0x1p-300, 0.0, 1.0, 0.8)).status, Status::ok);
  EXPECT_EQ(evaluate(planar_law<Stronge>, planar_with(-1.0, 0x1p300, 0x1p-300, 0x1p300)).status, Status::ok);

  SpatialCollision spatial;
  spatial.W = Delassus3{1.0, 0.1, 0.2, 1.5, 0.1, 0.8};
  spatial.mu = 0.4;
  spatial.e = 0.5;
  const Vec3n bad_v[] = {{-1e-160, 1e-160, 1e-160}, {-1.0, 0.0, -1e95}, {-1e95, 1.0, 0.0}};
  for (int l = 0; l < spatial_law_count; ++l) {
    const auto law = static_cast<SpatialLaw>(l);
    for (const Vec3n& v : bad_v) {
      SpatialCollision c = spatial;
      c.v = v;
      const SpatialOutcome o = evaluate_spatial(law, c);
      EXPECT_EQ(o.status, Status::magnitude_out_of_range) << law_name(law) << " v_n " << v.n;
      EXPECT_EQ(o.I.n, 0.0);
    }
    SpatialCollision c = spatial;
    c.v = Vec3n{-1.0, 0.3, 0.1};
    c.W.b22 = 1e-95;
    c.W.b12 = c.W.c2 = 0.0;
    EXPECT_EQ(evaluate_spatial(law, c).status, Status::magnitude_out_of_range) << law_name(law) << " W_22";
  }
}

}  // namespace
}  // namespace collsweep

// The CPU's SIMD multi-contact sampler against draw_multicontact_sample, bit for bit (whole samples), on
// every instruction set the CPU runs, and which plans it serves.
#include <gtest/gtest.h>

#include <cstring>

#include "backend/multicontact_sample_lanes.hpp"
#include "support/body_plans.hpp"

namespace collsweep {
namespace {

MultiContactSamplePlan plan_with(int k, std::uint64_t seed) {
  MultiContactSamplePlan p;
  p.seed = seed;
  p.contacts = {ScalarKind::constant, double(k), double(k), 1};
  return p;
}

// Batches of eight from first on: every sample memcmp-equal to the scalar one. Returns the lanes redrawn.
// (stride: samples i0, i0 + stride, ... per call, as multicontact_lanes_sample_stride gives for a grid of k.)
int expect_same(LaneIsa isa, const MultiContactSamplePlan& p, std::uint64_t first, int batches,
                bool log10_cond_needed = true, std::uint32_t stride = 1) {
  int redrawn = 0;
  for (int b = 0; b < batches; ++b) {
    MultiContactSample out[multicontact_sample_batch];
    const std::uint64_t i0 = first + static_cast<std::uint64_t>(b) * multicontact_sample_batch;
    redrawn += draw_multicontact_lanes_with(isa, p, i0, out, log10_cond_needed, stride);
    for (int l = 0; l < multicontact_sample_batch; ++l) {
      const std::uint64_t i = i0 + std::uint64_t{stride} * l;
      const MultiContactSample ref = draw_multicontact_sample(p, i, log10_cond_needed);
      if (std::memcmp(&ref, &out[l], sizeof ref) != 0) {
        ADD_FAILURE() << "sample " << i << " (k = " << ref.k << ", instruction set " << static_cast<int>(isa)
                      << ") differs from draw_multicontact_sample";
        return redrawn;
      }
    }
  }
  return redrawn;
}

TEST(MultiContactSampleLanes, EverySampleIsTheScalarSamplersOnEveryInstructionSet) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa))  // nor the later ones: each needs the one before it
      GTEST_SKIP() << "instruction set " << static_cast<int>(isa)
                   << " not available on this CPU (the ones before it were checked)";
    for (int k = 1; k <= 4; ++k) {
      MultiContactSamplePlan p = plan_with(k, 20261126 + k);
      ASSERT_TRUE(multicontact_lanes_sample_serve(p));
      expect_same(isa, p, 0, 300);
      expect_same(isa, p, (std::uint64_t{1} << 33) - 40, 10);  // sample indices beyond 32 bits
      // Constant inputs (no words drawn from their streams), an integer log10 cond (10^-x exact: the
      // scalar pow10 branch for the spectrum's last value), cond = 1 and wide ranges.
      p.log10_cond = {ScalarKind::constant, 2.0, 2.0, 1};
      p.mu = {ScalarKind::constant, 0.3, 0.3, 1};
      p.eps_T_ratio = {ScalarKind::constant, 1.0, 1.0, 1};
      expect_same(isa, p, 5, 60);
      p.log10_cond = {ScalarKind::constant, 0.0, 0.0, 1};
      p.gamma_T = {ScalarKind::uniform, -1e3, 1e3, 1};
      expect_same(isa, p, 5, 60);
      p.log10_cond = {ScalarKind::uniform, 0.0, 12.0, 1};
      expect_same(isa, p, 1000, 60);
    }
  }
}

// The mechanism kind (G = J M^-1 J^T, log10 cond from G's Jacobi eigenvalues, or not computed when no map
// axis needs it): every k, the smallest and the largest mechanism, and fewer degrees of freedom than
// contact rows (a singular G: its log10 cond is +inf).
TEST(MultiContactSampleLanes, MechanismSamplesAreTheScalarSamplersOnEveryInstructionSet) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa))  // nor the later ones: each needs the one before it
      GTEST_SKIP() << "instruction set " << static_cast<int>(isa)
                   << " not available on this CPU (the ones before it were checked)";
    for (int k = 1; k <= 4; ++k) {
      MultiContactSamplePlan p = plan_with(k, 4242 + k);
      p.G_kind = DelassusKind::mechanism;
      p.mechanism_dof = 8;
      p.log10_cond_M = {ScalarKind::uniform, 0.0, 6.0, 1};
      ASSERT_TRUE(multicontact_lanes_sample_serve(p));
      expect_same(isa, p, 0, 40);
      expect_same(isa, p, 321, 10, false);
      p.mechanism_dof = 12;
      p.log10_cond_M = {ScalarKind::constant, 3.0, 3.0, 1};
      expect_same(isa, p, (std::uint64_t{1} << 33) - 40, 10);
      p.mechanism_dof = 2;  // n = 2 < 2k for k >= 2: G singular, gamma^- projected one sample at a time
      if (k == 1) {
        EXPECT_TRUE(multicontact_lanes_sample_serve(p));
        expect_same(isa, p, 7, 10);
      } else {
        EXPECT_FALSE(multicontact_lanes_sample_serve(p));
      }
    }
  }
}

// The body kind (one planar rigid body: the same G for every sample, gamma^- = J v from the drawn
// velocity), with a grid of omega and constant, uniform and log-uniform velocities.
TEST(MultiContactSampleLanes, BodySamplesAreTheScalarSamplersOnEveryInstructionSet) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa))
      GTEST_SKIP() << "instruction set " << static_cast<int>(isa)
                   << " not available on this CPU (the ones before it were checked)";
    for (int k = 2; k <= 4; ++k) {
      MultiContactSamplePlan p = k == 2 ? testing::rod_plan(60) : testing::box_plan(61, k);
      ASSERT_TRUE(multicontact_lanes_sample_serve(p));
      expect_same(isa, p, 0, 40);
      expect_same(isa, p, 99, 10, false);
      p.omega = {ScalarKind::grid, -1.0, 1.0, 7};
      p.v_y = {ScalarKind::log_uniform, 0.1, 2.0, 1};
      p.v_x = {ScalarKind::constant, 0.25, 0.25, 1};
      ASSERT_TRUE(multicontact_lanes_sample_serve(p));
      expect_same(isa, p, 1234, 20);
    }
  }
}

// The wishart kind (G = A A^T / dof): every k, a square A and extra degrees of freedom, log10 cond from
// Jacobi or not computed.
TEST(MultiContactSampleLanes, WishartSamplesAreTheScalarSamplersOnEveryInstructionSet) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa)) continue;
    for (int k = 1; k <= 4; ++k)
      for (const std::uint32_t extra : {0u, 3u, 7u}) {
        MultiContactSamplePlan p = plan_with(k, 555 + k);
        p.G_kind = DelassusKind::wishart;
        p.wishart_extra_dof = extra;
        ASSERT_TRUE(multicontact_lanes_sample_serve(p));
        expect_same(isa, p, 0, 20);
        expect_same(isa, p, 100, 5, false);
      }
  }
}

// A grid of k (the shipped one-to-four config: k = 1, 2, 3, 4 in turn): strided calls, each of one k.
TEST(MultiContactSampleLanes, AGridOfContactsIsDrawnWithTheStrideOfItsPoints) {
  MultiContactSamplePlan p = plan_with(1, 31337);
  p.contacts = {ScalarKind::grid, 1.0, 4.0, 4};
  p.G_kind = DelassusKind::mechanism;
  p.mechanism_dof = 8;
  p.log10_cond_M = {ScalarKind::uniform, 0.0, 3.0, 1};
  ASSERT_EQ(multicontact_lanes_sample_stride(p), 4u);
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa)) continue;
    for (std::uint64_t c = 0; c < 4; ++c) {
      expect_same(isa, p, 1000 + c, 10, true, 4);
      expect_same(isa, p, 77 + c, 4, false, 4);
    }
  }
  p.contacts = {ScalarKind::grid, 1.0, 2.0, 2};
  p.G_kind = DelassusKind::direct;
  ASSERT_EQ(multicontact_lanes_sample_stride(p), 2u);
  expect_same(planar_lanes_isa(), p, 5, 20, true, 2);
  p.contacts = {ScalarKind::grid, 1.0, 4.0, 5};  // five points: not served
  EXPECT_EQ(multicontact_lanes_sample_stride(p), 0u);
  p.contacts = {ScalarKind::grid, 1.0, 4.0, 4};
  p.G_kind = DelassusKind::mechanism;
  p.log10_cond_M = {ScalarKind::grid, 0.0, 3.0, 3};  // (the mechanism's spectrum draws x on the lanes)
  EXPECT_FALSE(multicontact_lanes_sample_serve(p));
}

// Grid axes beside k: each lane's digits (its sample index mod G_total in the mixed radix, k fastest, lane
// l + 1 counted on from lane l by the stride) and grid values, the same for every contact of a sample; a
// grid log10 cond takes the scalar 10^x for its spectrum (x = 0 and integer x here: pow10's exact branch).
TEST(MultiContactSampleLanes, GridAxesAreTheScalarSamplers) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa)) continue;
    MultiContactSamplePlan p = plan_with(2, 4242);
    p.log10_cond = {ScalarKind::grid, 0.0, 3.0, 4};
    p.mu = {ScalarKind::grid, 0.0, 1.5, 3};
    p.eps_N = {ScalarKind::grid, 0.2, 1.0, 5};
    p.gamma_T = {ScalarKind::uniform, -1.0, 1.0, 1};
    ASSERT_EQ(multicontact_lanes_sample_stride(p), 1u);
    EXPECT_LT(expect_same(isa, p, 0, 100), 16);  // (drawn on the lanes, not again)
    expect_same(isa, p, 13, 20);
    expect_same(isa, p, (std::uint64_t{1} << 35) + 3, 20);
    p.contacts = {ScalarKind::grid, 1.0, 4.0, 4};  // with a grid of k: stride 4, each batch one k
    ASSERT_EQ(multicontact_lanes_sample_stride(p), 4u);
    for (std::uint64_t c = 0; c < 4; ++c) expect_same(isa, p, 60 + c, 12, true, 4);
    p.G_kind = DelassusKind::mechanism;
    p.mechanism_dof = 6;  // fewer DOF than the 8 rows of k = 4: gamma^- projected, one sample at a time
    p.log10_cond_M = {ScalarKind::uniform, 0.0, 2.0, 1};
    p.gamma_N = {ScalarKind::grid, -1.0, -0.1, 2};
    EXPECT_FALSE(multicontact_lanes_sample_serve(p));
    p.mechanism_dof = 8;
    ASSERT_EQ(multicontact_lanes_sample_stride(p), 4u);
    for (std::uint64_t c = 0; c < 4; ++c) expect_same(isa, p, 8 + c, 6, false, 4);
  }
}

// A mechanism whose M is not positive definite to working precision (cond M = 10^17 and beyond) gives
// G = 0 in the scalar sampler; its lanes are drawn again one at a time and still match.
TEST(MultiContactSampleLanes, MechanismLanesWithoutACholeskyFactorAreDrawnAgain) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa)) continue;
    MultiContactSamplePlan p = plan_with(2, 99);
    p.G_kind = DelassusKind::mechanism;
    p.mechanism_dof = 12;
    p.log10_cond_M = {ScalarKind::uniform, 14.0, 22.0, 1};
    EXPECT_GT(expect_same(isa, p, 0, 20), 0) << "no lane was drawn again";
  }
}

// Lanes whose 10^x leaves its common path are drawn again by the scalar sampler and still match: with
// log10 cond beyond 308, the spectrum's 10^-x falls below the normal range.
TEST(MultiContactSampleLanes, RedrawnLanesStillMatch) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa)) continue;
    MultiContactSamplePlan p = plan_with(2, 77);
    p.log10_cond = {ScalarKind::uniform, 250.0, 330.0, 1};  // 10^-x below the normal range for x > 308
    EXPECT_GT(expect_same(isa, p, 0, 40), 0) << "no lane was drawn again";
  }
}

// Log-uniform inputs (10^(a + (b - a) u) on the lanes, clamped into [lo, hi)) for the direct and the
// mechanism kind; lo = 1, hi = 100 puts 10^x on pow10's exact integer branch now and then (drawn again).
TEST(MultiContactSampleLanes, LogUniformInputsAreTheScalarSamplers) {
  for (LaneIsa isa : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512}) {
    if (!planar_lanes_isa_available(isa)) continue;
    for (int k = 1; k <= 4; ++k) {
      MultiContactSamplePlan p = plan_with(k, 911 + k);
      p.log10_cond = {ScalarKind::log_uniform, 0.1, 8.0, 1};
      p.gamma_T = {ScalarKind::log_uniform, 1e-3, 2.0, 1};
      p.mu = {ScalarKind::log_uniform, 0.01, 3.0, 1};
      p.eps_N = {ScalarKind::log_uniform, 0.05, 1.0, 1};
      ASSERT_TRUE(multicontact_lanes_sample_serve(p));
      EXPECT_LT(expect_same(isa, p, 0, 200), 16);  // (drawn on the lanes, not again)
      p.mu = {ScalarKind::log_uniform, 1.0, 100.0, 1};
      expect_same(isa, p, 64, 200);
      p.G_kind = DelassusKind::mechanism;
      p.log10_cond_M = {ScalarKind::log_uniform, 0.5, 4.0, 1};
      ASSERT_TRUE(multicontact_lanes_sample_serve(p));
      expect_same(isa, p, 0, 64);
    }
  }
}

TEST(MultiContactSampleLanes, ServesEveryKindWithConstantUniformLogUniformOrGridInputs) {
  MultiContactSamplePlan p = plan_with(2, 1);
  EXPECT_TRUE(multicontact_lanes_sample_serve(p));
  MultiContactSamplePlan q = p;
  q.G_kind = DelassusKind::wishart;
  q.wishart_extra_dof = 56;  // 4 x 60 = 240 normals: the most it draws
  EXPECT_TRUE(multicontact_lanes_sample_serve(q));
  q.wishart_extra_dof = 57;
  EXPECT_FALSE(multicontact_lanes_sample_serve(q));
  q.wishart_extra_dof = 4000000000u;  // (no overflow in the count)
  EXPECT_FALSE(multicontact_lanes_sample_serve(q));
  q = p;
  q.G_kind = DelassusKind::mechanism;
  EXPECT_TRUE(multicontact_lanes_sample_serve(q));
  q.log10_cond_M = {ScalarKind::grid, 0.0, 4.0, 3};
  EXPECT_FALSE(multicontact_lanes_sample_serve(q));
  q = p;
  q.contacts = {ScalarKind::uniform, 1.0, 4.0, 1};
  EXPECT_FALSE(multicontact_lanes_sample_serve(q));
  q = p;
  q.mu = {ScalarKind::grid, 0.0, 1.0, 5};
  EXPECT_TRUE(multicontact_lanes_sample_serve(q));
  q = p;
  q.gamma_T = {ScalarKind::log_uniform, 0.1, 1.0, 1};
  EXPECT_TRUE(multicontact_lanes_sample_serve(q));
  q.gamma_T = {ScalarKind::log_uniform, 0.0, 1.0, 1};  // no logarithm of 0 (the config rejects it)
  EXPECT_FALSE(multicontact_lanes_sample_serve(q));
  q = p;
  q.eps_N = {ScalarKind::uniform, 0.5, 0.5, 1};  // an empty range: the scalar clamp's other branch
  EXPECT_FALSE(multicontact_lanes_sample_serve(q));
}

}  // namespace
}  // namespace collsweep

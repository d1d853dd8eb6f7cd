// The spatial family on the GPU against the CPU, bit for bit: the laws on given collisions, the on-device
// sampler (every W kind, the thesis laws' parameters) with every law, and whole sweeps' tallies and
// witnesses, classic and with the thesis laws (skips with a message without a GPU).
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "backend/cuda_backend.hpp"
#include "families/spatial/gpu_check.hpp"
#include "support/gpu_test.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

class GpuSpatial : public testing::GpuTest {};

SpatialSweepSpec all_spatial_laws(SpatialMatrixKind kind) {
  SpatialSweepSpec s;
  s.plan.seed = 11;
  s.plan.W.kind = kind;
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  s.axes[0] = {SpatialQuantity::psi, 0.0, 90.0, 18};
  s.axes[1] = {SpatialQuantity::mu_ratio, 0.0, 2.0, 8};
  s.n_axes = 2;
  // The thesis laws' parameters (the combined law's weights outside s1 + s2 <= 1 are invalid samples).
  s.plan.s1 = {ScalarKind::uniform, 0.0, 0.6, 1};
  s.plan.s2 = {ScalarKind::uniform, 0.0, 0.6, 1};
  s.plan.r1 = {ScalarKind::uniform, -0.5, 1.5, 1};
  s.plan.r2 = {ScalarKind::uniform, -0.5, 0.5, 1};
  // The engine law's: K = 0 (to convergence) .. 24 sweeps, both orders and friction variants.
  s.plan.iterations = {ScalarKind::grid, 0.0, 24.0, 25};
  s.plan.threshold = {ScalarKind::uniform, 0.0, 0.5, 1};
  s.plan.normal_first = {ScalarKind::grid, 0.0, 1.0, 2};
  s.plan.friction_cone = {ScalarKind::grid, 0.0, 1.0, 2};
  for (int l = 0; l < spatial_law_count; ++l) s.laws[l] = static_cast<SpatialLaw>(l);
  s.n_laws = spatial_law_count;
  s.witnesses = 10;
  return s;
}

// The three Routh laws and Law II alone: the sweep kernel instance without the thesis laws' code.
SpatialSweepSpec classic_spatial_laws(SpatialMatrixKind kind) {
  SpatialSweepSpec s = all_spatial_laws(kind);
  s.n_laws = static_cast<int>(spatial_law<ChatterjeeRuina3d>) + 1;
  return s;
}

TEST_F(GpuSpatial, LawsOnGivenCollisionsAreTheCpusBitForBit) {
  testing::Draw d(2027);
  std::vector<SpatialCollision> in(20000);
  for (auto& c : in) {
    c = testing::random_spatial_collision(d);
    c.e_t = d.uniform(-1.0, 2.0);
  }
  in[0].W.b11 = -1.0;  // invalid inputs travel too
  in[1].v.n = 0.5;
  for (int l = 0; l < spatial_law_count; ++l) {  // the batch evaluates the Routh laws and Law II
    const auto law = static_cast<SpatialLaw>(l);
    if (is_thesis_law(law)) continue;
    std::vector<SpatialOutcome> gpu(in.size());
    char err[512] = {};
    double kernel_seconds = -1.0;
    ASSERT_TRUE(cuda::evaluate_batch(SpatialBatch{law}, in.data(), gpu.data(), in.size(), err, sizeof err,
                                     &kernel_seconds))
        << err;
    EXPECT_GT(kernel_seconds, 0.0);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < in.size(); ++i) differing += !same_bits(evaluate_spatial(law, in[i]), gpu[i]);
    EXPECT_EQ(differing, 0u) << law_name(law);
  }
}

// Every drawn field of a sample (W, v, mu, e, e_t, the angles, log10_cond, mu_c, the thesis laws'
// parameters).
std::array<double, 24> sample_fields(const SpatialSample& s) {
  const SpatialThesisParams& p = s.params;
  return {s.c.W.a,   s.c.W.c1,  s.c.W.c2,     s.c.W.b11,   s.c.W.b12,      s.c.W.b22,
          s.c.v.n,   s.c.v.t1,  s.c.v.t2,     s.c.mu,      s.c.e,          s.c.e_t,
          s.psi_deg, s.phi_deg, s.log10_cond, s.mu_c,      p.s1,           p.s2,
          p.r1,      p.r2,      p.iterations, p.threshold, p.normal_first, p.friction_cone};
}

TEST_F(GpuSpatial, OnDeviceSamplesOfEveryMatrixKindAreTheCpus) {
  for (const auto kind : {SpatialMatrixKind::direct, SpatialMatrixKind::canonical, SpatialMatrixKind::bodies,
                          SpatialMatrixKind::mechanism, SpatialMatrixKind::fixed}) {
    const SpatialSweepSpec spec = all_spatial_laws(kind);
    const std::uint64_t first = 1ull << 35, n = 5000;
    std::vector<SpatialSample> gs(n);
    std::vector<SpatialOutcome> go(n * spec.n_laws);
    char err[512] = {};
    ASSERT_TRUE(cuda::evaluate_samples(spec, first, n, gs.data(), go.data(), err, sizeof err)) << err;
    std::size_t inputs = 0, outcomes = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      const SpatialSample c = draw_spatial_sample(spec.plan, first + i);
      const std::array<double, 24> a = sample_fields(c), b = sample_fields(gs[i]);
      inputs += std::memcmp(a.data(), b.data(), sizeof a) != 0;
      for (int l = 0; l < spec.n_laws; ++l)
        outcomes += !same_bits(evaluate_spatial(spec.laws[l], c.c, c.params), go[i * spec.n_laws + l]);
    }
    EXPECT_EQ(inputs, 0u) << "matrix kind " << static_cast<int>(kind);
    EXPECT_EQ(outcomes, 0u) << "matrix kind " << static_cast<int>(kind);
  }
}

TEST_F(GpuSpatial, SweepTallyAndWitnessesAreTheCpus) {
  // The classic kernel instance (four laws) and the one with the thesis laws and their words.
  for (const SpatialSweepSpec& spec :
       {classic_spatial_laws(SpatialMatrixKind::direct), all_spatial_laws(SpatialMatrixKind::direct),
        all_spatial_laws(SpatialMatrixKind::bodies)}) {
    const std::uint64_t n = 200000;
    const SpatialSweepResult gpu = run_sweep_gpu(spec, 0, n);
    const SpatialSweepResult cpu = run_sweep_cpu(spec, 0, n, 1 << 12, 0);
    std::size_t differing = 0;
    for (std::size_t i = 0; i < cpu.words.size(); ++i) differing += cpu.words[i] != gpu.words[i];
    EXPECT_EQ(differing, 0u) << "tally words differing between GPU and CPU";
    for (int l = 0; l < spec.n_laws; ++l) {
      ASSERT_EQ(gpu.witnesses[l].size(), cpu.witnesses[l].size()) << law_name(spec.laws[l]);
      for (std::size_t i = 0; i < cpu.witnesses[l].size(); ++i)
        EXPECT_EQ(gpu.witnesses[l][i].index, cpu.witnesses[l][i].index);
    }
  }
}

// The Routh laws as items over several batches (the last one short) from a first sample past zero, against
// the CPU: the same words and witnesses.
TEST_F(GpuSpatial, ItemsInSmallBatchesAreTheCpus) {
  const std::uint64_t first = 12345, n = 9000, max_batch = 4000;
  for (const SpatialSweepSpec& spec :
       {classic_spatial_laws(SpatialMatrixKind::direct), all_spatial_laws(SpatialMatrixKind::bodies)}) {
    const SpatialSweepResult batches = run_sweep_gpu(spec, first, n, nullptr, max_batch);
    const SpatialSweepResult cpu = run_sweep_cpu(spec, first, n, 1 << 12, 0);
    EXPECT_EQ(batches.words, cpu.words) << spec.n_laws << " laws";
    for (int l = 0; l < spec.n_laws; ++l) {
      ASSERT_EQ(batches.witnesses[l].size(), cpu.witnesses[l].size()) << law_name(spec.laws[l]);
      for (std::size_t i = 0; i < cpu.witnesses[l].size(); ++i)
        EXPECT_EQ(batches.witnesses[l][i].index, cpu.witnesses[l][i].index);
    }
  }
}

}  // namespace
}  // namespace collsweep

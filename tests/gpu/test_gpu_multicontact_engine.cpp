// The multi-contact sequential-impulse law on the GPU against the CPU, bit for bit: on given collisions of
// k = 1 .. 4 contacts with every setting, and a whole sweep's tally words and witnesses (skips with a message
// without a GPU).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "backend/cuda_backend.hpp"
#include "families/multicontact/law_instances.hpp"
#include "support/body_plans.hpp"
#include "support/glocker_samples.hpp"
#include "support/gpu_test.hpp"
#include "support/same_outcome.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

class GpuEngine : public testing::GpuTest {};

// Random collisions with random settings: sweeps 0 (to convergence) .. 20, threshold, either order of a
// sweep, every order of the normal impulses, block solver on and off; invalid inputs and settings among them.
template <int K>
void expect_engine_batch_equals_cpu(int n, std::uint64_t seed) {
  testing_samples::Rng rng(seed);
  std::vector<MultiContactCollision<K>> in;
  int orders = 1;
  for (int j = 2; j <= K; ++j) orders *= j;
  for (int i = 0; i < n; ++i) {
    MultiContactCollision<K> c = testing_samples::random_collision<K>(
        rng, i % 2 ? testing_samples::Mode::extreme : testing_samples::Mode::general);
    c.params.iterations = i % 7 == 0 ? 0.0 : static_cast<double>(1 + i % 20);
    c.params.threshold = i % 3 == 0 ? 0.0 : rng.uniform(0.0, 0.5);
    c.params.normal_first = i % 4 == 1 ? 1.0 : 0.0;
    c.params.order = static_cast<double>(i % 3);
    c.params.permutation = c.params.order == 2.0 ? static_cast<double>(i % orders) : -1.0;
    c.params.block_solver = i % 2 ? 1.0 : 0.0;
    in.push_back(c);
  }
  in[0].G[0][0] = std::nan("");                            // nonfinite input
  in[1].params.iterations = 0.5;                           // a setting out of range
  for (int j = 0; j < K; ++j) in[2].gamma_minus[j] = 0.5;  // separating at every contact
  const MultiContactLaw law = multicontact_law<MultiContactSequentialImpulse>;
  MultiContactOptions opt;
  std::vector<MultiContactOutcome<K>> gpu(in.size());
  char err[512] = {};
  double kernel_seconds = -1.0;
  ASSERT_TRUE(cuda::evaluate_batch(MultiContactBatch<K>{law, opt}, in.data(), gpu.data(), in.size(), err,
                                   sizeof err, &kernel_seconds))
      << err;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const MultiContactOutcome<K> cpu = evaluate_lcp(law, in[i], opt);
    SCOPED_TRACE("k = " + std::to_string(K));
    testing::expect_same_outcome(gpu[i], cpu, static_cast<int>(i));
    if (::testing::Test::HasFatalFailure()) return;
    ASSERT_EQ(gpu[i].iterations, cpu.iterations) << i;
    ASSERT_EQ(gpu[i].converged, cpu.converged) << i;
    ASSERT_EQ(gpu[i].orders, cpu.orders) << i;
    ASSERT_EQ(testing::bits_of(gpu[i].order_spread_W), testing::bits_of(cpu.order_spread_W)) << i;
    ASSERT_EQ(testing::bits_of(gpu[i].order_spread_gamma), testing::bits_of(cpu.order_spread_gamma)) << i;
  }
  EXPECT_EQ(gpu[0].status, Status::nonfinite_input);
  EXPECT_EQ(gpu[1].status, Status::parameter_out_of_range);
  EXPECT_EQ(gpu[2].status, Status::not_approaching);
}

TEST_F(GpuEngine, TheLawOnGivenCollisionsIsTheCpusBitForBit) {
  expect_engine_batch_equals_cpu<1>(4000, 41);
  expect_engine_batch_equals_cpu<2>(20000, 42);
  expect_engine_batch_equals_cpu<3>(4000, 43);
  expect_engine_batch_equals_cpu<4>(2000, 44);
}

// A sweep of the box on two corners with the engine law (random orders, sweeps on a grid, block solver on
// and off) beside newton-lcp: the GPU's tally words and witnesses are the CPU's.
TEST_F(GpuEngine, ASweepsTallyIsTheCpus) {
  MultiContactSweepSpec s = testing::two_contact_spec(51);
  s.plan = testing::box_plan(51, 2);
  s.plan.omega = {ScalarKind::uniform, -2.0, 2.0, 1};
  s.plan.iterations = {ScalarKind::grid, 0.0, 7.0, 8};
  s.plan.order = {ScalarKind::constant, 2.0, 2.0, 1};
  s.plan.block_solver = {ScalarKind::grid, 0.0, 1.0, 2};
  s.axes[0] = {MultiContactQuantity::omega, -2.0, 2.0, 4};
  s.axes[1] = {MultiContactQuantity::log2_iterations, 0.0, 3.0, 3};
  s.laws[0] = multicontact_law<MultiContactSequentialImpulse>;
  s.laws[1] = multicontact_law<NewtonLcp>;
  const MultiContactSweepResult gpu = run_sweep_gpu(s, 0, 40000);
  const MultiContactSweepResult cpu = run_sweep_cpu(s, 0, 40000, 1 << 12, 0);
  EXPECT_TRUE(gpu.words == cpu.words);
  for (int l = 0; l < s.n_laws; ++l) {
    ASSERT_EQ(gpu.witnesses[l].size(), cpu.witnesses[l].size());
    for (std::size_t i = 0; i < cpu.witnesses[l].size(); ++i)
      EXPECT_EQ(gpu.witnesses[l][i].index, cpu.witnesses[l][i].index);
  }
  EXPECT_GT(cpu.pair_total(0, MultiContactWords::order_spread), 0u);
}

}  // namespace
}  // namespace collsweep

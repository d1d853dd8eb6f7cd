// The multi-contact engine law in sweeps: its settings drawn from the parameter table (parameters.hpp) with
// their grid digits after the eleven of the geometry, the order permutation from its own stream, the same
// samples from the SIMD sampler, the engine words only in sweeps with the law, and a CPU sweep word for word
// the one-sample reference.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>

#include "backend/cpu_backend.hpp"
#include "backend/multicontact_sample_lanes.hpp"
#include "collsweep/models/multicontact/sampler.hpp"
#include "collsweep/models/multicontact/sweep.hpp"
#include "families/multicontact/law_instances.hpp"
#include "oracles/sweep_reference.hpp"
#include "support/body_plans.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

constexpr ScalarDist constant(double x) { return ScalarDist{ScalarKind::constant, x, x, 1u}; }
constexpr ScalarDist grid(double lo, double hi, std::uint32_t n) {
  return ScalarDist{ScalarKind::grid, lo, hi, n};
}

// The box of configs/box_landing.toml on two corners, with the engine law and newton-lcp.
MultiContactSweepSpec engine_spec(std::uint64_t seed) {
  MultiContactSweepSpec s = testing::two_contact_spec(seed);
  s.plan = testing::box_plan(seed, 2);
  s.plan.omega = {ScalarKind::uniform, -2.0, 2.0, 1};
  s.axes[0] = {MultiContactQuantity::omega, -2.0, 2.0, 4};
  s.axes[1] = {MultiContactQuantity::v_x, -1.0, 1.0, 2};
  s.laws[0] = multicontact_law<MultiContactSequentialImpulse>;
  s.laws[1] = multicontact_law<NewtonLcp>;
  s.n_laws = 2;
  return s;
}

// A plan's settings are the table's defaults unless set; a grid over iterations takes the digit after the
// geometry's eleven (slot 11), so the geometry's digits, and every other input, stay those of the plan
// without it.
TEST(MultiContactEngineSweep, SettingsAreDrawnFromTheTableWithTheirGridDigits) {
  MultiContactSamplePlan p = testing::box_plan(5, 2);
  p.v_x = grid(-1.0, 1.0, 3);
  const MultiContactSample plain = draw_multicontact_sample(p, 7);
  EXPECT_EQ(plain.params.iterations, 8.0);
  EXPECT_EQ(plain.params.block_solver, 1.0);
  EXPECT_EQ(plain.params.permutation, -1.0);
  MultiContactSamplePlan q = p;
  q.iterations = grid(1.0, 4.0, 4);
  q.threshold = {ScalarKind::uniform, 0.0, 0.5, 1};
  EXPECT_EQ(multicontact_grid_size(q), 12u);
  for (std::uint64_t i = 0; i < 24; ++i) {
    const MultiContactSample a = draw_multicontact_sample(p, i), b = draw_multicontact_sample(q, i);
    EXPECT_EQ(b.params.iterations, 1.0 + static_cast<double>((i / 3) % 4)) << i;  // v_x's digit is faster
    EXPECT_EQ(std::memcmp(a.G, b.G, sizeof a.G), 0);
    EXPECT_EQ(std::memcmp(a.gamma_minus, b.gamma_minus, sizeof a.gamma_minus), 0) << i;
    EXPECT_EQ(std::memcmp(a.mu, b.mu, sizeof a.mu), 0);
    EXPECT_GE(b.params.threshold, 0.0);
    EXPECT_LT(b.params.threshold, 0.5);
  }
  EXPECT_EQ(quantity_value(draw_multicontact_sample(q, 3), MultiContactQuantity::log2_iterations), 1.0);
  EXPECT_EQ(quantity_value(draw_multicontact_sample(q, 3), MultiContactQuantity::iterations), 2.0);
}

// log2 of the sweeps: exact at powers of two, +inf for 0 (until converged).
TEST(MultiContactEngineSweep, Log2IterationsIsExactAtPowersOfTwo) {
  EXPECT_EQ(log2_sweeps(1.0), 0.0);
  EXPECT_EQ(log2_sweeps(8.0), 3.0);
  EXPECT_EQ(log2_sweeps(65536.0), 16.0);
  EXPECT_NEAR(log2_sweeps(10.0), std::log2(10.0), 1e-15);
  EXPECT_NEAR(log2_sweeps(100000.0), std::log2(100000.0), 1e-14);
  EXPECT_TRUE(std::isinf(log2_sweeps(0.0)) && log2_sweeps(0.0) > 0.0);
}

// order = 2 draws one of the k! orders per sample from the normal_order stream, uniformly; a given
// permutation (>= 0) is kept; other orders leave it -1.
TEST(MultiContactEngineSweep, OrderTwoDrawsAPermutationPerSample) {
  for (const int k : {2, 3, 4}) {
    MultiContactSamplePlan p;
    p.contacts = constant(k);
    p.order = constant(2.0);
    int seen[24] = {};
    const int orders = k == 2 ? 2 : k == 3 ? 6 : 24;
    for (std::uint64_t i = 0; i < 4800; ++i) {
      const MultiContactSample s = draw_multicontact_sample(p, i);
      ASSERT_GE(s.params.permutation, 0.0);
      ASSERT_LT(s.params.permutation, orders);
      ++seen[static_cast<int>(s.params.permutation)];
    }
    for (int o = 0; o < orders; ++o) EXPECT_GT(seen[o], 4800 / orders / 2) << "k = " << k << " order " << o;
    p.permutation = constant(1.0);
    EXPECT_EQ(draw_multicontact_sample(p, 3).params.permutation, 1.0);
    p.order = constant(1.0);
    p.permutation = constant(-1.0);
    EXPECT_EQ(draw_multicontact_sample(p, 3).params.permutation, -1.0);
  }
}

// The SIMD sampler draws the settings with the scalar code: the same samples, bit for bit.
TEST(MultiContactEngineSweep, TheSimdSamplerDrawsTheSameSettings) {
  MultiContactSamplePlan p = testing::box_plan(9, 2);
  p.order = constant(2.0);
  p.threshold = {ScalarKind::uniform, 0.0, 1.0, 1};
  p.iterations = grid(0.0, 3.0, 4);
  ASSERT_TRUE(multicontact_lanes_sample_serve(p));
  MultiContactSample lanes[multicontact_sample_batch];
  for (std::uint64_t i0 : {0ull, 8ull, 1000ull}) {
    draw_multicontact_lanes(p, i0, lanes, true, 1);
    for (int l = 0; l < multicontact_sample_batch; ++l) {
      const MultiContactSample one = draw_multicontact_sample(p, i0 + l);
      EXPECT_EQ(std::memcmp(&lanes[l].params, &one.params, sizeof one.params), 0) << i0 + l;
      EXPECT_EQ(std::memcmp(lanes[l].G, one.G, sizeof one.G), 0) << i0 + l;
    }
  }
}

// The engine words are in the layout only of a sweep with the law (every other sweep keeps its layout).
TEST(MultiContactEngineSweep, EngineWordsOnlyWithTheEngineLaw) {
  const MultiContactSweepSpec lcp = testing::two_contact_spec(3);
  EXPECT_EQ(tally_layout(lcp).pair_words, static_cast<std::uint32_t>(MultiContactWords::count));
  EXPECT_EQ(tally_layout(lcp).max2_slot, ~0u);
  const MultiContactSweepSpec engine = engine_spec(3);
  EXPECT_EQ(tally_layout(engine).pair_words, static_cast<std::uint32_t>(MultiContactWords::count_engine));
  EXPECT_EQ(tally_layout(engine).max2_slot, static_cast<std::uint32_t>(MultiContactWords::order_spread_max));
}

// A CPU sweep with the engine law (evaluated one sample at a time beside newton-lcp's SIMD lanes) is the
// one-sample reference word for word, with 1 and 2 threads; with sequential normal impulses in a random
// order the box's rebound spreads over the orders on some samples, with the block solver on none.
TEST(MultiContactEngineSweep, ASweepIsTheOneSampleReference) {
  MultiContactSweepSpec s = engine_spec(21);
  s.plan.iterations = grid(1.0, 8.0, 8);
  s.plan.order = constant(2.0);
  s.plan.block_solver = grid(0.0, 1.0, 2);
  testing::expect_sweep_equals_reference(
      s, 5, 4000, [&](int threads) { return run_sweep_cpu(s, 5, 4000, 1000, threads); });
  const MultiContactSweepResult r = run_sweep_cpu(s, 0, 8000, 2000, 2);
  using Wd = MultiContactWords;
  const std::uint64_t valid = r.pair_total(0, Wd::valid);
  EXPECT_GT(valid, 7000u);
  EXPECT_GT(r.pair_total(0, Wd::order_spread), valid / 10);
  EXPECT_LT(r.pair_total(0, Wd::order_spread), valid / 2 + 1);  // (the block solver's half has none)
  EXPECT_GT(r.pair_total(0, Wd::unconverged), 0u);
  EXPECT_GT(r.pair_total(0, Wd::iterations_sum), 4 * valid);  // a mean of 4.5 sweeps
  EXPECT_EQ(r.pair_total(1, Wd::order_spread), 0u);           // newton-lcp has no engine words
  EXPECT_EQ(r.pair_total(1, Wd::iterations_sum), 0u);
}

// iterations = 0 runs to the fixed point and counts the samples that do not converge as not_converged
// (and as solver failures), never as valid.
TEST(MultiContactEngineSweep, UnconvergedSamplesAreCountedNotPassed) {
  MultiContactSweepSpec s = testing::two_contact_spec(31);
  s.laws[0] = multicontact_law<MultiContactSequentialImpulse>;
  s.n_laws = 1;
  s.plan.iterations = constant(0.0);
  s.plan.mu = {ScalarKind::uniform, 0.0, 3.0, 1};
  const MultiContactSweepResult r = run_sweep_cpu(s, 0, 20000, 4000, 2);
  using Wd = MultiContactWords;
  const std::uint64_t nc = r.pair_total(0, Wd::not_converged);
  std::printf("iterations = 0: %llu of 20000 not converged\n", static_cast<unsigned long long>(nc));
  EXPECT_EQ(r.pair_total(0, Wd::unconverged), 0u);
  EXPECT_GE(r.pair_total(0, Wd::solver_failure), nc);
  EXPECT_EQ(r.pair_total(0, Wd::valid) + r.pair_total(0, Wd::solver_failure) + r.pair_total(0, Wd::invalid) +
                r.pair_total(0, Wd::singular) + r.pair_total(0, Wd::no_solution),
            20000u);
}

}  // namespace
}  // namespace collsweep

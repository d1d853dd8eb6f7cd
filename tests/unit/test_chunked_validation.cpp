// `collsweep validate` in chunks (sweep/chunked_validation.hpp) on CPU-made "GPU" results with differences
// planted at chunk edges: any chunk size and thread count gives the comparison of one pass over all samples,
// for each family's comparison; a failed evaluation stops with its message.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "backend/multicontact_sample_lanes.hpp"
#include "backend/normal_lanes.hpp"
#include "families/multicontact/gpu_check.hpp"
#include "families/multicontact/law_instances.hpp"
#include "families/planar/gpu_check.hpp"
#include "families/spatial/gpu_check.hpp"
#include "support/one_sample_results.hpp"
#include "support/sweep_specs.hpp"
#include "sweep/chunked_validation.hpp"
#include "sweep/cross_check.hpp"

namespace collsweep {
namespace {

void expect_same(const CrossCheck& a, const CrossCheck& b) {
  EXPECT_EQ(a.samples, b.samples);
  EXPECT_EQ(a.input_mismatches, b.input_mismatches);
  EXPECT_EQ(a.max_input_difference, b.max_input_difference);
  ASSERT_EQ(a.laws.size(), b.laws.size());
  for (std::size_t l = 0; l < a.laws.size(); ++l) {
    EXPECT_EQ(a.laws[l].status_mismatches, b.laws[l].status_mismatches) << "law slot " << l;
    EXPECT_EQ(a.laws[l].type_mismatches, b.laws[l].type_mismatches) << "law slot " << l;
    EXPECT_EQ(a.laws[l].gain_mismatches, b.laws[l].gain_mismatches) << "law slot " << l;
    EXPECT_EQ(a.laws[l].max_relative_difference, b.laws[l].max_relative_difference) << "law slot " << l;
    EXPECT_EQ(a.laws[l].worst_sample, b.laws[l].worst_sample) << "law slot " << l;
  }
}

void expect_same(const SpatialCrossCheck& a, const SpatialCrossCheck& b) {
  EXPECT_EQ(a.samples, b.samples);
  EXPECT_EQ(a.input_mismatches, b.input_mismatches);
  ASSERT_EQ(a.laws.size(), b.laws.size());
  for (std::size_t l = 0; l < a.laws.size(); ++l) {
    EXPECT_EQ(a.laws[l].differing, b.laws[l].differing) << "law slot " << l;
    EXPECT_EQ(a.laws[l].status_differ, b.laws[l].status_differ) << "law slot " << l;
    EXPECT_EQ(a.laws[l].mode_differ, b.laws[l].mode_differ) << "law slot " << l;
    EXPECT_EQ(a.laws[l].max_relative_difference, b.laws[l].max_relative_difference) << "law slot " << l;
    EXPECT_EQ(a.laws[l].worst_sample, b.laws[l].worst_sample) << "law slot " << l;
  }
}

// Every (chunk, threads) split of samples [first, first + n) of `gpu` (a vector pair) against the one-pass
// comparison `whole`.
template <class Sample, class Outcome, class Check, class Compare>
void expect_every_split_equal(std::uint64_t first, const std::vector<Sample>& samples,
                              const std::vector<Outcome>& outcomes, int n_laws, Compare compare,
                              const Check& whole) {
  const std::uint64_t n = samples.size();
  for (const auto& [chunk, threads] :
       {std::pair<std::uint64_t, int>{n, 1}, {1000, 1}, {777, 3}, {97, 2}, {n + 5, 4}}) {
    ValidationRun run;
    run.first = first;
    run.count = n;
    run.n_laws = n_laws;
    run.chunk = chunk;
    run.threads = threads;
    Check total;
    std::string error;
    const bool ok = validate_in_chunks<Sample, Outcome>(
        run,
        [&](std::uint64_t f, std::uint64_t m, Sample* s, Outcome* o, std::string*) {
          for (std::uint64_t i = 0; i < m; ++i) {
            s[i] = samples[f - first + i];
            for (int l = 0; l < n_laws; ++l) o[i * n_laws + l] = outcomes[(f - first + i) * n_laws + l];
          }
          return true;
        },
        compare, &total, &error);
    ASSERT_TRUE(ok) << error;
    SCOPED_TRACE("chunk " + std::to_string(chunk) + ", threads " + std::to_string(threads));
    expect_same(total, whole);
  }
}

TEST(ChunkedValidation, KeepsTheFirstLargestDifferenceAndTheFirstNaN) {
  double largest = 0.0;
  std::uint64_t at = 0;
  keep_largest_difference(0.0, 3, &largest, &at);
  EXPECT_EQ(at, 0u) << "no difference noted";
  keep_largest_difference(2e-13, 5, &largest, &at);
  keep_largest_difference(2e-13, 6, &largest, &at);
  EXPECT_EQ(largest, 2e-13);
  EXPECT_EQ(at, 5u) << "the first of equal differences";
  keep_largest_difference(std::numeric_limits<double>::quiet_NaN(), 9, &largest, &at);
  keep_largest_difference(std::numeric_limits<double>::quiet_NaN(), 10, &largest, &at);
  keep_largest_difference(1.0, 11, &largest, &at);
  EXPECT_TRUE(std::isnan(largest));
  EXPECT_EQ(at, 9u) << "a NaN is larger than any number; the first NaN is kept";
}

TEST(ChunkedValidation, PlanarSplitsGiveTheOnePassComparison) {
  const PlanarSweepSpec spec = testing::quickstart_spec();
  const std::uint64_t first = (1ull << 33) + 17, n = 6000;
  std::vector<PlanarSample> samples(n);
  std::vector<PlanarOutcome> outcomes(n * spec.n_laws);
  for (std::uint64_t i = 0; i < n; ++i) {
    samples[i] = draw_planar_sample<SimdNormals>(spec.plan, first + i);
    for (int l = 0; l < spec.n_laws; ++l)
      outcomes[i * spec.n_laws + l] = evaluate(spec.laws[l], samples[i].c);
  }
  const CrossCheck clean = compare_planar_outcomes(spec, first, n, samples.data(), outcomes.data());
  EXPECT_EQ(clean.input_mismatches, 0u);
  for (const LawComparison& c : clean.laws) EXPECT_EQ(c.max_relative_difference, 0.0);
  // Planted at the edges of 1000-sample chunks: two impulses off (the larger one is reported), a status, an
  // input.
  const auto ok_sample = [&](std::uint64_t i) {
    while (outcomes[i * spec.n_laws].status != Status::ok || outcomes[i * spec.n_laws].I_n == 0.0) ++i;
    return i;
  };
  const std::uint64_t larger = ok_sample(999), smaller = ok_sample(1000 + (larger == 1000));
  outcomes[larger * spec.n_laws].I_n *= 1.0 + 1e-6;
  outcomes[smaller * spec.n_laws].I_n *= 1.0 + 1e-8;
  outcomes[2999 * spec.n_laws + 1].status =
      outcomes[2999 * spec.n_laws + 1].status == Status::ok ? Status::numerical_failure : Status::ok;
  samples[4000].c.mu = std::nextafter(samples[4000].c.mu, 10.0);
  const CrossCheck whole = compare_planar_outcomes(spec, first, n, samples.data(), outcomes.data());
  EXPECT_EQ(whole.samples, n);
  EXPECT_EQ(whole.input_mismatches, 1u);
  EXPECT_EQ(whole.laws[1].status_mismatches, 1u);
  EXPECT_EQ(whole.laws[0].worst_sample, first + larger);
  EXPECT_GT(whole.laws[0].max_relative_difference, 1e-7);
  EXPECT_FALSE(whole.within(1e-12));
  expect_every_split_equal(
      first, samples, outcomes, spec.n_laws,
      [&](auto f, auto m, auto s, auto o) { return compare_planar_outcomes(spec, f, m, s, o); }, whole);
}

void expect_multicontact_splits_give_the_one_pass_comparison(const MultiContactSweepSpec& spec) {
  const std::uint64_t first = 500, n = 2500;
  std::vector<MultiContactSample> samples(n);
  std::vector<MultiContactSummary> outcomes(n * spec.n_laws);
  for (std::uint64_t i = 0; i < n; ++i) {
    samples[i] = draw_multicontact_sample<SimdNormals>(spec.plan, first + i);
    for (int l = 0; l < spec.n_laws; ++l)
      outcomes[i * spec.n_laws + l] = evaluate_multicontact(spec.laws[l], samples[i], spec.solver);
  }
  // The CPU side (drawn and evaluated on the SIMD lanes) has the bits of the one-sample path above.
  const CrossCheck clean = compare_multicontact_outcomes(spec, first, n, samples.data(), outcomes.data());
  EXPECT_EQ(clean.input_mismatches, 0u);
  for (const LawComparison& c : clean.laws) {
    EXPECT_EQ(c.max_relative_difference, 0.0);
    EXPECT_EQ(c.status_mismatches + c.type_mismatches + c.gain_mismatches, 0u);
  }
  std::uint64_t w = 1000;
  while (outcomes[w * spec.n_laws + 1].status != Status::ok) ++w;
  outcomes[w * spec.n_laws + 1].W += 1e-9 * outcomes[w * spec.n_laws + 1].T_acc;
  outcomes[96 * spec.n_laws].status =
      outcomes[96 * spec.n_laws].status == Status::ok ? Status::numerical_failure : Status::ok;
  const CrossCheck whole = compare_multicontact_outcomes(spec, first, n, samples.data(), outcomes.data());
  EXPECT_EQ(whole.laws[0].status_mismatches, 1u);
  EXPECT_EQ(whole.laws[1].worst_sample, first + w);
  EXPECT_NEAR(whole.laws[1].max_relative_difference, 1e-9, 1e-15);
  expect_every_split_equal(
      first, samples, outcomes, spec.n_laws,
      [&](auto f, auto m, auto s, auto o) { return compare_multicontact_outcomes(spec, f, m, s, o); }, whole);
}

TEST(ChunkedValidation, MultiContactSplitsGiveTheOnePassComparison) {
  MultiContactSweepSpec spec = testing::two_contact_spec(11);
  spec.plan.mu = {ScalarKind::uniform, 0.0, 3.0, 1};
  expect_multicontact_splits_give_the_one_pass_comparison(spec);
  // A grid of k: the SIMD sampler draws samples i, i + 2, ..., i + 14 together.
  spec.plan.contacts = {ScalarKind::grid, 1.0, 2.0, 2};
  ASSERT_EQ(multicontact_lanes_sample_stride(spec.plan), 2u);
  expect_multicontact_splits_give_the_one_pass_comparison(spec);
}

TEST(ChunkedValidation, SpatialSplitsGiveTheOnePassComparison) {
  SpatialSweepSpec spec;
  spec.plan.seed = 7;
  spec.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  spec.laws[0] = spatial_law<Stronge3d>;
  spec.laws[1] = spatial_law<ChatterjeeRuina3d>;
  spec.n_laws = 2;
  const std::uint64_t first = 40, n = 1200;
  auto [samples, outcomes] = testing::one_sample_results(spec, first, n);
  std::uint64_t w = 1000;
  while (outcomes[w * spec.n_laws].status != Status::ok) ++w;
  outcomes[w * spec.n_laws].vf.t1 += 1e-9 * std::fabs(samples[w].c.v.n);
  samples[97].c.e = std::nextafter(samples[97].c.e, 2.0);
  const SpatialCrossCheck whole = compare_spatial_outcomes(spec, first, n, samples.data(), outcomes.data());
  EXPECT_EQ(whole.input_mismatches, 1u);
  EXPECT_EQ(whole.laws[0].differing, 1u);
  EXPECT_EQ(whole.laws[0].worst_sample, first + w);
  EXPECT_EQ(whole.laws[1].differing, 0u);
  expect_every_split_equal(
      first, samples, outcomes, spec.n_laws,
      [&](auto f, auto m, auto s, auto o) { return compare_spatial_outcomes(spec, f, m, s, o); }, whole);
}

TEST(ChunkedValidation, AFailedEvaluationStopsWithItsMessage) {
  ValidationRun run;
  run.first = 10;
  run.count = 1000;
  run.chunk = 300;
  run.threads = 2;
  std::vector<std::uint64_t> evaluated;
  CrossCheck total;
  std::string error;
  const bool ok = validate_in_chunks<int, int>(
      run,
      [&](std::uint64_t f, std::uint64_t, int*, int*, std::string* message) {
        evaluated.push_back(f);
        if (f < 610) return true;
        *message = "out of device memory at sample " + std::to_string(f);
        return false;
      },
      [](std::uint64_t, std::uint64_t m, const int*, const int*) {
        CrossCheck c;
        c.samples = m;
        return c;
      },
      &total, &error);
  EXPECT_FALSE(ok);
  EXPECT_EQ(error, "out of device memory at sample 610");
  EXPECT_EQ(total.samples, 600u) << "the chunks before the failure were compared";
  EXPECT_EQ(evaluated, (std::vector<std::uint64_t>{10, 310, 610})) << "nothing evaluated after it";
}

}  // namespace
}  // namespace collsweep

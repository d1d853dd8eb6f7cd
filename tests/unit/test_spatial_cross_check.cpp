// `validate`'s spatial comparison (families/spatial/gpu_check.hpp) on CPU-made "GPU" results: identical
// results pass across its blocks (the Routh laws come from the SIMD lanes there), and a changed input, a
// changed status or a changed last digit are each counted, with the sample and the size of the difference.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "families/spatial/gpu_check.hpp"
#include "support/one_sample_results.hpp"

namespace collsweep {
namespace {

SpatialSweepSpec every_spatial_law() {
  SpatialSweepSpec s;
  s.plan.seed = 5;
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  s.plan.s1 = {ScalarKind::uniform, 0.0, 0.5, 1};
  s.plan.s2 = {ScalarKind::uniform, 0.0, 0.5, 1};
  s.plan.r1 = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.r2 = {ScalarKind::uniform, -0.5, 0.5, 1};
  for (int l = 0; l < spatial_law_count; ++l) s.laws[l] = static_cast<SpatialLaw>(l);
  s.n_laws = spatial_law_count;
  return s;
}

TEST(SpatialCrossCheck, CountsEveryDifferenceAndNothingElse) {
  const SpatialSweepSpec spec = every_spatial_law();
  const std::uint64_t first = 1000, n = 5000;  // more than one of the comparison's blocks
  auto [samples, outcomes] = testing::one_sample_results(spec, first, n);
  const SpatialCrossCheck same = compare_spatial_outcomes(spec, first, n, samples.data(), outcomes.data());
  EXPECT_TRUE(same.identical()) << same.report(spec);
  EXPECT_EQ(same.samples, n);

  // stronge-3d (slot 0) off in its last digits at sample 4500, newton-3d (slot 2) with another status at
  // sample 17, the drawn mu of sample 4100 changed.
  std::uint64_t off = 4500;
  while (outcomes[off * spec.n_laws].status != Status::ok) ++off;
  SpatialOutcome& a = outcomes[off * spec.n_laws];
  a.I.n = a.I.n * (1.0 + 1e-9);
  outcomes[17 * spec.n_laws + 2].status =
      outcomes[17 * spec.n_laws + 2].status == Status::ok ? Status::numerical_failure : Status::ok;
  samples[4100].c.mu = std::nextafter(samples[4100].c.mu, 2.0);
  const SpatialCrossCheck diff = compare_spatial_outcomes(spec, first, n, samples.data(), outcomes.data());
  EXPECT_FALSE(diff.identical());
  EXPECT_EQ(diff.input_mismatches, 1u);
  EXPECT_EQ(diff.laws[0].differing, 1u);
  EXPECT_EQ(diff.laws[0].status_differ, 0u);
  EXPECT_EQ(diff.laws[0].worst_sample, first + off);
  // |dI_n| / |I| = 1e-9 I_n / |I|, and |I_t| <= mu I_n with mu < 1.5
  EXPECT_LE(diff.laws[0].max_relative_difference, 1.000001e-9);
  EXPECT_GE(diff.laws[0].max_relative_difference, 1e-9 / std::sqrt(1.0 + 1.5 * 1.5));
  EXPECT_EQ(diff.laws[2].differing, 1u);
  EXPECT_EQ(diff.laws[2].status_differ, 1u);
  for (int l = 0; l < spec.n_laws; ++l) {
    if (l == 0 || l == 2) continue;
    EXPECT_EQ(diff.laws[l].differing, 0u) << law_name(spec.laws[l]);
  }
}

}  // namespace
}  // namespace collsweep

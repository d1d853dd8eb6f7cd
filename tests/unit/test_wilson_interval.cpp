// The 95 % Wilson score interval of the outputs' fractions: published values, its defining property, edges.
#include <gtest/gtest.h>

#include <cmath>

#include "stats/wilson_interval.hpp"

namespace collsweep {
namespace {

// Newcombe (1998), Table I (method 3, the score interval): 81/263 -> 0.2553 .. 0.3662, 15/148 -> 0.0624 ..
// 0.1605, 0/20 -> 0 .. 0.1611, 1/29 -> 0.0061 .. 0.1718 (printed to four decimals).
TEST(WilsonInterval, NewcombesPublishedIntervals) {
  const struct {
    std::uint64_t x, n;
    double lo, hi;
  } cases[] = {
      {81, 263, 0.2553, 0.3662}, {15, 148, 0.0624, 0.1605}, {0, 20, 0.0, 0.1611}, {1, 29, 0.0061, 0.1718}};
  for (const auto& c : cases) {
    const ProportionInterval i = wilson_interval(c.x, c.n);
    EXPECT_NEAR(i.lo, c.lo, 5e-5) << c.x << "/" << c.n;
    EXPECT_NEAR(i.hi, c.hi, 5e-5) << c.x << "/" << c.n;
  }
}

// The interval is the set of p whose score statistic |x - n p| / sqrt(n p (1 - p)) is at most z: at both
// ends (inside (0, 1)) it equals z.
TEST(WilsonInterval, EndsAreWhereTheScoreStatisticIsZ) {
  for (const std::uint64_t n : {1ull, 7ull, 100ull, 12345ull, 1000000000ull})
    for (const double f : {0.0, 1e-9, 0.01, 0.3, 0.5, 0.99, 1.0}) {
      const auto x = static_cast<std::uint64_t>(std::floor(f * static_cast<double>(n)));
      const ProportionInterval i = wilson_interval(x, n);
      const auto score = [&](double p) {
        return std::fabs(static_cast<double>(x) - n * p) / std::sqrt(n * p * (1.0 - p));
      };
      ASSERT_LE(i.lo, static_cast<double>(x) / n);
      ASSERT_GE(i.hi, static_cast<double>(x) / n);
      if (i.lo > 0.0) {
        EXPECT_NEAR(score(i.lo), z_95, 1e-6 * z_95) << x << "/" << n;
      }
      if (i.hi < 1.0) {
        EXPECT_NEAR(score(i.hi), z_95, 1e-6 * z_95) << x << "/" << n;
      }
    }
}

TEST(WilsonInterval, ExactEndsAtNoneAndAllAndNothingKnownWithoutSamples) {
  EXPECT_EQ(wilson_interval(0, 1000).lo, 0.0);
  EXPECT_EQ(wilson_interval(1000, 1000).hi, 1.0);
  // 0 of n: the upper end is z^2 / (n + z^2), the "rule of three" region's score version.
  EXPECT_NEAR(wilson_interval(0, 1000).hi, z_95 * z_95 / (1000 + z_95 * z_95), 1e-15);
  const ProportionInterval none = wilson_interval(0, 0);
  EXPECT_EQ(none.lo, 0.0);
  EXPECT_EQ(none.hi, 1.0);
  // Symmetry: x of n mirrors n - x of n.
  const ProportionInterval a = wilson_interval(3, 40), b = wilson_interval(37, 40);
  EXPECT_NEAR(a.lo, 1.0 - b.hi, 1e-15);
  EXPECT_NEAR(a.hi, 1.0 - b.lo, 1e-15);
  // At n = 100 and a fraction near 1/2 the half-width is about 0.1 (the maps' thin-cell limit).
  const ProportionInterval half = wilson_interval(50, 100);
  EXPECT_NEAR(half.hi - half.lo, 0.19, 0.005);
}

}  // namespace
}  // namespace collsweep

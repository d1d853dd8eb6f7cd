// The search of `collsweep fit` on known functions: Nelder–Mead's minimum inside and on the edge of a box,
// the weighted mean and median, bootstrap counts, the default parameter boxes and --fix/--range checks.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "fit/fit_loss.hpp"
#include "fit/law_fit.hpp"
#include "fit/parameter_box.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::fit {
namespace {

std::vector<Dimension> box2(double lo0, double hi0, double lo1, double hi1) {
  Dimension a, b;
  a.name = "a";
  a.lo = lo0;
  a.hi = hi0;
  b.name = "b";
  b.lo = lo1;
  b.hi = hi1;
  return {a, b};
}

TEST(FitNelderMead, FindsRosenbrocksMinimumInsideTheBox) {
  const auto rosenbrock = [](const std::vector<double>& x) {
    return 100.0 * std::pow(x[1] - x[0] * x[0], 2) + std::pow(1.0 - x[0], 2);
  };
  double best = 0.0;
  const std::vector<double> x =
      nelder_mead(box2(-2, 2, -1, 3), {0, 1}, {-1.2, 1.0}, {0.2, 0.2}, rosenbrock, 2000, 1e-12, &best);
  EXPECT_NEAR(x[0], 1.0, 1e-5);
  EXPECT_NEAR(x[1], 1.0, 1e-5);
  EXPECT_LT(best, 1e-10);
}

TEST(FitNelderMead, StopsOnTheBoxEdgeWhenTheMinimumLiesOutside) {
  // (a − 3)² + (b − 0.25)² over [0, 1]²: the box's nearest point (1, 0.25).
  const auto f = [](const std::vector<double>& x) {
    return std::pow(x[0] - 3.0, 2) + std::pow(x[1] - 0.25, 2);
  };
  double best = 0.0;
  const std::vector<double> x =
      nelder_mead(box2(0, 1, 0, 1), {0, 1}, {0.5, 0.5}, {0.1, 0.1}, f, 1000, 1e-12, &best);
  EXPECT_NEAR(x[0], 1.0, 1e-9);
  EXPECT_NEAR(x[1], 0.25, 1e-6);
  EXPECT_NEAR(best, 4.0, 1e-9);
}

TEST(FitNelderMead, HoldsTheDimensionsItIsNotGiven) {
  const auto f = [](const std::vector<double>& x) {
    return std::pow(x[0] - 0.3, 2) + std::pow(x[1] - 0.7, 2);
  };
  double best = 0.0;
  const std::vector<double> x =
      nelder_mead(box2(0, 1, 0, 1), {1}, {0.9, 0.1}, {0.1, 0.1}, f, 1000, 1e-12, &best);
  EXPECT_EQ(x[0], 0.9);
  EXPECT_NEAR(x[1], 0.7, 1e-7);
}

TEST(FitAggregate, WeightedMeanAndLowerMedian) {
  const std::vector<double> v = {4.0, 1.0, 3.0, 2.0};
  EXPECT_DOUBLE_EQ(aggregate(Aggregate::mean, v, {}), 2.5);
  EXPECT_DOUBLE_EQ(aggregate(Aggregate::median, v, {}), 2.0);  // the lower of the middle two
  EXPECT_DOUBLE_EQ(aggregate(Aggregate::mean, v, {0, 3, 0, 1}), 1.25);
  EXPECT_DOUBLE_EQ(aggregate(Aggregate::median, v, {0, 3, 0, 1}), 1.0);
  EXPECT_DOUBLE_EQ(aggregate(Aggregate::median, v, {2, 0, 1, 0}), 4.0);
  // An impact the law cannot evaluate makes the point unusable, unless its weight is 0.
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(aggregate(Aggregate::mean, {1.0, inf}, {}), inf);
  EXPECT_EQ(aggregate(Aggregate::median, {1.0, inf, 2.0}, {}), inf);
  EXPECT_DOUBLE_EQ(aggregate(Aggregate::mean, {1.0, inf}, {1, 0}), 1.0);
}

TEST(FitBootstrap, CountsDrawEveryImpactWithReplacementReproducibly) {
  const std::vector<unsigned> a = bootstrap_counts(7, 3, 1000);
  EXPECT_EQ(std::accumulate(a.begin(), a.end(), 0u), 1000u);
  EXPECT_EQ(a, bootstrap_counts(7, 3, 1000));
  EXPECT_NE(a, bootstrap_counts(7, 4, 1000));
  EXPECT_NE(a, bootstrap_counts(8, 3, 1000));
  // About 1 − 1/e of the impacts are drawn at least once.
  const long drawn = std::count_if(a.begin(), a.end(), [](unsigned c) { return c > 0; });
  EXPECT_NEAR(drawn / 1000.0, 1.0 - std::exp(-1.0), 0.04);
}

TEST(FitParameterBox, DefaultsFromTheDomains) {
  const Dimension mu = default_dimension({"mu", {"mu"}, parameter_domain::at_least(0.0), "friction"});
  EXPECT_EQ(mu.lo, 0.0);
  EXPECT_EQ(mu.hi, 2.0);
  const Dimension e = default_dimension({"e", {"e"}, parameter_domain::closed(0.0, 1.0), "restitution"});
  EXPECT_EQ(e.lo, 0.0);
  EXPECT_EQ(e.hi, 1.0);
  const Dimension ratio = default_dimension({"ratio", {"ratio"}, parameter_domain::any_real(), "ratio"});
  EXPECT_EQ(ratio.lo, -2.0);
  EXPECT_EQ(ratio.hi, 2.0);
  const Dimension k =
      default_dimension({"iterations", {"iterations"}, parameter_domain::whole(0.0, 10000.0), "K"});
  EXPECT_EQ(k.values, (std::vector<double>{0, 1, 2, 4, 8, 16, 32, 64}));
  const Dimension flag =
      default_dimension({"normal_first", {"normal_first"}, parameter_domain::whole(0.0, 1.0), ""});
  EXPECT_EQ(flag.values, (std::vector<double>{0, 1}));
}

TEST(FitParameterBox, FixAndRangeAreCheckedAgainstTheDomain) {
  const std::vector<FitParameter> ps = {
      {"mu", {"mu"}, parameter_domain::at_least(0.0), "a friction coefficient"},
      {"iterations", {"iterations"}, parameter_domain::whole(0.0, 10000.0), "K"}};
  const std::vector<Dimension> box = law_box(ps, {{"mu", 0.3}}, {{"iterations", {100.0, 1000.0}}});
  EXPECT_TRUE(box[0].fixed);
  EXPECT_EQ(box[0].lo, 0.3);
  EXPECT_EQ(box[1].values, (std::vector<double>{100, 128, 256, 512}));
  try {
    law_box(ps, {{"mu", -0.1}}, {});
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--fix mu=-0.1: outside mu's domain [0, inf) (a friction coefficient)");
  }
  try {
    law_box(ps, {{"iterations", 2.5}}, {});
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--fix iterations=2.5: outside iterations's domain whole numbers in [0, 10000] (K)");
  }
  EXPECT_THROW(law_box(ps, {}, {{"mu", {1.0, 0.5}}}), UsageError);
}

}  // namespace
}  // namespace collsweep::fit

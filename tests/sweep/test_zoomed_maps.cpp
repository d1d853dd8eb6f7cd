// Zooming a map never changes a run's global results: samples outside the map ranges are tallied too.
#include <gtest/gtest.h>

#include "backend/cpu_backend.hpp"
#include "config/map_reach.hpp"
#include "families/registry.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

// Every per-law total, maximum, mean and witness of `zoomed` equals that of `full` (whose map covers every
// sample); zoomed has samples outside its map.
template <class Result>
void expect_same_global_results(const Result& full, const Result& zoomed, std::uint64_t samples) {
  EXPECT_EQ(full.outside(), 0u);
  EXPECT_GT(zoomed.outside(), samples / 10);
  EXPECT_EQ(zoomed.samples_total(), samples);
  EXPECT_EQ(zoomed.samples_in_map() + zoomed.outside(), samples);
  for (int l = 0; l < full.spec.n_laws; ++l) {
    SCOPED_TRACE(l);
    // Count words add up; the maximum and the 128-bit sum are compared as values below.
    for (std::uint32_t w = 0; w < full.layout.pair_words; ++w) {
      if (w == full.layout.max_slot || w == full.layout.sum_slot || w == full.layout.sum_slot + 1) continue;
      EXPECT_EQ(full.pair_total(l, w), zoomed.pair_total(l, w)) << "word " << w;
    }
    EXPECT_EQ(full.max_value(l), zoomed.max_value(l));
    EXPECT_EQ(full.mean_value(l, 1000), zoomed.mean_value(l, 1000));
    ASSERT_EQ(full.witnesses[l].size(), zoomed.witnesses[l].size());
    for (std::size_t i = 0; i < full.witnesses[l].size(); ++i)
      EXPECT_EQ(full.witnesses[l][i].index, zoomed.witnesses[l][i].index);
  }
}

TEST(ZoomedMaps, PlanarTotalsWitnessesAndViolationsCoverEverySample) {
  PlanarSweepSpec full = testing::quickstart_spec(-1.0, 2.0);  // e_t > 1: chatterjee-ruina gains too
  PlanarSweepSpec zoomed = full;
  zoomed.axes[0] = {PlanarQuantity::theta, 30.0, 60.0, 6};
  zoomed.axes[1] = {PlanarQuantity::mu, 0.0, 0.5, 5};
  const std::uint64_t n = 60000;
  const PlanarSweepResult a = run_sweep_cpu(full, 0, n, 7000, 2);
  const PlanarSweepResult b = run_sweep_cpu(zoomed, 0, n, 7000, 2);
  expect_same_global_results(a, b, n);
  EXPECT_GT(b.pair_total(2, PlanarWords::gain), 0u) << "newton gains somewhere";
}

TEST(ZoomedMaps, MultiContactTotalsWitnessesAndViolationsCoverEverySample) {
  MultiContactSweepSpec full = testing::two_contact_spec(5);
  full.plan.contacts = {ScalarKind::constant, 2.0, 2.0, 1};
  full.plan.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  MultiContactSweepSpec zoomed = full;
  zoomed.axes[0] = {MultiContactQuantity::log10_cond, 1.0, 2.0, 3};
  const std::uint64_t n = 4000;
  const auto a = run_sweep_cpu(full, 0, n, 500, 2);
  const auto b = run_sweep_cpu(zoomed, 0, n, 500, 2);
  expect_same_global_results(a, b, n);
}

// The reachable ranges the config check uses contain every drawn value.
TEST(ZoomedMaps, ReachableRangesContainTheDrawnValues) {
  PlanarSweepSpec s = testing::quickstart_spec();
  s.plan.s1 = {ScalarKind::uniform, 0.0, 0.5, 1};
  s.plan.s2 = {ScalarKind::constant, 0.25, 0.25, 1};
  s.plan.ratio = {ScalarKind::uniform, -1.0, 1.5, 1};
  for (const PlanarQuantity q :
       {PlanarQuantity::theta, PlanarQuantity::alpha, PlanarQuantity::mu, PlanarQuantity::e,
        PlanarQuantity::e_t, PlanarQuantity::rho, PlanarQuantity::kappa, PlanarQuantity::log10_cond,
        PlanarQuantity::s1, PlanarQuantity::s2, PlanarQuantity::ratio}) {
    const ValueRange r = reachable_range(s.plan, q);
    for (std::uint64_t k = 0; k < 2000; ++k) {
      const double x = quantity_value(draw_planar_sample(s.plan, k), q);
      ASSERT_TRUE(x >= r.lo && (r.hi_open ? x < r.hi : x <= r.hi))
          << quantity_name(q) << " = " << x << " outside " << describe_range(r);
    }
  }
  const MapAxis<PlanarQuantity> beyond{PlanarQuantity::mu, 1.5, 2.0, 4},
      touching{PlanarQuantity::mu, 1.4, 1.5, 4};
  EXPECT_FALSE(axis_reachable(beyond, reachable_range(s.plan, PlanarQuantity::mu)))
      << "mu ~ U[0, 1.5) never 1.5";
  EXPECT_TRUE(axis_reachable(touching, reachable_range(s.plan, PlanarQuantity::mu)));
  EXPECT_EQ(describe_range(reachable_range(s.plan, PlanarQuantity::mu)), "[0, 1.5)");
}

}  // namespace
}  // namespace collsweep

// Type maps reproduce Djerassi's Table 1: the Types each Case admits and the boundaries r_m, (1+e) r_m.
#include <gtest/gtest.h>

#include "backend/cpu_backend.hpp"

namespace collsweep {
namespace {

// One fixed W and mu, alpha on a fine grid via theta, map over alpha.
PlanarSweepSpec fixed_case(Delassus2 W, double mu, double e, double alpha_max, std::uint32_t bins) {
  PlanarSweepSpec s;
  s.plan.W.kind = MatrixKind::fixed;
  s.plan.W.fixed = W;
  s.plan.theta_deg = {ScalarKind::uniform, 0.0, 89.9, 1};
  s.plan.mu = {ScalarKind::constant, mu, mu, 1};
  s.plan.e = {ScalarKind::constant, e, e, 1};
  s.axes[0] = {PlanarQuantity::alpha, 0.0, alpha_max, bins};
  s.n_axes = 1;
  s.laws[0] = planar_law<Stronge>;
  s.laws[1] = planar_law<Poisson>;
  s.laws[2] = planar_law<Newton>;
  s.n_laws = 3;
  s.witnesses = 0;
  return s;
}

std::uint64_t type_count(const PlanarSweepResult& r, std::uint32_t cell, int law, int type) {
  return r.words[r.layout.pair(cell, law) + PlanarWords::type_1 + type - 1];
}

TEST(SweepTypeMaps, Case4GivesOnlyType1AndCase5OnlyType5) {
  const PlanarSweepResult c4 = run_sweep_cpu(fixed_case({1, 1.5, 4}, 1.0, 0.5, 10.0, 20), 0, 50000, 8192, 2);
  const PlanarSweepResult c5 = run_sweep_cpu(fixed_case({1, 0.5, 1}, 0.2, 0.5, 10.0, 20), 0, 50000, 8192, 2);
  for (int l = 0; l < 3; ++l) {  // every sample, inside the alpha map or beyond it
    EXPECT_EQ(c4.pair_total(l, PlanarWords::type_word(1)), 50000u);
    EXPECT_EQ(c5.pair_total(l, PlanarWords::type_word(5)), 50000u);
  }
  EXPECT_GT(c4.samples_in_map(), 5000u);
  EXPECT_GT(c4.outside(), 0u);
}

// Case 1 (W = (1, 0.2, 1), mu = 0.5): r_m = 1/3 and (1+e) r_m = 0.5 for e = 0.5. On a map of 60 bins over
// alpha in [0, 1] the Type changes at those alphas: bins wholly below r_m hold only Type 1, bins between
// the boundaries only Type 2, bins above only Type 5; the bins containing a boundary hold both.
TEST(SweepTypeMaps, BoundariesFallAtRmAndOnePlusERm) {
  const double lo_edge = 1.0 / 3.0, hi_edge = 0.5;
  const std::uint32_t bins = 60;
  const PlanarSweepResult r =
      run_sweep_cpu(fixed_case({1, 0.2, 1}, 0.5, 0.5, 1.0, bins), 0, 400000, 1 << 16, 2);
  for (std::uint32_t b = 0; b < bins; ++b) {
    const double a0 = static_cast<double>(b) / bins, a1 = static_cast<double>(b + 1) / bins;
    const int expected = a1 <= lo_edge ? 1 : (a0 >= lo_edge && a1 <= hi_edge) ? 2 : a0 >= hi_edge ? 5 : 0;
    for (int l = 0; l < 3; ++l) {
      const std::uint64_t n = r.words[r.layout.samples(b)];
      ASSERT_GT(n, 0u);
      if (expected) {
        EXPECT_EQ(type_count(r, b, l, expected), n) << "bin " << b << " law " << l;
      } else {  // a boundary bin: the two neighbouring Types only
        const int below = a0 < lo_edge ? 1 : 2, above = a0 < lo_edge ? 2 : 5;
        EXPECT_EQ(type_count(r, b, l, below) + type_count(r, b, l, above), n) << "boundary bin " << b;
        EXPECT_GT(type_count(r, b, l, below), 0u);
        EXPECT_GT(type_count(r, b, l, above), 0u);
      }
    }
  }
}

// Case 3 (W = (1, -0.5, 1), mu = 0.2): reverse sliding, r_m = 0.636364, Types 3, 4, 5.
TEST(SweepTypeMaps, Case3ReverseSliding) {
  const PlanarSweepResult r =
      run_sweep_cpu(fixed_case({1, -0.5, 1}, 0.2, 0.5, 2.0, 40), 0, 200000, 1 << 16, 2);
  const double r_m = 0.7 / 1.1;
  EXPECT_EQ(r.pair_total(0, PlanarWords::type_word(1)) + r.pair_total(0, PlanarWords::type_word(2)), 0u);
  for (std::uint32_t b = 0; b < 40; ++b) {
    const double a0 = 2.0 * b / 40, a1 = 2.0 * (b + 1) / 40;
    const std::uint64_t n = r.words[r.layout.samples(b)];
    const int expected = a1 <= r_m ? 3 : (a0 >= r_m && a1 <= 1.5 * r_m) ? 4 : a0 >= 1.5 * r_m ? 5 : 0;
    if (expected) {
      EXPECT_EQ(type_count(r, b, 0, expected), n) << "bin " << b;
    }
  }
}

}  // namespace
}  // namespace collsweep

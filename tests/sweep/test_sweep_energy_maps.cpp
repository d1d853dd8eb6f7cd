// Quickstart-size sweeps: which laws gain energy, and the theorem-violation counters stay at zero.
#include <gtest/gtest.h>

#include "backend/cpu_backend.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

constexpr std::uint64_t kSamples = 400000;

TEST(SweepEnergyMaps, WhoGainsEnergy) {
  const PlanarSweepSpec spec = testing::quickstart_spec();
  const PlanarSweepResult r = run_sweep_cpu(spec, 0, kSamples, 1 << 15, 2);
  EXPECT_EQ(r.samples_in_map() + r.outside(), kSamples);
  EXPECT_EQ(r.outside(), 0u);
  for (int l = 0; l < spec.n_laws; ++l) {
    SCOPED_TRACE(law_name(spec.laws[l]));
    EXPECT_EQ(r.pair_total(l, PlanarWords::invalid), 0u);
    EXPECT_EQ(r.pair_total(l, PlanarWords::violation), 0u);
    std::uint64_t typed = 0;
    for (int t = 0; t < 5; ++t) typed += r.pair_total(l, PlanarWords::type_word(t + 1));
    EXPECT_EQ(typed + r.pair_total(l, PlanarWords::degenerate), kSamples);
  }
  EXPECT_EQ(r.pair_total(0, PlanarWords::gain), 0u) << "stronge";
  EXPECT_EQ(r.pair_total(1, PlanarWords::gain), 0u) << "poisson";
  EXPECT_GT(r.pair_total(2, PlanarWords::gain), 100u) << "newton gains somewhere (Kane)";
  EXPECT_EQ(r.pair_total(3, PlanarWords::gain), 0u) << "chatterjee-ruina with e_t in [-1, 1]";
  EXPECT_LE(r.max_dE_rel(0), 1e-12);
  EXPECT_GT(r.max_dE_rel(2), 0.0);
  // Newton's witnesses are its largest gains, ranked.
  ASSERT_EQ(r.witnesses[2].size(), 8u);
  EXPECT_EQ(r.witnesses[2][0].value, r.max_dE_rel(2));
  for (std::size_t i = 1; i < r.witnesses[2].size(); ++i)
    EXPECT_TRUE(ranks_before(r.witnesses[2][i - 1], r.witnesses[2][i]));
  EXPECT_TRUE(r.witnesses[0].empty());
}

TEST(SweepEnergyMaps, ChatterjeeRuinaGainsBeyondItsRange) {
  PlanarSweepSpec spec = testing::quickstart_spec(1.0, 2.0);
  spec.laws[0] = planar_law<ChatterjeeRuina>;
  spec.n_laws = 1;
  const PlanarSweepResult r = run_sweep_cpu(spec, 0, 100000, 1 << 15, 2);
  EXPECT_GT(r.pair_total(0, PlanarWords::gain), 100u);
  EXPECT_EQ(r.pair_total(0, PlanarWords::violation), 0u) << "e_t > 1 is outside the theorem";
}

}  // namespace
}  // namespace collsweep

// Disagreement maps (run.compare): a law against itself, the incremental laws where the slip direction is
// constant (mu = 0, Djerassi's Type 5), a recount of the compare words, and thread-count independence.
#include <gtest/gtest.h>

#include <cmath>

#include "backend/cpu_backend.hpp"
#include "collsweep/models/planar/sampler.hpp"
#include "collsweep/models/planar/sweep.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

constexpr std::uint64_t kSamples = 20000;

// quickstart's plan and laws plus kane-levinson, with the given pairs of law slots.
PlanarSweepSpec compare_spec(std::initializer_list<ComparePair> pairs) {
  PlanarSweepSpec s = testing::quickstart_spec();
  s.laws[4] = planar_law<KaneLevinson>;
  s.n_laws = 5;
  s.n_pairs = 0;
  for (const ComparePair& p : pairs) s.pairs[s.n_pairs++] = p;
  return s;
}

const u64* slot_words(const PlanarSweepResult& r, std::uint32_t cell, int slot) {
  return r.words.data() + r.layout.pair(cell, static_cast<std::uint32_t>(slot));
}

TEST(SweepCompare, ALawAgainstItselfIsZeroEverywhere) {
  const PlanarSweepSpec s = compare_spec({{0, 0}, {3, 3}, {4, 4}});
  const PlanarSweepResult r = run_sweep_cpu(s, 0, kSamples, 4096, 2, nullptr);
  for (std::uint32_t cell = 0; cell <= r.layout.cells; ++cell)
    for (int p = 0; p < s.n_pairs; ++p) {
      const u64* w = slot_words(r, cell, s.n_laws + p);
      const u64* law = slot_words(r, cell, s.pairs[p].a);
      std::uint64_t valid = 0;
      for (int t = 0; t < 5; ++t) valid += law[PlanarWords::type_1 + t];
      EXPECT_EQ(w[CompareWords::both_valid], valid);
      EXPECT_EQ(w[CompareWords::type_differs], 0u);
      EXPECT_EQ(w[CompareWords::sum_lo], 0u);
      EXPECT_EQ(w[CompareWords::sum_hi], 0u);
      if (valid) {
        EXPECT_EQ(key_value(w[CompareWords::max_key]), 0.0);
      }
    }
  for (int p = 0; p < s.n_pairs; ++p) EXPECT_GT(r.pair_total(s.n_laws + p, CompareWords::both_valid), 0u);
}

// At mu = 0 stronge, poisson and newton are Newton's frictionless impulse: they agree to rounding.
TEST(SweepCompare, IncrementalLawsAgreeAtZeroFriction) {
  PlanarSweepSpec s = compare_spec({{0, 1}, {0, 2}, {1, 2}});
  s.plan.mu = {ScalarKind::constant, 0.0, 0.0, 1};
  s.axes[1] = {PlanarQuantity::e, 0.0, 1.0, 10};
  const PlanarSweepResult r = run_sweep_cpu(s, 0, kSamples, 4096, 2, nullptr);
  for (int p = 0; p < s.n_pairs; ++p) {
    const int slot = s.n_laws + p;
    EXPECT_EQ(r.pair_total(slot, CompareWords::both_valid), kSamples);
    EXPECT_LE(r.max_value(slot), 1e-13) << p;
    EXPECT_EQ(r.pair_total(slot, CompareWords::type_differs), 0u);
  }
}

// Where Stronge's outcome is Type 5 (forward sliding throughout) the slip direction never changes and the
// three incremental laws agree to rounding, sample by sample; and the compare words are a recount.
TEST(SweepCompare, TypeFiveAgreementAndTheWordsAreARecount) {
  const PlanarSweepSpec s = compare_spec({{0, 1}, {0, 2}, {2, 4}, {3, 4}});
  const PlanarSweepResult r = run_sweep_cpu(s, 0, kSamples, 4096, 1, nullptr);
  std::uint64_t both[4] = {}, differ[4] = {}, type5 = 0;
  double max[4] = {};
  for (std::uint64_t k = 0; k < kSamples; ++k) {
    const PlanarSample smp = draw_planar_sample(s.plan, k);
    CompareOutcome o[5];
    for (int l = 0; l < s.n_laws; ++l) o[l] = compare_outcome(evaluate(s.laws[l], smp.c));
    if (o[0].ok && o[0].type == 5) {
      ++type5;
      EXPECT_LE(disagreement(smp.c, o[0], o[1]), 1e-12) << k;
      EXPECT_LE(disagreement(smp.c, o[0], o[2]), 1e-12) << k;
    }
    for (int p = 0; p < s.n_pairs; ++p) {
      const int a = s.pairs[p].a, b = s.pairs[p].b;
      if (!o[a].ok || !o[b].ok) continue;
      ++both[p];
      differ[p] += types_differ(smp.c, s.laws[a], o[a], s.laws[b], o[b]);
      max[p] = std::fmax(max[p], disagreement(smp.c, o[a], o[b]));
    }
  }
  EXPECT_GT(type5, 1000u);
  for (int p = 0; p < s.n_pairs; ++p) {
    const int slot = s.n_laws + p;
    EXPECT_EQ(r.pair_total(slot, CompareWords::both_valid), both[p]);
    EXPECT_EQ(r.pair_total(slot, CompareWords::type_differs), differ[p]);
    EXPECT_EQ(r.max_value(slot), max[p]);
    // The first witness is the largest disagreement.
    ASSERT_FALSE(r.witnesses[static_cast<std::size_t>(slot)].empty());
    EXPECT_EQ(r.witnesses[static_cast<std::size_t>(slot)][0].value, max[p]);
  }
  // Stronge and Poisson differ somewhere with friction (else the map would be empty).
  EXPECT_GT(max[0], 1e-3);
}

TEST(SweepCompare, SameWordsAndWitnessesOnAnyThreadCount) {
  const PlanarSweepSpec s = compare_spec({{0, 2}, {3, 4}});
  const PlanarSweepResult a = run_sweep_cpu(s, 0, kSamples, 4096, 1, nullptr);
  const PlanarSweepResult b = run_sweep_cpu(s, 0, kSamples, 1000, 2, nullptr);
  EXPECT_EQ(a.words, b.words);
  ASSERT_EQ(a.witnesses.size(), static_cast<std::size_t>(s.n_laws + s.n_pairs));
  ASSERT_EQ(a.witnesses.size(), b.witnesses.size());
  for (std::size_t l = 0; l < a.witnesses.size(); ++l) {
    ASSERT_EQ(a.witnesses[l].size(), b.witnesses[l].size());
    for (std::size_t i = 0; i < a.witnesses[l].size(); ++i)
      EXPECT_EQ(a.witnesses[l][i].index, b.witnesses[l][i].index);
  }
}

}  // namespace
}  // namespace collsweep

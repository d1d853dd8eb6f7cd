// Planar sweeps with Chatterjee's thesis laws: the constraint and solution-count words, their independence
// of the thread count, and that the thesis laws' parameters leave every other input of a sample unchanged.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "backend/cpu_backend.hpp"
#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/sampler.hpp"
#include "collsweep/models/planar/sweep.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

// Every planar law over the quickstart plan, with the combined law's weights and Brach's ratio drawn.
PlanarSweepSpec all_laws_spec() {
  PlanarSweepSpec s = testing::quickstart_spec();
  for (int l = 0; l < planar_law_count; ++l) s.laws[l] = static_cast<PlanarLaw>(l);
  s.n_laws = planar_law_count;
  s.plan.s1 = {ScalarKind::uniform, 0.0, 0.5, 1};
  s.plan.s2 = {ScalarKind::constant, 0.25, 0.25, 1};
  s.plan.ratio = {ScalarKind::uniform, 0.0, 1.5, 1};
  return s;
}

constexpr std::uint64_t kSamples = 20000;

TEST(SweepThesisLaws, ExistingSweepsKeepTheirLayout) {
  const PlanarSweepSpec s = testing::quickstart_spec();
  EXPECT_FALSE(s.tallies_thesis_words());
  EXPECT_EQ(tally_layout(s).pair_words, static_cast<std::uint32_t>(PlanarWords::count));
  const PlanarSweepSpec t = all_laws_spec();
  EXPECT_TRUE(t.tallies_thesis_words());
  EXPECT_EQ(tally_layout(t).pair_words, static_cast<std::uint32_t>(PlanarWords::count_thesis));
  const SampleNeeds n = sample_needs(s);
  EXPECT_EQ(n.inputs & (planar_input::weights | planar_input::ratio), 0u);
}

// The thesis laws' parameters (the combined law's weights, Brach's ratio) have their own streams: drawing
// them changes no other input of any sample.
TEST(SweepThesisLaws, NewParametersLeaveTheOtherInputsBitForBit) {
  const PlanarSweepSpec base = testing::quickstart_spec();
  const PlanarSweepSpec all = all_laws_spec();
  for (std::uint64_t k = 0; k < 2000; ++k) {
    const PlanarSample a = draw_planar_sample(base.plan, k, sample_needs(base));
    const PlanarSample b = draw_planar_sample(all.plan, k, sample_needs(all));
    ASSERT_EQ(std::memcmp(&a.c.W, &b.c.W, sizeof a.c.W), 0) << k;
    ASSERT_EQ(std::memcmp(&a.c.v, &b.c.v, sizeof a.c.v), 0) << k;
    ASSERT_EQ(a.c.mu, b.c.mu);
    ASSERT_EQ(a.c.e, b.c.e);
    ASSERT_EQ(a.c.e_t, b.c.e_t);
    ASSERT_EQ(a.theta_deg, b.theta_deg);
    EXPECT_EQ(a.c.ratio, 0.0);
    EXPECT_GE(b.c.s1, 0.0);
    EXPECT_LT(b.c.s1, 0.5);
    EXPECT_EQ(b.c.s2, 0.25);
    EXPECT_GE(b.c.ratio, 0.0);
    EXPECT_LT(b.c.ratio, 1.5);
  }
}

// The tally's thesis words against a recount here, sample by sample, with the kernel and the checker.
TEST(SweepThesisLaws, ConstraintAndSolutionWordsAreARecountOfTheSamples) {
  const PlanarSweepSpec s = all_laws_spec();
  const PlanarSweepResult r = run_sweep_cpu(s, 0, kSamples, 4096, 1, nullptr);
  std::uint64_t c[planar_law_count][4] = {}, sol[planar_law_count][4] = {}, nc[planar_law_count] = {};
  for (std::uint64_t k = 0; k < kSamples; ++k) {
    const PlanarSample smp = draw_planar_sample(s.plan, k);
    for (int l = 0; l < planar_law_count; ++l) {
      LawReport rep;
      const PlanarOutcome o = evaluate(s.laws[l], smp.c, &rep);
      const ConstraintReport ck = check_constraints(smp.c, o, s.tolerance);
      for (int i = 0; i < 4; ++i) c[l][i] += o.status == Status::ok && (ck.violated & (1u << i));
      if (o.status == Status::ok || o.status == Status::no_consistent_solution ||
          o.status == Status::not_converged)
        ++sol[l][rep.solutions < 3 ? rep.solutions : 3];
      nc[l] += o.status == Status::not_converged;
    }
  }
  for (int l = 0; l < planar_law_count; ++l) {
    SCOPED_TRACE(law_name(s.laws[l]));
    for (int i = 0; i < 4; ++i) EXPECT_EQ(r.pair_total(l, PlanarWords::c1 + i), c[l][i]) << "C" << i + 1;
    for (int i = 0; i < 4; ++i) EXPECT_EQ(r.pair_total(l, PlanarWords::solutions_0 + i), sol[l][i]);
    EXPECT_EQ(r.pair_total(l, PlanarWords::not_converged), nc[l]);
    // C1 counts exactly the energy gains (the checker's impulse form and the outcome's dE agree off the
    // tolerance's edge on these samples).
    EXPECT_EQ(r.pair_total(l, PlanarWords::c1), r.pair_total(l, PlanarWords::gain));
    EXPECT_EQ(r.pair_total(l, PlanarWords::violation), 0u);
  }
  const auto total = [&](PlanarLaw law, std::uint32_t word) {
    for (int l = 0; l < planar_law_count; ++l)
      if (s.laws[l] == law) return r.pair_total(l, word);
    return std::uint64_t{0};
  };
  // Theorems: Smith never violates C1 or C3 (Chatterjee 1997 §10.3); Laws I, III and the combined law stay in
  // the accessible region (§6.5-§6.6); no law pulls (C4) or penetrates (C2), Brach excepted for C3.
  for (PlanarLaw law : {planar_law<Smith>, planar_law<ChatterjeeLaw1>, planar_law<ChatterjeeLaw3>,
                        planar_law<ChatterjeeCombined>, planar_law<Stronge>, planar_law<Poisson>})
    for (std::uint32_t w : {PlanarWords::c1, PlanarWords::c2, PlanarWords::c3, PlanarWords::c4})
      EXPECT_EQ(total(law, w), 0u) << law_name(law) << " word " << w;
  EXPECT_GT(total(planar_law<KaneLevinson>, PlanarWords::c1), 0u) << "Kane's paradox";
  EXPECT_GT(total(planar_law<Brach>, PlanarWords::c3), 0u) << "ratio > mu on part of the samples";
  // Planar Kane-Levinson has exactly one consistent state (docs/thesis-laws.md).
  EXPECT_EQ(total(planar_law<KaneLevinson>, PlanarWords::solutions_1), kSamples);
}

// run.constraints: the thesis words for the first four laws alone; Newton's C1 is its energy gains, Stronge,
// Poisson and Law II (e_t in [-1, 1]) stay in the accessible region.
TEST(SweepThesisLaws, ConstraintsWithoutAThesisLaw) {
  PlanarSweepSpec s = testing::quickstart_spec();
  s.constraints = true;
  EXPECT_EQ(tally_layout(s).pair_words, static_cast<std::uint32_t>(PlanarWords::count_thesis));
  const PlanarSweepResult r = run_sweep_cpu(s, 0, kSamples, 4096, 2, nullptr);
  for (int l = 0; l < s.n_laws; ++l) {
    SCOPED_TRACE(law_name(s.laws[l]));
    EXPECT_EQ(r.pair_total(l, PlanarWords::c1), r.pair_total(l, PlanarWords::gain));
    EXPECT_EQ(r.pair_total(l, PlanarWords::solutions_1), kSamples);
    for (std::uint32_t w : {PlanarWords::c2, PlanarWords::c3, PlanarWords::c4})
      EXPECT_EQ(r.pair_total(l, w), 0u);
  }
  EXPECT_GT(r.pair_total(2, PlanarWords::c1), 0u) << "newton gains (Kane's example)";
  EXPECT_EQ(r.pair_total(0, PlanarWords::c1), 0u);
}

TEST(SweepThesisLaws, SameWordsAndWitnessesOnAnyThreadCountAndBatch) {
  const PlanarSweepSpec s = all_laws_spec();
  const PlanarSweepResult a = run_sweep_cpu(s, 0, kSamples, 4096, 1, nullptr);
  const PlanarSweepResult b = run_sweep_cpu(s, 0, kSamples, 1000, 2, nullptr);
  EXPECT_EQ(a.words, b.words);
  ASSERT_EQ(a.witnesses.size(), b.witnesses.size());
  for (std::size_t l = 0; l < a.witnesses.size(); ++l) {
    ASSERT_EQ(a.witnesses[l].size(), b.witnesses[l].size());
    for (std::size_t i = 0; i < a.witnesses[l].size(); ++i)
      EXPECT_EQ(a.witnesses[l][i].index, b.witnesses[l][i].index);
  }
}

// Map axes over the laws' own parameters (s1, s2 of chatterjee-combined, brach's ratio): the sweep draws them
// for the axis alone, and each bin holds exactly the samples whose drawn value falls in it (a recount here).
TEST(SweepThesisLaws, MapAxesOverTheLawParametersBinTheDrawnValues) {
  for (const PlanarQuantity q : {PlanarQuantity::s1, PlanarQuantity::s2, PlanarQuantity::ratio}) {
    SCOPED_TRACE(quantity_name(q));
    PlanarSweepSpec s = all_laws_spec();
    s.plan.s2 = {ScalarKind::uniform, 0.0, 0.5, 1};
    s.laws[0] = planar_law<Stronge>;  // reads none of them: the axis alone makes the sweep draw them
    s.n_laws = 1;
    const double hi = q == PlanarQuantity::ratio ? 1.5 : 0.5;
    s.axes[0] = MapAxis<PlanarQuantity>{q, 0.0, hi, 6};
    s.n_axes = 1;
    const SampleNeeds n = sample_needs(s);
    EXPECT_EQ((n.inputs & planar_input::weights) != 0u, q != PlanarQuantity::ratio);
    EXPECT_EQ((n.inputs & planar_input::ratio) != 0u, q == PlanarQuantity::ratio);
    const PlanarSweepResult r = run_sweep_cpu(s, 0, kSamples, 4096, 2, nullptr);
    std::uint64_t bins[6] = {};
    for (std::uint64_t k = 0; k < kSamples; ++k) {
      const PlanarSample smp = draw_planar_sample(s.plan, k, n);
      const double x = q == PlanarQuantity::s1 ? smp.c.s1 : q == PlanarQuantity::s2 ? smp.c.s2 : smp.c.ratio;
      ASSERT_TRUE(x >= 0.0 && x < hi) << k;
      ++bins[static_cast<int>(x / hi * 6)];
    }
    for (std::uint32_t b = 0; b < 6; ++b) {
      EXPECT_EQ(r.words[r.layout.samples(b)], bins[b]) << "bin " << b;
      EXPECT_GT(bins[b], kSamples / 12) << "a uniform draw fills every bin";
    }
  }
}

}  // namespace
}  // namespace collsweep

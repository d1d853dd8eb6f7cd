// Spatial sweeps with Chatterjee's thesis laws: the thesis words (constraints C1-C4, solution
// counts, convergence, cases) against an independent one-sample loop, the constraint flags against the laws'
// own energy balance and theorems, the classic words unchanged by run.constraints, the law-parameter axes,
// the same words for any thread count and batch size, and the same words with the Routh laws' outcomes given
// (the GPU's batches).
#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "collsweep/models/spatial/sweep.hpp"
#include "oracles/sweep_reference.hpp"

namespace collsweep {
namespace {

using Wd = SpatialWords;

constexpr int kClassicLaws = static_cast<int>(spatial_law<ChatterjeeRuina3d>) + 1;

// Every spatial law on a psi x mu map with the thesis laws' parameters drawn: the combined law's weights
// over a square that leaves the triangle s1 + s2 <= 1 (those samples are invalid for it), Brach's ratios
// beyond the friction cone (C3 fails there).
SpatialSweepSpec thesis_spec(SpatialMatrixKind kind) {
  SpatialSweepSpec s;
  s.plan.seed = 41;
  s.plan.W.kind = kind;
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  s.plan.s1 = {ScalarKind::uniform, 0.0, 0.7, 1};
  s.plan.s2 = {ScalarKind::uniform, 0.0, 0.7, 1};
  s.plan.r1 = {ScalarKind::uniform, -0.5, 1.5, 1};
  s.plan.r2 = {ScalarKind::uniform, -0.5, 0.5, 1};
  s.axes[0] = {SpatialQuantity::psi, 0.0, 90.0, 3};
  s.axes[1] = {SpatialQuantity::mu, 0.0, 1.5, 2};
  s.n_axes = 2;
  for (int l = 0; l < spatial_law_count; ++l) s.laws[l] = static_cast<SpatialLaw>(l);
  s.n_laws = spatial_law_count;
  s.witnesses = 6;
  return s;
}

// The thesis words of one (cell, law) pair, counted one sample at a time from evaluate_spatial's outcome and
// report and check_constraints.
struct Expected {
  std::uint64_t c[4] = {}, solutions[4] = {}, not_converged = 0, cases[3] = {}, valid = 0, gain = 0;
};

TEST(SpatialThesisSweep, ThesisWordsAreTheOneSampleLoop) {
  for (const auto kind : {SpatialMatrixKind::direct, SpatialMatrixKind::bodies}) {
    SCOPED_TRACE(static_cast<int>(kind));
    const SpatialSweepSpec s = thesis_spec(kind);
    const std::uint64_t n = 1500;
    const TallyLayout L = tally_layout(s);
    ASSERT_EQ(L.pair_words, static_cast<std::uint32_t>(Wd::count_thesis));
    std::vector<Expected> want((L.cells + 1) * s.n_laws);
    for (std::uint64_t k = 0; k < n; ++k) {
      const SpatialSample smp = draw_spatial_sample(s.plan, k);
      const std::uint32_t cell = L.tally_cell(map_cell(s, smp));
      for (int l = 0; l < s.n_laws; ++l) {
        LawReport rep;
        const SpatialOutcome o = evaluate_spatial(s.laws[l], smp.c, smp.params, &rep);
        Expected& e = want[cell * s.n_laws + l];
        if (o.status == Status::ok) {
          ++e.valid;
          e.gain += o.dE_rel > s.tolerance;
          const ConstraintReport k4 = check_constraints(smp.c, o, s.tolerance);
          const unsigned flags[] = {kViolatesC1Energy, kViolatesC2Penetration, kViolatesC3Coulomb,
                                    kViolatesC4Compressive};
          for (int i = 0; i < 4; ++i) e.c[i] += (k4.violated & flags[i]) != 0;
          if (is_thesis_law(s.laws[l])) {
            ASSERT_GE(rep.type, 1) << law_name(s.laws[l]);  // every valid thesis outcome has its case
            ASSERT_LE(rep.type, 3) << law_name(s.laws[l]);
            ++e.cases[rep.type - 1];
          }
        }
        if (o.status == Status::ok || o.status == Status::no_consistent_solution ||
            o.status == Status::not_converged)
          ++e.solutions[rep.solutions < 3 ? rep.solutions : 3];
        e.not_converged += o.status == Status::not_converged;
      }
    }
    const SpatialSweepResult r = run_sweep_cpu(s, 0, n, 400, 2);
    std::uint64_t cases_all = 0, c3_brach = 0, valid_combined = 0;
    for (std::uint32_t c = 0; c <= L.cells; ++c)
      for (int l = 0; l < s.n_laws; ++l) {
        SCOPED_TRACE(law_name(s.laws[l]));
        const Expected& e = want[c * s.n_laws + l];
        const u64* p = r.words.data() + L.pair(c, l);
        for (int i = 0; i < 4; ++i) {
          EXPECT_EQ(p[Wd::c1 + i], e.c[i]) << "C" << i + 1 << " cell " << c;
          EXPECT_EQ(p[Wd::solutions_0 + i], e.solutions[i]) << "solutions " << i << " cell " << c;
        }
        EXPECT_EQ(p[Wd::not_converged], e.not_converged);
        EXPECT_EQ(p[Wd::gain], e.gain);
        // Valid = modes (Routh laws, Law II) + cases (thesis laws): each valid sample exactly once.
        std::uint64_t valid = 0;
        for (int m = 0; m < 7; ++m) valid += p[Wd::mode_A + m];
        for (int i = 0; i < 3; ++i) {
          EXPECT_EQ(p[Wd::case_1 + i], e.cases[i]) << "case " << i + 1;
          valid += p[Wd::case_1 + i];
          cases_all += e.cases[i];
        }
        EXPECT_EQ(valid, e.valid) << "cell " << c;
        if (s.laws[l] == spatial_law<Brach3d>) c3_brach += e.c[2];
        if (s.laws[l] == spatial_law<ChatterjeeCombined3d>) valid_combined += e.valid;
      }
    // Not trivial: the thesis laws have cases, Brach's ratios leave the cone, and the combined law is invalid
    // outside the weights' triangle (about 1 - 1/(2 * 0.49) of its samples: some, not all).
    EXPECT_GT(cases_all, n * 5);
    EXPECT_GT(c3_brach, n / 10);
    EXPECT_GT(valid_combined, n / 3);
    EXPECT_LT(valid_combined, n);
  }
}

// The constraint flags against the laws' own energy balance and the thesis's theorems, over every cell:
// C1 (the energy ellipsoid) is violated exactly where dE > tolerance * T_acc; no law penetrates (C2) or pulls
// (C4); only Brach's given ratios and the engine law's pyramid leave the friction cone (C3: Routh's laws and
// Law II keep |P_t| <= mu P_n by construction, Laws I and III and the combined law project onto it,
// Kane-Levinson and Smith slide at the cone's edge); Laws I, III, the combined law and Smith's law never gain
// (the theorem counter stays 0).
TEST(SpatialThesisSweep, ConstraintFlagsAgreeWithTheEnergyAndTheTheorems) {
  const SpatialSweepSpec s = thesis_spec(SpatialMatrixKind::canonical);
  const SpatialSweepResult r = run_sweep_cpu(s, 0, 3000, 1000, 2);
  for (int l = 0; l < s.n_laws; ++l) {
    const SpatialLaw law = s.laws[l];
    SCOPED_TRACE(law_name(law));
    EXPECT_EQ(r.pair_total(l, Wd::c1), r.pair_total(l, Wd::gain));
    EXPECT_EQ(r.pair_total(l, Wd::c2), 0u);
    EXPECT_EQ(r.pair_total(l, Wd::c4), 0u);
    // sequential-impulse-3d's pyramid reaches beyond Coulomb's cone (|P_T| up to sqrt(2) mu P_n), and after K
    // sweeps its last normal row may have lowered P_n below the bound its friction rows had.
    if (law != spatial_law<Brach3d> && law != spatial_law<SequentialImpulse3d>) {
      EXPECT_EQ(r.pair_total(l, Wd::c3), 0u);
    }
    EXPECT_EQ(r.pair_total(l, Wd::violation), 0u);
  }
  // The laws without a theorem do gain here (Newton's and Kane-Levinson's: Kane's paradox; Brach's).
  for (const SpatialLaw law : {spatial_law<Newton3d>, spatial_law<KaneLevinson3d>, spatial_law<Brach3d>})
    EXPECT_GT(r.pair_total(static_cast<int>(law), Wd::gain), 0u) << law_name(law);
}

// run.constraints on a sweep of the three Routh laws and Law II adds the thesis words and changes nothing
// else: every classic word of every pair, and the witnesses, are those of the sweep without it.
TEST(SpatialThesisSweep, ConstraintsKeepTheClassicWords) {
  SpatialSweepSpec s = thesis_spec(SpatialMatrixKind::direct);
  s.n_laws = kClassicLaws;
  ASSERT_FALSE(s.tallies_thesis_words());
  const SpatialSweepResult plain = run_sweep_cpu(s, 0, 1200, 500, 2);
  ASSERT_EQ(plain.layout.pair_words, static_cast<std::uint32_t>(Wd::count));
  s.constraints = true;
  const SpatialSweepResult with = run_sweep_cpu(s, 0, 1200, 500, 2);
  ASSERT_EQ(with.layout.pair_words, static_cast<std::uint32_t>(Wd::count_thesis));
  for (std::uint32_t c = 0; c <= plain.layout.cells; ++c) {
    EXPECT_EQ(plain.words[plain.layout.samples(c)], with.words[with.layout.samples(c)]);
    for (int l = 0; l < s.n_laws; ++l)
      for (std::uint32_t w = 0; w < Wd::count; ++w)
        EXPECT_EQ(plain.words[plain.layout.pair(c, l) + w], with.words[with.layout.pair(c, l) + w])
            << "cell " << c << " law " << l << " word " << w;
  }
  for (int l = 0; l < s.n_laws; ++l) {
    ASSERT_EQ(plain.witnesses[l].size(), with.witnesses[l].size());
    for (std::size_t i = 0; i < plain.witnesses[l].size(); ++i)
      EXPECT_EQ(plain.witnesses[l][i].index, with.witnesses[l][i].index);
    // Their laws give no case and one solution per valid sample.
    EXPECT_EQ(
        with.pair_total(l, Wd::case_1) + with.pair_total(l, Wd::case_2) + with.pair_total(l, Wd::case_3), 0u);
    std::uint64_t valid = 0;
    for (int m = 0; m < 7; ++m) valid += with.pair_total(l, Wd::mode_A + m);
    EXPECT_EQ(with.pair_total(l, Wd::solutions_1), valid);
  }
}

// Drawing the thesis parameters leaves every other input of every sample as it was (their streams are new),
// and a sweep that reads none of them draws none.
TEST(SpatialThesisSweep, ParameterStreamsLeaveTheOtherInputsAlone) {
  SpatialSweepSpec s = thesis_spec(SpatialMatrixKind::bodies);
  for (std::uint64_t k = 0; k < 200; ++k) {
    const SpatialSample with = draw_spatial_sample(s.plan, k);
    const SpatialSample without = draw_spatial_sample(s.plan, k, SpatialNeeds{spatial_input::e_t});
    const double a[] = {with.c.W.a, with.c.W.c1, with.c.W.b12, with.c.v.n,  with.c.v.t2,
                        with.c.mu,  with.c.e,    with.c.e_t,   with.psi_deg};
    const double b[] = {without.c.W.a, without.c.W.c1, without.c.W.b12, without.c.v.n,  without.c.v.t2,
                        without.c.mu,  without.c.e,    without.c.e_t,   without.psi_deg};
    for (int i = 0; i < 9; ++i) EXPECT_EQ(a[i], b[i]) << "sample " << k << " input " << i;
    EXPECT_EQ(without.params.s1, 0.0);
    EXPECT_EQ(without.params.r2, 0.0);
    EXPECT_GE(with.params.s1, 0.0);
    EXPECT_LE(with.params.s1, 0.7);
    EXPECT_GE(with.params.r1, -0.5);
    EXPECT_LE(with.params.r1, 1.5);
  }
  const SpatialNeeds all = sample_needs(s);
  EXPECT_EQ(all.inputs,
            spatial_input::weights | spatial_input::ratio | spatial_input::e_t | spatial_input::engine);
  s.n_laws = kClassicLaws;
  const SpatialNeeds classic = sample_needs(s);
  EXPECT_EQ(classic.inputs & (spatial_input::weights | spatial_input::ratio), 0u);
  s.axes[1] = {SpatialQuantity::r2, -0.5, 0.5, 2};  // an axis reads its parameter without a law that does
  EXPECT_NE(sample_needs(s).inputs & spatial_input::ratio, 0u);
  EXPECT_EQ(sample_needs(s).inputs & spatial_input::weights, 0u);
}

// Map axes over s1, s2, r1, r2: each bin holds exactly the samples whose drawn parameter falls in it.
TEST(SpatialThesisSweep, LawParameterAxesBinTheDrawnValues) {
  for (const SpatialQuantity q :
       {SpatialQuantity::s1, SpatialQuantity::s2, SpatialQuantity::r1, SpatialQuantity::r2}) {
    SCOPED_TRACE(quantity_name(q));
    SpatialSweepSpec s = thesis_spec(SpatialMatrixKind::canonical);
    s.laws[0] = spatial_law<ChatterjeeCombined3d>;
    s.laws[1] = spatial_law<Brach3d>;
    s.n_laws = 2;
    const bool weight = q == SpatialQuantity::s1 || q == SpatialQuantity::s2;
    const double lo = weight ? 0.0 : -0.5, hi = weight ? 0.7 : (q == SpatialQuantity::r1 ? 1.5 : 0.5);
    s.axes[0] = {q, lo, hi, 5};
    s.n_axes = 1;
    const std::uint64_t n = 2000;
    const SpatialSweepResult r = run_sweep_cpu(s, 0, n, 300, 2);
    std::vector<std::uint64_t> want(6, 0);
    for (std::uint64_t k = 0; k < n; ++k) {
      const SpatialSample smp = draw_spatial_sample(s.plan, k, sample_needs(s));
      const double x = quantity_value(smp, q);
      ASSERT_GE(x, lo);
      ASSERT_LE(x, hi);
      ++want[r.layout.tally_cell(map_cell(s, smp))];
    }
    for (std::uint32_t c = 0; c <= r.layout.cells; ++c) {
      EXPECT_EQ(r.words[r.layout.samples(c)], want[c]) << "cell " << c;
      if (c < r.layout.cells) {
        EXPECT_GT(want[c], n / 10) << "cell " << c;  // uniform draws fill every bin
      }
    }
  }
}

TEST(SpatialThesisSweep, BatchedThreadsAreTheSweepSampleLoop) {
  const SpatialSweepSpec s = thesis_spec(SpatialMatrixKind::mechanism);
  testing::expect_sweep_equals_reference(s, 3, 900,
                                         [&](int threads) { return run_sweep_cpu(s, 3, 900, 137, threads); });
}

// The GPU's batches (kernels/spatial_given_sweep.cuh) give the sweep the Routh laws' outcomes from their
// items and evaluate the other laws without the Routh laws' code (evaluate_spatial_without_routh): the
// words and witnesses are those of sweep_sample, for every law with the thesis words and for the four
// classic laws without them.
struct RouthOutcomesOfSample {
  static constexpr bool gives_routh_outcomes = true;
  const SpatialOutcome* routh;  // per law slot; meaningful for the Routh laws' slots
  const SpatialSweepSpec& s;
  const SpatialOutcome* operator()(int i) const { return is_routh_law(s.laws[i]) ? routh + i : nullptr; }
};

template <class Spec>
void expect_given_routh_outcomes_equal_reference(const Spec& s, std::uint64_t count) {
  constexpr bool kAllLaws = !std::is_same_v<Spec, ClassicSpatialSweepSpec>;
  const auto constants = sweep_constants(s);
  const TallyLayout L = tally_layout(s);
  std::vector<u64> reference(L.words(), 0), given(L.words(), 0);
  LawWitnesses reference_sink(s.witnesses), given_sink(s.witnesses);
  for (std::uint64_t k = 0; k < count; ++k) {
    sweep_sample<PlainOps>(s, constants, L, reference.data(), k, reference_sink);
    const SpatialSample smp = draw_spatial_sample(s.plan, k, constants.needs);
    SpatialOutcome routh[max_sweep_laws];
    for (int l = 0; l < s.n_laws; ++l) {
      if (is_routh_law(s.laws[l])) {
        routh[l] = evaluate_routh(s.laws[l], smp.c);
        EXPECT_EQ(evaluate_spatial_without_routh(s.laws[l], smp.c, smp.params, nullptr).status,
                  Status::numerical_failure);
      }
    }
    sweep_drawn_sample<PlainOps, LawWitnesses, kAllLaws>(s, constants, L, given.data(), smp, k, given_sink,
                                                         RouthOutcomesOfSample{routh, s});
  }
  ASSERT_EQ(given, reference);
  for (int l = 0; l < s.n_laws; ++l) {
    ASSERT_EQ(given_sink.law[l].n, reference_sink.law[l].n) << "law " << l;
    for (int i = 0; i < reference_sink.law[l].n; ++i)
      EXPECT_EQ(given_sink.law[l].w[i].index, reference_sink.law[l].w[i].index);
  }
}

TEST(SpatialThesisSweep, GivenRouthOutcomesAreTheOneSampleLoop) {
  const SpatialSweepSpec all = thesis_spec(SpatialMatrixKind::bodies);
  expect_given_routh_outcomes_equal_reference(all, 600);
  ClassicSpatialSweepSpec classic{thesis_spec(SpatialMatrixKind::direct)};
  classic.n_laws = kClassicLaws;
  ASSERT_FALSE(classic.tallies_thesis_words());
  expect_given_routh_outcomes_equal_reference(classic, 1500);
}

}  // namespace
}  // namespace collsweep

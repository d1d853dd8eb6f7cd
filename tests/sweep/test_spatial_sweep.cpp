// Spatial sweeps on the CPU: the tally against an independent one-sample loop over evaluate_spatial, the
// same words for any thread count, batch size and split into ranges, every sample counted once, and the
// theorems (stronge-3d; poisson-3d, Ivanov 1992; chatterjee-ruina-3d for e_t <= 1) as zero violation
// counters that count every gain they forbid.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "collsweep/models/spatial/sweep.hpp"
#include "oracles/sweep_reference.hpp"

namespace collsweep {
namespace {

using Wd = SpatialWords;

// The three Routh laws and Law II on a psi x mu_ratio map (mu_ratio = mu / mu_c: samples with mu_c = 0
// or mu / mu_c > 2 fall outside it), e_t drawn over [-1, 1.5] so that chatterjee-ruina-3d also sees
// e_t > 1. The thesis laws' sweeps are test_spatial_thesis_sweep.cpp's.
SpatialSweepSpec all_laws(SpatialMatrixKind kind) {
  SpatialSweepSpec s;
  s.plan.seed = 29;
  s.plan.W.kind = kind;
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.e_t = {ScalarKind::uniform, -1.0, 1.5, 1};
  s.axes[0] = {SpatialQuantity::psi, 0.0, 90.0, 6};
  s.axes[1] = {SpatialQuantity::mu_ratio, 0.0, 2.0, 4};
  s.n_axes = 2;
  s.n_laws = static_cast<int>(spatial_law<ChatterjeeRuina3d>) + 1;
  for (int l = 0; l < s.n_laws; ++l) s.laws[l] = static_cast<SpatialLaw>(l);
  s.witnesses = 8;
  return s;
}

// What one (cell, law) pair should hold, counted from evaluate_spatial's outcomes one sample at a time.
struct Expected {
  std::uint64_t gain = 0, violation = 0, invalid = 0, degenerate = 0, jam = 0, modes[7] = {};
  std::uint64_t directions_2 = 0, directions_4 = 0, stick = 0, swerve_micro = 0;
  double max_dE_rel = -INFINITY, max_swerve = -INFINITY;
};

TEST(SpatialSweep, TallyIsTheOneSampleLoopOverEvaluateSpatial) {
  for (const auto kind : {SpatialMatrixKind::direct, SpatialMatrixKind::bodies}) {
    SCOPED_TRACE(static_cast<int>(kind));
    const SpatialSweepSpec s = all_laws(kind);
    const std::uint64_t n = 3000;
    const TallyLayout L = tally_layout(s);
    std::vector<Expected> want((L.cells + 1) * s.n_laws);
    std::vector<std::uint64_t> samples(L.cells + 1, 0);
    std::vector<std::vector<Witness>> gains(s.n_laws);
    for (std::uint64_t k = 0; k < n; ++k) {
      const SpatialSample smp = draw_spatial_sample(s.plan, k);  // e_t drawn: chatterjee-ruina-3d reads it
      const std::uint32_t cell = L.tally_cell(map_cell(s, smp));
      ++samples[cell];
      for (int l = 0; l < s.n_laws; ++l) {
        const SpatialOutcome o = evaluate_spatial(s.laws[l], smp.c);
        Expected& e = want[cell * s.n_laws + l];
        if (o.status == Status::jam) {
          ++e.jam;
        } else if (o.status == Status::delassus_not_spd || o.status == Status::numerical_failure) {
          ++e.degenerate;
        } else if (o.status != Status::ok) {
          ++e.invalid;
        } else {
          ++e.modes[static_cast<int>(o.mode) - 1];
          e.directions_2 += o.n_invariant == 2;
          e.directions_4 += o.n_invariant == 4;
          e.stick += smp.c.mu >= o.mu_c;
          const bool forbids = s.laws[l] == spatial_law<Stronge3d> || s.laws[l] == spatial_law<Poisson3d> ||
                               (s.laws[l] == spatial_law<ChatterjeeRuina3d> && smp.c.e_t <= 1.0);
          if (o.dE_rel > s.tolerance) {
            ++e.gain;
            e.violation += forbids;
            gains[l].push_back(Witness{o.dE_rel, k});
          }
          e.max_dE_rel = std::max(e.max_dE_rel, o.dE_rel);
          e.max_swerve = std::max(e.max_swerve, std::fabs(o.swerve_deg));
          e.swerve_micro += static_cast<std::uint64_t>(std::fabs(o.swerve_deg) * 1e6 + 0.5);
        }
      }
    }
    const SpatialSweepResult r = run_sweep_cpu(s, 0, n, 700, 2);
    std::uint64_t valid_all = 0, stick_all = 0, jams = 0;
    for (std::uint32_t c = 0; c <= L.cells; ++c) {
      ASSERT_EQ(r.words[L.samples(c)], samples[c]) << "cell " << c;
      for (int l = 0; l < s.n_laws; ++l) {
        const Expected& e = want[c * s.n_laws + l];
        const u64* p = r.words.data() + L.pair(c, l);
        EXPECT_EQ(p[Wd::gain], e.gain);
        EXPECT_EQ(p[Wd::violation], e.violation);
        EXPECT_EQ(p[Wd::invalid], e.invalid);
        EXPECT_EQ(p[Wd::degenerate], e.degenerate);
        EXPECT_EQ(p[Wd::jam], e.jam);
        std::uint64_t valid = 0;
        for (int m = 0; m < 7; ++m) {
          EXPECT_EQ(p[Wd::mode_A + m], e.modes[m]) << "mode " << m;
          valid += e.modes[m];
        }
        EXPECT_EQ(p[Wd::directions_2], e.directions_2);
        EXPECT_EQ(p[Wd::directions_4], e.directions_4);
        EXPECT_EQ(p[Wd::stick_regime], e.stick);
        EXPECT_EQ(p[Wd::swerve_sum], e.swerve_micro);
        if (valid) {
          EXPECT_EQ(key_value(p[Wd::max_key]), e.max_dE_rel);
          EXPECT_EQ(key_value(p[Wd::swerve_max]), e.max_swerve);
        } else {
          EXPECT_EQ(p[Wd::max_key], 0u);
          EXPECT_EQ(p[Wd::swerve_max], 0u);
        }
        valid_all += valid;
        stick_all += e.stick;
        jams += e.jam;
      }
    }
    // The sample is not trivial: most outcomes valid, some sticking, and (direct W) some jams.
    EXPECT_GT(valid_all, 9 * n * s.n_laws / 10);
    EXPECT_GT(stick_all, valid_all / 10);
    if (kind == SpatialMatrixKind::direct) {
      EXPECT_GT(jams, 0u);
    }
    // The witnesses are the largest gains, ranked, ties to the smaller sample index.
    for (int l = 0; l < s.n_laws; ++l) {
      std::sort(gains[l].begin(), gains[l].end(), ranks_before);
      gains[l].resize(std::min<std::size_t>(gains[l].size(), s.witnesses));
      ASSERT_EQ(r.witnesses[l].size(), gains[l].size()) << law_name(s.laws[l]);
      for (std::size_t i = 0; i < gains[l].size(); ++i) {
        EXPECT_EQ(r.witnesses[l][i].index, gains[l][i].index);
        EXPECT_EQ(r.witnesses[l][i].value, gains[l][i].value);
      }
    }
  }
}

TEST(SpatialSweep, BatchedThreadsAreTheSweepSampleLoop) {
  const SpatialSweepSpec s = all_laws(SpatialMatrixKind::canonical);
  testing::expect_sweep_equals_reference(
      s, 5, 1500, [&](int threads) { return run_sweep_cpu(s, 5, 1500, 211, threads); });
}

TEST(SpatialSweep, ThreadsBatchesAndRangesGiveIdenticalWords) {
  const SpatialSweepSpec s = all_laws(SpatialMatrixKind::mechanism);
  const std::uint64_t n = 2400;
  const SpatialSweepResult a = run_sweep_cpu(s, 0, n, 1 << 20, 1);
  const SpatialSweepResult b = run_sweep_cpu(s, 0, n, 97, 2);
  const SpatialSweepResult c = run_sweep_cpu(s, 0, n, 1000, 2);
  EXPECT_EQ(a.words, b.words);
  EXPECT_EQ(a.words, c.words);
  // Two ranges merged give the whole (the tally's exact merge, the second maximum included).
  SpatialSweepResult merged = run_sweep_cpu(s, 0, 1000, 300, 2);
  merge_results(merged, run_sweep_cpu(s, 1000, n - 1000, 300, 1));
  EXPECT_EQ(merged.words, a.words);
  for (int l = 0; l < s.n_laws; ++l) {
    ASSERT_EQ(a.witnesses[l].size(), b.witnesses[l].size());
    ASSERT_EQ(a.witnesses[l].size(), merged.witnesses[l].size());
    for (std::size_t i = 0; i < a.witnesses[l].size(); ++i) {
      EXPECT_EQ(a.witnesses[l][i].index, b.witnesses[l][i].index);
      EXPECT_EQ(a.witnesses[l][i].index, merged.witnesses[l][i].index);
    }
  }
}

TEST(SpatialSweep, EverySampleIsCountedOnceAndTheTheoremsHold) {
  const SpatialSweepSpec s = all_laws(SpatialMatrixKind::direct);
  const std::uint64_t n = 4000;
  const SpatialSweepResult r = run_sweep_cpu(s, 0, n, 500, 2);
  EXPECT_EQ(r.samples_total(), n);
  EXPECT_GT(r.outside(), 0u);  // mu / mu_c beyond 2 (or mu_c = 0) leaves the map but stays in the totals
  EXPECT_GT(r.samples_in_map(), n / 4);
  for (int l = 0; l < s.n_laws; ++l) {
    SCOPED_TRACE(law_name(s.laws[l]));
    std::uint64_t total = 0;
    for (std::uint32_t c = 0; c <= r.layout.cells; ++c) {
      const u64* p = r.words.data() + r.layout.pair(c, l);
      std::uint64_t counted = p[Wd::invalid] + p[Wd::degenerate] + p[Wd::jam];
      for (int m = 0; m < 7; ++m) counted += p[Wd::mode_A + m];
      EXPECT_EQ(counted, r.words[r.layout.samples(c)]) << "cell " << c;
      total += counted;
    }
    EXPECT_EQ(total, n);
    EXPECT_EQ(r.pair_total(l, Wd::violation), 0u);
  }
  // chatterjee-ruina-3d gains only where e_t > 1 (its violations stay 0 above), newton-3d gains anyway;
  // the Routh laws' modes are A..E and Law II's II-1, II-2 only.
  const int newton = 2, law2 = 3;
  EXPECT_GT(r.pair_total(newton, Wd::gain), 0u);
  EXPECT_GT(r.pair_total(law2, Wd::gain), 0u);
  EXPECT_EQ(r.pair_total(newton, Wd::mode_word(SpatialMode::law2_inside)), 0u);
  EXPECT_EQ(r.pair_total(law2, Wd::mode_word(SpatialMode::A)), 0u);
  EXPECT_GT(r.pair_total(law2, Wd::mode_word(SpatialMode::law2_cone)), 0u);
  for (const SpatialMode m : {SpatialMode::A, SpatialMode::B, SpatialMode::D})
    EXPECT_GT(r.pair_total(0, Wd::mode_word(m)), 0u) << mode_name(m);
}

// The violation counters count every gain a theorem forbids: with tolerance -1e300 every valid sample is a
// gain, so stronge-3d's and poisson-3d's counters (Stronge 1990; Ivanov 1992) are their valid counts,
// newton-3d's stays 0 and chatterjee-ruina-3d's counts the valid samples with e_t <= 1.
TEST(SpatialSweep, ViolationCountersCountEveryForbiddenGain) {
  SpatialSweepSpec s = all_laws(SpatialMatrixKind::direct);
  s.tolerance = -1e300;
  const std::uint64_t n = 1500;
  std::uint64_t law2_within = 0;  // chatterjee-ruina-3d's valid samples with e_t <= 1
  for (std::uint64_t k = 0; k < n; ++k) {
    const SpatialSample smp = draw_spatial_sample(s.plan, k);
    law2_within +=
        smp.c.e_t <= 1.0 && evaluate_spatial(spatial_law<ChatterjeeRuina3d>, smp.c).status == Status::ok;
  }
  const SpatialSweepResult r = run_sweep_cpu(s, 0, n, 400, 2);
  const auto valid = [&](int l) {
    std::uint64_t v = 0;
    for (int m = 0; m < 7; ++m) v += r.pair_total(l, Wd::mode_A + m);
    return v;
  };
  const int stronge = 0, poisson = 1, newton = 2, law2 = 3;
  ASSERT_EQ(s.laws[poisson], spatial_law<Poisson3d>);
  for (const int l : {stronge, poisson, newton, law2}) EXPECT_EQ(r.pair_total(l, Wd::gain), valid(l));
  EXPECT_GT(valid(poisson), 8 * n / 10);  // about 10 % of these samples jam
  EXPECT_EQ(r.pair_total(stronge, Wd::violation), valid(stronge));
  EXPECT_EQ(r.pair_total(poisson, Wd::violation), valid(poisson));
  EXPECT_EQ(r.pair_total(newton, Wd::violation), 0u);
  EXPECT_GT(law2_within, n / 2);
  EXPECT_LT(law2_within, valid(law2));
  EXPECT_EQ(r.pair_total(law2, Wd::violation), law2_within);
}

// Ivanov's theorem on collisions of two random rigid bodies with friction up to 3 (the measure of
// configs/spatial_poisson_energy.toml, rougher): poisson-3d never gains, its violation counter stays 0 and
// its largest dE_rel is negative, as stronge-3d's.
TEST(SpatialSweep, PoissonNeverGainsOnRandomBodies) {
  SpatialSweepSpec s = all_laws(SpatialMatrixKind::bodies);
  s.plan.mu = {ScalarKind::uniform, 0.0, 3.0, 1};
  s.n_laws = 2;  // stronge-3d, poisson-3d
  const std::uint64_t n = 4000;
  const SpatialSweepResult r = run_sweep_cpu(s, 0, n, 1000, 2);
  for (int l = 0; l < s.n_laws; ++l) {
    SCOPED_TRACE(law_name(s.laws[l]));
    std::uint64_t valid = 0;
    for (int m = 0; m < 7; ++m) valid += r.pair_total(l, Wd::mode_A + m);
    EXPECT_GT(valid, 9 * n / 10);
    EXPECT_EQ(r.pair_total(l, Wd::gain), 0u);
    EXPECT_EQ(r.pair_total(l, Wd::violation), 0u);
    EXPECT_LT(r.max_dE_rel(l), 0.0);
  }
}

}  // namespace
}  // namespace collsweep

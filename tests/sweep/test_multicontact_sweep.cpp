// Multi-contact sweeps: reproducibility, Glocker's theorems as zero counters, energy gains where expected.
#include <gtest/gtest.h>

#include "backend/cpu_backend.hpp"
#include "collsweep/models/multicontact/sweep.hpp"
#include "families/multicontact/law_instances.hpp"
#include "families/run_config.hpp"
#include "support/config_access.hpp"
#include "support/paths.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

using testing::multicontact_spec;

using Wd = MultiContactWords;

MultiContactSweepSpec two_contacts() {
  MultiContactSweepSpec s = testing::two_contact_spec(4);
  s.plan.contacts = {ScalarKind::constant, 2.0, 2.0, 1};
  s.plan.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  return s;
}

TEST(MultiContactSweep, ThreadsAndBatchesGiveIdenticalTallies) {
  const MultiContactSweepSpec spec = two_contacts();
  const auto a = run_sweep_cpu(spec, 0, 6000, 1000, 1);
  const auto b = run_sweep_cpu(spec, 0, 6000, 333, 2);
  EXPECT_EQ(a.words, b.words);
  EXPECT_EQ(a.samples_in_map() + a.outside(), 6000u);
  for (int l = 0; l < spec.n_laws; ++l) {
    ASSERT_EQ(a.witnesses[l].size(), b.witnesses[l].size());
    for (std::size_t i = 0; i < a.witnesses[l].size(); ++i)
      EXPECT_EQ(a.witnesses[l][i].index, b.witnesses[l][i].index);
  }
}

// Glocker 2014: one contact, or no friction, never gains; (111), (117), (121) are sufficient for no gain.
TEST(MultiContactSweep, TheoremsHoldAsZeroCounters) {
  MultiContactSweepSpec one = two_contacts();
  one.plan.contacts = {ScalarKind::constant, 1.0, 1.0, 1};
  const auto r1 = run_sweep_cpu(one, 0, 4000, 1000, 2);
  MultiContactSweepSpec frictionless = two_contacts();
  frictionless.plan.mu = {ScalarKind::constant, 0.0, 0.0, 1};
  const auto r0 = run_sweep_cpu(frictionless, 0, 4000, 1000, 2);
  for (const auto* r : {&r1, &r0}) {
    EXPECT_GT(r->pair_total(0, Wd::valid), 3000u);
    EXPECT_EQ(r->pair_total(0, Wd::gain_max), 0u) << "poisson-lcp";
    for (int l = 0; l < 2; ++l)
      for (std::uint32_t w : {Wd::violation_111, Wd::violation_117, Wd::violation_121})
        EXPECT_EQ(r->pair_total(l, w), 0u);
  }
}

// The violation counters read the theorem predicates of the samples that gain energy, which the sweep
// computes only for those (SweepTheoremFlags). Counting every valid sample as a gain (tolerance -1e300)
// makes each law's counters the number of samples whose (111), (117) or (121) holds, by the laws' own
// predicates: on k = 1 .. 3 (the SIMD path, its batch tails and the one-sample body), 1 and 2 threads.
TEST(MultiContactSweep, ViolationCountersReadTheLawsOwnPredicates) {
  MultiContactSweepSpec s = two_contacts();
  s.plan.contacts = {ScalarKind::uniform, 0.5, 3.5, 1};
  s.plan.eps_N = {ScalarKind::uniform, 0.0, 0.3, 1};  // small coefficients: all three predicates hold often
  s.tolerance = -1e300;
  const std::uint64_t n = 3000;
  std::uint64_t valid = 0, held[3] = {};
  for (std::uint64_t i = 0; i < n; ++i) {
    const MultiContactSample smp = draw_multicontact_sample(s.plan, i);
    if (map_cell(s, smp) < 0) continue;
    const MultiContactSummary o = evaluate_multicontact(multicontact_law<PoissonLcp>, smp, s.solver);
    if (o.status != Status::ok) continue;
    ++valid;
    held[0] += o.psd_111;
    held[1] += o.similar_117;
    held[2] += o.small_121;
  }
  ASSERT_GT(valid, 2000u);
  EXPECT_GT(held[2], 100u);
  EXPECT_LT(held[0], valid);
  for (int threads : {1, 2}) {
    const auto r = run_sweep_cpu(s, 0, n, 997, threads);
    for (int l = 0; l < s.n_laws; ++l) {
      EXPECT_EQ(r.pair_total(l, Wd::gain_max), valid) << "law " << l;
      EXPECT_EQ(r.pair_total(l, Wd::violation_111), held[0]) << "law " << l;
      EXPECT_EQ(r.pair_total(l, Wd::violation_117), held[1]) << "law " << l;
      EXPECT_EQ(r.pair_total(l, Wd::violation_121), held[2]) << "law " << l;
    }
  }
}

// The sweep asks the sampler for log10 cond(G) only when a map axis reads it; the tallies are the same
// either way (a wishart sweep binned by k, and by k and log10_cond, on 1 and 2 threads).
TEST(MultiContactSweep, Log10CondIsDrawnOnlyForAnAxisThatReadsIt) {
  MultiContactSweepSpec s = two_contacts();
  EXPECT_TRUE(sweep_constants(s).log10_cond);
  s.plan.G_kind = DelassusKind::wishart;
  s.plan.contacts = {ScalarKind::uniform, 0.5, 4.5, 1};
  s.axes[0] = {MultiContactQuantity::contacts, 0.5, 4.5, 4};
  s.n_axes = 1;
  EXPECT_FALSE(sweep_constants(s).log10_cond);
  MultiContactSweepSpec with_cond = s;
  with_cond.axes[1] = {MultiContactQuantity::log10_cond, -1.0, 1e300,
                       1};  // one bin that every finite value falls in
  with_cond.n_axes = 2;
  EXPECT_TRUE(sweep_constants(with_cond).log10_cond);
  const auto a = run_sweep_cpu(s, 0, 2000, 500, 1);
  const auto b = run_sweep_cpu(with_cond, 0, 2000, 700, 2);
  EXPECT_EQ(a.outside(), 0u);
  EXPECT_EQ(b.outside(), 0u);
  EXPECT_EQ(a.words, b.words);
}

// Coefficients that differ between the contacts (eps_N uniform per contact, eps_T = 0, mu up to 3) gain
// energy on some samples, and none of those satisfies a sufficient condition.
TEST(MultiContactSweep, FrictionSharedBetweenContactsGainsEnergy) {
  MultiContactSweepSpec s = two_contacts();
  s.plan.eps_N = {ScalarKind::uniform, 0.0, 1.0, 1};  // independent per contact: a spread between them
  s.plan.eps_T_ratio = {ScalarKind::constant, 0.0, 0.0, 1};
  s.plan.mu = {ScalarKind::uniform, 0.0, 3.0, 1};
  s.plan.log10_cond = {ScalarKind::uniform, 0.5, 3.0, 1};
  const auto r = run_sweep_cpu(s, 0, 20000, 1000, 2);
  EXPECT_GT(r.pair_total(0, Wd::gain_max), 0u) << "poisson-lcp can gain with two frictional contacts";
  for (std::uint32_t w : {Wd::violation_111, Wd::violation_117, Wd::violation_121})
    EXPECT_EQ(r.pair_total(0, w), 0u);
  EXPECT_GE(r.pair_total(0, Wd::gain_max), r.pair_total(0, Wd::gain_min));
  // Witnesses are the largest W_max / T_acc, and re-evaluating the sample gives the same value.
  ASSERT_FALSE(r.witnesses[0].empty());
  EXPECT_EQ(r.witnesses[0][0].value, r.max_value(0));
  for (const Witness& w : r.witnesses[0]) {
    const MultiContactSample smp = draw_multicontact_sample(s.plan, w.index);
    const MultiContactSummary o = evaluate_multicontact(multicontact_law<PoissonLcp>, smp, s.solver);
    EXPECT_EQ(o.W_max / o.T_acc, w.value);
  }
  // Every valid sample has a solution count in the histogram.
  std::uint64_t histogram = 0;
  for (int n = 0; n < 8; ++n) histogram += r.pair_total(0, Wd::solutions_1 + n);
  EXPECT_EQ(histogram, r.pair_total(0, Wd::valid));
}

// The shipped configs/glocker_one_to_four_contacts.toml shows what its header says: with one frictional
// contact Poisson's law never gains energy (Glocker 2014, Sect. 7) while the Newton-type law does (Sect.
// 9.2); with two to four contacts coupled through G Poisson's law gains too (Sect. 10); no theorem fails.
TEST(MultiContactSweep, OneToFourContactConfigShowsTheSingleContactTheorem) {
  const RunConfig c = load_run_config(testing::source_dir() + "/configs/glocker_one_to_four_contacts.toml");
  ASSERT_EQ(multicontact_spec(c).laws[0], multicontact_law<PoissonLcp>);
  ASSERT_EQ(multicontact_spec(c).laws[1], multicontact_law<NewtonLcp>);
  ASSERT_EQ(multicontact_spec(c).axes[0].quantity, MultiContactQuantity::contacts);
  const auto r = run_sweep_cpu(multicontact_spec(c), 0, 40000, 4096, 2);
  std::uint64_t valid[2][5] = {}, gains[2][5] = {};
  for (std::uint32_t cell = 0; cell < r.layout.cells; ++cell) {
    const std::uint32_t k =
        cell % multicontact_spec(c).axes[0].bins + 1;  // x (contacts) is the fastest map axis
    for (int l = 0; l < 2; ++l) {
      valid[l][k] += r.words[r.layout.pair(cell, l) + Wd::valid];
      gains[l][k] += r.words[r.layout.pair(cell, l) + Wd::gain_max];
    }
  }
  EXPECT_GT(valid[0][1], 9000u);
  EXPECT_EQ(gains[0][1], 0u) << "poisson-lcp gained energy at a single frictional contact";
  EXPECT_GT(gains[1][1], 0u) << "newton-lcp gains at a single contact (Kane's pendulum)";
  for (std::uint32_t k = 2; k <= 4; ++k) EXPECT_GT(valid[0][k], 9000u) << "k = " << k;
  EXPECT_GT(gains[0][2] + gains[0][3] + gains[0][4], 0u);
  for (int l = 0; l < 2; ++l)
    for (std::uint32_t w : {Wd::violation_111, Wd::violation_117, Wd::violation_121})
      EXPECT_EQ(r.pair_total(l, w), 0u);
}

// The GPU sweep sorts a chunk's samples by sweep_cost_class (kernels/sweep_launch.cuh): it must be the k the
// sample draws, less one, from the contacts stream alone; a constant k is one class (no sorting).
TEST(MultiContactSweep, CostClassIsTheDrawnContactCountLessOne) {
  MultiContactSweepSpec spec = testing::two_contact_spec(3);
  EXPECT_EQ(sweep_cost_classes(spec), 1);
  for (const ScalarDist k :
       {ScalarDist{ScalarKind::grid, 1.0, 4.0, 4}, ScalarDist{ScalarKind::grid, 2.0, 3.0, 2},
        ScalarDist{ScalarKind::uniform, 1.0, 4.0, 1}}) {
    spec.plan.contacts = k;
    EXPECT_EQ(sweep_cost_classes(spec), 4);
    int seen[4] = {};
    for (std::uint64_t i = 1000; i < 1400; ++i) {
      const int c = sweep_cost_class(spec, i);
      ASSERT_EQ(c + 1, static_cast<int>(draw_multicontact_sample(spec.plan, i).k)) << "sample " << i;
      ++seen[c];
    }
    EXPECT_GT(seen[k.lo == 1.0 ? 0 : 1] * seen[k.hi == 4.0 ? 3 : 2], 0) << "both ends of k drawn";
  }
}

}  // namespace
}  // namespace collsweep

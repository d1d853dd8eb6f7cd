// Multi-contact sweeps: reproducibility, Glocker's theorems as zero counters, energy gains where expected.
#include <gtest/gtest.h>

#include "backend/cpu_backend.hpp"
#include "collsweep/sweep/multicontact_sweep.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

using Wd = MultiContactWords;

MultiContactSweepSpec two_contacts() {
  MultiContactSweepSpec s = testing::two_contact_spec(4);
  s.plan.contacts = {ScalarKind::constant, 2.0, 2.0, 1};
  s.plan.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  return s;
}

TEST(MultiContactSweep, ThreadsAndBatchesGiveIdenticalTallies) {
  const MultiContactSweepSpec spec = two_contacts();
  const auto a = run_multicontact_sweep_cpu(spec, 0, 6000, 1000, 1);
  const auto b = run_multicontact_sweep_cpu(spec, 0, 6000, 333, 2);
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
  const auto r1 = run_multicontact_sweep_cpu(one, 0, 4000, 1000, 2);
  MultiContactSweepSpec frictionless = two_contacts();
  frictionless.plan.mu = {ScalarKind::constant, 0.0, 0.0, 1};
  const auto r0 = run_multicontact_sweep_cpu(frictionless, 0, 4000, 1000, 2);
  for (const auto* r : {&r1, &r0}) {
    EXPECT_GT(r->pair_total(0, Wd::valid), 3000u);
    EXPECT_EQ(r->pair_total(0, Wd::gain_max), 0u) << "poisson-lcp";
    for (int l = 0; l < 2; ++l)
      for (std::uint32_t w : {Wd::violation_111, Wd::violation_117, Wd::violation_121})
        EXPECT_EQ(r->pair_total(l, w), 0u);
  }
}

// Coefficients that differ between the contacts (eps_N uniform per contact, eps_T = 0, mu up to 3) gain
// energy on some samples, and none of those satisfies a sufficient condition.
TEST(MultiContactSweep, FrictionSharedBetweenContactsGainsEnergy) {
  MultiContactSweepSpec s = two_contacts();
  s.plan.eps_N = {ScalarKind::uniform, 0.0, 1.0, 1};  // independent per contact: a spread between them
  s.plan.eps_T_ratio = {ScalarKind::constant, 0.0, 0.0, 1};
  s.plan.mu = {ScalarKind::uniform, 0.0, 3.0, 1};
  s.plan.log10_cond = {ScalarKind::uniform, 0.5, 3.0, 1};
  const auto r = run_multicontact_sweep_cpu(s, 0, 20000, 1000, 2);
  EXPECT_GT(r.pair_total(0, Wd::gain_max), 0u) << "poisson-lcp can gain with two frictional contacts";
  for (std::uint32_t w : {Wd::violation_111, Wd::violation_117, Wd::violation_121})
    EXPECT_EQ(r.pair_total(0, w), 0u);
  EXPECT_GE(r.pair_total(0, Wd::gain_max), r.pair_total(0, Wd::gain_min));
  // Witnesses are the largest W_max / T_acc, and re-evaluating the sample gives the same value.
  ASSERT_FALSE(r.witnesses[0].empty());
  EXPECT_EQ(r.witnesses[0][0].value, r.max_value(0));
  for (const Witness& w : r.witnesses[0]) {
    const MultiContactSample smp = draw_multicontact_sample(s.plan, w.index);
    const MultiContactSummary o = evaluate_multicontact(MultiContactLaw::poisson_lcp, smp, s.solver);
    EXPECT_EQ(o.W_max / o.T_acc, w.value);
  }
  // Every valid sample has a solution count in the histogram.
  std::uint64_t histogram = 0;
  for (int n = 0; n < 8; ++n) histogram += r.pair_total(0, Wd::solutions_1 + n);
  EXPECT_EQ(histogram, r.pair_total(0, Wd::valid));
}

}  // namespace
}  // namespace collsweep

// The mode masks of the singular-G limit (regularised_limit.hpp): the modes whose zeroth order fails with
// D = I are skipped for the other compliance weights. On bodies on 2, 3 and 4 contacts, every weight's law
// with the masks recorded at D = I gives the bits of the same law solved with every mode, and the masks skip
// modes.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "collsweep/models/multicontact/sampler.hpp"
#include "support/body_plans.hpp"

namespace collsweep {
namespace {

template <int K>
bool same_bits(const MultiContactOutcome<K>& a, const MultiContactOutcome<K>& b) {
  bool same = a.status == b.status && a.solutions == b.solutions &&
              a.compression_solutions == b.compression_solutions && a.W == b.W && a.W_min == b.W_min &&
              a.W_max == b.W_max;
  for (int i = 0; i < 2 * K; ++i) same = same && a.gamma_plus[i] == b.gamma_plus[i] && a.Lam[i] == b.Lam[i];
  return same;
}

template <int K>
int skipped_modes(const ModeMask<K>& m) {
  int n = 0;
  for (int i = 0; i < ModeMask<K>::kModes; ++i) n += !m.has(i);
  return n;
}

// Per sample with a singular G: the law at D = I records the masks; each weight w = 1 .. k is then solved
// with them and with fresh (unrecorded) ones. Returns how many samples were compared.
template <int K, bool kPoisson>
int compare_with_and_without_masks(const MultiContactSamplePlan& plan, int samples, long* skipped) {
  int compared = 0;
  for (int i = 0; i < samples && !::testing::Test::HasFailure(); ++i) {
    const MultiContactCollision<K> c = collision_of<K>(draw_multicontact_sample(plan, std::uint64_t(i)));
    const MultiContactOptions opt;
    MultiContactOutcome<K> start;
    LaneLawState<K, double> state;
    if (!state.start(&c, opt, &start) || start.delassus_rank == 2 * K) continue;
    const MultiContactScales s = multicontact_scales(c, start.T_acc);
    NoSolutionListener none;
    double d[2 * K];
    int chosen[2];
    LimitModeMasks<K> masks;
    MultiContactOutcome<K> first = start;
    compliance_weights<K>(0, d);
    if constexpr (kPoisson) {
      poisson_limit(c, opt, s, d, first, none, chosen, masks);
    } else {
      newton_limit(c, opt, s, d, first, none, chosen, masks);
    }
    EXPECT_TRUE(masks.recorded);
    *skipped += skipped_modes(masks.first);
    for (int w = 1; w <= K; ++w) {
      SCOPED_TRACE("sample " + std::to_string(i) + ", weight " + std::to_string(w));
      compliance_weights<K>(w, d);
      MultiContactOutcome<K> masked = start, whole = start;
      LimitModeMasks<K> fresh;
      if constexpr (kPoisson) {
        poisson_limit(c, opt, s, d, masked, none, chosen, masks);
        poisson_limit(c, opt, s, d, whole, none, chosen, fresh);
      } else {
        newton_limit(c, opt, s, d, masked, none, chosen, masks);
        newton_limit(c, opt, s, d, whole, none, chosen, fresh);
      }
      EXPECT_TRUE(same_bits(masked, whole));
    }
    ++compared;
  }
  return compared;
}

TEST(LimitModeMasks, TheOtherWeightsGiveTheBitsOfEveryModeSolved) {
  long skipped = 0;
  EXPECT_GT((compare_with_and_without_masks<2, true>(testing::rod_plan(11), 400, &skipped)), 300);
  EXPECT_GT((compare_with_and_without_masks<2, false>(testing::rod_plan(12), 400, &skipped)), 300);
  EXPECT_GT((compare_with_and_without_masks<3, true>(testing::box_plan(13, 3), 40, &skipped)), 30);
  EXPECT_GT((compare_with_and_without_masks<3, false>(testing::box_plan(14, 3), 40, &skipped)), 30);
  EXPECT_GT((compare_with_and_without_masks<4, true>(testing::box_plan(15, 4), 8, &skipped)), 5);
  EXPECT_GT((compare_with_and_without_masks<4, false>(testing::box_plan(16, 4), 8, &skipped)), 5);
  EXPECT_GT(skipped, 0) << "the masks skip no mode: the test compares nothing";
}

TEST(LimitModeMasks, AMaskRecordedOnAnotherRadiusPatternIsNotUsed) {
  // A decompression phase whose friction radii vanish on other contacts has other mode systems (its
  // "free" tangents): limit_phase ignores a mask recorded on another pattern.
  const MultiContactCollision<2> c =
      collision_of<2>(draw_multicontact_sample(testing::rod_plan(21), std::uint64_t(3)));
  const MultiContactOptions opt;
  MultiContactOutcome<2> start;
  LaneLawState<2, double> state;
  ASSERT_TRUE(state.start(&c, opt, &start));
  const MultiContactScales s = multicontact_scales(c, start.T_acc);
  double d[4];
  compliance_weights<2>(0, d);
  const PhaseExpansion<2> p = fixed_phase<2>(c.gamma_minus, d);
  ModeMask<2> none_kept;
  none_kept.fill(radius_vanishes(p));
  for (int m = 0; m < ModeMask<2>::kModes; ++m) none_kept.drop(m);
  LimitSolutions<2> all, masked, other_pattern;
  limit_phase<2>(c, p, s, opt.tol, all, nullptr, nullptr);
  limit_phase<2>(c, p, s, opt.tol, masked, &none_kept, nullptr);
  none_kept.radius_vanishes ^= 1u;
  limit_phase<2>(c, p, s, opt.tol, other_pattern, &none_kept, nullptr);
  ASSERT_GT(all.count, 0);
  EXPECT_EQ(masked.count, 0) << "a mask that keeps no mode solves none";
  ASSERT_EQ(other_pattern.count, all.count);
  EXPECT_EQ(std::memcmp(other_pattern.X0, all.X0, sizeof all.X0[0] * all.count), 0);
}

}  // namespace
}  // namespace collsweep

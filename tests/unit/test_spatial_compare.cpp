// Spatial disagreement maps (run.compare): the compare slots against an independent one-sample
// computation of |v2_A - v2_B| / |v1| and of the modes' or slip states' difference, a law against itself
// (0 everywhere), the Routh laws agreeing to rounding where the theory says so (mu = 0), and the laws' own
// words unchanged by the pairs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "collsweep/models/spatial/sweep.hpp"
#include "oracles/sweep_reference.hpp"

namespace collsweep {
namespace {

using Cw = SpatialCompareWords;

SpatialSweepSpec compared(SpatialMatrixKind kind) {
  SpatialSweepSpec s;
  s.plan.seed = 53;
  s.plan.W.kind = kind;
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.2, 1};
  s.plan.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  s.axes[0] = {SpatialQuantity::psi, 0.0, 90.0, 3};
  s.axes[1] = {SpatialQuantity::mu, 0.0, 1.2, 2};
  s.n_axes = 2;
  const SpatialLaw laws[] = {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<ChatterjeeRuina3d>,
                             spatial_law<KaneLevinson3d>, spatial_law<Smith3d>};
  for (const SpatialLaw l : laws) s.laws[s.n_laws++] = l;
  // Routh vs Routh (modes), Routh vs Law II and Kane-Levinson vs Smith (slip states), a law with itself.
  const ComparePair pairs[] = {{0, 1}, {0, 2}, {3, 4}, {4, 4}};
  for (const ComparePair p : pairs) s.pairs[s.n_pairs++] = p;
  s.witnesses = 5;
  return s;
}

// |v2_A - v2_B| / |v1| computed here from the outcomes' components.
double distance(const SpatialCollision& c, const SpatialOutcome& a, const SpatialOutcome& b) {
  const double d[] = {a.vf.n - b.vf.n, a.vf.t1 - b.vf.t1, a.vf.t2 - b.vf.t2};
  return std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) /
         std::sqrt(c.v.n * c.v.n + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
}

// 1 stick, 2 slides on, 3 turned back: the slip state after the impact, as documented.
int state(const SpatialCollision& c, const SpatialOutcome& o) {
  const double vt = std::hypot(o.vf.t1, o.vf.t2),
               v = std::sqrt(c.v.n * c.v.n + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
  if (vt <= 1e-10 * v) return 1;
  return o.vf.t1 * c.v.t1 + o.vf.t2 * c.v.t2 >= 0.0 ? 2 : 3;
}

struct Expected {
  std::uint64_t both = 0, differ = 0;
  double max = -INFINITY;
};

TEST(SpatialCompare, CompareSlotsAreTheOneSampleComputation) {
  const SpatialSweepSpec s = compared(SpatialMatrixKind::direct);
  const std::uint64_t n = 2000;
  const TallyLayout L = tally_layout(s);
  ASSERT_EQ(L.laws, static_cast<std::uint32_t>(s.n_laws + s.n_pairs));
  std::vector<Expected> want((L.cells + 1) * s.n_pairs);
  std::vector<std::vector<Witness>> ranked(s.n_pairs);
  std::uint64_t modes_differ = 0, states_differ = 0;
  for (std::uint64_t k = 0; k < n; ++k) {
    const SpatialSample smp = draw_spatial_sample(s.plan, k, sample_needs(s));
    const std::uint32_t cell = L.tally_cell(map_cell(s, smp));
    std::vector<SpatialOutcome> o(s.n_laws);
    for (int l = 0; l < s.n_laws; ++l) o[l] = evaluate_spatial(s.laws[l], smp.c, smp.params);
    for (int p = 0; p < s.n_pairs; ++p) {
      const SpatialOutcome& a = o[s.pairs[p].a];
      const SpatialOutcome& b = o[s.pairs[p].b];
      if (a.status != Status::ok || b.status != Status::ok) continue;
      Expected& e = want[cell * s.n_pairs + p];
      ++e.both;
      const bool routh = p == 0;  // stronge-3d vs poisson-3d: their modes; the others: slip states
      const bool differ = routh ? a.mode != b.mode : state(smp.c, a) != state(smp.c, b);
      e.differ += differ;
      (routh ? modes_differ : states_differ) += differ;
      const double d = distance(smp.c, a, b);
      e.max = std::max(e.max, d);
      ranked[p].push_back(Witness{d, k});
    }
  }
  const SpatialSweepResult r = run_sweep_cpu(s, 0, n, 450, 2);
  for (std::uint32_t c = 0; c <= L.cells; ++c)
    for (int p = 0; p < s.n_pairs; ++p) {
      const Expected& e = want[c * s.n_pairs + p];
      const u64* w = r.words.data() + L.pair(c, static_cast<std::uint32_t>(s.n_laws + p));
      EXPECT_EQ(w[Cw::both_valid], e.both) << "cell " << c << " pair " << p;
      EXPECT_EQ(w[Cw::type_differs], e.differ) << "cell " << c << " pair " << p;
      if (e.both) {
        EXPECT_NEAR(key_value(w[Cw::max_key]), e.max, 1e-15) << "cell " << c << " pair " << p;
      }
    }
  EXPECT_GT(modes_differ, 0u);  // the energetic and kinetic terminations halt in different phases
  EXPECT_GT(states_differ, 0u);
  // A law against itself: 0 everywhere, no sample differs.
  EXPECT_EQ(r.pair_total(s.n_laws + 3, Cw::type_differs), 0u);
  EXPECT_EQ(r.max_dE_rel(s.n_laws + 3), 0.0);
  EXPECT_GT(r.pair_total(s.n_laws + 3, Cw::both_valid), n / 2);
  // The witnesses are the largest disagreements, ranked, ties to the smaller sample index.
  for (int p = 0; p < 3; ++p) {
    std::sort(ranked[p].begin(), ranked[p].end(), ranks_before);
    ASSERT_GE(r.witnesses[s.n_laws + p].size(), 1u);
    for (std::size_t i = 0; i < r.witnesses[s.n_laws + p].size(); ++i)
      EXPECT_EQ(r.witnesses[s.n_laws + p][i].index, ranked[p][i].index) << "pair " << p << " rank " << i;
  }
}

// Without friction the Routh laws' rates are constant, so the energetic, kinetic and kinematic
// terminations coincide: stronge-3d, poisson-3d and newton-3d agree to rounding, in the same mode.
TEST(SpatialCompare, RouthLawsAgreeToRoundingWithoutFriction) {
  SpatialSweepSpec s = compared(SpatialMatrixKind::bodies);
  s.plan.mu = {ScalarKind::constant, 0.0, 0.0, 1};
  s.n_laws = 0;
  for (const SpatialLaw l : {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<Newton3d>})
    s.laws[s.n_laws++] = l;
  s.n_pairs = 0;
  for (const ComparePair p : {ComparePair{0, 1}, ComparePair{0, 2}, ComparePair{1, 2}})
    s.pairs[s.n_pairs++] = p;
  const std::uint64_t n = 1500;
  const SpatialSweepResult r = run_sweep_cpu(s, 0, n, 500, 2);
  for (int p = 0; p < s.n_pairs; ++p) {
    EXPECT_EQ(r.pair_total(s.n_laws + p, Cw::both_valid), n) << "pair " << p;
    EXPECT_EQ(r.pair_total(s.n_laws + p, Cw::type_differs), 0u) << "pair " << p;
    EXPECT_LT(r.max_dE_rel(s.n_laws + p), 1e-13) << "pair " << p;
  }
}

// The pairs take slots of their own: every word of every law, and its witnesses, are those of the same
// sweep without pairs; and the batched threads are the one-sample loop.
TEST(SpatialCompare, PairsLeaveTheLawsAloneAndThreadsAgree) {
  SpatialSweepSpec s = compared(SpatialMatrixKind::canonical);
  const SpatialSweepResult with = run_sweep_cpu(s, 0, 1000, 300, 2);
  SpatialSweepSpec plain = s;
  plain.n_pairs = 0;
  const SpatialSweepResult without = run_sweep_cpu(plain, 0, 1000, 300, 2);
  for (std::uint32_t c = 0; c <= without.layout.cells; ++c)
    for (int l = 0; l < s.n_laws; ++l)
      for (std::uint32_t w = 0; w < without.layout.pair_words; ++w)
        EXPECT_EQ(with.words[with.layout.pair(c, l) + w], without.words[without.layout.pair(c, l) + w]);
  for (int l = 0; l < s.n_laws; ++l) ASSERT_EQ(with.witnesses[l].size(), without.witnesses[l].size());
  testing::expect_sweep_equals_reference(s, 7, 600,
                                         [&](int threads) { return run_sweep_cpu(s, 7, 600, 101, threads); });
}

}  // namespace
}  // namespace collsweep

// The CPU's SIMD planar sampler against draw_planar_sample, bit for bit, and a sweep through it against the
// one-sample-at-a-time reference loop.
#include <gtest/gtest.h>

#pragma GCC diagnostic ignored "-Wpsabi"  // (the eight-lane vectors below, passed by value)

#include <cstdio>
#include <cstring>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "backend/lane_math.hpp"
#include "backend/planar_lanes.hpp"
#include "collsweep/models/planar/sweep.hpp"
#include "oracles/sweep_reference.hpp"

namespace collsweep {
namespace {

std::uint64_t bits(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

int compare_with(LaneIsa isa, const PlanarSamplePlan& p, SampleNeeds needs, std::uint64_t first,
                 std::uint64_t n);

void expect_same_sample(const PlanarSample& a, const PlanarSample& b, std::uint64_t k) {
  const double fa[] = {a.c.W.nn, a.c.W.nt,    a.c.W.tt, a.c.v.n, a.c.v.t, a.c.mu,      a.c.e,
                       a.c.e_t,  a.theta_deg, a.alpha,  a.rho,   a.kappa, a.log10_cond};
  const double fb[] = {b.c.W.nn, b.c.W.nt,    b.c.W.tt, b.c.v.n, b.c.v.t, b.c.mu,      b.c.e,
                       b.c.e_t,  b.theta_deg, b.alpha,  b.rho,   b.kappa, b.log10_cond};
  for (int i = 0; i < 13; ++i) ASSERT_EQ(bits(fa[i]), bits(fb[i])) << "sample " << k << " field " << i;
}

PlanarSamplePlan quickstart_plan() {
  PlanarSamplePlan p;
  p.seed = 20261126;
  p.W.kind = MatrixKind::direct;
  p.W.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  p.theta_deg = {ScalarKind::uniform, 0.0, 90.0, 1};
  p.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  p.e = {ScalarKind::uniform, 0.0, 1.0, 1};
  p.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  return p;
}

// Every law parameter but e_t drawn (e_t as asked), alpha as asked, no derived shape quantity, no grid.
SampleNeeds needs_of(bool e_t, bool alpha) {
  return SampleNeeds{e_t ? ~0u : ~static_cast<unsigned>(planar_input::e_t), false, false, alpha, false};
}

// The instruction sets this CPU runs (the sampler is compiled for all three).
std::vector<LaneIsa> isas() {
  std::vector<LaneIsa> v;
  for (const LaneIsa i : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512})
    if (planar_lanes_isa_available(i)) v.push_back(i);
  return v;
}

// Draws n samples from first in batches of eight both ways, with every instruction set; returns how many
// lanes the SIMD sampler redrew (with the last one).
int compare(const PlanarSamplePlan& p, SampleNeeds needs, std::uint64_t first, std::uint64_t n) {
  EXPECT_TRUE(planar_lanes_serve(p, needs));
  int redrawn = 0;
  for (const LaneIsa isa : isas()) redrawn = compare_with(isa, p, needs, first, n);
  return redrawn;
}

int compare_with(LaneIsa isa, const PlanarSamplePlan& p, SampleNeeds needs, std::uint64_t first,
                 std::uint64_t n) {
  int redrawn = 0;
  PlanarSample batch[planar_lane_batch];
  for (std::uint64_t k0 = first; k0 < first + n; k0 += planar_lane_batch) {
    redrawn += draw_planar_lanes_with(isa, p, needs, k0, batch);
    for (int l = 0; l < planar_lane_batch; ++l) {
      const std::uint64_t k = k0 + static_cast<std::uint64_t>(l);
      expect_same_sample(batch[l], draw_planar_sample(p, k, needs), k);
      if (::testing::Test::HasFatalFailure()) {
        ADD_FAILURE() << "instruction set " << static_cast<int>(isa);
        return redrawn;
      }
    }
  }
  return redrawn;
}

TEST(PlanarLanes, CompiledForEveryInstructionSetThisCpuRuns) {
  EXPECT_TRUE(planar_lanes_isa_available(LaneIsa::baseline));
  EXPECT_TRUE(planar_lanes_isa_available(planar_lanes_isa()));
  std::printf("SIMD sampler: %zu instruction set(s) checked here, using %d (0 baseline, 1 AVX2, 2 AVX-512)\n",
              isas().size(), static_cast<int>(planar_lanes_isa()));
}

TEST(PlanarLanes, EqualTheScalarSamplerForEveryNeed) {
  PlanarSamplePlan p = quickstart_plan();
  for (const bool sign : {false, true}) {
    p.random_tangent_sign = sign;
    for (const bool e_t : {false, true})
      for (const bool alpha : {false, true}) compare(p, needs_of(e_t, alpha), 0, 1 << 15);
  }
  // Far sample indices (the high counter word).
  compare(p, needs_of(true, true), (std::uint64_t{1} << 40) - 64, 4096);
}

TEST(PlanarLanes, ConstantInputsAreDrawnOnceLikeTheScalarSampler) {
  PlanarSamplePlan p = quickstart_plan();
  p.W.log10_cond = {ScalarKind::constant, 2.0, 2.0, 1};  // pow10's exact integer branch
  p.theta_deg = {ScalarKind::constant, 0.0, 0.0, 1};     // sincos's tiny-argument branch
  p.mu = {ScalarKind::constant, 0.5, 0.5, 1};
  p.e = {ScalarKind::constant, 1.0, 1.0, 1};
  p.random_tangent_sign = true;  // the sign word is word 0 when theta draws nothing
  EXPECT_EQ(compare(p, needs_of(true, true), 0, 4096), 0);
}

// Log-uniform inputs: 10^(a + (b - a) u) on the lanes with a, b = log10 lo, hi, clamped into [lo, hi); the
// sign word follows a log-uniform theta's uniform, as a uniform one's.
TEST(PlanarLanes, LogUniformInputsAreTheScalarSamplers) {
  PlanarSamplePlan p = quickstart_plan();
  p.theta_deg = {ScalarKind::log_uniform, 0.5, 89.0, 1};
  p.mu = {ScalarKind::log_uniform, 0.01, 3.0, 1};
  p.e = {ScalarKind::log_uniform, 0.05, 1.0, 1};
  p.e_t = {ScalarKind::log_uniform, 1e-3, 1.0, 1};
  p.W.log10_cond = {ScalarKind::log_uniform, 0.1, 6.0, 1};
  p.random_tangent_sign = true;
  EXPECT_LT(compare(p, needs_of(true, true), 0, 1 << 14), 16);  // (drawn on the lanes, not again)
  // lo = 1 and hi = 10 (log10 0 and 1) and 100: 10^x at integer x, pow10's exact branch, redrawn.
  p.mu = {ScalarKind::log_uniform, 1.0, 100.0, 1};
  compare(p, needs_of(true, true), 0, 4096);
  p.W.kind = MatrixKind::mechanism;
  p.W.log10_cond_M = {ScalarKind::log_uniform, 0.5, 4.0, 1};
  EXPECT_LT(compare(p, needs_of(true, false), 0, 1024), 16);
}

TEST(PlanarLanes, LanesOffTheCommonPathAreRedrawnExactly) {
  PlanarSamplePlan p = quickstart_plan();
  // theta within 1e-4 degree of 90: the reduction by pi/2 cancels; 10^-x from 300 to 330: subnormal and
  // zero results, pow10's other branches.
  p.theta_deg = {ScalarKind::uniform, 90.0 - 1e-4, 90.0, 1};
  p.W.log10_cond = {ScalarKind::uniform, 300.0, 330.0, 1};
  const int redrawn = compare(p, needs_of(true, true), 0, 1 << 14);
  EXPECT_GT(redrawn, 1 << 13);  // nearly every lane
}

// The mechanism kind (W = J M^-1 J^T, 2 .. 12 degrees of freedom), with the shape quantities and log10
// cond(W) that draw_planar_sample derives from W, and without them.
TEST(PlanarLanes, MechanismSamplesAreTheScalarSamplers) {
  PlanarSamplePlan p = quickstart_plan();
  p.W.kind = MatrixKind::mechanism;
  p.W.log10_cond_M = {ScalarKind::uniform, 0.0, 4.0, 1};
  SampleNeeds derived = needs_of(true, true);
  derived.shape = true;
  derived.log10_cond = true;
  for (const std::uint32_t dof : {2u, 5u, 12u}) {
    p.W.mechanism_dof = dof;
    compare(p, derived, 0, 400);
    compare(p, needs_of(false, false), (std::uint64_t{1} << 32) - 16, 64);
  }
  p.W.log10_cond_M = {ScalarKind::constant, 2.0, 2.0, 1};
  compare(p, derived, 17, 200);
}

// The wishart kind (W = A A^T / dof), with and without the derived quantities.
TEST(PlanarLanes, WishartSamplesAreTheScalarSamplers) {
  PlanarSamplePlan p = quickstart_plan();
  p.W.kind = MatrixKind::wishart;
  SampleNeeds derived = needs_of(true, true);
  derived.shape = true;
  derived.log10_cond = true;
  for (const std::uint32_t dof : {2u, 3u, 10u, 125u}) {
    p.W.wishart_dof = dof;
    compare(p, derived, 0, 200);
    compare(p, needs_of(false, false), 999, 64);
  }
}

// A mechanism whose M is not positive definite to working precision (cond M = 10^17 and beyond) has W = 0
// in the scalar sampler; those lanes are drawn again one at a time and still match.
TEST(PlanarLanes, MechanismLanesWithoutACholeskyFactorAreRedrawnExactly) {
  PlanarSamplePlan p = quickstart_plan();
  p.W.kind = MatrixKind::mechanism;
  p.W.mechanism_dof = 12;
  p.W.log10_cond_M = {ScalarKind::uniform, 14.0, 22.0, 1};
  EXPECT_GT(compare(p, needs_of(true, true), 0, 256), 0);
}

TEST(PlanarLanes, ServeOnlyThePlansTheyImplement) {
  const PlanarSamplePlan p = quickstart_plan();
  EXPECT_TRUE(planar_lanes_serve(p, needs_of(true, true)));
  SampleNeeds shape = needs_of(false, false);
  shape.shape = true;
  EXPECT_TRUE(planar_lanes_serve(p, shape));  // rho and kappa from each lane's W
  SampleNeeds grid = needs_of(false, false);
  grid.grid = true;
  EXPECT_TRUE(planar_lanes_serve(p, grid));
  PlanarSamplePlan q = p;
  q.W.kind = MatrixKind::wishart;
  q.W.wishart_dof = 125;  // 250 uniforms: the most it draws
  EXPECT_TRUE(planar_lanes_serve(q, shape));
  q.W.wishart_dof = 126;
  EXPECT_FALSE(planar_lanes_serve(q, needs_of(false, false)));
  q.W.kind = MatrixKind::shape;
  EXPECT_TRUE(planar_lanes_serve(q, needs_of(false, false)));
  q.W.kappa = {ScalarKind::log_uniform, 0.0, 10.0, 1};  // (no logarithm of 0)
  EXPECT_FALSE(planar_lanes_serve(q, needs_of(false, false)));
  q.W.kind = MatrixKind::fixed;
  EXPECT_TRUE(planar_lanes_serve(q, needs_of(false, false)));
  q = p;
  q.W.kind = MatrixKind::mechanism;
  EXPECT_TRUE(planar_lanes_serve(q, shape));  // a mechanism's shape quantities come from W, lane by lane
  q.W.log10_cond_M = {ScalarKind::grid, 0.0, 3.0, 4};
  EXPECT_FALSE(planar_lanes_serve(q, needs_of(false, false)));
  q = p;
  q.mu = {ScalarKind::log_uniform, 0.1, 1.0, 1};
  EXPECT_TRUE(planar_lanes_serve(q, needs_of(false, false)));
  q.mu = {ScalarKind::log_uniform, 0.0, 1.0, 1};  // no logarithm of 0 (the config rejects it)
  EXPECT_FALSE(planar_lanes_serve(q, needs_of(false, false)));
  q.mu = {ScalarKind::log_uniform, 1.0, 1.0, 1};  // an empty range: the scalar clamp's other branch
  EXPECT_FALSE(planar_lanes_serve(q, needs_of(false, false)));
  q = p;
  q.e_t = {ScalarKind::grid, 0.0, 1.0, 3};
  EXPECT_TRUE(planar_lanes_serve(q, needs_of(false, false)));
  EXPECT_TRUE(planar_lanes_serve(q, needs_of(true, false)));
  q = p;
  q.W.kind = MatrixKind::mechanism;
  q.W.log10_cond_M = {ScalarKind::grid, 0.0, 3.0, 4};  // (the mechanism's spectrum draws x on the lanes)
  EXPECT_FALSE(planar_lanes_serve(q, grid));
}

// The shape kind (W = shape_matrix(rho, kappa): rho, then kappa, from the matrix stream; the drawn values
// are the sample's rho and kappa), the fixed kind, and the direct kind's rho and kappa computed from W.
TEST(PlanarLanes, ShapeAndFixedWAreTheScalarSamplers) {
  PlanarSamplePlan p = quickstart_plan();
  SampleNeeds all = needs_of(true, true);
  all.shape = true;
  EXPECT_LT(compare(p, all, 0, 2048), 16);  // direct, rho and kappa from W
  p.W.kind = MatrixKind::shape;
  p.W.rho = {ScalarKind::uniform, -0.9, 0.9, 1};
  p.W.kappa = {ScalarKind::log_uniform, 0.1, 10.0, 1};
  EXPECT_LT(compare(p, all, 0, 2048), 16);
  p.W.rho = {ScalarKind::constant, 0.3, 0.3, 1};  // kappa takes the first uniform
  p.W.kappa = {ScalarKind::uniform, 0.5, 2.0, 1};
  compare(p, all, 7, 512);
  p.W.rho = {ScalarKind::grid, -0.5, 0.5, 3};
  p.W.kappa = {ScalarKind::grid, 0.5, 2.0, 4};
  compare(p, all, 5, 512);
  p.W.kind = MatrixKind::fixed;
  p.W.fixed = Delassus2{2.0, -0.25, 0.5};
  EXPECT_EQ(compare(p, all, 0, 512), 0);
  compare(p, needs_of(false, false), 0, 64);
}

// Grid axes: each lane's digits (k mod G in the mixed radix, theta fastest) and grid values, with the
// scalar pow10 and sincos of grid values (integer exponents and theta = 0 are their special branches),
// from sample indices that start anywhere in the grid's cycle and beyond 2^32.
TEST(PlanarLanes, GridAxesAreTheScalarSamplers) {
  PlanarSamplePlan p = quickstart_plan();
  p.theta_deg = {ScalarKind::grid, 0.0, 90.0, 7};
  p.mu = {ScalarKind::grid, 0.0, 1.5, 4};
  p.e = {ScalarKind::uniform, 0.0, 1.0, 1};
  p.e_t = {ScalarKind::grid, -1.0, 1.0, 3};
  p.W.log10_cond = {ScalarKind::grid, 0.0, 3.0, 4};
  p.random_tangent_sign = true;
  SampleNeeds needs = needs_of(true, true);
  needs.grid = true;
  EXPECT_LT(compare(p, needs, 0, 4096), 16);  // (drawn on the lanes, not again)
  compare(p, needs, 3, 1000);
  compare(p, needs, (std::uint64_t{1} << 40) + 5, 1000);
  // One grid axis of 8 points: each batch of eight wraps exactly once; a uniform log10 cond on the lanes.
  p.theta_deg = {ScalarKind::uniform, 0.0, 90.0, 1};
  p.mu = {ScalarKind::grid, 0.1, 0.8, 8};
  p.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  p.W.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  EXPECT_LT(compare(p, needs, 1, 2048), 16);
  // Grid values of a plan that reads no grid digits (needs.grid false): every lane takes lo, as the scalar.
  compare(p, needs_of(true, true), 0, 256);
}

// A CPU sweep (SIMD sampler, any thread count) equals the plain loop of sweep_sample over the same samples,
// word for word, including a tail shorter than a batch.
TEST(PlanarLanes, SweepEqualsTheOneByOneReference) {
  PlanarSweepSpec s;
  s.plan = quickstart_plan();
  s.plan.random_tangent_sign = true;
  s.axes[0] = {PlanarQuantity::alpha, 0.0, 4.0, 16};
  s.axes[1] = {PlanarQuantity::e_t, -1.0, 1.0, 8};
  s.n_axes = 2;
  for (int l = 0; l < planar_law_count; ++l) s.laws[l] = static_cast<PlanarLaw>(l);
  s.n_laws = planar_law_count;
  s.witnesses = 5;
  const std::uint64_t first = 1000003, count = 100005;
  ASSERT_TRUE(planar_lanes_serve(s.plan, sweep_constants(s).needs));
  testing::expect_sweep_equals_reference(
      s, first, count, [&](int threads) { return run_sweep_cpu(s, first, count, 777, threads); });
}

// The same with grid axes (theta x mu), a shape W with a log-uniform kappa, and a rho axis.
TEST(PlanarLanes, GridSweepOfAShapeWEqualsTheOneByOneReference) {
  PlanarSweepSpec s;
  s.plan = quickstart_plan();
  s.plan.theta_deg = {ScalarKind::grid, 0.0, 85.0, 18};
  s.plan.mu = {ScalarKind::grid, 0.0, 1.5, 7};
  s.plan.W.kind = MatrixKind::shape;
  s.plan.W.rho = {ScalarKind::uniform, -0.9, 0.9, 1};
  s.plan.W.kappa = {ScalarKind::log_uniform, 0.1, 10.0, 1};
  s.axes[0] = {PlanarQuantity::theta, 0.0, 90.0, 18};
  s.axes[1] = {PlanarQuantity::rho, -1.0, 1.0, 8};
  s.n_axes = 2;
  s.laws[0] = planar_law<Poisson>;
  s.laws[1] = planar_law<Stronge>;
  s.n_laws = 2;
  s.witnesses = 5;
  const std::uint64_t first = 123457, count = 50003;
  ASSERT_TRUE(sweep_constants(s).needs.grid);
  ASSERT_TRUE(planar_lanes_serve(s.plan, sweep_constants(s).needs));
  testing::expect_sweep_equals_reference(
      s, first, count, [&](int threads) { return run_sweep_cpu(s, first, count, 777, threads); });
}

// The classic laws' instance of the sweep body (ClassicPlanarSweepSpec: what the GPU's lean kernel compiles,
// evaluate_classic without the thesis words) equals the CPU sweep of the same spec word for word.
TEST(PlanarLanes, ClassicInstanceEqualsTheGeneralSweep) {
  PlanarSweepSpec s;
  s.plan = quickstart_plan();
  s.axes[0] = {PlanarQuantity::theta, 0.0, 90.0, 18};
  s.axes[1] = {PlanarQuantity::mu, 0.0, 1.5, 10};
  s.n_axes = 2;
  for (int l = 0; l < 4; ++l) s.laws[l] = static_cast<PlanarLaw>(l);
  s.n_laws = 4;
  s.witnesses = 5;
  ASSERT_TRUE(s.classic_only());
  const ClassicPlanarSweepSpec classic{s};
  const std::uint64_t first = 77, count = 30011;
  testing::expect_sweep_equals_reference(
      classic, first, count, [&](int threads) { return run_sweep_cpu(s, first, count, 777, threads); });
  s.laws[3] = planar_law<Smith>;  // a thesis law: no longer classic
  EXPECT_FALSE(s.classic_only());
}

// The eight-lane stream reads each lane's SampleRng words whatever it is told to expect: blocks generated one
// at a time or a window at a time, announcements short of, equal to and past what is read, made at odd word
// positions (after a coin) and mid-block.
TEST(PlanarLanes, LaneStreamReadsEachSamplesWordsWhateverItExpects) {
  struct Op {
    char kind;  // 'e': expect_uniforms(n); 'u': n uniforms; 'c': n coins; 'w': n words
    std::uint32_t n;
  };
  const std::vector<std::vector<Op>> scripts = {
      {{'u', 40}},
      {{'e', 40}, {'u', 40}, {'w', 3}},
      {{'c', 1}, {'e', 7}, {'u', 7}, {'c', 1}, {'u', 2}},
      {{'u', 1}, {'e', 3}, {'u', 9}, {'e', 100}, {'w', 1}, {'u', 120}},
      {{'e', 250}, {'u', 251}},
      {{'e', 5}, {'w', 3}, {'e', 2}, {'u', 30}, {'c', 3}},
  };
  const std::uint64_t seed = 0x0123456789abcdefull;
  LaneU k;
  for (int l = 0; l < 8; ++l) k[l] = 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(l + 1);
  for (std::size_t sc = 0; sc < scripts.size(); ++sc) {
    LaneSampleRng<LaneD> lanes(seed, 3u, k);
    std::vector<SampleRng> one;
    for (int l = 0; l < 8; ++l) one.emplace_back(seed, 3u, k[l]);
    std::uint32_t read = 0;
    for (const Op& op : scripts[sc])
      for (std::uint32_t i = 0; i < (op.kind == 'e' ? 1u : op.n); ++i, ++read) {
        if (op.kind == 'e') {
          lanes.expect_uniforms(op.n);
          continue;
        }
        const LaneD u = op.kind == 'u' ? lanes.uniform() : LaneD{};
        const LaneI c = op.kind == 'c' ? lanes.coin() : LaneI{};
        const LaneU w = op.kind == 'w' ? lanes.next_u32() : LaneU{};
        for (int l = 0; l < 8; ++l) {
          SCOPED_TRACE(::testing::Message() << "script " << sc << " read " << read << " lane " << l);
          if (op.kind == 'u') {
            ASSERT_EQ(bits(u[l]), bits(one[l].uniform()));
          } else if (op.kind == 'c') {
            ASSERT_EQ(c[l] != 0, one[l].coin());
          } else {
            ASSERT_EQ(w[l], one[l].next_u32());
          }
        }
      }
  }
}

}  // namespace
}  // namespace collsweep

// The CPU's SIMD multi-contact laws against evaluate_poisson_lcp / evaluate_newton_lcp, bit for bit, on
// every instruction set this CPU runs: random samples of glocker_samples.hpp's distributions, degenerate
// coefficients (mu = 0, eps_T = eps_N, eps = 0), several solutions, and invalid lanes mixed with valid ones.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "backend/multicontact_lanes.hpp"
#include "backend/multicontact_sample_lanes.hpp"
#include "collsweep/models/multicontact/sweep.hpp"
#include "families/multicontact/law_instances.hpp"
#include "oracles/sweep_reference.hpp"
#include "support/body_plans.hpp"
#include "support/glocker_samples.hpp"
#include "support/same_outcome.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

using testing_samples::Mode;
using testing_samples::random_collision;
using testing_samples::Rng;

using testing::expect_same_outcome;

std::vector<LaneIsa> isas() {
  std::vector<LaneIsa> v;
  for (const LaneIsa i : {LaneIsa::baseline, LaneIsa::avx2, LaneIsa::avx512})
    if (planar_lanes_isa_available(i)) v.push_back(i);
  return v;
}

// Every batch of eight through the SIMD path (each instruction set, both laws) against the scalar laws.
// Returns the distribution of solution counts seen (Poisson), for the tests to check their coverage.
template <int K>
std::vector<int> compare(const std::vector<MultiContactCollision<K>>& samples,
                         const MultiContactOptions& opt) {
  EXPECT_EQ(samples.size() % multicontact_lane_batch, 0u);
  std::vector<int> counts(256, 0);
  for (const MultiContactLaw law : {multicontact_law<PoissonLcp>, multicontact_law<NewtonLcp>}) {
    for (size_t s = 0; s < samples.size(); s += multicontact_lane_batch) {
      MultiContactCollision<K> in[multicontact_lane_batch];
      MultiContactOutcome<K> ref[multicontact_lane_batch];
      for (int l = 0; l < multicontact_lane_batch; ++l) {
        in[l] = samples[s + l];
        ref[l] = law == multicontact_law<PoissonLcp> ? evaluate_poisson_lcp(in[l], opt)
                                                     : evaluate_newton_lcp(in[l], opt);
        if (law == multicontact_law<PoissonLcp>) ++counts[ref[l].solutions];
      }
      for (const LaneIsa isa : isas()) {
        MultiContactOutcome<K> out[multicontact_lane_batch];
        evaluate_multicontact_lanes_with<K>(isa, law, in, opt, out);
        for (int l = 0; l < multicontact_lane_batch; ++l) {
          expect_same_outcome(out[l], ref[l], static_cast<int>(s) + l);
          if (::testing::Test::HasFatalFailure()) return counts;
        }
      }
      MultiContactOutcome<K> out[multicontact_lane_batch];
      evaluate_multicontact_lanes<K>(law, in, opt, out);
      for (int l = 0; l < multicontact_lane_batch; ++l) {
        expect_same_outcome(out[l], ref[l], static_cast<int>(s) + l);
        if (::testing::Test::HasFatalFailure()) return counts;
      }
    }
  }
  return counts;
}

template <int K>
std::vector<MultiContactCollision<K>> random_samples(std::uint64_t seed, int n, Mode mode) {
  Rng rng(seed);
  std::vector<MultiContactCollision<K>> v;
  for (int i = 0; i < n; ++i) v.push_back(random_collision<K>(rng, mode));
  return v;
}

TEST(MultiContactLanes, ServesEnumerationForOneAndTwoContacts) {
  MultiContactOptions opt;
  EXPECT_TRUE(multicontact_lanes_serve(1, opt));
  EXPECT_TRUE(multicontact_lanes_serve(2, opt));
  EXPECT_FALSE(multicontact_lanes_serve(3, opt));
  opt.solver = LcpSolver::lemke;
  EXPECT_FALSE(multicontact_lanes_serve(2, opt));
  opt.solver = LcpSolver::enumeration;
  EXPECT_TRUE(multicontact_lanes_serve(2, opt));
}

TEST(MultiContactLanes, TwoContactsEqualTheScalarLawsBitForBit) {
  const MultiContactOptions opt;  // predicates on, as the sweeps run them
  const std::vector<int> general = compare<2>(random_samples<2>(11, 2000, Mode::general), opt);
  const std::vector<int> extreme = compare<2>(random_samples<2>(12, 2000, Mode::extreme), opt);
  // Coverage: samples with several solutions are among them.
  int several = 0;
  for (int s = 2; s < 256; ++s) several += general[s] + extreme[s];
  EXPECT_GT(several, 10);
}

TEST(MultiContactLanes, OneContactEqualsTheScalarLawsBitForBit) {
  MultiContactOptions opt;
  opt.theorem_predicates = false;
  compare<1>(random_samples<1>(13, 1000, Mode::general), opt);
  compare<1>(random_samples<1>(14, 1000, Mode::extreme), opt);
}

// Frictionless contacts, eps_T = eps_N, all eps = 0, a contact leaving (gamma_N >= 0): the paths where
// r_j = 0 identically and the decompression has b_j = 0 in some lanes and not in others.
TEST(MultiContactLanes, DegenerateCoefficientsEqualTheScalarLaws) {
  Rng rng(15);
  std::vector<MultiContactCollision<2>> v;
  for (int i = 0; i < 1600; ++i) {
    MultiContactCollision<2> c = random_collision<2>(rng, i % 3 ? Mode::general : Mode::extreme);
    const int kind = i % 8;
    if (kind == 1) c.mu[0] = 0.0;
    if (kind == 2) c.mu[0] = c.mu[1] = 0.0;
    if (kind == 3) c.eps_T[0] = c.eps_N[0];
    if (kind == 4) c.eps_N[0] = c.eps_N[1] = c.eps_T[0] = c.eps_T[1] = 0.0;
    if (kind == 5) c.gamma_minus[1] = 0.25;
    if (kind == 6) c.gamma_minus[2] = c.gamma_minus[3] = 0.0;
    v.push_back(c);
  }
  MultiContactOptions opt;  // predicates on: lanes with a frictionless contact take the one-sample path
  compare<2>(v, opt);
}

// Options other than the sweeps': coefficients unchecked (the paper's cradle has eps = 2) with tighter
// tolerances, and the explicit enumeration solver.
TEST(MultiContactLanes, OtherOptionsEqualTheScalarLaws) {
  std::vector<MultiContactCollision<2>> v = random_samples<2>(17, 400, Mode::general);
  for (std::size_t i = 0; i < v.size(); i += 2) v[i].eps_N[0] = v[i].eps_T[0] = 2.0;
  MultiContactOptions opt;
  opt.check_coefficients = false;
  opt.solver = LcpSolver::enumeration;
  opt.tol.feasibility = 1e-11;
  opt.tol.pivot = 1e-13;
  compare<2>(v, opt);
}

// Invalid lanes among valid ones keep their status and leave the others untouched; a batch with no valid
// lane returns statuses only.
TEST(MultiContactLanes, InvalidLanesKeepTheirStatus) {
  Rng rng(16);
  std::vector<MultiContactCollision<2>> v;
  for (int i = 0; i < 64; ++i) {
    MultiContactCollision<2> c = random_collision<2>(rng);
    switch (i % 8) {
      case 1:
        c.G[1][2] = std::numeric_limits<double>::quiet_NaN();
        break;
      case 2:
        c.G[0][1] += 0.5;
        break;  // asymmetric
      case 3:
        for (auto& row : c.G)
          for (double& x : row) x = 1.0;
        break;  // singular
      case 4:
        c.gamma_minus[0] = c.gamma_minus[1] = 0.5;
        break;  // not approaching
      case 5:
        c.mu[1] = -0.1;
        break;
      case 6:
        c.eps_T[0] = c.eps_N[0] + 0.1;
        break;
      default:
        break;
    }
    v.push_back(c);
  }
  for (int i = 56; i < 64; ++i) v[i].mu[0] = -1.0;  // a batch without a valid lane
  MultiContactOptions opt;
  compare<2>(v, opt);
  MultiContactOutcome<2> out[multicontact_lane_batch];
  MultiContactCollision<2> in[multicontact_lane_batch];
  for (int l = 0; l < multicontact_lane_batch; ++l) in[l] = v[l];
  evaluate_multicontact_lanes<2>(multicontact_law<PoissonLcp>, in, opt, out);
  EXPECT_EQ(out[0].status, Status::ok);
  EXPECT_EQ(out[1].status, Status::nonfinite_input);
  EXPECT_EQ(out[2].status, Status::delassus_not_spd);
  EXPECT_EQ(out[3].status, Status::singular_delassus);
  EXPECT_EQ(out[4].status, Status::not_approaching);
  EXPECT_EQ(out[5].status, Status::negative_friction);
  EXPECT_EQ(out[6].status, Status::coefficient_out_of_range);
}

// A CPU sweep (SIMD laws for k = 1, 2 in batches of eight, any thread count) equals the plain loop of
// sweep_sample over the same samples, word for word: k drawn in 1 .. 3 (k = 3 stays one sample at a time),
// samples outside the map, both laws, batch tails.
TEST(MultiContactLanes, SweepEqualsTheOneByOneReference) {
  MultiContactSweepSpec s = testing::two_contact_spec(77);
  s.plan.contacts = {ScalarKind::uniform, 0.5, 3.5, 1};
  s.plan.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  s.axes[0] = {MultiContactQuantity::log10_cond, 0.0, 2.5, 5};  // cond above 10^2.5: outside the map
  s.axes[1] = {MultiContactQuantity::contacts, 0.5, 3.5, 3};
  s.n_axes = 2;
  const std::uint64_t first = 90001, count = 3001;
  testing::expect_sweep_equals_reference(s, first, count, [&](int threads) {
    const MultiContactSweepResult r = run_sweep_cpu(s, first, count, 250, threads);
    EXPECT_GT(r.samples_in_map(), 1500u);
    EXPECT_GT(r.outside(), 100u);
    return r;
  });
}

// A sweep of plan s, drawn by the SIMD sampler in strided batches of `stride`, equals the one-by-one loop
// word for word (tails included: count is not a multiple of the batches).
void expect_strided_sweep_equals_reference(const MultiContactSweepSpec& s, std::uint32_t stride,
                                           std::uint64_t first, std::uint64_t count) {
  ASSERT_EQ(multicontact_lanes_sample_stride(s.plan), stride);
  testing::expect_sweep_equals_reference(
      s, first, count, [&](int threads) { return run_sweep_cpu(s, first, count, 301, threads); });
}

// The same with a grid of k = 1 … 4 (the SIMD sampler draws four strided batches of one k each) and a
// mechanism G, k = 3, 4 going to the one-sample body: word for word the one-by-one loop, tails included.
TEST(MultiContactLanes, SweepOfAContactsGridEqualsTheOneByOneReference) {
  MultiContactSweepSpec s = testing::two_contact_spec(78);
  s.plan.contacts = {ScalarKind::grid, 1.0, 4.0, 4};
  s.plan.G_kind = DelassusKind::mechanism;
  s.plan.mechanism_dof = 8;
  s.plan.log10_cond_M = {ScalarKind::uniform, 0.0, 3.0, 1};
  s.axes[0] = {MultiContactQuantity::contacts, 0.5, 4.5, 4};
  s.axes[1] = {MultiContactQuantity::log10_cond, 0.0, 6.0, 6};
  s.n_axes = 2;
  expect_strided_sweep_equals_reference(s, 4u, 12345, 1999);
}

// The same with grid axes beside k (mu, log10 cond of a direct G) and a log-uniform input.
TEST(MultiContactLanes, SweepWithGridAxesEqualsTheOneByOneReference) {
  MultiContactSweepSpec s = testing::two_contact_spec(79);
  s.plan.contacts = {ScalarKind::grid, 1.0, 2.0, 2};
  s.plan.mu = {ScalarKind::grid, 0.0, 1.5, 3};
  s.plan.log10_cond = {ScalarKind::grid, 0.0, 3.0, 4};
  s.plan.eps_N = {ScalarKind::log_uniform, 0.05, 1.0, 1};
  s.axes[0] = {MultiContactQuantity::mu, 0.0, 1.5, 3};
  s.axes[1] = {MultiContactQuantity::log10_cond, 0.0, 3.0, 4};
  s.n_axes = 2;
  expect_strided_sweep_equals_reference(s, 2u, 777, 2501);
}

// The same for one planar rigid body (the body kind: G of rank 3 for every sample) over a map of its
// angular velocity and mass-centre velocity, the box in a corner (k = 3) one sample at a time.
TEST(MultiContactLanes, SweepOfOneBodyEqualsTheOneByOneReference) {
  for (int k : {2, 3}) {
    MultiContactSweepSpec s = testing::two_contact_spec(80 + k);
    s.plan = k == 2 ? testing::rod_plan(81) : testing::box_plan(82, 3);
    s.plan.omega = {ScalarKind::uniform, -2.0, 2.0, 1};
    s.axes[0] = {MultiContactQuantity::omega, -2.0, 2.0, 8};
    s.axes[1] = {MultiContactQuantity::v_x, -1.0, 1.0, 4};
    s.n_axes = 2;
    expect_strided_sweep_equals_reference(s, 1u, 4321, 1203);
  }
}

}  // namespace
}  // namespace collsweep

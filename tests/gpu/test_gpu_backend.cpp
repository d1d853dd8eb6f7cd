// GPU against the CPU reference, sample by sample and tally by tally (skips with a message without a GPU).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "backend/cpu_backend.hpp"
#include "backend/cuda_backend.hpp"
#include "families/multicontact/gpu_check.hpp"
#include "families/multicontact/law_instances.hpp"
#include "families/planar/gpu_check.hpp"
#include "support/glocker_samples.hpp"
#include "support/gpu_test.hpp"
#include "support/random_collisions.hpp"
#include "support/same_outcome.hpp"
#include "support/sweep_specs.hpp"

namespace collsweep {
namespace {

class GpuBackend : public testing::GpuTest {};

// The laws on given collisions: with -fmad=false every operation is a correctly rounded IEEE operation
// on both sides, so the outcomes agree to the last bit; the test allows 1e-12 relative
// (docs/reproducibility.md, 'The same bits on every backend').
TEST_F(GpuBackend, PlanarLawsAreEquivalentToRef) {
  testing::Draw d(99);
  std::vector<PlanarCollision> in(200000);
  for (auto& c : in) {
    c = testing::stratified_collision(d, 1 + d.pick(5));
    c.e_t = d.uniform(-1.0, 2.0);
  }
  in[0].W.nt = 5.0;  // invalid inputs travel too
  in[1].v.n = 0.2;
  for (int l = 0; l < planar_law_count; ++l) {
    const auto law = static_cast<PlanarLaw>(l);
    std::vector<PlanarOutcome> gpu(in.size());
    char err[512] = {};
    double kernel_seconds = -1.0;
    ASSERT_TRUE(cuda::evaluate_batch(PlanarBatch{law}, in.data(), gpu.data(), in.size(), err, sizeof err,
                                     &kernel_seconds))
        << err;
    EXPECT_GT(kernel_seconds, 0.0);
    std::size_t bitwise = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
      const PlanarOutcome cpu = evaluate(law, in[i]);
      ASSERT_EQ(cpu.status, gpu[i].status) << law_name(law) << " sample " << i;
      EXPECT_EQ(cpu.type, gpu[i].type);
      const double P = std::hypot(cpu.I_n, cpu.I_t) + 1e-300, v = std::hypot(in[i].v.n, in[i].v.t);
      EXPECT_LE(std::fabs(cpu.I_n - gpu[i].I_n), 1e-12 * P);
      EXPECT_LE(std::fabs(cpu.I_t - gpu[i].I_t), 1e-12 * P);
      EXPECT_LE(std::fabs(cpu.dE - gpu[i].dE), 1e-12 * P * v);
      const double a[] = {cpu.I_n, cpu.I_t, cpu.v_n2, cpu.v_t2, cpu.dE, cpu.dE_rel};
      const double b[] = {gpu[i].I_n, gpu[i].I_t, gpu[i].v_n2, gpu[i].v_t2, gpu[i].dE, gpu[i].dE_rel};
      bitwise += std::memcmp(a, b, sizeof a) == 0;
    }
    ::testing::Test::RecordProperty(std::string(law_name(law)) + "_bitwise_identical",
                                    std::to_string(bitwise));
  }
}

// The reports beside the outcomes (eval's thesis columns: case, solution count, iterations), field for field.
TEST_F(GpuBackend, PlanarLawReportsAreTheCpus) {
  testing::Draw d(7);
  std::vector<PlanarCollision> in(20000);
  for (auto& c : in) c = testing::stratified_collision(d, 1 + d.pick(5));
  for (int l = 0; l < planar_law_count; ++l) {
    const auto law = static_cast<PlanarLaw>(l);
    std::vector<PlanarOutcome> gpu(in.size());
    std::vector<LawReport> reports(in.size());
    char err[512] = {};
    ASSERT_TRUE(cuda::evaluate_batch(PlanarBatch{law, reports.data()}, in.data(), gpu.data(), in.size(), err,
                                     sizeof err))
        << err;
    std::size_t differing = 0, counted = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
      LawReport cpu;
      evaluate(law, in[i], &cpu);
      const LawReport& g = reports[i];
      differing += cpu.type != g.type || cpu.solutions != g.solutions || cpu.iterations != g.iterations ||
                   cpu.converged != g.converged;
      counted += cpu.solutions > 0;
    }
    EXPECT_EQ(differing, 0u) << law_name(law);
    EXPECT_GT(counted, 0u) << law_name(law) << ": no report was filled";
  }
}

// The GPU draws sample k itself: the same inputs and outcomes as the CPU.
TEST_F(GpuBackend, OnDeviceSamplesAreEquivalentToRef) {
  const PlanarSweepSpec spec = testing::quickstart_spec();
  const std::uint64_t first = 1ull << 33, n = 300000;
  std::vector<PlanarSample> gs(n);
  std::vector<PlanarOutcome> go(n * spec.n_laws);
  char err[512] = {};
  ASSERT_TRUE(cuda::evaluate_samples(spec, first, n, gs.data(), go.data(), err, sizeof err)) << err;
  const CrossCheck check = compare_planar_outcomes(spec, first, n, gs.data(), go.data());
  std::printf("%s", check.report(spec).c_str());
  EXPECT_TRUE(check.within(1e-12)) << check.report(spec);
  EXPECT_EQ(check.input_mismatches, 0u) << "sample k must be bit-identical on every backend";
}

// A whole sweep: the GPU's tally and witnesses equal the CPU's, word for word.
TEST_F(GpuBackend, SweepTallyIsEquivalentToRef) {
  const PlanarSweepSpec spec = testing::quickstart_spec();
  const std::uint64_t n = 2000000;
  const PlanarSweepResult gpu = run_sweep_gpu(spec, 0, n);
  const PlanarSweepResult cpu = run_sweep_cpu(spec, 0, n, 1 << 16, 0);
  std::size_t differing = 0;
  for (std::size_t i = 0; i < cpu.words.size(); ++i) differing += cpu.words[i] != gpu.words[i];
  EXPECT_EQ(differing, 0u) << "tally words differing between GPU and CPU";
  for (int l = 0; l < spec.n_laws; ++l) {
    ASSERT_EQ(gpu.witnesses[l].size(), cpu.witnesses[l].size()) << law_name(spec.laws[l]);
    for (std::size_t i = 0; i < cpu.witnesses[l].size(); ++i)
      EXPECT_EQ(gpu.witnesses[l][i].index, cpu.witnesses[l][i].index);
  }
}

// A one-law sweep runs its own kernel instance (other launch bounds): the same tally and witnesses.
TEST_F(GpuBackend, OneLawSweepsAreEquivalentToRef) {
  for (int l = 0; l < planar_law_count; ++l) {
    PlanarSweepSpec spec = testing::quickstart_spec();
    spec.laws[0] = static_cast<PlanarLaw>(l);
    spec.n_laws = 1;
    const PlanarSweepResult gpu = run_sweep_gpu(spec, 0, 1000000);
    const PlanarSweepResult cpu = run_sweep_cpu(spec, 0, 1000000, 1 << 16, 0);
    EXPECT_TRUE(gpu.words == cpu.words) << law_name(spec.laws[0]);
    ASSERT_EQ(gpu.witnesses[0].size(), cpu.witnesses[0].size()) << law_name(spec.laws[0]);
    for (std::size_t i = 0; i < cpu.witnesses[0].size(); ++i)
      EXPECT_EQ(gpu.witnesses[0][i].index, cpu.witnesses[0][i].index) << law_name(spec.laws[0]);
  }
}

// A map too large for shared memory takes the global-atomics path: same result.
TEST_F(GpuBackend, LargeMapsUseGlobalTalliesWithTheSameResult) {
  PlanarSweepSpec spec = testing::quickstart_spec();
  spec.axes[0].bins = 400;
  spec.axes[1].bins = 300;
  const PlanarSweepResult gpu = run_sweep_gpu(spec, 0, 1000000);
  const PlanarSweepResult cpu = run_sweep_cpu(spec, 0, 1000000, 1 << 16, 0);
  EXPECT_TRUE(gpu.words == cpu.words);
}

}  // namespace
}  // namespace collsweep

namespace collsweep {
namespace {

MultiContactSweepSpec gpu_two_contacts() {
  MultiContactSweepSpec s = testing::two_contact_spec(11);
  s.plan.mu = {ScalarKind::uniform, 0.0, 3.0, 1};
  return s;
}

// Multi-contact impacts on the GPU, sample by sample: identical inputs, same status and solution count,
// W, W_min, W_max within 1e-12 T_acc. Returns the GPU's samples.
std::vector<MultiContactSample> expect_gpu_samples_equal_cpu(const MultiContactSweepSpec& spec,
                                                             std::uint64_t n) {
  std::vector<MultiContactSample> gs(n);
  std::vector<MultiContactSummary> go(n * spec.n_laws);
  char err[512] = {};
  EXPECT_TRUE(cuda::evaluate_samples(spec, 0, n, gs.data(), go.data(), err, sizeof err)) << err;
  const CrossCheck check = compare_multicontact_outcomes(spec, 0, n, gs.data(), go.data());
  std::printf("%s", check.report({"poisson-lcp", "newton-lcp"}).c_str());
  EXPECT_EQ(check.input_mismatches, 0u);
  for (const LawComparison& c : check.laws) {
    EXPECT_EQ(c.status_mismatches, 0u);
    EXPECT_EQ(c.type_mismatches, 0u) << "solution counts";
    EXPECT_LE(c.max_relative_difference, 1e-12);
  }
  return gs;
}

TEST_F(GpuBackend, MultiContactSamplesAreEquivalentToRef) {
  expect_gpu_samples_equal_cpu(gpu_two_contacts(), 50000);
}

// Both multi-contact laws on given collisions (the general and extreme distributions of glocker_samples.hpp,
// invalid inputs among them), with every solver and the theorem predicates: the GPU's outcomes are the
// CPU's, bit for bit, every field.
template <int K>
void expect_gpu_batch_equals_cpu(int n, std::uint64_t seed) {
  testing_samples::Rng rng(seed);
  std::vector<MultiContactCollision<K>> in;
  for (int i = 0; i < n; ++i)
    in.push_back(testing_samples::random_collision<K>(
        rng, i % 2 ? testing_samples::Mode::extreme : testing_samples::Mode::general));
  in[0].G[0][0] = std::nan("");                               // nonfinite input
  in[1].G[0][1] = in[1].G[1][0] = 2.0 * in[1].G[0][0] + 5.0;  // not positive definite
  for (int j = 0; j < K; ++j) in[2].gamma_minus[j] = 0.5;     // separating at every contact
  in[3].eps_T[0] = in[3].eps_N[0] + 0.25;                     // eps_T > eps_N
  for (const MultiContactLaw law : {multicontact_law<PoissonLcp>, multicontact_law<NewtonLcp>})
    for (const LcpSolver solver : {LcpSolver::automatic, LcpSolver::enumeration, LcpSolver::lemke}) {
      MultiContactOptions opt;
      opt.solver = solver;
      std::vector<MultiContactOutcome<K>> gpu(in.size());
      char err[512] = {};
      double kernel_seconds = -1.0;
      ASSERT_TRUE(cuda::evaluate_batch(MultiContactBatch<K>{law, opt}, in.data(), gpu.data(), in.size(), err,
                                       sizeof err, &kernel_seconds))
          << err;
      EXPECT_GT(kernel_seconds, 0.0);
      int gains = 0;
      for (std::size_t i = 0; i < in.size(); ++i) {
        const MultiContactOutcome<K> cpu = evaluate_lcp(law, in[i], opt);
        SCOPED_TRACE(std::string(law_name(law)) + " k = " + std::to_string(K) + " solver " +
                     std::to_string(static_cast<int>(solver)));
        testing::expect_same_outcome(gpu[i], cpu, static_cast<int>(i));
        if (::testing::Test::HasFatalFailure()) return;
        gains += cpu.status == Status::ok && cpu.W_max > 0.0;
      }
      EXPECT_EQ(gpu[0].status, Status::nonfinite_input);
      EXPECT_NE(gpu[1].status, Status::ok);
      EXPECT_EQ(gpu[2].status, Status::not_approaching);
      EXPECT_EQ(gpu[3].status, Status::coefficient_out_of_range);
      if (K == 2 && law == multicontact_law<PoissonLcp>) {
        EXPECT_GT(gains, 0) << "the batch exercises gains";
      }
    }
}

TEST_F(GpuBackend, MultiContactLawsOnGivenCollisionsAreTheCpusBitForBit) {
  expect_gpu_batch_equals_cpu<2>(20000, 7);
  expect_gpu_batch_equals_cpu<1>(5000, 8);
}

// k = 3, 4: Lemke by default (one solution per phase), the 3^k-assignment enumeration when chosen.
TEST_F(GpuBackend, ThreeAndFourContactLawsOnGivenCollisionsAreTheCpusBitForBit) {
  expect_gpu_batch_equals_cpu<3>(3000, 9);
  expect_gpu_batch_equals_cpu<4>(1500, 10);
}

// Plans that draw k = 1 ... 4 run the kernels built with every k (the k <= 2 sweep leaves k = 3, 4 out):
// samples, outcomes, tally words and witnesses as on the CPU.
MultiContactSweepSpec gpu_one_to_four_contacts(LcpSolver solver) {
  MultiContactSweepSpec s = gpu_two_contacts();
  s.plan.contacts = {ScalarKind::grid, 1.0, 4.0, 4};
  s.plan.G_kind = DelassusKind::wishart;
  s.axes[0] = {MultiContactQuantity::contacts, 0.5, 4.5, 4};
  s.solver = solver;
  return s;
}

TEST_F(GpuBackend, OneToFourContactSamplesAreEquivalentToRef) {
  for (const LcpSolver solver : {LcpSolver::automatic, LcpSolver::enumeration}) {
    const std::vector<MultiContactSample> gs =
        expect_gpu_samples_equal_cpu(gpu_one_to_four_contacts(solver), 8000);
    int with_k[5] = {};
    for (const MultiContactSample& smp : gs) ++with_k[smp.k < 5 ? smp.k : 0];
    for (int k = 1; k <= 4; ++k) EXPECT_GT(with_k[k], 1000) << "k = " << k;
  }
}

TEST_F(GpuBackend, OneToFourContactSweepTallyIsEquivalentToRef) {
  const MultiContactSweepSpec spec = gpu_one_to_four_contacts(LcpSolver::automatic);
  const MultiContactSweepResult gpu = run_sweep_gpu(spec, 0, 40000);
  const MultiContactSweepResult cpu = run_sweep_cpu(spec, 0, 40000, 1 << 12, 0);
  EXPECT_TRUE(gpu.words == cpu.words);
  for (int l = 0; l < spec.n_laws; ++l) {
    ASSERT_EQ(gpu.witnesses[l].size(), cpu.witnesses[l].size());
    for (std::size_t i = 0; i < cpu.witnesses[l].size(); ++i)
      EXPECT_EQ(gpu.witnesses[l][i].index, cpu.witnesses[l][i].index);
  }
}

// G with cond(G) = 10^x, x uniform in [6, 10], k = 1 .. 4: about half the samples nearly singular; the GPU
// (the bracket and Jacobi one sample per thread) tallies them as the CPU (the bracket on its SIMD lanes).
TEST_F(GpuBackend, NearSingularTallyIsTheCpus) {
  MultiContactSweepSpec spec = gpu_two_contacts();
  spec.plan.contacts = {ScalarKind::uniform, 0.5, 4.5, 1};
  spec.plan.log10_cond = {ScalarKind::uniform, 6.0, 10.0, 1};
  spec.axes[0] = {MultiContactQuantity::log10_cond, 6.0, 10.0, 4};
  const MultiContactSweepResult gpu = run_sweep_gpu(spec, 0, 20000);
  const MultiContactSweepResult cpu = run_sweep_cpu(spec, 0, 20000, 1 << 12, 0);
  EXPECT_TRUE(gpu.words == cpu.words);
  for (int l = 0; l < spec.n_laws; ++l) {
    EXPECT_GT(cpu.pair_total(l, MultiContactWords::near_singular), 5000u);
    EXPECT_EQ(gpu.pair_total(l, MultiContactWords::near_singular),
              cpu.pair_total(l, MultiContactWords::near_singular));
  }
}

TEST_F(GpuBackend, MultiContactSweepTallyIsEquivalentToRef) {
  const MultiContactSweepSpec spec = gpu_two_contacts();
  const MultiContactSweepResult gpu = run_sweep_gpu(spec, 0, 200000);
  const MultiContactSweepResult cpu = run_sweep_cpu(spec, 0, 200000, 1 << 14, 0);
  EXPECT_TRUE(gpu.words == cpu.words);
  for (int l = 0; l < spec.n_laws; ++l) EXPECT_EQ(gpu.witnesses[l].size(), cpu.witnesses[l].size());
}

}  // namespace
}  // namespace collsweep

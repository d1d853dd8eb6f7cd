// Two-contact Poisson impact samples per second (both LCP phases): our solvers vs Siconos's Lemke, one core.
//
// All benchmarks run the same 1024 random samples (the general distribution,
// tests/support/glocker_samples.hpp) in turn; items_per_second is samples per second. Siconos gets the same
// glue as ours: build the 3k matrix and q^-, solve, recover Lambda^- and gamma°, build q^+, solve again.
// BM_Ours_Enumeration is the all-solutions path one sample at a time (mode enumeration, glocker_modes.hpp:
// every solution of both phases, with the count, W_min and W_max; the code the GPU runs);
// BM_Ours_Enumeration_Lanes_* the same outcomes, bit for bit, from the CPU's SIMD laws
// (multicontact_lanes.hpp: AVX2 four samples per pass, also on AVX-512 CPUs; baseline SSE2 two), eight
// samples per call; BM_Ours_Lemke one solution per phase; BM_Ours_Enumeration_Cuda the all-solutions path on
// the GPU (kernel time). items_per_second uses CPU time, but for the GPU.
#include <benchmark/benchmark.h>

#include <chrono>
#include <vector>

#include "../tests/support/glocker_samples.hpp"
#include "LCP_Solvers.h"
#include "LinearComplementarityProblem.h"
#include "NonSmoothDrivers.h"
#include "NumericsMatrix.h"
#include "SolverOptions.h"
#include "backend/multicontact_lanes.hpp"
#include "collsweep/cuda_api.hpp"
#include "families/multicontact/law_instances.hpp"
#include "lcp_cst.h"

namespace collsweep {
namespace {

constexpr int K = 2;
constexpr int N = 3 * K;

const std::vector<MultiContactCollision<K>>& samples() {
  static const std::vector<MultiContactCollision<K>> s = [] {
    testing_samples::Rng rng(2024);
    std::vector<MultiContactCollision<K>> v;
    for (int i = 0; i < 1024; ++i) v.push_back(testing_samples::random_collision<K>(rng));
    return v;
  }();
  return s;
}

void run_ours(benchmark::State& state, LcpSolver solver, bool predicates) {
  const auto& s = samples();
  MultiContactOptions opt;
  opt.solver = solver;
  opt.theorem_predicates = predicates;
  size_t i = 0;
  double sink = 0.0;
  for (auto _ : state) {
    const MultiContactOutcome<K> o = evaluate_poisson_lcp(s[i], opt);
    sink += o.W;
    benchmark::DoNotOptimize(sink);
    i = (i + 1) & 1023;
  }
  state.SetItemsProcessed(state.iterations());
}

// The SIMD path (host/backend/multicontact_lanes.cpp): eight samples per call, the same outcomes bit for bit.
void run_ours_lanes(benchmark::State& state, LaneIsa isa, bool predicates) {
  if (!planar_lanes_isa_available(isa)) {
    state.SkipWithError("instruction set not available on this CPU");
    return;
  }
  const auto& s = samples();
  MultiContactOptions opt;
  opt.solver = LcpSolver::enumeration;
  opt.theorem_predicates = predicates;
  size_t i = 0;
  double sink = 0.0;
  MultiContactCollision<K> in[multicontact_lane_batch];
  MultiContactOutcome<K> out[multicontact_lane_batch];
  for (auto _ : state) {
    for (int l = 0; l < multicontact_lane_batch; ++l) in[l] = s[i + l];
    evaluate_multicontact_lanes_with<K>(isa, multicontact_law<PoissonLcp>, in, opt, out);
    sink += out[0].W;
    benchmark::DoNotOptimize(sink);
    i = (i + multicontact_lane_batch) & 1023;
  }
  state.SetItemsProcessed(state.iterations() * multicontact_lane_batch);
}

void BM_Ours_Enumeration(benchmark::State& state) { run_ours(state, LcpSolver::enumeration, false); }
void BM_Ours_Enumeration_Lanes_AVX512(benchmark::State& state) {
  run_ours_lanes(state, LaneIsa::avx512, false);
}
void BM_Ours_Enumeration_Lanes_AVX2(benchmark::State& state) { run_ours_lanes(state, LaneIsa::avx2, false); }
void BM_Ours_Enumeration_Lanes_Baseline(benchmark::State& state) {
  run_ours_lanes(state, LaneIsa::baseline, false);
}
void BM_Ours_Enumeration_Lanes_WithPredicates(benchmark::State& state) {
  run_ours_lanes(state, planar_lanes_isa(), true);
}
void BM_Ours_Enumeration_WithPredicates(benchmark::State& state) {
  run_ours(state, LcpSolver::enumeration, true);
}
void BM_Ours_Lemke(benchmark::State& state) { run_ours(state, LcpSolver::lemke, false); }

// The same problems on the GPU (cuda::evaluate_batch: the enumeration the sweeps run there, every
// solution of both phases, the CPU's bits), replicated to 2^20 per launch so that the GPU is full.
// items_per_second uses the kernel's own time (problems resident on the device, as in a sweep, which
// draws them there); the counter copies_included_per_second adds the PCIe copies of the problems and the
// outcomes. Skipped without a GPU.
void BM_Ours_Enumeration_Cuda(benchmark::State& state) {
  const cuda::DeviceInfo info = cuda::query_device();
  if (!info.available) {
    state.SkipWithError(info.message);
    return;
  }
  const auto& s = samples();
  std::vector<MultiContactCollision<K>> in(std::size_t{1} << 20);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = s[i & 1023];
  std::vector<MultiContactOutcome<K>> out(in.size());
  MultiContactOptions opt;
  opt.solver = LcpSolver::enumeration;
  opt.theorem_predicates = false;
  double wall = 0.0;
  for (auto _ : state) {
    char err[512] = {};
    double kernel_seconds = 0.0;
    const auto t0 = std::chrono::steady_clock::now();
    if (!cuda::evaluate_batch(MultiContactBatch<K>{multicontact_law<PoissonLcp>, opt}, in.data(), out.data(),
                              in.size(), err, sizeof err, &kernel_seconds)) {
      state.SkipWithError(err);
      return;
    }
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(kernel_seconds);
  }
  const double items = static_cast<double>(state.iterations()) * static_cast<double>(in.size());
  state.SetItemsProcessed(static_cast<std::int64_t>(items));
  state.counters["copies_included_per_second"] = wall > 0.0 ? items / wall : 0.0;
  state.SetLabel(info.name);
}

// Siconos: the two phases through linearComplementarity_driver (driver = true) or lcp_lexicolemke directly.
void run_siconos(benchmark::State& state, bool driver) {
  const auto& s = samples();
  NumericsMatrix* M = NM_create(NM_DENSE, N, N);
  SolverOptions* options = solver_options_create(SICONOS_LCP_LEMKE);
  double q[N], z[N], w[N];
  LinearComplementarityProblem problem{N, M, q};
  auto solve = [&](const double(&a)[N][N], const double(&qq)[N]) {
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) M->matrix0[i + j * N] = a[i][j];
    for (int i = 0; i < N; ++i) {
      q[i] = qq[i];
      z[i] = w[i] = 0.0;
    }
    int info = 0;
    if (driver)
      info = linearComplementarity_driver(&problem, z, w, options);
    else
      lcp_lexicolemke(&problem, z, w, &info, options);
    return info;
  };
  size_t k = 0;
  double sink = 0.0;
  int failures = 0;
  for (auto _ : state) {
    const MultiContactCollision<K>& c = s[k];
    k = (k + 1) & 1023;
    double a[N][N], qq[N];
    glocker_lcp_matrix(c, a);
    const double zero_b[K] = {};
    glocker_lcp_rhs(c, c.gamma_minus, zero_b, qq);
    if (solve(a, qq) != 0) {
      ++failures;
      continue;
    }
    double lm[2 * K], cv[2 * K], b[K];
    for (int j = 0; j < K; ++j) {
      lm[j] = z[j];
      lm[K + j] = z[K + j] - c.mu[j] * z[j];
      b[j] = c.mu[j] * (c.eps_N[j] - c.eps_T[j]) * lm[j];
    }
    for (int i = 0; i < 2 * K; ++i) {  // c = gamma° + G eps Lambda^- = gamma^- + G (I + eps) Lambda^-
      cv[i] = c.gamma_minus[i];
      for (int j = 0; j < 2 * K; ++j)
        cv[i] += c.G[i][j] * (1.0 + (j < K ? c.eps_N[j] : c.eps_T[j - K])) * lm[j];
    }
    glocker_lcp_rhs(c, cv, b, qq);
    if (solve(a, qq) != 0) ++failures;
    sink += z[0];
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["failures"] = failures;
  solver_options_delete(options);
  NM_free(M);
}

void BM_Siconos_Lemke_Driver(benchmark::State& state) { run_siconos(state, true); }
void BM_Siconos_Lemke_Direct(benchmark::State& state) { run_siconos(state, false); }

BENCHMARK(BM_Ours_Enumeration);
BENCHMARK(BM_Ours_Enumeration_Lanes_AVX512);
BENCHMARK(BM_Ours_Enumeration_Lanes_AVX2);
BENCHMARK(BM_Ours_Enumeration_Lanes_Baseline);
BENCHMARK(BM_Ours_Enumeration_WithPredicates);
BENCHMARK(BM_Ours_Enumeration_Lanes_WithPredicates);
BENCHMARK(BM_Ours_Lemke);
BENCHMARK(BM_Ours_Enumeration_Cuda)->UseManualTime();
BENCHMARK(BM_Siconos_Lemke_Driver);
BENCHMARK(BM_Siconos_Lemke_Direct);

}  // namespace
}  // namespace collsweep

BENCHMARK_MAIN();

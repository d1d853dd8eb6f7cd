// Sweep throughput (samples/s, sampling and tallies included) per law on 1 CPU thread, all CPU threads and
// CUDA: planar, multi-contact and spatial (the spatial and planar laws of one name side by side for the
// ratio).
#include <benchmark/benchmark.h>

#include <thread>

#include "backend/cpu_backend.hpp"
#include "backend/cuda_backend.hpp"
#include "backend/gpu_peak.hpp"

namespace {

using namespace collsweep;

// The quickstart shape of sweep with one law: W direct (cond up to 1e3), theta x mu map of 30 x 20 cells.
PlanarSweepSpec one_law(PlanarLaw law) {
  PlanarSweepSpec s;
  s.plan.seed = 7;
  s.plan.W.kind = MatrixKind::direct;
  s.plan.W.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.e = {ScalarKind::uniform, 0.0, 1.0, 1};
  s.plan.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  s.axes[0] = {PlanarQuantity::theta, 0.0, 90.0, 30};
  s.axes[1] = {PlanarQuantity::mu, 0.0, 1.5, 20};
  s.n_axes = 2;
  s.laws[0] = law;
  s.n_laws = 1;
  s.witnesses = 10;
  return s;
}

// The quickstart sweep itself: all four laws on every sample (a 30 x 20 x 4 map: 2 400 cell-law pairs).
PlanarSweepSpec all_laws() {
  PlanarSweepSpec s = one_law(planar_law<Stronge>);
  for (int l = 0; l < planar_law_count; ++l) s.laws[l] = static_cast<PlanarLaw>(l);
  s.n_laws = planar_law_count;
  return s;
}

PlanarSweepSpec bench_spec(int law) { return law < 0 ? all_laws() : one_law(static_cast<PlanarLaw>(law)); }

// law < 0: all four laws per sample.
void BM_CpuSweep(benchmark::State& state, int law, int threads) {
  const PlanarSweepSpec spec = bench_spec(law);
  const std::uint64_t n = 1 << 22;
  std::uint64_t first = 0;
  for (auto _ : state) {
    const PlanarSweepResult r = run_sweep_cpu(spec, first, n, 1 << 16, threads);
    benchmark::DoNotOptimize(r.words.data());
    first += n;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
  state.counters["threads"] = threads > 0 ? threads : std::thread::hardware_concurrency();
}

void BM_CudaSweep(benchmark::State& state, int law) {
  const cuda::DeviceInfo info = cuda::query_device();
  if (!info.available) {
    state.SkipWithError(("no CUDA device: " + std::string(info.message)).c_str());
    return;
  }
  const PlanarSweepSpec spec = bench_spec(law);
  const std::uint64_t n = std::uint64_t(1) << 32;  // 4.3e9 samples per iteration
  std::uint64_t first = 0;
  for (auto _ : state) {
    const PlanarSweepResult r = run_sweep_gpu(spec, first, n);
    benchmark::DoNotOptimize(r.words.data());
    state.SetIterationTime(r.seconds);
    first += n;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

// k-contact Poisson-type impacts (both LCP phases), the glocker config's shape: for k = 2 every solution by
// enumeration, for k = 4 one per phase by Lemke (the automatic solver).
// k contacts, G direct (cond(G) uniform in log) or of an 8-DOF mechanism (cond(M) in [1, 10^3], log10
// cond(G) from Jacobi eigenvalues for the map).
// k = 0: k = 1, 2, 3, 4 in turn (configs/glocker_one_to_four_contacts.toml's mix, where the GPU sorts each
// chunk's samples by k). body (k = 2): the rod of configs/rod_two_contacts.toml, G of rank 3 (the
// semidefinite path of every sample), over omega x v_x.
MultiContactSweepSpec k_contacts(int k, DelassusKind kind = DelassusKind::direct) {
  MultiContactSweepSpec s;
  s.plan.seed = 7;
  s.plan.contacts = k == 0 ? ScalarDist{ScalarKind::grid, 1.0, 4.0, 4}
                           : ScalarDist{ScalarKind::constant, double(k), double(k), 1};
  const bool mechanism = kind == DelassusKind::mechanism;
  if (kind == DelassusKind::body) {
    s.plan.G_kind = DelassusKind::body;
    s.plan.body.mass = 1.0;
    s.plan.body.inertia = 1.0 / 12.0;
    s.plan.body.point[0][0] = -0.5;
    s.plan.body.point[1][0] = 0.5;
    s.plan.body.normal[0][1] = s.plan.body.normal[1][1] = 1.0;
    s.plan.v_y = {ScalarKind::constant, -1.0, -1.0, 1};
    s.plan.omega = {ScalarKind::uniform, -4.0, 4.0, 1};
    s.axes[0] = {MultiContactQuantity::omega, -4.0, 4.0, 16};
    s.axes[1] = {MultiContactQuantity::v_x, -1.0, 1.0, 10};
    s.n_axes = 2;
    s.laws[0] = multicontact_law<PoissonLcp>;
    s.n_laws = 1;
    return s;
  }
  if (mechanism) {
    s.plan.G_kind = DelassusKind::mechanism;
    s.plan.mechanism_dof = 8;
    s.plan.log10_cond_M = {ScalarKind::uniform, 0.0, 3.0, 1};
  }
  s.axes[0] = mechanism ? MapAxis<MultiContactQuantity>{MultiContactQuantity::log10_cond, 0.0, 12.0, 24}
                        // (cond(G) exceeds cond(M))
                        : MapAxis<MultiContactQuantity>{MultiContactQuantity::log10_cond, 0.0, 3.0, 15};
  s.axes[1] = {MultiContactQuantity::eps_spread, 0.0, 1.0, 10};
  s.n_axes = 2;
  s.laws[0] = multicontact_law<PoissonLcp>;
  s.n_laws = 1;
  return s;
}

// The engine law alone on the same plans (sequential-impulse: Box2D's defaults, 8 sweeps and the block
// solver for k = 2, the spread over every order of the normal impulses for k = 4).
MultiContactSweepSpec engine_contacts(int k, DelassusKind kind = DelassusKind::direct) {
  MultiContactSweepSpec s = k_contacts(k, kind);
  s.laws[0] = multicontact_law<MultiContactSequentialImpulse>;
  s.n_laws = 1;
  return s;
}

void BM_CpuMultiContact(benchmark::State& state, int k, DelassusKind kind, bool engine) {
  const MultiContactSweepSpec spec = engine ? engine_contacts(k, kind) : k_contacts(k, kind);
  const std::uint64_t n = k == 2 ? 1 << 14 : 1 << 12;
  std::uint64_t first = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(run_sweep_cpu(spec, first, n, 1 << 12, 1).words.data());
    first += n;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void BM_CudaMultiContact(benchmark::State& state, int k, DelassusKind kind, bool engine) {
  const cuda::DeviceInfo info = cuda::query_device();
  if (!info.available) {
    state.SkipWithError(("no CUDA device: " + std::string(info.message)).c_str());
    return;
  }
  const MultiContactSweepSpec spec = engine ? engine_contacts(k, kind) : k_contacts(k, kind);
  const std::uint64_t n = std::uint64_t(1) << (k == 2 ? 26 : 23);
  std::uint64_t first = 0;
  for (auto _ : state) {
    const MultiContactSweepResult r = run_sweep_gpu(spec, first, n);
    state.SetIterationTime(r.seconds);
    first += n;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

// The spatial sweep with one law, the spatial quickstart's shape: W direct (cond up to 1e3), psi x mu map of
// 18 x 15 cells, mu in [0, 1.5], e in [0, 1], e_t in [-1, 1] (read by chatterjee-ruina-3d and as r_t by
// Laws I, III and the combined law), and the thesis laws' parameters as configs/spatial_thesis_laws.toml
// draws them (s1 = s2 = 0.25; r1 in [0, 1.5], r2 in [-0.5, 0.5]); a thesis law's sweep tallies the
// constraint words too. sequential-impulse-3d runs at its defaults: K = 8 sweeps (Box2D's
// velocityIterations), threshold 0, friction first, the pyramid.
SpatialSweepSpec one_spatial_law(SpatialLaw law) {
  SpatialSweepSpec s;
  s.plan.seed = 7;
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
  s.plan.s1 = {ScalarKind::constant, 0.25, 0.25, 1};
  s.plan.s2 = {ScalarKind::constant, 0.25, 0.25, 1};
  s.plan.r1 = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.plan.r2 = {ScalarKind::uniform, -0.5, 0.5, 1};
  s.axes[0] = {SpatialQuantity::psi, 0.0, 90.0, 18};
  s.axes[1] = {SpatialQuantity::mu, 0.0, 1.5, 15};
  s.n_axes = 2;
  s.laws[0] = law;
  s.n_laws = 1;
  return s;
}

void BM_CpuSpatial(benchmark::State& state, SpatialLaw law) {
  const SpatialSweepSpec spec = one_spatial_law(law);
  const std::uint64_t n = 1 << 12;
  std::uint64_t first = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(run_sweep_cpu(spec, first, n, 1 << 12, 1).words.data());
    first += n;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

// log2_n: 2^22 samples per launch for the figures; profile/cuda/stronge-3d launches 2^18 once, so that
// Nsight Compute's replays of the kernel (one per section) fit scripts/gpu-check.sh's step limit.
void BM_CudaSpatial(benchmark::State& state, SpatialLaw law, int log2_n) {
  const cuda::DeviceInfo info = cuda::query_device();
  if (!info.available) {
    state.SkipWithError(("no CUDA device: " + std::string(info.message)).c_str());
    return;
  }
  const SpatialSweepSpec spec = one_spatial_law(law);
  const std::uint64_t n = std::uint64_t(1) << log2_n;
  std::uint64_t first = 0;
  for (auto _ : state) {
    const SpatialSweepResult r = run_sweep_gpu(spec, first, n);
    state.SetIterationTime(r.seconds);
    first += n;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

// FP64 operations and 32-bit integer instructions per sample of each steady kernel, from its latest Nsight
// Compute profile (the roofline table of bench/results/2026-11-27-NVIDIA-H100-80GB-HBM3/roofline.md; update
// them with it): the fractions of peak below. Zero: not profiled.
struct KernelOps {
  double fp64 = 0.0, int32 = 0.0;
};
constexpr KernelOps kStrongeOps{487, 601}, kFourLawsOps{633, 848}, kTwoContactsOps{6236, 6169},
    kFourContactsOps{20490, 14111}, kNotProfiled{};

// Steady state (the "past 10^10" figures): one benchmark iteration keeps launching the sweep until it
// has run at least 10^10 samples or 10 s of kernel time, whichever comes first, so that start-up, the tally
// merge and clock ramps weigh nothing. Reported: samples/s over kernel time and, for a profiled kernel, the
// FP64 and INT32 rates those samples make as fractions of the GPU's peaks at its peak clock
// (backend/gpu_peak.hpp). Run only when named (--benchmark_filter=steady), as it takes up to ~12 s per
// kernel.
template <class Spec, class Launch>
void run_steady(benchmark::State& state, const Spec& spec, std::uint64_t per_launch, KernelOps ops,
                Launch launch) {
  const cuda::DeviceInfo info = cuda::query_device();
  if (!info.available) {
    state.SkipWithError(("no CUDA device: " + std::string(info.message)).c_str());
    return;
  }
  constexpr double min_samples = 1e10, max_seconds = 10.0;
  std::uint64_t first = 0, launches = 0;
  double seconds = 0.0;
  for (auto _ : state) {
    double kernel_seconds = 0.0;
    while (double(first) < min_samples && kernel_seconds < max_seconds) {
      kernel_seconds += launch(spec, first, per_launch).seconds;
      first += per_launch;
      ++launches;
    }
    state.SetIterationTime(kernel_seconds);
    seconds += kernel_seconds;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(first));
  state.counters["launches"] = double(launches);
  state.counters["samples"] = double(first);
  if (ops.fp64 > 0.0 && seconds > 0.0 && info.sms > 0) {
    const double rate = double(first) / seconds;
    state.counters["fp64_of_peak"] = rate * ops.fp64 / fp64_peak_per_second(info);
    state.counters["int32_of_peak"] = rate * ops.int32 / int32_peak_per_second(info);
  }
}

void BM_CudaSteadyPlanar(benchmark::State& state, int law, KernelOps ops) {
  run_steady(state, bench_spec(law), std::uint64_t(1) << 32, ops,
             [](const PlanarSweepSpec& s, std::uint64_t first, std::uint64_t n) {
               return run_sweep_gpu(s, first, n);
             });
}

void BM_CudaSteadyMultiContact(benchmark::State& state, int k) {
  run_steady(state, k_contacts(k), std::uint64_t(1) << (k == 2 ? 28 : 25),
             k == 2 ? kTwoContactsOps : kFourContactsOps,
             [](const MultiContactSweepSpec& s, std::uint64_t first, std::uint64_t n) {
               return run_sweep_gpu(s, first, n);
             });
}

void BM_CudaSteadySpatial(benchmark::State& state) {
  run_steady(state, one_spatial_law(spatial_law<Stronge3d>), std::uint64_t(1) << 26, kNotProfiled,
             [](const SpatialSweepSpec& s, std::uint64_t first, std::uint64_t n) {
               return run_sweep_gpu(s, first, n);
             });
}

void register_all() {
  const cuda::DeviceInfo info = cuda::query_device();
  benchmark::AddCustomContext("cpu", cpu_model_name());
  benchmark::AddCustomContext("gpu", describe_device(info));
  for (int l = 0; l < planar_law_count; ++l) {
    const std::string name = law_name(static_cast<PlanarLaw>(l));
    benchmark::RegisterBenchmark(("sweep/cpu1/" + name).c_str(), BM_CpuSweep, l, 1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("sweep/cpu_all/" + name).c_str(), BM_CpuSweep, l, 0)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("sweep/cuda/" + name).c_str(), BM_CudaSweep, l)
        ->Unit(benchmark::kMillisecond)
        ->UseManualTime()
        ->Iterations(3);
  }
  benchmark::RegisterBenchmark("sweep/cpu1/all-laws", BM_CpuSweep, -1, 1)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("sweep/cpu_all/all-laws", BM_CpuSweep, -1, 0)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark("sweep/cuda/all-laws", BM_CudaSweep, -1)
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime()
      ->Iterations(3);
  for (const DelassusKind kind : {DelassusKind::direct, DelassusKind::mechanism, DelassusKind::body})
    for (const int k : {2, 4, 0}) {
      if (kind == DelassusKind::body && k != 2) continue;
      const std::string name = "poisson-lcp-k" + (k == 0 ? std::string("1to4") : std::to_string(k)) +
                               (kind == DelassusKind::mechanism ? "-mechanism"
                                : kind == DelassusKind::body    ? "-body"
                                                                : "");
      benchmark::RegisterBenchmark(("sweep/cpu1/" + name).c_str(), BM_CpuMultiContact, k, kind, false)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("sweep/cuda/" + name).c_str(), BM_CudaMultiContact, k, kind, false)
          ->Unit(benchmark::kMillisecond)
          ->UseManualTime()
          ->Iterations(3);
    }
  // The multi-contact engine law (sequential-impulse) on the same plans: k = 2 and 4 contacts, and the rod.
  for (const DelassusKind kind : {DelassusKind::direct, DelassusKind::body})
    for (const int k : {2, 4}) {
      if (kind == DelassusKind::body && k != 2) continue;
      const std::string name =
          "sequential-impulse-k" + std::to_string(k) + (kind == DelassusKind::body ? "-body" : "");
      benchmark::RegisterBenchmark(("sweep/cpu1/" + name).c_str(), BM_CpuMultiContact, k, kind, true)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("sweep/cuda/" + name).c_str(), BM_CudaMultiContact, k, kind, true)
          ->Unit(benchmark::kMillisecond)
          ->UseManualTime()
          ->Iterations(3);
    }
  for (int l = 0; l < spatial_law_count; ++l) {
    const auto law = static_cast<SpatialLaw>(l);
    benchmark::RegisterBenchmark(("sweep/cpu1/" + std::string(law_name(law))).c_str(), BM_CpuSpatial, law)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("sweep/cuda/" + std::string(law_name(law))).c_str(), BM_CudaSpatial, law,
                                 22)
        ->Unit(benchmark::kMillisecond)
        ->UseManualTime()
        ->Iterations(3);
  }
  benchmark::RegisterBenchmark("profile/cuda/stronge-3d", BM_CudaSpatial, spatial_law<Stronge3d>, 18)
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime()
      ->Iterations(1);
  const auto steady = [](benchmark::internal::Benchmark* b) {
    b->Unit(benchmark::kSecond)->UseManualTime()->Iterations(1);
  };
  steady(benchmark::RegisterBenchmark("steady/cuda/stronge", BM_CudaSteadyPlanar,
                                      static_cast<int>(planar_law<Stronge>), kStrongeOps));
  steady(benchmark::RegisterBenchmark("steady/cuda/all-laws", BM_CudaSteadyPlanar, -1, kFourLawsOps));
  steady(benchmark::RegisterBenchmark("steady/cuda/stronge-3d", BM_CudaSteadySpatial));
  for (const int k : {2, 4})
    steady(benchmark::RegisterBenchmark(("steady/cuda/poisson-lcp-k" + std::to_string(k)).c_str(),
                                        BM_CudaSteadyMultiContact, k));
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

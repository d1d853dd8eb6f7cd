// Throughput of `collsweep fit`: law evaluations per second on measured impacts (the repository's data sets)
// through eval's row evaluation, on one core, on every core and batched on the GPU, and one whole fit.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <thread>

#include "collsweep/cuda_api.hpp"
#include "families/commands.hpp"
#include "fit/law_fit.hpp"

namespace {

using namespace collsweep;

// A law on a data set's used impacts (the ellipse's unflagged rows, the cube's one-corner rows).
struct Fixture {
  std::unique_ptr<ImpactSpace> space;
  std::unique_ptr<fit::LawModel> model;
  fit::ImpactSet set;
  std::vector<const fit::Impact*> used;
};

template <class Spec>
Fixture fixture(const std::string& law, const std::string& file,
                const std::vector<fit::RowSelection>& where) {
  const families::FamilyTag<Spec> tag;
  Fixture f;
  f.space = std::make_unique<ImpactSpace>(families::impact_space(tag, {}, ""));
  EvalOptions eo;
  eo.law = law;
  f.model = std::make_unique<fit::LawModel>(
      law, families::family_table(tag, eo).columns(f.space->eval_inputs()), *f.space);
  // The checkout's data/ (COLLSWEEP_SOURCE_DIR in the environment: a build run on another machine).
  const char* source = std::getenv("COLLSWEEP_SOURCE_DIR");
  std::ifstream in(std::string(source && *source ? source : COLLSWEEP_SOURCE_DIR) + "/data/" + file,
                   std::ios::binary);
  if (!in) throw std::runtime_error("bench_fit: cannot open data/" + file + " (set COLLSWEEP_SOURCE_DIR)");
  f.set = fit::read_impacts(in, *f.space, where);
  for (const fit::Impact& im : f.set.impacts)
    if (im.used) f.used.push_back(&im);
  return f;
}

// Evaluations at one parameter point, every impact; range(0): threads (0: every core).
void run_losses(benchmark::State& state, const Fixture& f, const std::vector<double>& theta) {
  const int threads = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(f.model->losses(f.used, theta, fit::Loss::contact, threads));
  state.SetItemsProcessed(state.iterations() * static_cast<long long>(f.used.size()));
  state.counters["threads"] = threads > 0 ? threads : std::thread::hardware_concurrency();
}

void BM_FitEvaluations_PlanarNewton(benchmark::State& state) {
  static const Fixture f = fixture<PlanarSweepSpec>("newton", "mcube_ellipse.csv", {{"flags", "0"}});
  run_losses(state, f, {0.1, 0.5});
}

void BM_FitEvaluations_SpatialChatterjeeRuina(benchmark::State& state) {
  static const Fixture f =
      fixture<SpatialSweepSpec>("chatterjee-ruina-3d", "dair_cube.csv", {{"contacts", "1"}});
  run_losses(state, f, {0.2, 0.3, 0.0});
}

void BM_FitEvaluations_SpatialStronge(benchmark::State& state) {
  static const Fixture f = fixture<SpatialSweepSpec>("stronge-3d", "dair_cube.csv", {{"contacts", "1"}});
  run_losses(state, f, {0.2, 0.3});
}

// Sends the model's evaluations to the GPU (gpu = 1) or keeps them on the CPU; false (the benchmark skipped)
// when no GPU is present.
bool on_backend(benchmark::State& state, fit::LawModel& model, int gpu) {
  if (gpu && !cuda::query_device().available) {
    state.SkipWithError("no GPU");
    return false;
  }
  model.use_gpu(gpu != 0);
  return true;
}

// About 1 024 points of the law's box (32 values along each of its first two dimensions).
std::vector<std::vector<double>> grid_points(const fit::LawModel& model) {
  const std::vector<fit::Dimension> box = fit::law_box(model.parameters(), {}, {});
  std::vector<std::vector<double>> points;
  for (int p = 0; p < 1024; ++p) {
    std::vector<double> x;
    for (std::size_t d = 0; d < box.size(); ++d) {
      const double t = ((p >> (5 * d)) % 32 + 0.5) / 32.0;
      x.push_back(box[d].lo + t * (box[d].hi - box[d].lo));
    }
    points.push_back(x);
  }
  return points;
}

// The first grid of a fit (fit_law's bulk): the losses at 1 024 points of the law's box, every impact;
// range(0): 0 every core, 1 the GPU (with every core for the rows' inputs and losses). One untimed grid
// first: the CUDA context's start and the kernels' loading stay out of the figure.
void run_grid(benchmark::State& state, Fixture& f) {
  if (!on_backend(state, *f.model, static_cast<int>(state.range(0)))) return;
  const std::vector<std::vector<double>> points = grid_points(*f.model);
  benchmark::DoNotOptimize(f.model->losses_at(f.used, points, fit::Loss::contact, 0));
  for (auto _ : state) benchmark::DoNotOptimize(f.model->losses_at(f.used, points, fit::Loss::contact, 0));
  state.SetItemsProcessed(state.iterations() * static_cast<long long>(points.size() * f.used.size()));
  f.model->use_gpu(false);
}

void BM_FitGrid_PlanarNewton(benchmark::State& state) {
  static Fixture f = fixture<PlanarSweepSpec>("newton", "mcube_ellipse.csv", {{"flags", "0"}});
  run_grid(state, f);
}

void BM_FitGrid_SpatialStronge(benchmark::State& state) {
  static Fixture f = fixture<SpatialSweepSpec>("stronge-3d", "dair_cube.csv", {{"contacts", "1"}});
  run_grid(state, f);
}

// One whole fit of Newton's law to the ellipse (no bootstrap, no loss maps), on every core; range(0): 1 with
// the laws' grids on the GPU (warmed up by one untimed grid).
void BM_FitWhole_PlanarNewton(benchmark::State& state) {
  static Fixture f = fixture<PlanarSweepSpec>("newton", "mcube_ellipse.csv", {{"flags", "0"}});
  if (!on_backend(state, *f.model, static_cast<int>(state.range(0)))) return;
  benchmark::DoNotOptimize(f.model->losses_at(f.used, grid_points(*f.model), fit::Loss::contact, 0));  // warm
  fit::FitSettings s;
  s.bootstrap = 0;
  s.loss_maps = false;
  for (auto _ : state) {
    const fit::LawFitResult r =
        fit::fit_law(*f.model, f.used, fit::law_box(f.model->parameters(), {}, {}), s);
    benchmark::DoNotOptimize(r.loss_value);
    state.counters["evaluations"] = static_cast<double>(r.evaluations);
  }
  f.model->use_gpu(false);
}

}  // namespace

BENCHMARK(BM_FitEvaluations_PlanarNewton)->Arg(1)->Arg(0)->UseRealTime();
BENCHMARK(BM_FitEvaluations_SpatialChatterjeeRuina)->Arg(1)->Arg(0)->UseRealTime();
BENCHMARK(BM_FitEvaluations_SpatialStronge)->Arg(1)->Arg(0)->UseRealTime();
BENCHMARK(BM_FitGrid_PlanarNewton)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FitGrid_SpatialStronge)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FitWhole_PlanarNewton)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();

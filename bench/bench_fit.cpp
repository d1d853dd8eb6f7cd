// Throughput of `collsweep fit`: law evaluations per second on measured impacts (the repository's data sets)
// through eval's row evaluation, on one core and on every core, and one whole fit.
#include <benchmark/benchmark.h>

#include <fstream>
#include <memory>
#include <thread>

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
  std::ifstream in(std::string(COLLSWEEP_SOURCE_DIR) + "/data/" + file, std::ios::binary);
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

// One whole fit of Newton's law to the ellipse (no bootstrap, no loss maps), on every core.
void BM_FitWhole_PlanarNewton(benchmark::State& state) {
  static const Fixture f = fixture<PlanarSweepSpec>("newton", "mcube_ellipse.csv", {{"flags", "0"}});
  fit::FitSettings s;
  s.bootstrap = 0;
  s.loss_maps = false;
  for (auto _ : state) {
    const fit::LawFitResult r =
        fit::fit_law(*f.model, f.used, fit::law_box(f.model->parameters(), {}, {}), s);
    benchmark::DoNotOptimize(r.loss_value);
    state.counters["evaluations"] = static_cast<double>(r.evaluations);
  }
}

}  // namespace

BENCHMARK(BM_FitEvaluations_PlanarNewton)->Arg(1)->Arg(0)->UseRealTime();
BENCHMARK(BM_FitEvaluations_SpatialChatterjeeRuina)->Arg(1)->Arg(0)->UseRealTime();
BENCHMARK(BM_FitEvaluations_SpatialStronge)->Arg(1)->Arg(0)->UseRealTime();
BENCHMARK(BM_FitWhole_PlanarNewton)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();

// Evaluations per second of each planar law on one CPU core, over a fixed pool of random collisions: the four
// classic laws called directly, and all ten (Chatterjee's thesis laws too) through the law dispatch.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/reference/impulse_integrator.hpp"

namespace {

using namespace collsweep;

// 4096 collisions (fits in L1/L2) with W of every Case, theta in [0, 90), mu in [0, 2], e in [0, 1].
const std::vector<PlanarCollision>& pool() {
  static const std::vector<PlanarCollision> p = [] {
    std::mt19937_64 gen(7);
    auto u = [&] { return (static_cast<double>(gen() >> 11) + 0.5) * 0x1.0p-53; };
    std::vector<PlanarCollision> v(4096);
    for (auto& c : v) {
      const double kappa = std::exp(std::log(0.1) + u() * std::log(100.0)), rho = 2 * u() - 1;
      const double theta = u() * M_PI / 2;
      c = PlanarCollision{
          {kappa, 0.99 * rho, 1 / kappa}, {-std::cos(theta), std::sin(theta)}, 2 * u(), u(), 2 * u() - 1};
      c.s1 = 0.5 * u();  // chatterjee-combined: s1, s2 >= 0, s1 + s2 <= 1
      c.s2 = 0.5 * u();
      c.ratio = 2 * u() - 1;  // brach
    }
    return v;
  }();
  return p;
}

template <class Law>
void BM_Law(benchmark::State& state) {
  const auto& p = pool();
  std::size_t i = 0;
  double sink = 0.0;
  for (auto _ : state) {
    const PlanarOutcome o = Law::evaluate(p[i++ & 4095]);
    sink += o.dE;
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations());
}

// Any law through evaluate(PlanarLaw, ...), with its report (solution counts, Smith's iterations).
void BM_Dispatch(benchmark::State& state, PlanarLaw law) {
  const auto& p = pool();
  std::size_t i = 0;
  double sink = 0.0;
  for (auto _ : state) {
    LawReport report;
    const PlanarOutcome o = evaluate(law, p[i++ & 4095], &report);
    sink += o.dE + report.solutions;
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations());
}

const bool registered = [] {
  for (int l = 0; l < planar_law_count; ++l) {
    const auto law = static_cast<PlanarLaw>(l);
    benchmark::RegisterBenchmark((std::string("dispatch/") + law_name(law)).c_str(), BM_Dispatch, law);
  }
  return true;
}();

void BM_ImpulseIntegrator(benchmark::State& state) {
  const auto& p = pool();
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(integrate_impact(p[i++ & 4095], Termination::stronge));
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_Law<Stronge>)->Name("stronge");
BENCHMARK(BM_Law<Poisson>)->Name("poisson");
BENCHMARK(BM_Law<Newton>)->Name("newton");
BENCHMARK(BM_Law<ChatterjeeRuina>)->Name("chatterjee-ruina");
BENCHMARK(BM_ImpulseIntegrator)->Name("reference integrator (stronge)");

}  // namespace

BENCHMARK_MAIN();

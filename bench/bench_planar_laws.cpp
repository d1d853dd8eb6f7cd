// Evaluations per second of each planar law on one CPU core, over a fixed pool of random collisions.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "collsweep/models/planar/laws/planar_laws.hpp"
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

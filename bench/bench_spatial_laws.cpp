// Evaluations per second of each spatial (3D) law on one CPU core, over a fixed pool of random collisions:
// the three incremental laws and Law II (evaluate_spatial) and Chatterjee's thesis laws in 3D (with their
// report).
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "collsweep/models/spatial/spatial_laws.hpp"

namespace {

using namespace collsweep;

// 1024 collisions: W = A A^T + 0.3 I with A's entries standard normal, v_n in [-2, -0.1), v_t uniform in a
// disc of radius 2, mu in [0, 1.2), e in [0, 1), e_t in [-1, 1).
const std::vector<SpatialCollision>& pool() {
  static const std::vector<SpatialCollision> p = [] {
    std::mt19937_64 gen(11);
    std::normal_distribution<double> normal;
    auto u = [&] { return (static_cast<double>(gen() >> 11) + 0.5) * 0x1.0p-53; };
    std::vector<SpatialCollision> v(1024);
    for (auto& c : v) {
      double A[3][3], W[3][3] = {};
      for (auto& row : A)
        for (double& x : row) x = normal(gen);
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          for (int k = 0; k < 3; ++k) W[i][j] += A[i][k] * A[j][k];
          if (i == j) W[i][j] += 0.3;
        }
      c.W = Delassus3{W[0][0], W[0][1], W[0][2], W[1][1], W[1][2], W[2][2]};
      const double r = 2 * std::sqrt(u()), phi = 2 * M_PI * u();
      c.v = Vec3n{-0.1 - 1.9 * u(), r * std::cos(phi), r * std::sin(phi)};
      c.mu = 1.2 * u();
      c.e = u();
      c.e_t = 2 * u() - 1;
    }
    return v;
  }();
  return p;
}

void BM_Spatial(benchmark::State& state, SpatialLaw law) {
  const auto& p = pool();
  std::size_t i = 0;
  double sink = 0.0;
  for (auto _ : state) {
    sink += evaluate_spatial(law, p[i++ & 1023]).dE;
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Thesis(benchmark::State& state, SpatialLaw law) {
  const auto& p = pool();
  const SpatialThesisParams params{0.3, 0.2, 0.2, -0.1};
  std::size_t i = 0;
  double sink = 0.0;
  for (auto _ : state) {
    LawReport report;
    sink += evaluate_thesis_3d(law, p[i++ & 1023], params, &report).dE + report.solutions;
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations());
}

const bool registered = [] {
  for (int l = 0; l < spatial_law_count; ++l) {
    const auto law = static_cast<SpatialLaw>(l);
    if (is_thesis_law(law))
      benchmark::RegisterBenchmark(law_name(law), BM_Thesis, law);
    else
      benchmark::RegisterBenchmark(law_name(law), BM_Spatial, law);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();

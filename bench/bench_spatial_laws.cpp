// Evaluations per second of each spatial (3D) law on one CPU core, over a fixed pool of random collisions:
// the three incremental laws and Law II (evaluate_spatial) and Chatterjee's thesis laws in 3D (with their
// report). And, counted rather than timed, how busy a GPU warp's threads keep on the Routh laws' DOP853
// steps (warp_items/...).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "collsweep/models/spatial/routh/routh_lane.hpp"
#include "collsweep/models/spatial/sampler.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"

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
    sink += evaluate_spatial(law, p[i++ & 1023], params, &report).dE + report.solutions;
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations());
}

// The first n stronge-3d samples of bench_sweep's spatial plan (W direct, mu uniform in [0, 1.5]).
struct PlanItems {
  std::vector<SpatialCollision> c;
  std::vector<int> steps;  // DOP853 steps each item took
  std::uint64_t taken = 0;
  explicit PlanItems(std::uint64_t n) : c(n), steps(n, 0) {
    SpatialSamplePlan plan;
    plan.seed = 7;
    plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
    plan.e_t = {ScalarKind::uniform, -1.0, 1.0, 1};
    for (std::uint64_t k = 0; k < n; ++k) c[k] = draw_spatial_sample(plan, k).c;
  }
  bool next(std::uint64_t* q) {
    if (taken >= c.size()) return false;
    *q = taken++;
    return true;
  }
  SpatialLaw law(std::uint64_t) const { return spatial_law<Stronge3d>; }
  const SpatialCollision& collision(std::uint64_t q) const { return c[q]; }
  void put(std::uint64_t, const SpatialOutcome& o) { benchmark::DoNotOptimize(o.dE); }
};

// One GPU warp on Routh items (kernels/spatial_routh_items_cuda.cu), its 32 threads simulated one after
// another with the kernels' lane functions: a turn is one DOP853 step of every thread holding an item, and
// the free threads take new items together once `refill_at` of them are free. Counters: busy, the
// fraction of the turns' 32 step slots in use; refills, the turns that also start items (the warp's other
// threads wait meanwhile); per_thread_busy, the same fraction for one sample per thread with the block's
// chunk of 256 waiting for its slowest sample (the former kernel), from the same items' step counts.
void BM_WarpItems(benchmark::State& state) {
  const int refill_at = static_cast<int>(state.range(0));
  const SpatialOptions opt;
  double busy = 0.0, refills = 0.0, per_thread_busy = 0.0;
  for (auto _ : state) {
    PlanItems items(1 << 15);
    RouthLane lanes[32];
    bool has[32] = {}, more[32];
    std::fill(more, more + 32, true);
    long turns = 0, lane_steps = 0, refill_turns = 0;
    for (;;) {
      int want = 0, working = 0;
      for (int l = 0; l < 32; ++l) {
        want += !has[l] && more[l];
        working += has[l];
      }
      if (want == 0 && working == 0) break;
      if (warp_refills(want, working, refill_at)) {
        ++refill_turns;
        for (int l = 0; l < 32; ++l)
          if (!has[l] && more[l]) more[l] = has[l] = routh_lane_start_next(items, opt, &lanes[l]);
      }
      bool stepped = false;
      for (int l = 0; l < 32; ++l) {
        if (!has[l]) continue;
        stepped = true;
        ++lane_steps;
        ++items.steps[lanes[l].q];
        double y1[spatial::kN], k1[spatial::kN];
        const double err = routh_lane_step(lanes[l], opt, y1, k1);
        has[l] = routh_lane_advance(items, opt, &lanes[l], err, spatial::step_factors(err), y1, k1);
      }
      turns += stepped;
    }
    double chunk_slots = 0.0;
    for (std::size_t b = 0; b < items.steps.size(); b += 256)
      chunk_slots += 256.0 * *std::max_element(items.steps.begin() + b, items.steps.begin() + b + 256);
    busy = static_cast<double>(lane_steps) / (32.0 * turns);
    refills = static_cast<double>(refill_turns) / turns;
    per_thread_busy = static_cast<double>(lane_steps) / chunk_slots;
  }
  state.counters["busy"] = busy;
  state.counters["refills_per_turn"] = refills;
  state.counters["per_thread_busy"] = per_thread_busy;
}

const bool registered = [] {
  benchmark::RegisterBenchmark("warp_items/stronge-3d/refill_at", BM_WarpItems)
      ->Arg(1)
      ->Arg(4)
      ->Arg(8)
      ->Arg(16)
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond);
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

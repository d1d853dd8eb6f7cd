// The cost of a checkpoint against the map size: encoding a planar run's state (the quickstart's four laws,
// 10 witnesses each, the tally of a real sweep of 10 samples per cell) and writing it atomically (temp,
// fsync, rename, fsync dir); bytes per checkpoint; decoding it back (what `run --resume` and `merge` read).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "backend/cpu_backend.hpp"
#include "io/atomic_file.hpp"
#include "sweep/run_state.hpp"
#include "sweep/state_result.hpp"

namespace {

using namespace collsweep;

// The quickstart spec with a square map of side x side cells.
PlanarSweepSpec quickstart(std::uint32_t side) {
  PlanarSweepSpec s;
  s.plan.seed = 7;
  s.plan.W.kind = MatrixKind::direct;
  s.plan.W.log10_cond = {ScalarKind::uniform, 0.0, 3.0, 1};
  s.plan.mu = {ScalarKind::uniform, 0.0, 1.5, 1};
  s.axes[0] = {PlanarQuantity::theta, 0.0, 90.0, side};
  s.axes[1] = {PlanarQuantity::mu, 0.0, 1.5, side};
  s.n_axes = 2;
  s.n_laws = 0;
  for (int l = 0; l < planar_law_count; ++l)
    for (const char* name : {"stronge", "poisson", "newton", "chatterjee-ruina"})
      if (law_name(static_cast<PlanarLaw>(l)) == std::string(name))
        s.laws[s.n_laws++] = static_cast<PlanarLaw>(l);
  s.witnesses = 10;
  return s;
}

// The state of a sweep of 10 samples per cell of a side x side map (all cores).
RunState swept_state(std::uint32_t side) {
  const PlanarSweepSpec spec = quickstart(side);
  RunState state;
  state.family = "planar";
  state.build = build_identity();
  state.config_toml = std::string(600, 'c');  // about a resolved config's size
  state.count = state.done = 10ull * side * side;
  store_result(state, run_sweep_cpu(spec, 0, state.count, 1 << 16, 0));
  return state;
}

void BM_Checkpoint(benchmark::State& st) {
  const RunState state = swept_state(static_cast<std::uint32_t>(st.range(0)));
  const std::string dir =
      (std::filesystem::temp_directory_path() / ("bench_checkpoint_" + std::to_string(st.range(0)))).string();
  std::filesystem::create_directories(dir);
  std::size_t bytes = 0;
  for (auto _ : st) {
    const std::string encoded = encode_run_state(state);
    bytes = encoded.size();
    io::write_file_atomically(dir + "/" + kStateFileName, encoded);
  }
  std::filesystem::remove_all(dir);
  st.counters["cells"] = static_cast<double>(st.range(0)) * st.range(0);
  st.counters["bytes"] = static_cast<double>(bytes);
  st.counters["unpacked_bytes"] = 8.0 * static_cast<double>(state.words.size());
}
BENCHMARK(BM_Checkpoint)->Arg(10)->Arg(30)->Arg(100)->Arg(300)->Arg(1000)->Unit(benchmark::kMillisecond);

void BM_CheckpointRead(benchmark::State& st) {
  const std::string encoded = encode_run_state(swept_state(static_cast<std::uint32_t>(st.range(0))));
  for (auto _ : st) benchmark::DoNotOptimize(decode_run_state(encoded, "bench").words.data());
  st.counters["cells"] = static_cast<double>(st.range(0)) * st.range(0);
}
BENCHMARK(BM_CheckpointRead)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

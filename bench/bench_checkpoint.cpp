// The cost of a checkpoint against the map size: encoding a planar run's state (the quickstart's four laws,
// 10 witnesses each) and writing it atomically (temp, fsync, rename, fsync dir); bytes per checkpoint.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

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
  for (int l = 0; l < planar_law_count; ++l) s.laws[l] = static_cast<PlanarLaw>(l);
  s.n_laws = planar_law_count;
  s.witnesses = 10;
  return s;
}

void BM_Checkpoint(benchmark::State& st) {
  const PlanarSweepSpec spec = quickstart(static_cast<std::uint32_t>(st.range(0)));
  SweepResult<PlanarSweepSpec> r = make_empty_result(spec);
  for (std::size_t i = 0; i < r.words.size(); ++i) r.words[i] = i * 2654435761u;
  for (auto& list : r.witnesses)
    for (int k = 0; k < spec.witnesses; ++k) list.push_back({1.0 - k * 0.01, static_cast<std::uint64_t>(k)});
  RunState state;
  state.family = "planar";
  state.build = build_identity();
  state.config_toml = std::string(600, 'c');  // about a resolved config's size
  state.count = 1;
  const std::string dir =
      (std::filesystem::temp_directory_path() / ("bench_checkpoint_" + std::to_string(st.range(0)))).string();
  std::filesystem::create_directories(dir);
  std::size_t bytes = 0;
  for (auto _ : st) {
    store_result(state, r);
    const std::string encoded = encode_run_state(state);
    bytes = encoded.size();
    io::write_file_atomically(dir + "/" + kStateFileName, encoded);
  }
  std::filesystem::remove_all(dir);
  st.counters["cells"] = static_cast<double>(spec.axes[0].bins) * spec.axes[1].bins;
  st.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_Checkpoint)->Arg(10)->Arg(30)->Arg(100)->Arg(300)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

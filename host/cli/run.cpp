// `collsweep run CONFIG.toml`: the main job — sweep, tally, write the run folder, draw the maps.
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <type_traits>

#include "backend/cpu_backend.hpp"
#include "backend/cuda_backend.hpp"
#include "cli/plotting.hpp"
#include "cli/subcommands.hpp"
#include "collsweep/sweep/multicontact_sweep.hpp"
#include "config/run_config.hpp"
#include "sweep/multicontact_outputs.hpp"
#include "sweep/progress.hpp"
#include "sweep/run_outputs.hpp"

namespace collsweep::cli {

namespace {

namespace fs = std::filesystem;

struct RunOptions {
  std::string config;
  std::string backend = "auto";
  int threads = 0;
  std::string out;
  bool force = false, quiet = false, no_plot = false;
};

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::uint64_t theorem_violations(const PlanarSweepResult& r) {
  std::uint64_t v = 0;
  for (int l = 0; l < r.spec.n_laws; ++l) v += r.pair_total(l, TallyLayout::violation);
  return v;
}

std::uint64_t theorem_violations(const MultiContactSweepResult& r) {
  std::uint64_t v = 0;
  for (int l = 0; l < r.spec.n_laws; ++l)
    for (std::uint32_t w : {MultiContactWords::violation_111, MultiContactWords::violation_117,
                            MultiContactWords::violation_121})
      v += r.pair_total(l, w);
  return v;
}

SweepResult<PlanarSweepSpec> sweep(const PlanarSweepSpec& spec, const std::string& backend,
                                   const RunConfig& c, int threads, Progress* progress) {
  return backend == "cuda" ? run_planar_sweep_gpu(spec, 0, c.samples, progress)
                           : run_planar_sweep_cpu(spec, 0, c.samples, c.batch, threads, progress);
}

SweepResult<MultiContactSweepSpec> sweep(const MultiContactSweepSpec& spec, const std::string& backend,
                                         const RunConfig& c, int threads, Progress* progress) {
  return backend == "cuda" ? run_multicontact_sweep_gpu(spec, 0, c.samples, progress)
                           : run_multicontact_sweep_cpu(spec, 0, c.samples, c.batch, threads, progress);
}

// Runs the sweep of one model, writes the run folder and draws the maps.
template <class Spec>
int run_model(const RunConfig& config, const Spec& spec, const std::string& backend, const RunOptions& o,
              const fs::path& out_dir, RunRecord& record) {
  SweepResult<Spec> result;
  {
    Progress progress(config.samples, config.name, !o.quiet && Progress::stderr_is_terminal());
    try {
      result = sweep(spec, backend, config, o.threads, &progress);
    } catch (const std::exception& e) {
      progress.finish();
      std::cerr << "collsweep run: " << e.what() << '\n';
      return 1;
    }
  }
  try {
    record.outputs = {"map.csv", "witnesses.csv", "summary.json", "config.toml"};
    write_map_csv((out_dir / "map.csv").string(), result);
    write_witnesses_csv((out_dir / "witnesses.csv").string(), result);
    if constexpr (std::is_same_v<Spec, PlanarSweepSpec>) {
      if (config.samples_npy) {
        write_samples_npy((out_dir / "samples.npy").string(), result);
        record.outputs.push_back("samples.npy");
      }
    }
    {
      std::ofstream toml(out_dir / "config.toml");
      toml << resolved_config_toml(config);
    }
    write_summary_json((out_dir / "summary.json").string(), config, result, record);
  } catch (const std::exception& e) {
    std::cerr << "collsweep run: " << e.what() << '\n';
    return 1;
  }
  std::cout << totals_table(result);
  std::cout << "samples/s: "
            << (result.seconds > 0 ? static_cast<double>(result.count) / result.seconds : 0.0) << " ("
            << result.backend << ", " << result.threads
            << (result.backend == "cpu" ? " threads" : " host thread") << ", " << result.seconds << " s)\n";
  std::cout << "results: " << fs::absolute(out_dir).string() << "/{map.csv,witnesses.csv,summary.json}\n";
  if (!o.no_plot) {
    std::string why;
    if (plotting_available(&why)) {
      if (draw_maps(out_dir.string(), o.quiet) == 0)
        std::cout << "maps: " << fs::absolute(out_dir).string() << "/maps/*.png\n";
    } else if (!o.quiet) {
      std::cerr << "collsweep run: no maps drawn (" << why << ")\n";
    }
  }
  if (const std::uint64_t v = theorem_violations(result))
    std::cerr << "collsweep run: WARNING: " << v << " theorem violations (see summary.json)\n";
  return 0;
}

int run(const RunOptions& o, const std::string& command_line) {
  RunConfig config;
  try {
    config = load_run_config(o.config);
  } catch (const ConfigError& e) {
    std::cerr << "collsweep run: invalid config: " << e.what() << '\n';
    return 2;
  }
  // Backend: auto = cuda when a device is present, else cpu.
  const cuda::DeviceInfo gpu = cuda::query_device();
  std::string backend = o.backend;
  if (backend == "auto") backend = gpu.available ? "cuda" : "cpu";
  if (backend == "cuda" && !gpu.available) {
    std::cerr << "collsweep run: --backend cuda: " << gpu.message << '\n';
    return 2;
  }
  const fs::path out_dir = o.out.empty() ? fs::path("runs") / config.name : fs::path(o.out);
  std::error_code ec;
  if (fs::exists(out_dir) && !fs::is_empty(out_dir, ec) && !o.force) {
    std::cerr << "collsweep run: output folder " << out_dir.string()
              << " exists and is not empty; choose another --out or pass --force to overwrite\n";
    return 2;
  }
  fs::create_directories(out_dir, ec);
  if (ec) {
    std::cerr << "collsweep run: cannot create " << out_dir.string() << ": " << ec.message() << '\n';
    return 2;
  }

  RunRecord record;
  record.command_line = command_line;
  record.started_utc = utc_now();
  if (!o.quiet)
    std::cerr << "collsweep run: " << config.name << ", " << config.samples << " samples on " << backend
              << (backend == "cuda" ? " (" + describe_device(gpu) + ")" : "") << '\n';
  return config.model == ModelKind::planar ? run_model(config, config.spec, backend, o, out_dir, record)
                                           : run_model(config, config.multi, backend, o, out_dir, record);
}

}  // namespace

void register_run(CLI::App& app, int& status) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App* cmd =
      app.add_subcommand("run", "Sweep random collisions through the laws of a config and map the results");
  cmd->add_option("config", opts->config, "the sweep's TOML config (see configs/README.md)")->required();
  cmd->add_option("--backend", opts->backend, "auto (cuda when a GPU is present), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cmd->add_option("--threads", opts->threads, "CPU threads (default: all cores; 1 is the serial reference)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--out", opts->out, "output folder (default: runs/<run.name>)");
  cmd->add_flag("--force", opts->force, "write into a non-empty output folder");
  cmd->add_flag("--quiet", opts->quiet, "no progress bar or notes on stderr");
  cmd->add_flag("--no-plot", opts->no_plot, "do not draw the PNG maps");
  cmd->callback([opts, &status, &app] {
    std::string line = "collsweep run " + opts->config;
    for (const auto* o : app.get_subcommand("run")->get_options())
      if (o->count() && o->get_name() != "config")
        line += " " + o->get_name() + (o->get_expected_min() ? " " + o->as<std::string>() : "");
    status = run(*opts, line);
  });
}

}  // namespace collsweep::cli

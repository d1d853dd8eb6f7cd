// `collsweep run CONFIG.toml`: the main job — sweep, tally, write the run folder, draw the maps.
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <type_traits>

#include "backend/cuda_backend.hpp"
#include "cli/interrupt_report.hpp"
#include "cli/plotting.hpp"
#include "cli/subcommands.hpp"
#include "config/run_config.hpp"
#include "families/commands.hpp"
#include "io/output_file.hpp"
#include "sweep/progress.hpp"
#include "sweep/run_folder.hpp"

namespace collsweep::cli {

namespace {

namespace fs = std::filesystem;

struct RunOptions {
  std::string config;
  std::string backend = "auto";
  int threads = 0;
  std::string out;
  bool force = false, quiet = false, no_plot = false;
  double progress_every = 30.0;  // seconds between progress lines when stderr is not a terminal
};

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

// Writes the run folder from a finished sweep: the previous run's files first removed when forced.
template <class Spec>
void write_outputs(const RunConfig& config, const SweepResult<Spec>& result, const RunOptions& o,
                   const fs::path& out_dir, RunRecord& record) {
  if (o.force) {
    std::error_code ec;
    std::string failed;
    remove_run_outputs(out_dir, ec, &failed);
    if (ec) throw std::runtime_error("cannot remove the previous run's " + failed + ": " + ec.message());
  }
  record.outputs = {"map.csv", "witnesses.csv", "summary.json", "config.toml"};  // samples.npy appended
  write_map_csv((out_dir / "map.csv").string(), result);
  write_witnesses_csv((out_dir / "witnesses.csv").string(), result);
  if constexpr (std::is_same_v<Spec, PlanarSweepSpec>)
    write_compare_outputs(out_dir.string(), result, record.outputs);  // run.compare (when it has pairs)
  if constexpr (families::FamilyTraits<Spec>::writes_samples_npy) {
    if (config.samples_npy) {
      write_samples_npy((out_dir / "samples.npy").string(), result);
      record.outputs.push_back("samples.npy");
    }
  }
  {
    const std::string path = (out_dir / "config.toml").string();
    std::ofstream toml = io::open_output_file(path);
    toml << resolved_config_toml(config);
    if (!toml.flush()) throw std::runtime_error("cannot write " + path);
  }
  write_summary_json((out_dir / "summary.json").string(), config, result, record);
}

// Runs the sweep of one model, writes the run folder and draws the maps.
template <class Spec>
int run_model(const RunConfig& config, const Spec& spec, const std::string& backend, const RunOptions& o,
              const fs::path& out_dir, const std::string& created_dir, RunRecord& record) {
  SweepResult<Spec> result;
  {
    Progress progress(config.samples, "collsweep run: " + config.name, Progress::style_for_stderr(o.quiet),
                      std::chrono::milliseconds(static_cast<long long>(o.progress_every * 1000.0)));
    arm_interrupt_report(&progress.done_counter(), config.samples, created_dir);
    try {
      result =
          run_family_sweep(spec, SweepRequest{backend, config.samples, config.batch, o.threads, &progress});
    } catch (const std::exception& e) {
      progress.finish();
      disarm_interrupt_report();
      std::cerr << "collsweep run: " << e.what() << '\n';
      return 1;
    }
    interrupt_report_writing();
  }
  try {
    write_outputs(config, result, o, out_dir, record);
  } catch (const std::exception& e) {
    disarm_interrupt_report();
    std::cerr << "collsweep run: " << e.what() << '\n';
    return 1;
  }
  disarm_interrupt_report();
  std::cout << totals_table(result);
  std::cout << "samples/s: "
            << (result.seconds > 0 ? static_cast<double>(result.count) / result.seconds : 0.0) << " ("
            << result.backend << ", " << result.threads
            << (result.backend == "cpu" ? " threads" : " host thread") << ", " << result.seconds << " s)\n";
  std::cout << "results: " << shown_path(out_dir) << "/{map.csv,witnesses.csv,summary.json}\n";
  if (!o.no_plot) {
    std::string why;
    if (plotting_available(&why)) {
      if (draw_maps(out_dir.string(), o.quiet) == 0)
        std::cout << "maps: " << shown_path(out_dir / "maps") << "/*.png\n";
    } else if (!o.quiet) {
      std::cerr << "collsweep run: no maps drawn (" << why << ")\n";
    }
  }
  if (const std::uint64_t v = theorem_violations(result))
    std::cerr << "collsweep run: WARNING: " << v << " theorem violations (see summary.json)\n";
  return 0;
}

// Checks the output folder and creates it; returns the folder it created ("" when it existed), or sets
// *error. Every file-system failure names the path and the reason.
std::string prepare_out_dir(const fs::path& out_dir, bool force, std::string* error) {
  std::error_code ec;
  const bool exists = fs::exists(out_dir, ec);
  if (ec) {
    *error = "cannot use output folder " + out_dir.string() + ": " + ec.message();
    return {};
  }
  if (exists) {
    if (!fs::is_directory(out_dir, ec)) {
      *error = "output folder " + out_dir.string() + " exists and is not a folder";
      return {};
    }
    const bool empty = fs::is_empty(out_dir, ec);
    if (ec) {
      *error = "cannot read output folder " + out_dir.string() + ": " + ec.message();
      return {};
    }
    if (!empty && !force) {
      *error = "output folder " + out_dir.string() +
               " exists and is not empty; choose another --out or pass --force to overwrite";
      return {};
    }
    return {};
  }
  fs::create_directories(out_dir, ec);
  if (ec) {
    *error = "cannot create output folder " + out_dir.string() + ": " + ec.message();
    return {};
  }
  return out_dir.string();
}

int run(const RunOptions& o, const std::string& command_line) {
  RunConfig config;
  try {
    config = load_run_config(o.config);
  } catch (const ConfigError& e) {
    std::cerr << "collsweep run: invalid config: " << e.what() << '\n';
    return 2;
  }
  for (const std::string& w : config.warnings) std::cerr << "collsweep run: warning: " << w << '\n';
  // Backend: auto = cuda when a device is present, else cpu.
  const cuda::DeviceInfo gpu = cuda::query_device();
  std::string backend = o.backend;
  if (backend == "auto") backend = gpu.available ? "cuda" : "cpu";
  if (backend == "cuda" && !gpu.available) {
    std::cerr << "collsweep run: --backend cuda: " << gpu.message << '\n';
    return 2;
  }
  const fs::path out_dir = o.out.empty() ? fs::path("runs") / config.name : fs::path(o.out);
  std::string error;
  const std::string created_dir = prepare_out_dir(out_dir, o.force, &error);
  if (!error.empty()) {
    std::cerr << "collsweep run: " << error << '\n';
    return 2;
  }

  RunRecord record;
  record.command_line = command_line;
  record.started_utc = utc_now();
  if (!o.quiet)
    std::cerr << "collsweep run: " << config.name << ", " << config.samples << " samples on " << backend
              << (backend == "cuda" ? " (" + describe_device(gpu) + ")" : "") << '\n';
  return std::visit(
      [&](const auto& spec) { return run_model(config, spec, backend, o, out_dir, created_dir, record); },
      config.model);
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
  cmd->add_flag("--force", opts->force,
                "write into a non-empty output folder, first removing the files a previous run wrote there");
  cmd->add_flag("--quiet", opts->quiet, "no progress or notes on stderr");
  cmd->add_option("--progress-every", opts->progress_every,
                  "seconds between progress lines when stderr is not a terminal (default 30)")
      ->check(CLI::Range(0.1, 86400.0));
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

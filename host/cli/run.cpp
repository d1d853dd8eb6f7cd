// `collsweep run CONFIG.toml`: the main job — sweep, tally, write the run folder, draw the maps; also a
// shard of a run (--shard), checkpointed (--checkpoint-every) and resumed (--resume).
#include <signal.h>
#include <sys/statvfs.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <type_traits>

#include "backend/cuda_backend.hpp"
#include "cli/checkpointed_sweep.hpp"
#include "cli/finish_run_folder.hpp"
#include "cli/interrupt_report.hpp"
#include "cli/out_folder.hpp"
#include "cli/rank_sweep.hpp"
#include "cli/run_command.hpp"
#include "cli/run_folder.hpp"
#include "cli/run_folder_lock.hpp"
#include "cli/subcommands.hpp"
#include "families/commands.hpp"
#include "families/run_config.hpp"
#include "mpi/mpi_world.hpp"
#include "sweep/progress.hpp"
#include "sweep/run_state.hpp"
#include "sweep/shard_range.hpp"
#include "sweep/state_identity.hpp"
#include "sweep/state_result.hpp"

namespace collsweep::cli {

namespace {

namespace fs = std::filesystem;

// Removes a state file and its temporary (a fresh or finished run); failures only leave a stale file.
void remove_state_files(const fs::path& dir) {
  std::error_code ec;
  fs::remove(dir / kStateFileName, ec);
  fs::remove(dir / (std::string(kStateFileName) + ".tmp"), ec);
}

// What a run sweeps and where it keeps its state: the state's identity and range, and what is done so far.
struct RunPlan {
  RunState state;
  bool resumed = false;
  bool shard = false;  // --shard given: the state is the output
};

// Writes a finished sweep: a shard's final state, or the run folder (removing the checkpoint after it) and
// its maps (by `maps` when started before the sweep).
// After the outputs of a finished sweep failed to be written (a full disk): the partial files removed, so
// that no truncated map.csv is left, and the finished sweep kept as a complete checkpoint when it can be
// written, from which `run --resume` writes the outputs again without sweeping.
template <class Spec>
void keep_finished_sweep(const SweepResult<Spec>& result, const fs::path& out_dir, RunPlan& plan) {
  std::error_code ec;
  std::string failed;
  remove_run_outputs(out_dir, ec, &failed);
  try {
    store_result(plan.state, result);
    write_run_state(out_dir.string(), plan.state);
    std::cerr << "collsweep run: the finished sweep is kept in " << shown_path(out_dir / kStateFileName)
              << ": make room, then write its outputs with: collsweep run --resume " << shown_path(out_dir)
              << '\n';
  } catch (const std::exception& e) {
    std::cerr << "collsweep run: the finished sweep could not be kept either: " << e.what() << '\n';
  }
}

template <class Spec>
int finish_model(const RunConfig& config, const SweepResult<Spec>& result, const RunOptions& o,
                 const fs::path& out_dir, RunRecord& record, RunPlan& plan, MapDrawer* maps) {
  const std::string state_path = (out_dir / kStateFileName).string();
  try {
    if (plan.shard) {
      store_result(plan.state, result);
      write_run_state(out_dir.string(), plan.state);
    } else {
      write_outputs(config, result, o.force || plan.resumed, out_dir, record);
      remove_state_files(out_dir);
    }
  } catch (const std::exception& e) {
    if (!o.monitor) disarm_interrupt_report();
    std::cerr << "collsweep run: " << e.what() << '\n';
    if (!plan.shard) keep_finished_sweep(result, out_dir, plan);
    return 1;
  }
  if (!o.monitor) disarm_interrupt_report();
  if (plan.shard) {
    std::cout << "shard " << plan.state.shard_index << "/" << plan.state.shard_count << ": samples ["
              << plan.state.first << ", " << plan.state.first + plan.state.count << ") of "
              << plan.state.total_samples << " in " << shown_path(state_path) << " (" << result.backend
              << ", " << result.seconds << " s)\nmerge the " << plan.state.shard_count
              << " shard folders with: collsweep merge DIR... --out DIR\n";
    return 0;
  }
  report_run_folder(result, out_dir, FinishOptions{"collsweep run", false, o.quiet, o.no_plot, maps});
  return 0;
}

// "collsweep run: 12 checkpoints, 3.1 s writing them (2.4 % of the sweep; every 2.7 s: --checkpoint-every 1
// stretched to 9 times a checkpoint's cost)": after a checkpointed sweep, on stderr.
void report_checkpoint_costs(const CheckpointStats& c, double every, double sweep_seconds) {
  if (c.written == 0) return;
  std::ostringstream line;
  line.precision(3);
  line << "collsweep run: " << c.written << " checkpoint" << (c.written == 1 ? "" : "s") << ", " << c.seconds
       << " s writing them (" << 100.0 * c.seconds / std::max(sweep_seconds, 1e-9) << " % of the sweep";
  if (c.interval > every)
    line << "; every " << c.interval << " s: --checkpoint-every " << every << " stretched to "
         << CheckpointClock::kCheckpointCostFactor << " times a checkpoint's cost";
  std::cerr << line.str() << ")\n";
}

// Runs (the rest of) the sweep of one model with checkpoints, then writes the run folder (or, for a shard,
// its final state) and draws the maps.
template <class Spec>
int run_model(const RunConfig& config, const Spec& spec, const std::string& backend, const RunOptions& o,
              const fs::path& out_dir, const std::string& created_dir, RunRecord& record, RunPlan& plan,
              MapDrawer* maps) {
  const std::string state_path = (out_dir / kStateFileName).string();
  SweepResult<Spec> result;
  std::atomic<int> stop{0};
  bool finished = true;
  try {
    result = plan.resumed ? load_result(plan.state, spec, state_path) : make_empty_result(spec);
    result.first = plan.state.first;
    if (!plan.resumed) result.count = 0;
  } catch (const StateError& e) {
    std::cerr << "collsweep run: " << e.what() << '\n';
    return 2;
  }
  {
    const std::uint64_t left = plan.state.count - result.count;
    std::string label = "collsweep run: " + config.name;
    if (plan.shard)
      label +=
          " shard " + std::to_string(plan.state.shard_index) + "/" + std::to_string(plan.state.shard_count);
    Progress progress(left, label, o.monitor ? ProgressStyle::none : Progress::style_for_stderr(o.quiet),
                      std::chrono::milliseconds(static_cast<long long>(o.progress_every * 1000.0)));
    const bool signals = !o.monitor;
    if (o.monitor) {
      o.monitor->total.store(left);
      progress.mirror_to(&o.monitor->done);
    } else {
      arm_interrupt_report(&progress.done_counter(), left, created_dir,
                           o.checkpoint_every > 0 ? &stop : nullptr);
    }
    CheckpointStats costs;
    const auto started = std::chrono::steady_clock::now();
    try {
      const CheckpointPlan checkpoints{out_dir.string(), o.checkpoint_every,
                                       o.monitor ? &o.monitor->stop : &stop, &costs};
      finished =
          checkpointed_sweep(spec, result, plan.state,
                             SweepRequest{backend, 0, 0, config.batch, o.threads, &progress}, checkpoints);
    } catch (const std::exception& e) {
      progress.finish();
      if (signals) disarm_interrupt_report();
      std::cerr << "collsweep run: " << e.what() << '\n';
      return 1;
    }
    progress.finish();
    if (!o.quiet)
      report_checkpoint_costs(
          costs, o.checkpoint_every,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    if (!finished) {
      if (signals) disarm_interrupt_report();
      const int sig = o.monitor ? o.monitor->stop.load() : stop.load();
      std::cerr << "collsweep run: interrupted (" << stop_signal_name(sig) << ") after " << result.count
                << " of " << plan.state.count << " samples; checkpoint written: " << shown_path(state_path)
                << "\ncollsweep run: resume with: collsweep run --resume " << shown_path(out_dir) << '\n';
      return 128 + sig;
    }
    if (signals) interrupt_report_writing();
  }
  return finish_model(config, result, o, out_dir, record, plan, maps);
}

// The sweep of one model shared by the MPI ranks (mpirun -np N): rank 0 alone shows progress and writes;
// every rank reads a resumed run's checkpoint (the run folder is on a file system they share), rank 0 keeps
// its tally.
template <class Spec>
int run_model_ranks(const RunConfig& config, const Spec& spec, const std::string& backend,
                    const RunOptions& o, const fs::path& out_dir, RunRecord& record, RunPlan& plan,
                    const mpi::World& world, MapDrawer* maps) {
  const std::string state_path = (out_dir / kStateFileName).string();
  SweepResult<Spec> result;
  std::uint64_t done = 0;
  try {
    result = plan.resumed ? load_result(plan.state, spec, state_path) : make_empty_result(spec);
    done = plan.resumed ? result.count : 0;
    if (world.rank != 0) result = make_empty_result(spec);
    result.first = plan.state.first;
    if (world.rank != 0 || !plan.resumed) result.count = 0;
  } catch (const StateError& e) {
    std::cerr << "collsweep run: rank " << world.rank << ": " << e.what() << '\n';
    mpi::abort(2);
  }
  std::atomic<int> stop{0};
  bool finished = true;
  {
    const std::uint64_t left = plan.state.count - done;
    Progress progress(left, "collsweep run: " + config.name + " (" + std::to_string(world.size) + " ranks)",
                      world.rank == 0 ? Progress::style_for_stderr(o.quiet) : ProgressStyle::none,
                      std::chrono::milliseconds(static_cast<long long>(o.progress_every * 1000.0)));
    arm_interrupt_report(&progress.done_counter(), left, "", o.checkpoint_every > 0 ? &stop : nullptr);
    CheckpointStats costs;
    const auto started = std::chrono::steady_clock::now();
    try {
      const CheckpointPlan checkpoints{out_dir.string(), o.checkpoint_every, &stop, &costs};
      finished = rank_sweep(spec, result, plan.state, done,
                            SweepRequest{backend, 0, 0, config.batch, o.threads, nullptr}, world.size,
                            world.rank == 0, world.rank == 0 ? &progress : nullptr, checkpoints);
      if (finished) gather_ranks(spec, result, plan.state, world.size, &record.ranks);
    } catch (const std::exception& e) {
      progress.finish();
      std::cerr << "collsweep run: rank " << world.rank << ": " << e.what() << '\n';
      mpi::abort(1);
    }
    progress.finish();
    if (world.rank == 0 && !o.quiet)
      report_checkpoint_costs(
          costs, o.checkpoint_every,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  }
  if (!finished) {
    disarm_interrupt_report();
    const int sig = stop.load() ? stop.load() : SIGTERM;  // another rank's signal
    if (world.rank == 0)
      std::cerr << "collsweep run: interrupted after " << plan.state.done << " of " << plan.state.count
                << " samples; checkpoint written: " << shown_path(state_path)
                << "\ncollsweep run: resume with: mpirun -np N collsweep run --resume " << shown_path(out_dir)
                << " (any N, or one process)\n";
    return 128 + sig;
  }
  interrupt_report_writing();
  if (world.rank != 0) {
    disarm_interrupt_report();
    return 0;
  }
  return finish_model(config, result, o, out_dir, record, plan, maps);
}

// The identity of a run's state: family, build, resolved config and the samples of this run or shard.
RunState fresh_state(const RunConfig& config, const ShardRange& range) {
  RunState s;
  s.family = families::family_name(config.model);
  s.build = build_identity();
  s.config_toml = resolved_config_toml(config);
  s.config_source = config.source_path;
  s.total_samples = config.samples;
  s.shard_index = range.index;
  s.shard_count = range.count;
  s.first = range.first;
  s.count = range.samples;
  return s;
}

// --resume DIR: the checkpoint, and the config (given again, or the checkpoint's own) it must match.
// Returns 0, or the exit status after saying why not.
int plan_resume(const RunOptions& o, RunConfig* config, RunPlan* plan) {
  const std::string state_path = (fs::path(o.resume) / kStateFileName).string();
  try {
    plan->state = read_run_state(o.resume);
  } catch (const StateError& e) {
    std::error_code ec;
    if (!fs::exists(state_path, ec) && fs::exists(fs::path(o.resume) / "summary.json", ec))
      std::cerr << "collsweep run --resume " << o.resume << ": nothing to resume: the run in " << o.resume
                << " has finished (its summary.json is there and its checkpoint was removed)\n";
    else
      std::cerr << "collsweep run --resume " << o.resume << ": " << e.what() << '\n';
    return 2;
  }
  try {
    if (o.config.empty()) {
      *config = parse_run_config(plan->state.config_toml, plan->state.config_source);
      config->source_path = plan->state.config_source;
    } else {
      *config = load_run_config(o.config);
    }
  } catch (const ConfigError& e) {
    std::cerr << "collsweep run: invalid config: " << e.what() << '\n';
    return 2;
  }
  const RunState expected =
      fresh_state(*config, shard_range(plan->state.shard_index, plan->state.shard_count, config->samples));
  const std::string why = state_mismatch(plan->state, state_path, expected,
                                         o.config.empty() ? "this build" : "this build and " + o.config);
  if (!why.empty()) {
    std::cerr << "collsweep run --resume " << o.resume << ": refused: " << why << '\n';
    return 2;
  }
  if (plan->state.first != expected.first || plan->state.count != expected.count) {
    std::cerr << "collsweep run --resume " << o.resume << ": refused: " << state_path
              << " has samples that do not match its shard\n";
    return 2;
  }
  const std::string stored_shard =
      std::to_string(plan->state.shard_index) + "/" + std::to_string(plan->state.shard_count);
  plan->shard = plan->state.shard_output || !o.shard.empty();
  if (!o.shard.empty() && o.shard != stored_shard) {
    std::cerr << "collsweep run --resume " << o.resume << ": refused: --shard " << o.shard
              << " but the checkpoint is of shard " << stored_shard << '\n';
    return 2;
  }
  plan->resumed = true;
  return 0;
}

// A new run (or --shard of one): its config and a fresh state. Returns 0, or the exit status after saying
// why not.
int plan_new_run(const RunOptions& o, RunConfig* config, RunPlan* plan) {
  if (o.config.empty()) {
    std::cerr << "collsweep run: a CONFIG file is required (or --resume DIR)\n";
    return 2;
  }
  try {
    *config = load_run_config(o.config);
  } catch (const ConfigError& e) {
    std::cerr << "collsweep run: invalid config: " << e.what() << '\n';
    return 2;
  }
  ShardRange range = shard_range(1, 1, config->samples);
  std::string error;
  if (!o.shard.empty() && !parse_shard(o.shard, config->samples, &range, &error)) {
    std::cerr << "collsweep run: " << error << '\n';
    return 2;
  }
  plan->state = fresh_state(*config, range);
  plan->shard = plan->state.shard_output = !o.shard.empty();
  return 0;
}

// The config and state of this run: a resumed one (--resume) or a new one.
int plan_run(const RunOptions& o, RunConfig* config, RunPlan* plan) {
  if (o.resume.empty()) return plan_new_run(o, config, plan);
  if (!o.out.empty() && fs::path(o.out) != fs::path(o.resume)) {
    std::cerr << "collsweep run: --out " << o.out << " with --resume " << o.resume
              << ": a resumed run finishes in its own folder; leave --out out\n";
    return 2;
  }
  return plan_resume(o, config, plan);
}

// The backend: auto = cuda when a device is present, else cpu. Each MPI rank takes its node-local GPU.
int choose_backend(const RunOptions& o, const mpi::World& world, std::string* backend,
                   cuda::DeviceInfo* gpu) {
  if (world.size > 1) cuda::use_device(world.local_rank);
  *gpu = cuda::query_device();
  *backend = o.backend;
  if (*backend == "auto") *backend = gpu->available ? "cuda" : "cpu";
  if (*backend == "cuda" && !gpu->available) {
    std::cerr << "collsweep run: --backend cuda: " << gpu->message << '\n';
    return 2;
  }
  return 0;
}

// Where the run writes: a resumed run's own folder, or --out (runs/<name> by default), prepared and locked by
// rank 0 before any sampling (created_dir: the folder it created, removed again if the run fails).
struct OutputFolder {
  fs::path dir;
  std::string created_dir;
  std::optional<RunFolderLock> lock;  // rank 0's, held until the run ends
};

int prepare_output_folder(const RunOptions& o, const RunConfig& config, const RunPlan& plan,
                          const mpi::World& world, OutputFolder* out) {
  out->dir = plan.resumed    ? fs::path(o.resume)
             : o.out.empty() ? fs::path("runs") / config.name
                             : fs::path(o.out);
  int status = 0;
  if (world.rank == 0) {
    std::string error;
    if (!plan.resumed) out->created_dir = prepare_out_dir(out->dir, o.force, &error);
    // The folder's lock before anything in it changes: a second writer is refused here.
    if (error.empty()) out->lock = RunFolderLock::acquire(out->dir, &error);
    if (!error.empty()) {
      std::cerr << "collsweep run: " << error << '\n';
      status = 2;
    } else if (plan.resumed) {
      std::error_code ec;
      fs::remove(out->dir / (std::string(kStateFileName) + ".tmp"), ec);  // a torn write's leftover
    } else {
      remove_state_files(out->dir);  // --force, or a torn first checkpoint's leftover
    }
    if (out->lock) interrupt_report_lock_file(out->lock->path());
  }
  return mpi::broadcast(status);
}

// A warning when the output folder's file system has less room than this run will need: its checkpoint
// (written through a temporary copy) and, but for a shard, its outputs (map.csv is about four times the
// tally's 8 bytes a word), so six times the unpacked tally: its packed checkpoint is usually a quarter of it.
void warn_if_short_of_room(const RunConfig& config, const RunPlan& plan, const fs::path& dir) {
  struct statvfs fs_info;
  if (statvfs(dir.c_str(), &fs_info) != 0) return;
  const double free_bytes = static_cast<double>(fs_info.f_bavail) * static_cast<double>(fs_info.f_frsize);
  const double state_bytes =
      std::visit(
          [](const auto& spec) { return 8.0 * static_cast<double>(make_empty_result(spec).words.size()); },
          config.model) +
      static_cast<double>(plan.state.config_toml.size());
  const double need = (plan.shard ? 2.0 : 6.0) * state_bytes;
  if (free_bytes >= need) return;
  std::ostringstream line;
  line.precision(3);
  line << "collsweep run: warning: " << shown_path(dir) << " has " << free_bytes / 1e6
       << " MB free; this run's checkpoint and outputs take about " << need / 1e6
       << " MB (if the disk fills at the end, the finished sweep is kept as a checkpoint when it fits)";
  std::cerr << line.str() << '\n';
}

// The one line that says what runs where.
void announce_run(const RunConfig& config, const RunPlan& plan, const std::string& backend,
                  const cuda::DeviceInfo& gpu, const mpi::World& world) {
  std::cerr << "collsweep run: " << config.name << ", ";
  if (plan.shard)
    std::cerr << "shard " << plan.state.shard_index << "/" << plan.state.shard_count << ": samples ["
              << plan.state.first << ", " << plan.state.first + plan.state.count << ") of ";
  std::cerr << config.samples << " samples on " << backend
            << (backend == "cuda" ? " (" + describe_device(gpu) + ")" : "");
  if (plan.resumed) std::cerr << ", resumed after " << plan.state.done << " done";
  if (world.size > 1) std::cerr << ", " << world.size << " MPI ranks";
  std::cerr << '\n';
}

// Ends MPI when run_command() returns, on every path; a monitored run (embedded) is one process.
struct MpiSession {
  explicit MpiSession(bool use) : world(use ? mpi::start() : mpi::World{}) {}
  ~MpiSession() { mpi::finish(); }
  mpi::World world;
};

}  // namespace

// One pass: config and run state -> backend -> output folder -> the sweep (MPI ranks, checkpointed chunks;
// run_model, run_model_ranks) -> the outputs (finish_model).
int run_command(const RunOptions& options, const std::string& command_line) {
  const MpiSession session(options.monitor == nullptr);
  const mpi::World& world = session.world;
  RunOptions o = options;
  if (world.rank > 0) o.quiet = o.no_plot = true;

  RunConfig config;
  RunPlan plan;
  if (const int status = plan_run(o, &config, &plan)) return status;
  for (const std::string& w : config.warnings) std::cerr << "collsweep run: warning: " << w << '\n';
  std::string backend;
  cuda::DeviceInfo gpu;
  if (const int status = choose_backend(o, world, &backend, &gpu)) return status;
  OutputFolder out;
  if (const int status = prepare_output_folder(o, config, plan, world, &out)) return status;
  if (world.rank == 0) warn_if_short_of_room(config, plan, out.dir);

  RunRecord record = new_run_record(command_line);
  if (!o.quiet) announce_run(config, plan, backend, gpu, world);
  // python3 and matplotlib load while the sweep runs (the longest part of drawing a small run's maps).
  std::optional<MapDrawer> maps;
  if (!o.no_plot && !plan.shard && world.rank == 0) maps.emplace(out.dir.string(), o.quiet);
  MapDrawer* drawer = maps ? &*maps : nullptr;
  const int status = std::visit(
      [&](const auto& spec) {
        return world.size > 1
                   ? run_model_ranks(config, spec, backend, o, out.dir, record, plan, world, drawer)
                   : run_model(config, spec, backend, o, out.dir, out.created_dir, record, plan, drawer);
      },
      config.model);
  interrupt_report_lock_file("");
  return status;  // (out's lock is released here)
}

void register_run(CLI::App& app, int& status) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App* cmd =
      app.add_subcommand("run", "Sweep random collisions through the laws of a config and map the results");
  cmd->add_option("config", opts->config,
                  "the sweep's TOML config (see configs/README.md); with --resume, optional: checked against "
                  "the checkpoint's");
  cmd->add_option("--backend", opts->backend, "auto (cuda when a GPU is present), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cmd->add_option(
         "--threads", opts->threads,
         "CPU threads (default: the cores this process may use: its affinity, SLURM_CPUS_PER_TASK; 1 is the "
         "serial reference)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--out", opts->out, "output folder (default: runs/<run.name>)");
  cmd->add_flag("--force", opts->force,
                "write into a non-empty output folder, first removing the files a previous run wrote there");
  cmd->add_flag("--quiet", opts->quiet, "no progress or notes on stderr");
  cmd->add_option("--progress-every", opts->progress_every,
                  "seconds between progress lines when stderr is not a terminal (default 30)")
      ->check(CLI::Range(0.1, 86400.0));
  cmd->add_flag("--no-plot", opts->no_plot, "do not draw the PNG maps");
  cmd->add_option("--shard", opts->shard,
                  "run only part i of N (1-based) of the samples, contiguous, and write its state "
                  "(collsweep.state) for `collsweep merge` instead of the outputs (docs/cluster.md)");
  cmd->add_option(
         "--checkpoint-every", opts->checkpoint_every,
         "seconds between checkpoints (OUT/collsweep.state; also written on SIGINT/SIGTERM); 0: none "
         "(default 600)")
      ->check(CLI::Range(0.0, 1e9));
  cmd->add_option("--resume", opts->resume,
                  "continue the checkpointed run (or shard) in this folder; it finishes there, with outputs "
                  "identical to an uninterrupted run");
  cmd->callback([opts, &status, &app] {
    std::string line = "collsweep run" + (opts->config.empty() ? std::string() : " " + opts->config);
    for (const auto* o : app.get_subcommand("run")->get_options())
      if (o->count() && o->get_name() != "config")
        line += " " + o->get_name() + (o->get_expected_min() ? " " + o->as<std::string>() : "");
    status = run_command(*opts, line);
  });
}

}  // namespace collsweep::cli

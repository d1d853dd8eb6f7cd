// `collsweep run` as a function: its options, and a monitor through which a program that embeds it (the
// Python module, python/src/run_binding.cpp) follows the progress and asks for a stop, instead of signals.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace collsweep::cli {

// Shared between the thread running the sweep and the one watching it.
struct RunMonitor {
  // A signal number (SIGINT) asks the sweep to stop at the end of its current chunk; the checkpoint is then
  // written (collsweep.state) and run_command returns 128 + that number. Needs checkpoint_every > 0.
  std::atomic<int> stop{0};
  // Samples swept so far of those this run sweeps (a resumed run: of those left).
  std::atomic<std::uint64_t> done{0}, total{0};
};

struct RunOptions {
  std::string config;
  std::string backend = "auto";
  int threads = 0;
  std::string out;
  bool force = false, quiet = false, no_plot = false;
  double progress_every = 30.0;     // seconds between progress lines when stderr is not a terminal
  std::string shard;                // "i/N", or "" for the whole run
  std::string resume;               // the folder of a checkpointed run to continue
  double checkpoint_every = 600.0;  // seconds between checkpoints; 0: none; infinity: only when stopped
  // When set: no progress on stderr, no signal handlers (the monitor's stop instead), one process (no MPI).
  RunMonitor* monitor = nullptr;
};

// Runs the sweep of `options` and writes its folder, as `collsweep run` does; messages go to std::cerr,
// results to std::cout (the summary table unless quiet). `command_line` is recorded in summary.json. Returns
// the command's exit status.
int run_command(const RunOptions& options, const std::string& command_line);

}  // namespace collsweep::cli

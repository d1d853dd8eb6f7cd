// A sweep in chunks that checkpoints its state every so many seconds and stops cleanly when asked, for
// every family alike; results never depend on the chunks (tallies merge exactly, witnesses rank totally).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>

#include "families/commands.hpp"
#include "sweep/run_state.hpp"
#include "sweep/state_result.hpp"
#include "vocabulary/command_options.hpp"

namespace collsweep::cli {

struct CheckpointPlan {
  std::string dir;                         // the folder of collsweep.state
  double every = 0.0;                      // seconds between checkpoints; 0: none (one uninterrupted sweep)
  const std::atomic<int>* stop = nullptr;  // a signal number once a stop is asked for
};

// Folds a chunk's result into the run's (the chunk follows acc's samples).
template <class Spec>
void absorb_chunk(SweepResult<Spec>& acc, const SweepResult<Spec>& chunk) {
  merge_results(acc, chunk);
  acc.count += chunk.count;
  acc.seconds += chunk.seconds;
  acc.backend = chunk.backend;
  acc.device = chunk.device;
  acc.threads = chunk.threads;
}

// Sweeps the samples of `state` that acc lacks ([acc.first + acc.count, state.first + state.count)) onto
// acc, writing state (with acc) to plan.dir every plan.every seconds and when a stop is asked for. Returns
// false when stopped by plan.stop (the checkpoint then written), true when every sample is done.
template <class Spec>
bool checkpointed_sweep(const Spec& spec, SweepResult<Spec>& acc, RunState& state, SweepRequest q,
                        const CheckpointPlan& plan) {
  using Clock = std::chrono::steady_clock;
  const std::uint64_t end = state.first + state.count;
  if (plan.every <= 0.0) {
    q.first = acc.first + acc.count;
    q.samples = end - q.first;
    if (q.samples) absorb_chunk(acc, run_family_sweep(spec, q));
    return true;
  }
  const auto checkpoint = [&] {
    store_result(state, acc);
    write_run_state(plan.dir, state);
  };
  // Chunks of about `target` seconds: a stop waits for at most one; the first is small to learn the rate.
  const double target = std::clamp(plan.every / 10.0, 0.05, 5.0);
  std::uint64_t chunk = std::max<std::uint64_t>(q.threads > 0 ? q.threads : 1, 1) * 4096;
  Clock::time_point last = Clock::now();
  while (acc.first + acc.count < end) {
    if (plan.stop && plan.stop->load()) {
      checkpoint();
      return false;
    }
    q.first = acc.first + acc.count;
    q.samples = std::min(chunk, end - q.first);
    const Clock::time_point t0 = Clock::now();
    absorb_chunk(acc, run_family_sweep(spec, q));
    const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    const double rate = static_cast<double>(q.samples) / std::max(dt, 1e-6);
    chunk = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(rate * target), 1024, chunk * 8);
    if (std::chrono::duration<double>(Clock::now() - last).count() >= plan.every) {
      checkpoint();
      last = Clock::now();
    }
  }
  return true;
}

}  // namespace collsweep::cli

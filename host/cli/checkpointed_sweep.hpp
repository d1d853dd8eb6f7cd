// A sweep in chunks that checkpoints its state every so many seconds and stops cleanly when asked, for
// every family alike; results never depend on the chunks (tallies merge exactly, witnesses rank totally).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "families/commands.hpp"
#include "sweep/run_state.hpp"
#include "sweep/state_result.hpp"
#include "vocabulary/command_options.hpp"

namespace collsweep::cli {

// What the checkpoints of a run cost: their number, the seconds spent writing them, and the interval they
// were written at last (longer than --checkpoint-every when a large state takes long to write).
struct CheckpointStats {
  std::uint64_t written = 0;
  double seconds = 0.0;
  double interval = 0.0;
};

struct CheckpointPlan {
  std::string dir;                         // the folder of collsweep.state
  double every = 0.0;                      // seconds between checkpoints; 0: none (one uninterrupted sweep)
  const std::atomic<int>* stop = nullptr;  // a signal number once a stop is asked for
  CheckpointStats* stats = nullptr;        // filled in when given
};

// When a checkpoint is due: plan.every seconds after the last one, stretched to kCheckpointCostFactor times
// the last one's writing time, so that writing checkpoints takes at most a tenth of the run (a 10⁶-cell map's
// state takes most of a second to encode and sync; written every second it would halve the sweep's speed).
class CheckpointClock {
 public:
  static constexpr double kCheckpointCostFactor = 9.0;
  explicit CheckpointClock(const CheckpointPlan& plan) : plan_(plan), interval_(plan.every) {}
  bool due() const { return seconds_since(last_) >= interval_; }
  // Runs write() (a checkpoint), times it and sets the next interval.
  template <class Write>
  void write(Write&& write) {
    const Clock::time_point t0 = Clock::now();
    write();
    const double cost = seconds_since(t0);
    interval_ = std::max(plan_.every, kCheckpointCostFactor * cost);
    last_ = Clock::now();
    if (plan_.stats) {
      ++plan_.stats->written;
      plan_.stats->seconds += cost;
      plan_.stats->interval = interval_;
    }
  }

 private:
  using Clock = std::chrono::steady_clock;
  static double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  }
  const CheckpointPlan& plan_;
  double interval_;
  Clock::time_point last_ = Clock::now();
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
// A chunk lasts at least this many times the first (small) chunk's time, its fixed cost, and at most
// kLongestChunk seconds (how long a stop may wait).
inline constexpr double kChunkCostFactor = 10.0;
inline constexpr double kLongestChunk = 5.0;

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
  CheckpointClock clock(plan);
  const auto checkpoint = [&] {
    clock.write([&] {
      store_result(state, acc);
      write_run_state(plan.dir, state);
    });
  };
  // Chunks of about `target` seconds: a stop waits for at most one; the first is small to learn the rate.
  // Each chunk also costs a fixed time, about the first one's (zeroing and merging the tallies of a large
  // map: a tenth of a second for 10⁵ cells), so chunks last at least ten times that, else that cost would
  // dominate and a rate measured with it would shrink the chunks further.
  double target = std::clamp(plan.every / 10.0, 0.05, kLongestChunk);
  std::uint64_t chunk = std::max<std::uint64_t>(q.threads > 0 ? q.threads : 1, 1) * 4096;
  bool first = true;
  while (acc.first + acc.count < end) {
    if (plan.stop && plan.stop->load()) {
      checkpoint();
      return false;
    }
    q.first = acc.first + acc.count;
    q.samples = std::min(chunk, end - q.first);
    const Clock::time_point t0 = Clock::now();
    absorb_chunk(acc, run_family_sweep(spec, q));
    const double dt = std::max(std::chrono::duration<double>(Clock::now() - t0).count(), 1e-6);
    if (first) target = std::clamp(kChunkCostFactor * dt, target, kLongestChunk);
    first = false;
    // Towards `target` seconds per chunk, by at most a factor of 8 up or 2 down at a time.
    chunk = std::max<std::uint64_t>(
        1024, static_cast<std::uint64_t>(static_cast<double>(chunk) * std::clamp(target / dt, 0.5, 8.0)));
    if (clock.due()) checkpoint();
  }
  return true;
}

}  // namespace collsweep::cli

// A sweep shared by the MPI ranks of one run: chunks taken from one queue (ranks of any speed finish
// together), then every rank's tally and witnesses merged exactly on rank 0, for every family alike.
#pragma once

#include <algorithm>
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "cli/checkpointed_sweep.hpp"
#include "mpi/mpi_world.hpp"
#include "sweep/progress.hpp"
#include "sweep/run_outputs.hpp"

namespace collsweep::cli {

// Sweeps this rank's chunks of state's samples onto acc (collective over the ranks). `whole` (rank 0's
// progress, or null) counts the samples handed out to every rank.
template <class Spec>
void rank_sweep(const Spec& spec, SweepResult<Spec>& acc, const RunState& state, SweepRequest q, int ranks,
                Progress* whole) {
  using Clock = std::chrono::steady_clock;
  mpi::open_queue(state.first, state.first + state.count);
  // The first chunk small (a small run still spreads over the ranks), then about a second of work each.
  std::uint64_t chunk = std::clamp<std::uint64_t>(state.count / (8 * static_cast<std::uint64_t>(ranks)), 256,
                                                  static_cast<std::uint64_t>(std::max(q.threads, 1)) * 4096),
                shown = 0;
  q.progress = nullptr;
  while (mpi::next_chunk(chunk, &q.first, &q.samples)) {
    if (whole && q.first + q.samples - state.first > shown) {
      whole->add(q.first + q.samples - state.first - shown);
      shown = q.first + q.samples - state.first;
    }
    const Clock::time_point t0 = Clock::now();
    absorb_chunk(acc, run_family_sweep(spec, q));
    const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
    // About a second of this rank's work, and at most half of an equal share of what is left, so that the
    // ranks finish within a small chunk of each other (guided self-scheduling).
    const std::uint64_t left = state.first + state.count - (q.first + q.samples);
    const double second = q.samples / std::max(dt, 1e-6);
    chunk = std::clamp<std::uint64_t>(
        std::min(static_cast<std::uint64_t>(second), left / (2 * static_cast<std::uint64_t>(ranks))), 256,
        chunk * 8);
  }
  mpi::close_queue();
}

// Gathers every rank's part on rank 0 and merges them into acc there (rank order; the merge is exact in any
// order), with one record per rank; other ranks' acc is left as it is. Collective.
template <class Spec>
void gather_ranks(const Spec& spec, SweepResult<Spec>& acc, RunState state, std::vector<ShardRecord>* ranks) {
  store_result(state, acc);
  const std::vector<std::string> parts = mpi::gather(encode_run_state(state));
  if (parts.empty()) return;
  SweepResult<Spec> total = make_empty_result(spec);
  std::set<std::string> backends, devices;
  total.threads = 0;
  for (std::size_t r = 0; r < parts.size(); ++r) {
    const std::string name = "rank " + std::to_string(r);
    const SweepResult<Spec> part = load_result(decode_run_state(parts[r], name), spec, name);
    merge_results(total, part);
    total.count += part.count;
    total.seconds = std::max(total.seconds, part.seconds);
    total.threads += part.threads;
    backends.insert(part.backend);
    devices.insert(part.device);
    ranks->push_back({std::to_string(r) + "/" + std::to_string(parts.size()), "", 0, part.count, part.backend,
                      part.device, part.seconds});
  }
  for (const std::string& b : backends) total.backend += (total.backend.empty() ? "" : "+") + b;
  for (const std::string& d : devices) total.device += (total.device.empty() ? "" : "; ") + d;
  total.first = state.first;
  acc = std::move(total);
}

}  // namespace collsweep::cli

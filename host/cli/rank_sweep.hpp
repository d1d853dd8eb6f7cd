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
#include "sweep/run_state.hpp"

namespace collsweep::cli {

// Gathers every rank's part on rank 0 and merges them into acc there (rank order; the merge is exact in any
// order), one rank's part at a time, with one record per rank; other ranks' acc is left as it is.
// Collective.
template <class Spec>
void gather_ranks(const Spec& spec, SweepResult<Spec>& acc, RunState state, int ranks,
                  std::vector<ShardRecord>* records) {
  store_result(state, acc);
  SweepResult<Spec> total = make_empty_result(spec);
  std::set<std::string> backends, devices;
  total.threads = 0;
  bool root = false;
  mpi::gather_each(encode_run_state(state), [&](int r, const std::string& bytes) {
    root = true;
    const std::string name = "rank " + std::to_string(r);
    const SweepResult<Spec> part = load_result(decode_run_state(bytes, name), spec, name);
    merge_results(total, part);
    total.count += part.count;
    total.seconds = std::max(total.seconds, part.seconds);
    total.threads += part.threads;
    backends.insert(part.backend);
    devices.insert(part.device);
    records->push_back({std::to_string(r) + "/" + std::to_string(ranks), "", 0, part.count, part.backend,
                        part.device, part.seconds});
  });
  if (!root) return;
  for (const std::string& b : backends) total.backend += (total.backend.empty() ? "" : "+") + b;
  for (const std::string& d : devices) total.device += (total.device.empty() ? "" : "; ") + d;
  total.first = state.first;
  acc = std::move(total);
}

// Sweeps the samples of `state` after its first `done` (a resumed run's, in rank 0's acc) over the ranks,
// onto each rank's acc; collective. The samples go out in epochs: within one, ranks take chunks from one
// queue (ranks of any speed finish it together); an epoch ends when every sample handed out is done, so the
// samples done are always a prefix of the range. After an epoch a checkpoint — that prefix's tally merged on
// rank 0, written by it — follows when plan.every seconds have passed since the last or when any rank was
// asked to stop (plan.stop); then false is returned. An epoch lasts about min(plan.every, 30 s); a stop ends
// it early, as soon as the chunks being swept are done (about a second of each rank's work), so a stop
// waits a chunk, not an epoch. plan.every <= 0: one epoch, no checkpoint. `whole` (rank 0's progress, or
// null) counts the samples every rank has finished (as of rank 0's last chunk).
template <class Spec>
bool rank_sweep(const Spec& spec, SweepResult<Spec>& acc, RunState& state, std::uint64_t done, SweepRequest q,
                int ranks, bool root, Progress* whole, const CheckpointPlan& plan) {
  using Clock = std::chrono::steady_clock;
  constexpr double kLongestEpoch = 30.0;  // seconds
  const std::uint64_t end = state.first + state.count, start = state.first + done;
  const auto rank_count = static_cast<std::uint64_t>(ranks);
  // The first chunk small (a small run still spreads over the ranks), then about a second of work each.
  std::uint64_t chunk = std::clamp<std::uint64_t>(state.count / (8 * rank_count), 256,
                                                  static_cast<std::uint64_t>(std::max(q.threads, 1)) * 4096),
                shown = 0, next = start;
  double rate = 0.0;            // samples per second of all ranks in the last epoch (rank 0's measure)
  CheckpointClock clock(plan);  // rank 0's decides
  q.progress = nullptr;
  while (next < end) {
    std::uint64_t size = end - next;
    if (plan.every > 0.0) {  // the first epoch learns the rate
      const double seconds = std::min(plan.every, kLongestEpoch);
      size = rate > 0.0 ? std::clamp<std::uint64_t>(static_cast<std::uint64_t>(rate * seconds),
                                                    256 * rank_count, size)
                        : std::min(size, 4 * chunk * rank_count);
      size = mpi::broadcast(size);
    }
    const std::uint64_t epoch_end = next + size;
    const Clock::time_point epoch_start = Clock::now();
    mpi::open_queue(next, epoch_end);
    const auto stop_asked = [&] { return plan.every > 0.0 && plan.stop && plan.stop->load() != 0; };
    while (mpi::next_chunk(chunk, stop_asked(), &q.first, &q.samples)) {
      const Clock::time_point t0 = Clock::now();
      absorb_chunk(acc, run_family_sweep(spec, q));
      const double dt = std::chrono::duration<double>(Clock::now() - t0).count();
      const std::uint64_t finished = next - start + mpi::finish_chunk(q.samples);
      if (whole && finished > shown) {
        whole->add(finished - shown);
        shown = finished;
      }
      // About a second of this rank's work, and at most half of an equal share of what is left of the epoch,
      // so that the ranks finish within a small chunk of each other (guided self-scheduling).
      const std::uint64_t left = epoch_end - (q.first + q.samples);
      const double second = q.samples / std::max(dt, 1e-6);
      chunk = std::clamp<std::uint64_t>(std::min(static_cast<std::uint64_t>(second), left / (2 * rank_count)),
                                        256, chunk * 8);
    }
    const std::uint64_t epoch_begin = next;
    next = mpi::close_queue();            // epoch_end, or less after a stop
    if (whole && next - start > shown) {  // every chunk of the epoch is done
      whole->add(next - start - shown);
      shown = next - start;
    }
    rate = static_cast<double>(next - epoch_begin) /
           std::max(std::chrono::duration<double>(Clock::now() - epoch_start).count(), 1e-6);
    if (plan.every <= 0.0) continue;
    const int stop = mpi::max_over_ranks(plan.stop ? plan.stop->load() : 0);
    const bool due = mpi::broadcast(clock.due() ? 1 : 0);
    if (stop == 0 && (!due || next == end)) continue;
    SweepResult<Spec> total = acc;
    std::vector<ShardRecord> parts;
    clock.write([&] {
      gather_ranks(spec, total, state, ranks, &parts);
      if (!root) return;
      store_result(state, total);
      write_run_state(plan.dir, state);
    });
    if (stop != 0) {
      // No rank ends before rank 0's checkpoint is on disk: a launcher that sees one rank end (mpirun, srun)
      // kills the others.
      mpi::broadcast(0);
      return false;
    }
  }
  return true;
}

}  // namespace collsweep::cli

// `collsweep validate` over any number of samples: the GPU's results chunk by chunk in bounded memory, each
// chunk compared on every CPU thread while the GPU computes the next, the comparisons merged in sample order.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "io/usable_cores.hpp"
#include "sweep/progress.hpp"

namespace collsweep {

// Host memory per chunk of GPU results (two chunks are held: the one compared, the one being computed).
constexpr std::uint64_t kValidationChunkBytes = std::uint64_t(256) << 20;

// Samples per chunk for a sample and n_laws outcomes of these sizes: at least one.
inline std::uint64_t validation_chunk_samples(std::size_t sample_bytes, std::size_t outcome_bytes,
                                              int n_laws) {
  const std::uint64_t per_sample = sample_bytes + outcome_bytes * static_cast<std::uint64_t>(n_laws);
  return std::max<std::uint64_t>(1, kValidationChunkBytes / per_sample);
}

// How a chunked validation is run: the chunk in samples, the CPU threads (<= 0: every core).
struct ValidationRun {
  std::uint64_t first = 0;
  std::uint64_t count = 0;
  int n_laws = 1;
  std::uint64_t chunk = 0;
  int threads = 0;
  Progress* progress = nullptr;
};

// Runs `evaluate(first, n, Sample*, Outcome*, std::string* error) -> bool` (the GPU: n samples from `first`
// and their n * n_laws outcomes) chunk by chunk, and `compare(first, n, const Sample*, const Outcome*) ->
// Check` (the CPU's reference against them) on parts of each chunk in parallel; the parts' checks are merged
// in sample order (Check::merge), so the result does not depend on the chunk or the thread count. False,
// with the evaluation's message in *error, when an evaluation fails (the chunks before it are in *total).
template <class Sample, class Outcome, class Check, class Evaluate, class Compare>
bool validate_in_chunks(const ValidationRun& run, Evaluate&& evaluate, Compare&& compare, Check* total,
                        std::string* error) {
  if (run.count == 0) return true;
  const std::uint64_t chunk = std::max<std::uint64_t>(1, run.chunk);
  int threads = run.threads > 0 ? run.threads : io::usable_cores();
  threads = std::max(1, threads);
  const std::size_t laws = static_cast<std::size_t>(run.n_laws);
  struct Slot {
    std::vector<Sample> samples;
    std::vector<Outcome> outcomes;
    std::string error;
  };
  Slot slots[2];
  const auto launch = [&](Slot* slot, std::uint64_t first, std::uint64_t n) {
    return std::async(std::launch::async, [&evaluate, slot, first, n, laws] {
      slot->samples.resize(n);
      slot->outcomes.resize(n * laws);
      slot->error.clear();
      return evaluate(first, n, slot->samples.data(), slot->outcomes.data(), &slot->error);
    });
  };
  std::uint64_t done = 0;
  int current = 0;
  std::future<bool> pending = launch(&slots[0], run.first, std::min(chunk, run.count));
  while (done < run.count) {
    const std::uint64_t n = std::min(chunk, run.count - done);
    if (!pending.get()) {
      *error = slots[current].error.empty() ? "the GPU evaluation failed" : slots[current].error;
      return false;
    }
    const std::uint64_t next = done + n;
    if (next < run.count)
      pending = launch(&slots[current ^ 1], run.first + next, std::min(chunk, run.count - next));
    // Parts of the chunk, taken by the threads as they come free (the samples' costs differ widely).
    const Slot& s = slots[current];
    const std::uint64_t part = std::max<std::uint64_t>(256, n / (static_cast<std::uint64_t>(threads) * 8));
    const std::uint64_t parts = (n + part - 1) / part;
    std::vector<Check> checks(parts);
    std::atomic<std::uint64_t> next_part{0};
    const auto worker = [&] {
      for (std::uint64_t p; (p = next_part.fetch_add(1)) < parts;) {
        const std::uint64_t b = p * part, m = std::min(part, n - b);
        checks[p] = compare(run.first + done + b, m, s.samples.data() + b, s.outcomes.data() + b * laws);
      }
    };
    std::vector<std::thread> pool;
    const int used = static_cast<int>(std::min<std::uint64_t>(threads, parts));
    for (int t = 1; t < used; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    for (const Check& c : checks) total->merge(c);
    if (run.progress) run.progress->add(n);
    done = next;
    current ^= 1;
  }
  return true;
}

}  // namespace collsweep

// The CPU sweep loop for any model: batches of consecutive samples over std::threads, exact merges.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "backend/cpu_backend.hpp"
#include "io/usable_cores.hpp"
#include "sweep/progress.hpp"

namespace collsweep {

// cpu_sweep_range(spec, constants, layout, words, lo, hi, witnesses) sweeps samples lo .. hi - 1 with the
// model's per-sample body (kernels/; each model's CPU backend file defines it, found by argument-dependent
// lookup), sweep_constants(spec) is what it derives once per sweep.
template <class Spec>
SweepResult<Spec> run_sweep_cpu(const Spec& spec, std::uint64_t first, std::uint64_t count,
                                std::uint64_t batch, int threads, Progress* progress) {
  const auto start = std::chrono::steady_clock::now();
  if (threads <= 0) threads = io::usable_cores();
  // Work units of at most `batch` samples, small enough that every thread gets work (results never
  // depend on the split: tallies merge exactly).
  const std::uint64_t balanced =
      std::max<std::uint64_t>(1024, count / (static_cast<std::uint64_t>(threads) * 16));
  batch = std::max<std::uint64_t>(std::min(batch, balanced), 1);
  const std::uint64_t batches = (count + batch - 1) / batch;
  threads = static_cast<int>(std::min<std::uint64_t>(threads, std::max<std::uint64_t>(batches, 1)));

  std::vector<SweepResult<Spec>> partial(threads, make_empty_result(spec));
  std::atomic<std::uint64_t> next{0};
  auto worker = [&](int t) {
    SweepResult<Spec>& r = partial[t];
    auto witnesses = std::make_unique<LawWitnesses>(spec.witnesses);
    const auto constants = sweep_constants(spec);
    for (std::uint64_t b; (b = next.fetch_add(1)) < batches;) {
      const std::uint64_t lo = first + b * batch, hi = std::min(first + count, lo + batch);
      cpu_sweep_range(spec, constants, r.layout, r.words.data(), lo, hi, *witnesses);
      if (progress) progress->add(hi - lo);
    }
    for (int l = 0; l < spec.witness_slots(); ++l)
      r.witnesses[l].assign(witnesses->law[l].w, witnesses->law[l].w + witnesses->law[l].n);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& th : pool) th.join();

  SweepResult<Spec> result = make_empty_result(spec);
  for (const auto& p : partial) merge_results(result, p);
  result.first = first;
  result.count = count;
  result.backend = "cpu";
  result.device = cpu_model_name();
  result.threads = threads;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace collsweep

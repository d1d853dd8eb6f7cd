// The sweep of any family as `run` asks for it (SweepRequest), and which backend runs it (the GPU when asked
// for, unless run.compare names pairs).
#pragma once

#include <cstdint>
#include <iostream>
#include <string>
#include <type_traits>
#include <utility>

#include "backend/cpu_backend.hpp"
#include "backend/cuda_backend.hpp"

namespace collsweep {

class Progress;

// How `run` sweeps: the backend ("cpu" or "cuda"), the samples [first, first + samples), work units and CPU
// threads.
struct SweepRequest {
  std::string backend;
  std::uint64_t first = 0;
  std::uint64_t samples = 0;
  std::uint64_t batch = 0;
  int threads = 0;
  Progress* progress = nullptr;
};

}  // namespace collsweep

namespace collsweep::families {

// True when the sweep runs on the GPU: q.backend is cuda and there are no compared pairs (their disagreement
// is tallied by the CPU loop only: the GPU kernels' witness buffers hold the laws'); with pairs the CPU
// sweeps, and the user is told once per process (a checkpointed or ranked run asks once per chunk).
inline bool sweeps_on_gpu(const SweepRequest& q, int n_pairs) {
  if (q.backend != "cuda") return false;
  if (n_pairs == 0) return true;
  static bool noted = false;
  if (!noted) {
    std::cerr << "collsweep run: note: run.compare is computed on the CPU backend; sweeping on the CPU\n";
    noted = true;
  }
  return false;
}

}  // namespace collsweep::families

namespace collsweep {

namespace families {
template <class Spec, class = void>
struct HasComparedPairs : std::false_type {};
template <class Spec>
struct HasComparedPairs<Spec, std::void_t<decltype(std::declval<const Spec&>().n_pairs)>> : std::true_type {};
}  // namespace families

// The samples [q.first, q.first + q.samples) of a family's sweep on the backend q names (the CPU when the
// spec compares law pairs: sweeps_on_gpu).
template <class Spec>
SweepResult<Spec> run_family_sweep(const Spec& spec, const SweepRequest& q) {
  int pairs = 0;
  if constexpr (families::HasComparedPairs<Spec>::value) pairs = spec.n_pairs;
  return families::sweeps_on_gpu(q, pairs)
             ? run_sweep_gpu(spec, q.first, q.samples, q.progress)
             : run_sweep_cpu(spec, q.first, q.samples, q.batch, q.threads, q.progress);
}

}  // namespace collsweep

// The CPU backend: sample ranges split into batches over std::threads, per-thread tallies merged exactly.
#pragma once

#include <cstdint>

#include "sweep/sweep_result.hpp"

namespace collsweep {

class Progress;

// Evaluates samples [first, first + count) of any family's spec on the CPU: batches of `batch` consecutive
// samples handed to `threads` workers (0 = all cores); any thread count and batch size give bit-identical
// results. The loop is cpu_sweep_loop.hpp's; each family's cpu_backend*.cpp instantiates it beside its
// per-sample range (cpu_sweep_range).
template <class Spec>
SweepResult<Spec> run_sweep_cpu(const Spec& spec, std::uint64_t first, std::uint64_t count,
                                std::uint64_t batch, int threads, Progress* progress = nullptr);
extern template PlanarSweepResult run_sweep_cpu(const PlanarSweepSpec&, std::uint64_t, std::uint64_t,
                                                std::uint64_t, int, Progress*);
extern template MultiContactSweepResult run_sweep_cpu(const MultiContactSweepSpec&, std::uint64_t,
                                                      std::uint64_t, std::uint64_t, int, Progress*);
extern template SpatialSweepResult run_sweep_cpu(const SpatialSweepSpec&, std::uint64_t, std::uint64_t,
                                                 std::uint64_t, int, Progress*);

// Name of this machine's CPU (from /proc/cpuinfo) for the run's records.
std::string cpu_model_name();

}  // namespace collsweep

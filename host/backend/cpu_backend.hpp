// The CPU backend: sample ranges split into batches over std::threads, per-thread tallies merged exactly.
#pragma once

#include <cstdint>

#include "sweep/sweep_result.hpp"

namespace collsweep {

class Progress;

// Evaluates samples [first, first + count) of spec. Batches of `batch` consecutive samples are handed
// to `threads` workers (0 = all cores); any thread count and batch size give bit-identical results.
PlanarSweepResult run_planar_sweep_cpu(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                       std::uint64_t batch, int threads, Progress* progress = nullptr);

// The same for a multi-contact sweep (cpu_backend_multicontact.cpp).
MultiContactSweepResult run_multicontact_sweep_cpu(const MultiContactSweepSpec& spec, std::uint64_t first,
                                                   std::uint64_t count, std::uint64_t batch, int threads,
                                                   Progress* progress = nullptr);

// The same for a spatial sweep (cpu_backend_spatial.cpp).
SpatialSweepResult run_spatial_sweep_cpu(const SpatialSweepSpec& spec, std::uint64_t first,
                                         std::uint64_t count, std::uint64_t batch, int threads,
                                         Progress* progress = nullptr);

// Name of this machine's CPU (from /proc/cpuinfo) for the run's records.
std::string cpu_model_name();

}  // namespace collsweep

// The CUDA backend seen from the host: device discovery and sweeps into PlanarSweepResult.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "collsweep/cuda_api.hpp"
#include "sweep/sweep_result.hpp"

namespace collsweep {

class Progress;

// Thrown when the GPU cannot run (no device, CUDA error); what() names the failing call.
class CudaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "NVIDIA H100 80GB HBM3 (cc 9.0, 79.1 GiB, CUDA runtime 13.0)" or why there is none.
std::string describe_device(const cuda::DeviceInfo& info);

PlanarSweepResult run_planar_sweep_gpu(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                       Progress* progress = nullptr);

MultiContactSweepResult run_multicontact_sweep_gpu(const MultiContactSweepSpec& spec, std::uint64_t first,
                                                   std::uint64_t count, Progress* progress = nullptr);

// max_batch: at most that many samples per batch (cuda::run_spatial_sweep).
SpatialSweepResult run_spatial_sweep_gpu(const SpatialSweepSpec& spec, std::uint64_t first,
                                         std::uint64_t count, Progress* progress = nullptr,
                                         std::uint64_t max_batch = cuda::max_spatial_batch);

}  // namespace collsweep

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

// Sweeps samples [first, first + count) of any family's spec on the GPU (cuda::run_sweep), with progress,
// timing and the device's name; throws CudaError when the GPU cannot run it. max_batch as for
// cuda::run_sweep.
template <class Spec>
SweepResult<Spec> run_sweep_gpu(const Spec& spec, std::uint64_t first, std::uint64_t count,
                                Progress* progress = nullptr,
                                std::uint64_t max_batch = cuda::max_spatial_batch);
extern template PlanarSweepResult run_sweep_gpu(const PlanarSweepSpec&, std::uint64_t, std::uint64_t,
                                                Progress*, std::uint64_t);
extern template MultiContactSweepResult run_sweep_gpu(const MultiContactSweepSpec&, std::uint64_t,
                                                      std::uint64_t, Progress*, std::uint64_t);
extern template SpatialSweepResult run_sweep_gpu(const SpatialSweepSpec&, std::uint64_t, std::uint64_t,
                                                 Progress*, std::uint64_t);

}  // namespace collsweep

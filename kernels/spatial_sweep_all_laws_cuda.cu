// The spatial sweep with Chatterjee's thesis laws or constraint tallies, and the per-sample evaluation of
// every spatial law, on the GPU (a unit of its own, compiled beside spatial_sweep_cuda.cu's classic one).
#include "collsweep/models/spatial/sweep.hpp"
#include "spatial_sweep_all_laws.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

namespace {

__global__ void spatial_samples_kernel(SpatialSweepSpec spec, std::uint64_t first, std::uint64_t count,
                                       SpatialSample* samples, SpatialOutcome* outcomes) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const SpatialSample s = draw_spatial_sample(spec.plan, first + i);
    samples[i] = s;
    for (int l = 0; l < spec.n_laws; ++l)
      outcomes[i * spec.n_laws + l] = evaluate_spatial(spec.laws[l], s.c, s.params);
  }
}

// One block of 256 per SM, as the classic spatial kernel (spatial_sweep_cuda.cu): the Routh path's DOP853
// step needs up to 255 registers.
constexpr int kAllLawsMinBlocks = 1;

}  // namespace

namespace detail {

bool run_spatial_sweep_all_laws(const SpatialSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                u64* words, Witness* witnesses, int* witness_counts, ProgressHook progress,
                                char* err, std::size_t err_len) {
  return launch_sweep<kAllLawsMinBlocks>(spec, first, count, words, witnesses, witness_counts, progress,
                                         "sweep_kernel<SpatialSweepSpec> (thesis laws or constraints)", err,
                                         err_len);
}

}  // namespace detail

bool evaluate_spatial_samples(const SpatialSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                              SpatialSample* samples, SpatialOutcome* outcomes, char* err,
                              std::size_t err_len) {
  return detail::evaluate_samples_on_device(spatial_samples_kernel, kBlock, "spatial_samples_kernel", spec,
                                            first, count, samples, outcomes, err, err_len);
}

}  // namespace collsweep::cuda

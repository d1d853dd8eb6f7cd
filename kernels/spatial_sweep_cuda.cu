// The spatial sweep of the four laws of evaluate_classic_spatial and their given-collision evaluation on the
// GPU (the sweep kernel and launcher are in sweep_launch.cuh; sweeps with thesis laws or constraints and the
// per-sample evaluation are in spatial_sweep_all_laws_cuda.cu, compiled beside this file).
#include <cstdlib>
#include <cstring>

#include "collsweep/models/spatial/sweep.hpp"
#include "spatial_sweep_all_laws.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

namespace {

__global__ void spatial_eval_kernel(SpatialLaw law, const SpatialCollision* in, SpatialOutcome* out,
                                    std::size_t n) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = evaluate_classic_spatial(law, in[i]);
}

// Resident blocks per SM that __launch_bounds__ promises: one (up to 255 registers) for the Routh path's
// DOP853 step, whose state does not fit the 128 registers of two blocks without heavy spilling (ptxas:
// 255 registers and about 0.8 KB of stack per thread for the law alone). COLLSWEEP_CUDA_SPATIAL_BLOCKS=2
// runs the two-block instance instead (for measuring; the results are the same bits either way).
constexpr int kSpatialMinBlocks = 1;

int spatial_blocks_per_sm() {
  const char* v = std::getenv("COLLSWEEP_CUDA_SPATIAL_BLOCKS");
  return v != nullptr && std::strcmp(v, "2") == 0 ? 2 : kSpatialMinBlocks;
}

}  // namespace

bool run_spatial_sweep(const SpatialSweepSpec& spec, std::uint64_t first, std::uint64_t count, u64* words,
                       Witness* witnesses, int* witness_counts, ProgressHook progress, char* err,
                       std::size_t err_len) {
  if (spec.tallies_thesis_words())
    return detail::run_spatial_sweep_all_laws(spec, first, count, words, witnesses, witness_counts, progress,
                                              err, err_len);
  const ClassicSpatialSweepSpec classic{spec};
  if (spatial_blocks_per_sm() == 2)
    return launch_sweep<2>(classic, first, count, words, witnesses, witness_counts, progress,
                           "sweep_kernel<SpatialSweepSpec> (2 blocks/SM)", err, err_len);
  return launch_sweep<kSpatialMinBlocks>(classic, first, count, words, witnesses, witness_counts, progress,
                                         "sweep_kernel<SpatialSweepSpec>", err, err_len);
}

bool evaluate_spatial_batch(SpatialLaw law, const SpatialCollision* in, SpatialOutcome* out, std::size_t n,
                            char* err, std::size_t err_len) {
  if (n == 0) return true;
  detail::DeviceBuffer<SpatialCollision> d_in;
  detail::DeviceBuffer<SpatialOutcome> d_out;
  if (!d_in.allocate(n, "cudaMalloc(collisions)", err, err_len)) return false;
  if (!d_out.allocate(n, "cudaMalloc(outcomes)", err, err_len)) return false;
  if (!detail::copy_to_device(d_in, in, n, "cudaMemcpy(collisions to device)", err, err_len)) return false;
  const std::size_t blocks = (n + kBlock - 1) / kBlock;
  spatial_eval_kernel<<<static_cast<int>(blocks < 65535 ? blocks : 65535), kBlock>>>(law, d_in.get(),
                                                                                     d_out.get(), n);
  if (!detail::check_launch("spatial_eval_kernel", err, err_len)) return false;
  return detail::copy_to_host(out, d_out, n, "cudaMemcpy(outcomes to host)", err, err_len);
}

}  // namespace collsweep::cuda

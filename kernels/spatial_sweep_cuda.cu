// The spatial sweep of the four laws of evaluate_classic_spatial and the spatial laws on given collisions,
// on the GPU (sweeps with thesis laws or constraints: spatial_sweep_all_laws_cuda.cu).
#include "batch_launch.cuh"
#include "collsweep/models/spatial/sweep.hpp"
#include "spatial_given_sweep.cuh"
#include "spatial_sweep_all_laws.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

namespace {

// chatterjee-ruina-3d on given collisions (the Routh laws' are items; a thesis law: numerical_failure).
__global__ void spatial_eval_kernel(SpatialLaw law, const SpatialCollision* in, SpatialOutcome* out,
                                    std::size_t n) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = is_thesis_law(law) ? invalid_spatial_outcome(Status::numerical_failure)
                                : evaluate_spatial_without_routh(law, in[i], SpatialThesisParams(), nullptr);
}

// The batches' sweep kernel carries no Routh law (their outcomes are given), so it fits two blocks per SM.
constexpr int kGivenMinBlocks = 2;

}  // namespace

bool launch_family_sweep(const SpatialSweepSpec& spec, std::uint64_t first, std::uint64_t count, u64* words,
                         Witness* witnesses, int* witness_counts, ProgressHook progress, char* err,
                         std::size_t err_len, std::uint64_t max_batch) {
  if (spec.tallies_thesis_words())
    return detail::run_spatial_sweep_all_laws(spec, first, count, words, witnesses, witness_counts, progress,
                                              err, err_len, max_batch);
  // The Routh laws as items; the sweep kernel evaluates chatterjee-ruina-3d alone.
  const ClassicSpatialSweepSpec classic{spec};
  return sweep_spatial_in_batches<kGivenMinBlocks>(classic, first, count, words, witnesses, witness_counts,
                                                   progress, max_batch,
                                                   "sweep_kernel<GivenSpatialSweep<Classic>>", err, err_len);
}

template COLLSWEEP_RUN_SWEEP(SpatialSweepSpec);

// A Routh law's collisions as items (kernels/spatial_routh_items.cuh), chatterjee-ruina-3d one thread each.
bool launch_family_batch(BatchLaunch, const SpatialBatch& batch, const SpatialCollision* in,
                         SpatialOutcome* out, std::size_t n, detail::KernelTimer& timer, char* err,
                         std::size_t err_len) {
  timer.start();
  if (is_routh_law(batch.law)) {
    detail::RouthItems items;
    items.first = in;
    items.n = n;
    items.n_laws = 1;
    items.laws[0] = batch.law;
    items.out[0] = out;
    const bool evaluated = detail::evaluate_routh_items(items, err, err_len);
    timer.stop();
    return evaluated;
  }
  spatial_eval_kernel<<<detail::grid_stride_blocks(n, kBlock), kBlock>>>(batch.law, in, out, n);
  timer.stop();
  return detail::check_launch("spatial_eval_kernel", err, err_len);
}

template COLLSWEEP_EVALUATE_BATCH(SpatialBatch);

}  // namespace collsweep::cuda

// GPU evaluation of a planar law on given collisions: one thread per collision, grid-stride loop.
#include "batch_launch.cuh"

namespace collsweep::cuda {

namespace {

__global__ void planar_eval_kernel(PlanarLaw law, const PlanarCollision* in, PlanarOutcome* out,
                                   LawReport* reports, std::size_t n) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = evaluate(law, in[i], reports ? reports + i : nullptr);
}

}  // namespace

// The kernel, then each collision's LawReport copied to batch.reports if asked.
bool launch_family_batch(BatchLaunch, const PlanarBatch& batch, const PlanarCollision* in, PlanarOutcome* out,
                         std::size_t n, detail::KernelTimer& timer, char* err, std::size_t err_len) {
  detail::DeviceBuffer<LawReport> d_reports;
  if (batch.reports && !d_reports.allocate(n, "cudaMalloc(reports)", err, err_len)) return false;
  const int block = 256;
  timer.start();
  planar_eval_kernel<<<detail::grid_stride_blocks(n, block), block>>>(
      batch.law, in, out, batch.reports ? d_reports.get() : nullptr, n);
  timer.stop();
  if (!detail::check_launch("planar_eval_kernel", err, err_len)) return false;
  return !batch.reports ||
         detail::copy_to_host(batch.reports, d_reports, n, "cudaMemcpy(reports to host)", err, err_len);
}

template COLLSWEEP_EVALUATE_BATCH(PlanarBatch);

}  // namespace collsweep::cuda

// GPU evaluation of a planar law on given collisions: one thread per collision, grid-stride loop.
#include "collsweep/cuda_api.hpp"
#include "cuda_common.cuh"

namespace collsweep::cuda {

namespace {

__global__ void planar_eval_kernel(PlanarLaw law, const PlanarCollision* in, PlanarOutcome* out,
                                   LawReport* reports, std::size_t n) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = evaluate(law, in[i], reports ? reports + i : nullptr);
}

}  // namespace

bool evaluate_planar_batch(PlanarLaw law, const PlanarCollision* in, PlanarOutcome* out, std::size_t n,
                           char* err, std::size_t err_len, LawReport* reports) {
  if (n == 0) return true;
  detail::DeviceBuffer<PlanarCollision> d_in;
  detail::DeviceBuffer<PlanarOutcome> d_out;
  detail::DeviceBuffer<LawReport> d_reports;
  if (!d_in.allocate(n, "cudaMalloc(collisions)", err, err_len)) return false;
  if (!d_out.allocate(n, "cudaMalloc(outcomes)", err, err_len)) return false;
  if (reports && !d_reports.allocate(n, "cudaMalloc(reports)", err, err_len)) return false;
  if (!detail::copy_to_device(d_in, in, n, "cudaMemcpy(collisions to device)", err, err_len)) return false;
  const int block = 256;
  const std::size_t blocks = (n + block - 1) / block;
  const int grid = static_cast<int>(blocks < 65535 ? blocks : 65535);
  planar_eval_kernel<<<grid, block>>>(law, d_in.get(), d_out.get(), reports ? d_reports.get() : nullptr, n);
  if (!detail::check_launch("planar_eval_kernel", err, err_len)) return false;
  if (reports && !detail::copy_to_host(reports, d_reports, n, "cudaMemcpy(reports to host)", err, err_len))
    return false;
  return detail::copy_to_host(out, d_out, n, "cudaMemcpy(outcomes to host)", err, err_len);
}

}  // namespace collsweep::cuda

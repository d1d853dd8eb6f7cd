// The GPU evaluation of a multi-contact law on given collisions (nvcc only), instantiated for k = 1, 2 in
// multicontact_eval_cuda.cu and for k = 3, 4 in multicontact_eval_k34_cuda.cu (two units built in parallel).
#pragma once

#include "batch_launch.cuh"

namespace collsweep::cuda {

namespace {

constexpr int kEvalBlock = 256;

// One thread per collision, grid-stride loop: the outcomes the CPU computes, bit for bit. Four resident
// blocks of 256 per SM, as the multi-contact sweep kernel: 64 registers, the per-sample state spilled to
// local memory that L1 serves.
template <int K>
__global__ void __launch_bounds__(kEvalBlock, 4)
    multicontact_eval_kernel(MultiContactLaw law, MultiContactOptions opt, const MultiContactCollision<K>* in,
                             MultiContactOutcome<K>* out, std::size_t n) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = evaluate_lcp(law, in[i], opt);
}

}  // namespace

// The kernel on as many blocks as are resident at once (each thread takes collisions until none is left).
template <int K>
bool launch_family_batch(BatchLaunch, const MultiContactBatch<K>& batch, const MultiContactCollision<K>* in,
                         MultiContactOutcome<K>* out, std::size_t n, detail::KernelTimer& timer, char* err,
                         std::size_t err_len) {
  int device = 0, sms = 0, per_sm = 0;
  if (!detail::check(cudaGetDevice(&device), "cudaGetDevice", err, err_len)) return false;
  if (!detail::check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
                     "cudaDeviceGetAttribute(SMs)", err, err_len))
    return false;
  if (!detail::check(
          cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, multicontact_eval_kernel<K>, kEvalBlock, 0),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor", err, err_len))
    return false;
  const std::size_t blocks = (n + kEvalBlock - 1) / kEvalBlock;
  const std::size_t resident = static_cast<std::size_t>(sms) * (per_sm > 0 ? per_sm : 1);
  const int grid = static_cast<int>(blocks < resident ? blocks : resident);
  timer.start();
  multicontact_eval_kernel<K><<<grid, kEvalBlock>>>(batch.law, batch.options, in, out, n);
  timer.stop();
  return detail::check_launch("multicontact_eval_kernel", err, err_len);
}

}  // namespace collsweep::cuda

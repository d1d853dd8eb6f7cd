// The GPU evaluation of a multi-contact law on given collisions (nvcc only), instantiated for k = 1, 2 in
// multicontact_eval_cuda.cu and for k = 3, 4 in multicontact_eval_k34_cuda.cu (two units built in parallel).
#pragma once

#include "collsweep/cuda_api.hpp"
#include "cuda_common.cuh"

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

// Times the kernel alone with CUDA events (the copies before and after are not in it).
class KernelTimer {
 public:
  KernelTimer() {
    cudaEventCreate(&start_);
    cudaEventCreate(&stop_);
  }
  KernelTimer(const KernelTimer&) = delete;
  KernelTimer& operator=(const KernelTimer&) = delete;
  ~KernelTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  void start() { cudaEventRecord(start_); }
  void stop() { cudaEventRecord(stop_); }
  double seconds() {
    float ms = 0.0f;
    cudaEventSynchronize(stop_);
    cudaEventElapsedTime(&ms, start_, stop_);
    return 1e-3 * ms;
  }

 private:
  cudaEvent_t start_{}, stop_{};
};

}  // namespace

template <int K>
bool evaluate_multicontact_batch(MultiContactLaw law, const MultiContactOptions& opt,
                                 const MultiContactCollision<K>* in, MultiContactOutcome<K>* out,
                                 std::size_t n, double* kernel_seconds, char* err, std::size_t err_len) {
  if (kernel_seconds) *kernel_seconds = 0.0;
  if (n == 0) return true;
  detail::DeviceBuffer<MultiContactCollision<K>> d_in;
  detail::DeviceBuffer<MultiContactOutcome<K>> d_out;
  if (!d_in.allocate(n, "cudaMalloc(collisions)", err, err_len)) return false;
  if (!d_out.allocate(n, "cudaMalloc(outcomes)", err, err_len)) return false;
  if (!detail::copy_to_device(d_in, in, n, "cudaMemcpy(collisions to device)", err, err_len)) return false;
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
  KernelTimer timer;
  timer.start();
  multicontact_eval_kernel<K><<<grid, kEvalBlock>>>(law, opt, d_in.get(), d_out.get(), n);
  timer.stop();
  if (!detail::check_launch("multicontact_eval_kernel", err, err_len)) return false;
  if (kernel_seconds) *kernel_seconds = timer.seconds();
  return detail::copy_to_host(out, d_out, n, "cudaMemcpy(outcomes to host)", err, err_len);
}

}  // namespace collsweep::cuda

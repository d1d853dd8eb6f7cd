// cuda::evaluate_batch (collsweep/cuda_api.hpp) of any family (nvcc only): the collisions copied to the
// device, the family's launch_family_batch, the outcomes copied back.
#pragma once

#include "collsweep/cuda_api.hpp"
#include "cuda_common.cuh"

namespace collsweep::cuda {

// The tag by which evaluate_batch finds a family's launch_family_batch (argument-dependent lookup in this
// namespace; the family's batch types live in collsweep's).
struct BatchLaunch {};

// A family's launch_family_batch(BatchLaunch, batch, in, out, n, timer, err, err_len), defined in its
// kernels/*_cuda.cu beside the explicit instantiation, evaluates batch on the n device collisions `in` into
// the device outcomes `out`, waits for its kernels, and starts and stops timer around them.
template <class Batch>
bool evaluate_batch(const Batch& batch, const typename Batch::Collision* in, typename Batch::Outcome* out,
                    std::size_t n, char* err, std::size_t err_len, double* kernel_seconds) {
  if (kernel_seconds) *kernel_seconds = 0.0;
  if (n == 0) return true;
  detail::DeviceBuffer<typename Batch::Collision> d_in;
  detail::DeviceBuffer<typename Batch::Outcome> d_out;
  if (!d_in.allocate(n, "cudaMalloc(collisions)", err, err_len)) return false;
  if (!d_out.allocate(n, "cudaMalloc(outcomes)", err, err_len)) return false;
  if (!detail::copy_to_device(d_in, in, n, "cudaMemcpy(collisions to device)", err, err_len)) return false;
  detail::KernelTimer timer;
  if (!launch_family_batch(BatchLaunch{}, batch, d_in.get(), d_out.get(), n, timer, err, err_len))
    return false;
  if (kernel_seconds) *kernel_seconds = timer.seconds();
  return detail::copy_to_host(out, d_out, n, "cudaMemcpy(outcomes to host)", err, err_len);
}

}  // namespace collsweep::cuda

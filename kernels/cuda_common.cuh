// CUDA error checking shared by the launchers in kernels/*.cu (nvcc only).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

namespace collsweep::cuda::detail {

// Records the first failing call with its name and CUDA's message; returns false on failure.
inline bool check(cudaError_t status, const char* what, char* err, std::size_t err_len) {
  if (status == cudaSuccess) return true;
  std::snprintf(err, err_len, "CUDA error in %s: %s (%s)", what, cudaGetErrorString(status),
                cudaGetErrorName(status));
  return false;
}

// After a launch: the launch error, then the execution error.
inline bool check_launch(const char* kernel, char* err, std::size_t err_len) {
  if (!check(cudaGetLastError(), kernel, err, err_len)) return false;
  return check(cudaDeviceSynchronize(), kernel, err, err_len);
}

// The blocks of a grid-stride kernel over n items, `block` threads each: one block per `block` items, at most
// 65 535 (the threads then take several items each).
inline int grid_stride_blocks(std::uint64_t n, int block) {
  const std::uint64_t blocks =
      (n + static_cast<std::uint64_t>(block) - 1) / static_cast<std::uint64_t>(block);
  return static_cast<int>(blocks < 65535 ? blocks : 65535);
}

// RAII device buffer over plain cudaMalloc (never managed memory).
template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() {
    if (ptr_) cudaFree(ptr_);
  }
  bool allocate(std::size_t n, const char* what, char* err, std::size_t err_len) {
    return check(cudaMalloc(reinterpret_cast<void**>(&ptr_), n * sizeof(T) + 1), what, err, err_len);
  }
  T* get() const { return ptr_; }

 private:
  T* ptr_ = nullptr;
};

// The device time between start() and stop() (CUDA events on the default stream): a batch's kernels, without
// the copies before and after, for benchmarks.
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

// n values between host memory and a device buffer, checked.
template <class T>
bool copy_to_device(DeviceBuffer<T>& dst, const T* src, std::size_t n, const char* what, char* err,
                    std::size_t err_len) {
  return check(cudaMemcpy(dst.get(), src, n * sizeof(T), cudaMemcpyHostToDevice), what, err, err_len);
}
template <class T>
bool copy_to_host(T* dst, const DeviceBuffer<T>& src, std::size_t n, const char* what, char* err,
                  std::size_t err_len) {
  return check(cudaMemcpy(dst, src.get(), n * sizeof(T), cudaMemcpyDeviceToHost), what, err, err_len);
}

// Nothing to run between a per-sample kernel and the copy back.
struct NothingAfterKernel {
  template <class Sample, class Outcome>
  bool operator()(Sample*, Outcome*, char*, std::size_t) const {
    return true;
  }
};

// The per-sample kernels of `collsweep validate`: kernel(spec, first, count, samples, outcomes) draws samples
// [first, first + count) and evaluates every law of spec on each (outcomes[i * spec.n_laws + l]); this
// launches it with `block` threads per block, runs after_kernel(samples, outcomes, err, err_len) on the
// device arrays (a family whose laws run in kernels of their own fills its outcomes there) and copies both
// arrays back.
template <class Spec, class Sample, class Outcome, class AfterKernel = NothingAfterKernel>
bool evaluate_samples_on_device(void (*kernel)(Spec, std::uint64_t, std::uint64_t, Sample*, Outcome*),
                                int block, const char* kernel_name, const Spec& spec, std::uint64_t first,
                                std::uint64_t count, Sample* samples, Outcome* outcomes, char* err,
                                std::size_t err_len, const AfterKernel& after_kernel = AfterKernel{}) {
  if (count == 0) return true;
  const std::size_t n_outcomes = count * static_cast<std::size_t>(spec.n_laws);
  DeviceBuffer<Sample> d_samples;
  DeviceBuffer<Outcome> d_outcomes;
  if (!d_samples.allocate(count, "cudaMalloc(samples)", err, err_len)) return false;
  if (!d_outcomes.allocate(n_outcomes, "cudaMalloc(outcomes)", err, err_len)) return false;
  kernel<<<grid_stride_blocks(count, block), block>>>(spec, first, count, d_samples.get(), d_outcomes.get());
  if (!check_launch(kernel_name, err, err_len)) return false;
  if (!after_kernel(d_samples.get(), d_outcomes.get(), err, err_len)) return false;
  return copy_to_host(samples, d_samples, count, "cudaMemcpy(samples)", err, err_len) &&
         copy_to_host(outcomes, d_outcomes, n_outcomes, "cudaMemcpy(outcomes)", err, err_len);
}

}  // namespace collsweep::cuda::detail

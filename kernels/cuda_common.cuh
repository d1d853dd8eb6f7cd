// CUDA error checking shared by the launchers in kernels/*.cu (nvcc only).
#pragma once

#include <cuda_runtime.h>

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

}  // namespace collsweep::cuda::detail

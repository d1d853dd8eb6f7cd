// CUDA device discovery: "no GPU" (including a failing cudaGetDeviceCount) is reported, never fatal.
#include <cstdio>

#include "collsweep/cuda_api.hpp"
#include "cuda_common.cuh"

namespace collsweep::cuda {

bool built_with_cuda() { return true; }

DeviceInfo query_device() {
  DeviceInfo info;
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    std::snprintf(info.message, sizeof info.message, "no CUDA device: %s",
                  status != cudaSuccess ? cudaGetErrorString(status) : "cudaGetDeviceCount found 0 devices");
    cudaGetLastError();  // clear the sticky error so later calls start clean
    return info;
  }
  int device = 0;
  cudaDeviceProp prop{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&prop, device) != cudaSuccess) {
    std::snprintf(info.message, sizeof info.message, "no CUDA device: cudaGetDeviceProperties failed");
    cudaGetLastError();
    return info;
  }
  info.available = true;
  info.count = count;
  std::snprintf(info.name, sizeof info.name, "%s", prop.name);
  info.cc_major = prop.major;
  info.cc_minor = prop.minor;
  info.memory_gib = static_cast<double>(prop.totalGlobalMem) / (1024.0 * 1024.0 * 1024.0);
  int clock_khz = 0;
  cudaDeviceGetAttribute(&info.sms, cudaDevAttrMultiProcessorCount, device);
  cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, device);
  info.clock_ghz = clock_khz * 1e-6;
  cudaRuntimeGetVersion(&info.runtime_version);
  return info;
}

bool use_device(int index) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    cudaGetLastError();
    return false;
  }
  return cudaSetDevice(index % count) == cudaSuccess;
}

}  // namespace collsweep::cuda

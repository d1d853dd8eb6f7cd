// POD declarations of the CUDA launchers (defined in kernels/*.cu, or by a stub in CPU-only builds).
// No CUDA type crosses this boundary: host code passes plain pointers and PODs.
#pragma once

#include <cstddef>

#include "collsweep/laws/planar_laws.hpp"

namespace collsweep::cuda {

struct DeviceInfo {
  bool available = false;  // a usable device is present (cudaGetDeviceCount failing counts as none)
  int count = 0;
  char name[256] = {};
  int cc_major = 0, cc_minor = 0;
  double memory_gib = 0.0;
  int runtime_version = 0;  // CUDA runtime version as cudaRuntimeGetVersion reports it; 0 if none
  char message[256] = {};   // why no device is available
};

// Whether this binary was compiled with the CUDA backend.
bool built_with_cuda();

DeviceInfo query_device();

// Evaluates law on n given collisions on the GPU (one thread each). Returns false and writes a message
// naming the failing CUDA call or kernel into err on any error.
bool evaluate_planar_batch(PlanarLaw law, const PlanarCollision* in, PlanarOutcome* out, std::size_t n,
                           char* err, std::size_t err_len);

}  // namespace collsweep::cuda

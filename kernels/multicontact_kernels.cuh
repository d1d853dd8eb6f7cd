// What the two multi-contact sweep units share (nvcc only): the launch bounds of their sweep kernels and
// the entry to the kernels for plans that draw k = 3 or 4 contacts (multicontact_sweep_k4_cuda.cu).
#pragma once

#include "collsweep/cuda_api.hpp"

namespace collsweep::cuda {

// Four resident blocks per SM: 64 registers, the per-sample state spilled to local memory, which L1 caches
// (chosen on an H200 over two blocks of 128 registers, docs/gpu.md 'Register use and local memory').
constexpr int kMultiContactMinBlocks = 4;

namespace detail {

// The multi-contact run_sweep with the kernel built for every k <= 4.
bool run_multicontact_sweep_k4(const MultiContactSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                               u64* words, Witness* witnesses, int* witness_counts, ProgressHook progress,
                               char* err, std::size_t err_len);

}  // namespace detail
}  // namespace collsweep::cuda

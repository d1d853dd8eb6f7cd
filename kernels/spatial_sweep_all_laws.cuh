// The spatial GPU entry points of spatial_sweep_all_laws_cuda.cu that spatial_sweep_cuda.cu calls.
#pragma once

#include "collsweep/cuda_api.hpp"

namespace collsweep::cuda::detail {

// A spatial sweep with thesis laws or run.constraints (every law of evaluate_spatial, the thesis words), in
// batches of at most max_batch samples.
bool run_spatial_sweep_all_laws(const SpatialSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                u64* words, Witness* witnesses, int* witness_counts, ProgressHook progress,
                                char* err, std::size_t err_len, std::uint64_t max_batch);

}  // namespace collsweep::cuda::detail

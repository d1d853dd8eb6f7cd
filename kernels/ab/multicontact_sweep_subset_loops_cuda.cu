// The k <= 2 multi-contact sweep kernel with the mode enumeration in its former GPU layout (the tangential
// assignments unrolled, ModeLayout::subset_loops in glocker_modes.hpp), for the GPU check's A/B against the
// default layout (loops): built only with -DCOLLSWEEP_CUDA_AB_KERNELS=ON, run with
// COLLSWEEP_CUDA_MODE_LAYOUT=subset_loops; the same bits either way.
#define COLLSWEEP_DEVICE_MODE_SUBSET_LOOPS

#include "collsweep/models/multicontact/sweep.hpp"
#include "multicontact_kernels.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda::detail {

bool run_multicontact_sweep_subset_loops(const MultiContactSweepSpec& spec, std::uint64_t first,
                                         std::uint64_t count, u64* words, Witness* witnesses,
                                         int* witness_counts, ProgressHook progress, char* err,
                                         std::size_t err_len) {
  return launch_sweep<kMultiContactMinBlocks>(spec, first, count, words, witnesses, witness_counts, progress,
                                              "sweep_kernel<MultiContactSweepSpec> (k <= 2, subset loops)",
                                              err, err_len);
}

}  // namespace collsweep::cuda::detail

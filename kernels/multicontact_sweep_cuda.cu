// The multi-contact sweep on the GPU (the kernel and launcher are in sweep_launch.cuh): plans of k <= 2
// contacts run the kernel built here, with only the k = 1, 2 laws; plans that draw k = 3 or 4 run the one
// of multicontact_sweep_k4_cuda.cu. COLLSWEEP_CUDA_MODE_LAYOUT=subset_loops runs the k <= 2 kernel with the
// mode enumeration's former layout instead (kernels/ab/, for measuring; the same bits).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "collsweep/models/multicontact/sweep.hpp"
#include "multicontact_kernels.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

bool run_multicontact_sweep(const MultiContactSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                            u64* words, Witness* witnesses, int* witness_counts, ProgressHook progress,
                            char* err, std::size_t err_len) {
  if (max_contacts_of(spec.plan) > 2)
    return detail::run_multicontact_sweep_k4(spec, first, count, words, witnesses, witness_counts, progress,
                                             err, err_len);
  const char* layout = std::getenv("COLLSWEEP_CUDA_MODE_LAYOUT");
  if (layout != nullptr && std::strcmp(layout, "subset_loops") == 0) {
#if defined(COLLSWEEP_CUDA_AB_KERNELS)
    return detail::run_multicontact_sweep_subset_loops(spec, first, count, words, witnesses, witness_counts,
                                                       progress, err, err_len);
#else
    std::snprintf(err, err_len,
                  "COLLSWEEP_CUDA_MODE_LAYOUT=subset_loops needs a build with -DCOLLSWEEP_CUDA_AB_KERNELS=ON "
                  "(scripts/gpu-prepare.sh builds one)");
    return false;
#endif
  }
  if (layout != nullptr && *layout != '\0' && std::strcmp(layout, "loops") != 0) {
    std::snprintf(err, err_len, "COLLSWEEP_CUDA_MODE_LAYOUT=%s: expected loops (the default) or subset_loops",
                  layout);
    return false;
  }
  return launch_sweep<kMultiContactMinBlocks>(spec, first, count, words, witnesses, witness_counts, progress,
                                              "sweep_kernel<MultiContactSweepSpec> (k <= 2)", err, err_len);
}

}  // namespace collsweep::cuda

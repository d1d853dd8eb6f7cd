// The multi-contact sweep on the GPU: plans of k <= 2 contacts run the kernel built here with only the
// k = 1, 2 laws (sweep_launch.cuh); plans that draw k = 3 or 4, the one of multicontact_sweep_k4_cuda.cu.
#include "collsweep/models/multicontact/sweep.hpp"
#include "multicontact_kernels.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

bool launch_family_sweep(const MultiContactSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                         u64* words, Witness* witnesses, int* witness_counts, ProgressHook progress,
                         char* err, std::size_t err_len, std::uint64_t /*max_batch: one launch*/) {
  if (max_contacts_of(spec.plan) > 2)
    return detail::run_multicontact_sweep_k4(spec, first, count, words, witnesses, witness_counts, progress,
                                             err, err_len);
  return launch_sweep<kMultiContactMinBlocks>(spec, first, count, words, witnesses, witness_counts, progress,
                                              "sweep_kernel<MultiContactSweepSpec> (k <= 2)", err, err_len);
}

template COLLSWEEP_RUN_SWEEP(MultiContactSweepSpec);

}  // namespace collsweep::cuda

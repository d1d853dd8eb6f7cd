// The multi-contact sweep on the GPU (the kernel and launcher are in sweep_launch.cuh).
#include "collsweep/sweep/multicontact_sweep.hpp"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

bool run_multicontact_sweep(const MultiContactSweepSpec& spec, std::uint64_t first, std::uint64_t count, u64* words,
                            Witness* witnesses, int* witness_counts, ProgressHook progress, char* err,
                            std::size_t err_len) {
  return launch_sweep(spec, first, count, words, witnesses, witness_counts, progress,
                      "sweep_kernel<MultiContactSweepSpec>", err, err_len);
}

}  // namespace collsweep::cuda

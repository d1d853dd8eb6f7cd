// The multi-contact sweep kernel with the laws of every k = 1 ... 4, for plans that draw k = 3 or 4 contacts
// (the per-sample kernel of `collsweep validate`, with the same laws: multicontact_samples_cuda.cu).

// The k = 3, 4 laws (3^k tangential assignments per phase in runtime loops, Lemke on 3k x 3k tableaux) make
// this kernel several times larger than the k <= 2 sweep's, which is built without them.
#define COLLSWEEP_DEVICE_MAX_CONTACTS 4

#include "collsweep/models/multicontact/sweep.hpp"
#include "multicontact_kernels.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

bool detail::run_multicontact_sweep_k4(const MultiContactSweepSpec& spec, std::uint64_t first,
                                       std::uint64_t count, u64* words, Witness* witnesses,
                                       int* witness_counts, ProgressHook progress, char* err,
                                       std::size_t err_len) {
  return launch_sweep<kMultiContactMinBlocks>(spec, first, count, words, witnesses, witness_counts, progress,
                                              "sweep_kernel<MultiContactSweepSpec> (k <= 4)", err, err_len);
}

}  // namespace collsweep::cuda

// The multi-contact kernels with the laws of every k = 1 ... 4: the sweep of plans that draw k = 3 or 4
// contacts, and the per-sample kernel of `collsweep validate` (any plan).

// The k = 3, 4 laws (3^k tangential assignments per phase in runtime loops, Lemke on 3k x 3k tableaux) make
// these kernels several times larger than the k <= 2 sweep's, which is built without them.
#define COLLSWEEP_DEVICE_MAX_CONTACTS 4

#include "collsweep/models/multicontact/sweep.hpp"
#include "multicontact_kernels.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

namespace {

__global__ void multicontact_samples_kernel(MultiContactSweepSpec spec, std::uint64_t first,
                                            std::uint64_t count, MultiContactSample* samples,
                                            MultiContactSummary* outcomes) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const MultiContactSample s = draw_multicontact_sample(spec.plan, first + i);
    samples[i] = s;
    for (int l = 0; l < spec.n_laws; ++l)
      outcomes[i * spec.n_laws + l] = evaluate_multicontact(spec.laws[l], s, spec.solver);
  }
}

}  // namespace

bool detail::run_multicontact_sweep_k4(const MultiContactSweepSpec& spec, std::uint64_t first,
                                       std::uint64_t count, u64* words, Witness* witnesses,
                                       int* witness_counts, ProgressHook progress, char* err,
                                       std::size_t err_len) {
  return launch_sweep<kMultiContactMinBlocks>(spec, first, count, words, witnesses, witness_counts, progress,
                                              "sweep_kernel<MultiContactSweepSpec> (k <= 4)", err, err_len);
}

bool launch_family_samples(SamplesLaunch, const MultiContactSweepSpec& spec, std::uint64_t first,
                           std::uint64_t count, MultiContactSample* samples, MultiContactSummary* outcomes,
                           char* err, std::size_t err_len) {
  return detail::evaluate_samples_on_device(multicontact_samples_kernel, 128, "multicontact_samples_kernel",
                                            spec, first, count, samples, outcomes, err, err_len);
}

template COLLSWEEP_EVALUATE_SAMPLES(MultiContactSweepSpec);

}  // namespace collsweep::cuda

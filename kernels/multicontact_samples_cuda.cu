// The multi-contact per-sample kernel of `collsweep validate`, with the laws of every k = 1 ... 4 (any plan):
// a unit of its own, compiled beside the k <= 4 sweep kernel's (multicontact_sweep_k4_cuda.cu).

// The k = 3, 4 laws (3^k tangential assignments per phase in runtime loops, Lemke on 3k x 3k tableaux) make
// this kernel several times larger than one built for k <= 2.
#define COLLSWEEP_DEVICE_MAX_CONTACTS 4

#include "collsweep/models/multicontact/sweep.hpp"
#include "cuda_common.cuh"
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

bool launch_family_samples(SamplesLaunch, const MultiContactSweepSpec& spec, std::uint64_t first,
                           std::uint64_t count, MultiContactSample* samples, MultiContactSummary* outcomes,
                           char* err, std::size_t err_len) {
  return detail::evaluate_samples_on_device(multicontact_samples_kernel, 128, "multicontact_samples_kernel",
                                            spec, first, count, samples, outcomes, err, err_len);
}

template COLLSWEEP_EVALUATE_SAMPLES(MultiContactSweepSpec);

}  // namespace collsweep::cuda

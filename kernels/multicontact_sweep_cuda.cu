// The multi-contact sweep on the GPU (the kernel and launcher are in sweep_launch.cuh).
#include "collsweep/sweep/multicontact_sweep.hpp"
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

// Four resident blocks per SM (64 registers, heavy spilling into local memory, which L1 caches) beat two
// (128 registers): 16.5e6 against 15.2e6 two-contact samples/s on an H200 (launch-bounds-tune.txt).
constexpr int kMultiContactMinBlocks = 4;

bool run_multicontact_sweep(const MultiContactSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                            u64* words, Witness* witnesses, int* witness_counts, ProgressHook progress,
                            char* err, std::size_t err_len) {
  return launch_sweep<kMultiContactMinBlocks>(spec, first, count, words, witnesses, witness_counts, progress,
                                              "sweep_kernel<MultiContactSweepSpec>", err, err_len);
}

bool evaluate_multicontact_samples(const MultiContactSweepSpec& spec, std::uint64_t first,
                                   std::uint64_t count, MultiContactSample* samples,
                                   MultiContactSummary* outcomes, char* err, std::size_t err_len) {
  if (count == 0) return true;
  detail::DeviceBuffer<MultiContactSample> d_samples;
  detail::DeviceBuffer<MultiContactSummary> d_outcomes;
  if (!d_samples.allocate(count, "cudaMalloc(samples)", err, err_len)) return false;
  if (!d_outcomes.allocate(count * spec.n_laws, "cudaMalloc(outcomes)", err, err_len)) return false;
  const std::uint64_t blocks = (count + 127) / 128;
  multicontact_samples_kernel<<<static_cast<int>(blocks < 65535 ? blocks : 65535), 128>>>(
      spec, first, count, d_samples.get(), d_outcomes.get());
  if (!detail::check_launch("multicontact_samples_kernel", err, err_len)) return false;
  if (!detail::check(
          cudaMemcpy(samples, d_samples.get(), count * sizeof(MultiContactSample), cudaMemcpyDeviceToHost),
          "cudaMemcpy(samples)", err, err_len))
    return false;
  return detail::check(cudaMemcpy(outcomes, d_outcomes.get(),
                                  count * spec.n_laws * sizeof(MultiContactSummary), cudaMemcpyDeviceToHost),
                       "cudaMemcpy(outcomes)", err, err_len);
}

}  // namespace collsweep::cuda

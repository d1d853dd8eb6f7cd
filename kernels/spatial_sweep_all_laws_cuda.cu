// The spatial sweep with Chatterjee's thesis laws or constraint tallies, and the per-sample evaluation of
// every spatial law, on the GPU; the Routh laws' outcomes come from their items (spatial_routh_items.cuh).
#include "collsweep/models/spatial/sweep.hpp"
#include "spatial_given_sweep.cuh"
#include "spatial_sweep_all_laws.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

namespace {

// Draws the samples and evaluates every law but the Routh laws (left to evaluate_routh_items).
__global__ void spatial_samples_kernel(SpatialSweepSpec spec, std::uint64_t first, std::uint64_t count,
                                       SpatialSample* samples, SpatialOutcome* outcomes) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const SpatialSample s = draw_spatial_sample(spec.plan, first + i);
    samples[i] = s;
    for (int l = 0; l < spec.n_laws; ++l)
      if (!is_routh_law(spec.laws[l]))
        outcomes[i * spec.n_laws + l] = evaluate_spatial_without_routh(spec.laws[l], s.c, s.params, nullptr);
  }
}

// One block of 256 per SM: the thesis laws' kernels (Kane-Levinson's and Smith's searches) need more than
// the 128 registers of two.
constexpr int kAllLawsMinBlocks = 1;

}  // namespace

namespace detail {

bool run_spatial_sweep_all_laws(const SpatialSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                u64* words, Witness* witnesses, int* witness_counts, ProgressHook progress,
                                char* err, std::size_t err_len, std::uint64_t max_batch) {
  return sweep_spatial_in_batches<kAllLawsMinBlocks>(spec, first, count, words, witnesses, witness_counts,
                                                     progress, max_batch,
                                                     "sweep_kernel<GivenSpatialSweep<SpatialSweepSpec>> "
                                                     "(thesis laws or constraints)",
                                                     err, err_len);
}

}  // namespace detail

bool launch_family_samples(SamplesLaunch, const SpatialSweepSpec& spec, std::uint64_t first,
                           std::uint64_t count, SpatialSample* samples, SpatialOutcome* outcomes, char* err,
                           std::size_t err_len) {
  // The Routh laws' slots of every sample, as items between the kernel and the copy back.
  auto routh_items = [&spec, count](SpatialSample* d_samples, SpatialOutcome* d_outcomes, char* e,
                                    std::size_t e_len) {
    detail::RouthItems items;
    int slots[max_sweep_laws] = {};
    detail::collect_routh_laws(spec.laws, spec.n_laws, &items, slots);
    detail::set_samples(&items, d_samples, count);
    items.stride = static_cast<std::uint64_t>(spec.n_laws);
    for (int r = 0; r < items.n_laws; ++r) items.out[r] = d_outcomes + slots[r];
    return detail::evaluate_routh_items(items, e, e_len);
  };
  return detail::evaluate_samples_on_device(spatial_samples_kernel, kBlock, "spatial_samples_kernel", spec,
                                            first, count, samples, outcomes, err, err_len, routh_items);
}

template COLLSWEEP_EVALUATE_SAMPLES(SpatialSweepSpec);

}  // namespace collsweep::cuda

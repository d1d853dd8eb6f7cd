// The spatial sweep on the GPU in batches (the sampling kernel of a batch and its host loop), as the CPU
// sweeps it (host/backend/cpu_backend_spatial.cpp).
#pragma once

#include <type_traits>

#include "spatial_routh_items.cuh"
#include "sweep_launch.cuh"

namespace collsweep::cuda {

namespace {

// The outcomes of the sweep kernel's sample j that the Routh items computed: outcomes[i] + j for a Routh
// law's slot i, else null (evaluated in the kernel, without the Routh laws' code).
struct BatchRouthOutcomes {
  static constexpr bool gives_routh_outcomes = true;
  const SpatialOutcome* const* outcomes;
  std::uint64_t j;
  COLLSWEEP_HD_INLINE const SpatialOutcome* operator()(int i) const {
    return outcomes[i] != nullptr ? outcomes[i] + j : nullptr;
  }
};

// A batch of a spatial spec (SpatialSweepSpec, or ClassicSpatialSweepSpec without thesis words) as the sweep
// kernel's Spec: its samples first .. first + n - 1 are read from device memory with their Routh outcomes.
template <class Base>
struct GivenSpatialSweep {
  Base spec;
  int n_laws = 0, witnesses = 0;
  const SpatialSample* samples = nullptr;  // sample k at samples[k - first]
  std::uint64_t first = 0;
  const SpatialOutcome* outcomes[max_sweep_laws] = {};  // per law slot: the Routh laws' (sample j at [j])
};

template <class Base>
TallyLayout tally_layout(const GivenSpatialSweep<Base>& g) {
  return tally_layout(static_cast<const SpatialSweepSpec&>(g.spec));
}

template <class Base>
SpatialSweepConstants sweep_constants(const GivenSpatialSweep<Base>& g) {
  return sweep_constants(static_cast<const SpatialSweepSpec&>(g.spec));
}

template <class Ops, class Sink, class Base>
__device__ void sweep_sample(const GivenSpatialSweep<Base>& g, const SpatialSweepConstants& sc,
                             const TallyLayout& L, u64* words, std::uint64_t k, Sink& sink) {
  constexpr bool kAllLaws = !std::is_same_v<Base, ClassicSpatialSweepSpec>;
  const std::uint64_t j = k - g.first;
  sweep_drawn_sample<Ops, Sink, kAllLaws>(g.spec, sc, L, words, g.samples[j], k, sink,
                                          BatchRouthOutcomes{g.outcomes, j});
}

__global__ void draw_spatial_batch_kernel(SpatialSamplePlan plan, SpatialNeeds needs, std::uint64_t first,
                                          std::uint64_t n, SpatialSample* samples) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    samples[i] = draw_spatial_sample(plan, first + i, needs);
}

// Samples per batch: max_batch where the GPU's free memory holds four times the batch's buffers, else
// halved until it does (down to 2^16).
inline std::uint64_t spatial_batch_size(int routh_laws, std::uint64_t max_batch) {
  std::size_t free_bytes = 0, total_bytes = 0;
  const std::uint64_t per_sample = sizeof(SpatialSample) + routh_laws * sizeof(SpatialOutcome);
  std::uint64_t b = max_batch > 0 ? max_batch : 1;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
    while (b > (std::uint64_t{1} << 16) && 4 * b * per_sample > free_bytes) b /= 2;
  return b;
}

// The sweep of samples [first, first + count) of spec in batches of at most max_batch samples: a kernel
// draws a batch's samples into device memory, its Routh laws are evaluated as items by threads that each
// take the next item when theirs ends (spatial_routh_items.cuh), then the sweep kernel goes over the batch
// with those outcomes given: it evaluates only the other laws, tallies and keeps the witnesses (a spec
// without a Routh law has no items). MinBlocks: the sweep kernel's resident blocks per SM.
template <int MinBlocks, class Base>
bool sweep_spatial_in_batches(const Base& spec, std::uint64_t first, std::uint64_t count, u64* words,
                              Witness* witnesses, int* witness_counts, ProgressHook progress,
                              std::uint64_t max_batch, const char* kernel_name, char* err,
                              std::size_t err_len) {
  detail::RouthItems items;
  int slots[max_sweep_laws] = {};
  detail::collect_routh_laws(spec.laws, spec.n_laws, &items, slots);
  const std::uint64_t batch = spatial_batch_size(items.n_laws, max_batch);
  detail::DeviceBuffer<SpatialSample> d_samples;
  detail::DeviceBuffer<SpatialOutcome> d_outcomes;
  if (!d_samples.allocate(batch, "cudaMalloc(spatial batch samples)", err, err_len)) return false;
  if (!d_outcomes.allocate(batch * items.n_laws, "cudaMalloc(spatial batch outcomes)", err, err_len))
    return false;
  GivenSpatialSweep<Base> g;
  g.spec = spec;
  g.n_laws = spec.n_laws;
  g.witnesses = spec.witnesses;
  g.samples = d_samples.get();
  for (int r = 0; r < items.n_laws; ++r) {
    items.out[r] = d_outcomes.get() + r * batch;
    g.outcomes[slots[r]] = items.out[r];
  }
  SweepLauncher<GivenSpatialSweep<Base>, MinBlocks> launcher;
  if (!launcher.prepare(g, kernel_name, err, err_len)) return false;
  const SpatialNeeds needs = sample_needs(spec);
  for (std::uint64_t done = 0; done < count;) {
    const std::uint64_t n = count - done < batch ? count - done : batch;
    draw_spatial_batch_kernel<<<detail::grid_stride_blocks(n, kBlock), kBlock>>>(
        spec.plan, needs, first + done, n, d_samples.get());
    if (!detail::check_launch("draw_spatial_batch_kernel", err, err_len)) return false;
    detail::set_samples(&items, d_samples.get(), n);
    if (!detail::evaluate_routh_items(items, err, err_len)) return false;
    g.first = first + done;
    if (!launcher.sweep(g, first + done, n, progress, done, err, err_len)) return false;
    done += n;
  }
  return launcher.finish(words, witnesses, witness_counts, err, err_len);
}

}  // namespace

}  // namespace collsweep::cuda

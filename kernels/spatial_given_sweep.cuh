// The spatial sweep on the GPU in batches, as the CPU sweeps it (host/backend/cpu_backend_spatial.cpp): a
// batch's samples drawn into device memory, its Routh laws evaluated as items by threads that each take the
// next item when theirs ends (spatial_routh_items.cuh), then the sweep kernel over the batch with those
// outcomes given: it evaluates only the other laws, tallies and keeps the witnesses. Samples, outcomes,
// tallies and witnesses are the bits of the one-sample-per-thread kernel (launch_sweep on the spec itself),
// which waited at each chunk of 256 samples for its slowest slip phase.
#pragma once

#include <cstdlib>
#include <cstring>
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

// Samples per batch: 2^22 where the GPU's free memory holds four times the batch's buffers, fewer on smaller
// GPUs (at least 2^16); COLLSWEEP_CUDA_SPATIAL_BATCH=n caps it at n (tests sweep several short batches).
inline std::uint64_t spatial_batch_size(int routh_laws) {
  std::size_t free_bytes = 0, total_bytes = 0;
  const std::uint64_t per_sample = sizeof(SpatialSample) + routh_laws * sizeof(SpatialOutcome);
  std::uint64_t b = std::uint64_t{1} << 22;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess)
    while (b > (std::uint64_t{1} << 16) && 4 * b * per_sample > free_bytes) b /= 2;
  if (const char* v = std::getenv("COLLSWEEP_CUDA_SPATIAL_BATCH")) {
    const unsigned long long cap = std::strtoull(v, nullptr, 10);
    if (cap > 0 && cap < b) b = cap;
  }
  return b;
}

// Whether a spatial sweep runs in batches with Routh items (the default) or one sample per thread
// (COLLSWEEP_CUDA_SPATIAL_ITEMS=0, for measuring; the same bits either way).
inline bool spatial_items_enabled() {
  const char* v = std::getenv("COLLSWEEP_CUDA_SPATIAL_ITEMS");
  return !(v != nullptr && std::strcmp(v, "0") == 0);
}

// The sweep of samples [first, first + count) of spec in batches (see the top of this file; a spec without
// a Routh law has no items). MinBlocks: the sweep kernel's resident blocks per SM.
template <int MinBlocks, class Base>
bool sweep_spatial_in_batches(const Base& spec, std::uint64_t first, std::uint64_t count, u64* words,
                              Witness* witnesses, int* witness_counts, ProgressHook progress,
                              const char* kernel_name, char* err, std::size_t err_len) {
  detail::RouthItems items;
  int slots[max_sweep_laws] = {};
  detail::collect_routh_laws(spec.laws, spec.n_laws, &items, slots);
  const std::uint64_t batch = spatial_batch_size(items.n_laws);
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
    const std::uint64_t blocks = (n + kBlock - 1) / kBlock;
    draw_spatial_batch_kernel<<<static_cast<int>(blocks < 65535 ? blocks : 65535), kBlock>>>(
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

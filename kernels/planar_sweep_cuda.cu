// The planar sweep and per-sample evaluation on the GPU (the kernel and launcher are in sweep_launch.cuh).
#include "sweep_launch.cuh"

namespace collsweep::cuda {

namespace {

__global__ void planar_samples_kernel(PlanarSweepSpec spec, std::uint64_t first, std::uint64_t count,
                                      PlanarSample* samples, PlanarOutcome* outcomes) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const PlanarSample s = draw_planar_sample(spec.plan, first + i);
    samples[i] = s;
    for (int l = 0; l < spec.n_laws; ++l) outcomes[i * spec.n_laws + l] = evaluate(spec.laws[l], s.c);
  }
}

}  // namespace

// Resident blocks per SM that __launch_bounds__ promises, chosen on an H200 (docs/gpu.md, 'Register use and
// local memory'): three for a one-law sweep (at most 85 registers); two (128 registers) for a several-law
// sweep, whose law loop spills more under the three-block cap.
constexpr int kOneLawMinBlocks = 3;
constexpr int kSeveralLawsMinBlocks = 2;

bool launch_family_sweep(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count, u64* words,
                         Witness* witnesses, int* witness_counts, ProgressHook progress, char* err,
                         std::size_t err_len, std::uint64_t /*max_batch: one launch*/) {
  // The classic laws alone get kernel instances without the thesis laws' code (the bounds above are theirs).
  if (spec.classic_only()) {
    const ClassicPlanarSweepSpec classic{spec};
    if (spec.n_laws > 1)
      return launch_sweep<kSeveralLawsMinBlocks>(classic, first, count, words, witnesses, witness_counts,
                                                 progress, "sweep_kernel<PlanarSweepSpec> (several laws)",
                                                 err, err_len);
    return launch_sweep<kOneLawMinBlocks>(classic, first, count, words, witnesses, witness_counts, progress,
                                          "sweep_kernel<PlanarSweepSpec> (one law)", err, err_len);
  }
  return launch_sweep<kSeveralLawsMinBlocks>(spec, first, count, words, witnesses, witness_counts, progress,
                                             "sweep_kernel<PlanarSweepSpec> (thesis laws or constraints)",
                                             err, err_len);
}

template COLLSWEEP_RUN_SWEEP(PlanarSweepSpec);

bool launch_family_samples(SamplesLaunch, const PlanarSweepSpec& spec, std::uint64_t first,
                           std::uint64_t count, PlanarSample* samples, PlanarOutcome* outcomes, char* err,
                           std::size_t err_len) {
  return detail::evaluate_samples_on_device(planar_samples_kernel, kBlock, "planar_samples_kernel", spec,
                                            first, count, samples, outcomes, err, err_len);
}

template COLLSWEEP_EVALUATE_SAMPLES(PlanarSweepSpec);

}  // namespace collsweep::cuda

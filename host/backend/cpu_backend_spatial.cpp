// The spatial CPU sweep (the shared loop is in cpu_sweep_loop.hpp): blocks of samples drawn one at a time,
// the Routh laws of the block evaluated on the SIMD lanes (spatial_routh_lanes.hpp, the same bits as one
// sample at a time), then each sample's other laws and its tally in order.
#include <algorithm>
#include <vector>

#include "backend/cpu_backend.hpp"
#include "backend/cpu_sweep_loop.hpp"
#include "backend/spatial_routh_lanes.hpp"

namespace collsweep {
namespace {

// Samples per block: enough that the lanes rarely wait for the block's last long slip phases.
constexpr std::uint64_t kRouthBlock = 512;

// Law slot i's outcome of sample j of the block, when the lanes evaluated it.
struct BlockOutcomes {
  const std::vector<SpatialOutcome>* outcomes;  // per law slot: kRouthBlock outcomes, or none
  std::uint64_t j;
  const SpatialOutcome* operator()(int i) const { return outcomes[i].empty() ? nullptr : &outcomes[i][j]; }
};

}  // namespace

template <class Sink>
void cpu_sweep_range(const SpatialSweepSpec& spec, const SpatialSweepConstants& constants,
                     const TallyLayout& L, u64* words, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  bool routh = false;
  for (int i = 0; i < spec.n_laws; ++i) routh = routh || routh_lanes_serve(spec.laws[i]);
  if (!routh) {
    for (std::uint64_t k = lo; k < hi; ++k) sweep_sample<PlainOps>(spec, constants, L, words, k, sink);
    return;
  }
  std::vector<SpatialSample> samples(kRouthBlock);
  std::vector<SpatialCollision> collisions(kRouthBlock);
  std::vector<SpatialOutcome> outcomes[max_sweep_laws];
  for (int i = 0; i < spec.n_laws; ++i)
    if (routh_lanes_serve(spec.laws[i])) outcomes[i].resize(kRouthBlock);
  for (std::uint64_t b = lo; b < hi; b += kRouthBlock) {
    const std::uint64_t n = std::min(kRouthBlock, hi - b);
    for (std::uint64_t j = 0; j < n; ++j) {
      samples[j] = draw_spatial_sample(spec.plan, b + j, constants.needs);
      collisions[j] = samples[j].c;
    }
    for (int i = 0; i < spec.n_laws; ++i)
      if (!outcomes[i].empty()) evaluate_routh_lanes(spec.laws[i], collisions.data(), n, outcomes[i].data());
    for (std::uint64_t j = 0; j < n; ++j)
      sweep_drawn_sample<PlainOps>(spec, constants, L, words, samples[j], b + j, sink,
                                   BlockOutcomes{outcomes, j});
  }
}

SpatialSweepResult run_spatial_sweep_cpu(const SpatialSweepSpec& spec, std::uint64_t first,
                                         std::uint64_t count, std::uint64_t batch, int threads,
                                         Progress* progress) {
  return run_sweep_cpu(spec, first, count, batch, threads, progress);
}

}  // namespace collsweep

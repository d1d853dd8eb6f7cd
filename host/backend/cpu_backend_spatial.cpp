// The spatial CPU sweep (the shared loop is in cpu_sweep_loop.hpp): blocks of samples drawn one at a time,
// the Routh laws of the block evaluated on the SIMD lanes (spatial_routh_lanes.hpp, the same bits as one
// sample at a time), then each sample's other laws and its tally in order.
#include <algorithm>

#include "backend/cpu_backend.hpp"
#include "backend/cpu_sweep_loop.hpp"
#include "backend/spatial_routh_lanes.hpp"

namespace collsweep {
namespace {

// Samples per block: enough that the lanes rarely wait for the block's last long slip phases.
constexpr std::uint64_t kRouthBlock = 512;

}  // namespace

template <class Sink>
void cpu_sweep_range(const SpatialSweepSpec& spec, const SpatialSweepConstants& constants,
                     const TallyLayout& L, u64* words, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  SpatialRouthBlock block(spec, kRouthBlock);
  if (!block.has_routh_laws()) {
    for (std::uint64_t k = lo; k < hi; ++k) sweep_sample<PlainOps>(spec, constants, L, words, k, sink);
    return;
  }
  for (std::uint64_t b = lo; b < hi; b += kRouthBlock) {
    const std::uint64_t n = std::min(kRouthBlock, hi - b);
    block.fill(b, n, constants.needs);
    for (std::uint64_t j = 0; j < n; ++j)
      sweep_drawn_sample<PlainOps>(spec, constants, L, words, block.sample(j), b + j, sink,
                                   [&](int i) { return block.outcome(i, j); });
  }
}

template SpatialSweepResult run_sweep_cpu(const SpatialSweepSpec&, std::uint64_t, std::uint64_t,
                                          std::uint64_t, int, Progress*);

}  // namespace collsweep

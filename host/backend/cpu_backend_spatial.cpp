// The spatial CPU sweep (the shared loop is in cpu_sweep_loop.hpp): one sample at a time, since the laws'
// impulse paths (the DOP853 slip integration) cost far more than drawing the sample.
#include "backend/cpu_backend.hpp"
#include "backend/cpu_sweep_loop.hpp"

namespace collsweep {

template <class Sink>
void cpu_sweep_range(const SpatialSweepSpec& spec, const SpatialSweepConstants& constants,
                     const TallyLayout& L, u64* words, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  for (std::uint64_t k = lo; k < hi; ++k) sweep_sample<PlainOps>(spec, constants, L, words, k, sink);
}

SpatialSweepResult run_spatial_sweep_cpu(const SpatialSweepSpec& spec, std::uint64_t first,
                                         std::uint64_t count, std::uint64_t batch, int threads,
                                         Progress* progress) {
  return run_sweep_cpu(spec, first, count, batch, threads, progress);
}

}  // namespace collsweep

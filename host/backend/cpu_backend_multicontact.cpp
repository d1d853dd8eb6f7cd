// The multi-contact CPU sweep: the shared loop of cpu_sweep_loop.hpp over the multi-contact sample body.
#include "backend/cpu_backend.hpp"
#include "backend/cpu_sweep_loop.hpp"
#include "collsweep/sweep/multicontact_sweep.hpp"

namespace collsweep {

template <class Sink>
void cpu_sweep_range(const MultiContactSweepSpec& spec, const MultiContactSweepConstants& constants,
                     const TallyLayout& L, u64* words, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  for (std::uint64_t i = lo; i < hi; ++i) sweep_sample<PlainOps>(spec, constants, L, words, i, sink);
}

MultiContactSweepResult run_multicontact_sweep_cpu(const MultiContactSweepSpec& spec, std::uint64_t first,
                                                   std::uint64_t count, std::uint64_t batch, int threads,
                                                   Progress* progress) {
  return run_sweep_cpu(spec, first, count, batch, threads, progress);
}

}  // namespace collsweep

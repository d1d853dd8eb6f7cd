// The planar CPU sweep (the shared loop is in cpu_sweep_loop.hpp) and the CPU's name for the records.
#include "backend/cpu_backend.hpp"

#include <fstream>

#include "backend/cpu_sweep_loop.hpp"
#include "backend/normal_lanes.hpp"
#include "backend/planar_lanes.hpp"

namespace collsweep {

// Planar samples lo .. hi - 1: drawn eight at a time by the SIMD sampler when it serves the plan (the same
// bits as draw_planar_sample), then evaluated and tallied one by one.
template <class Sink>
void cpu_sweep_range(const PlanarSweepSpec& spec, const PlanarSweepConstants& constants, const TallyLayout& L,
                     u64* words, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  std::uint64_t k = lo;
  if (planar_lanes_serve(spec.plan, constants.needs)) {
    PlanarSample batch[planar_lane_batch];
    for (; hi - k >= static_cast<std::uint64_t>(planar_lane_batch); k += planar_lane_batch) {
      draw_planar_lanes(spec.plan, constants.needs, k, batch);
      for (int l = 0; l < planar_lane_batch; ++l)
        sweep_drawn_sample<PlainOps>(spec, constants, L, words, batch[l], k + static_cast<std::uint64_t>(l),
                                     sink);
    }
  }
  for (; k < hi; ++k) sweep_sample<PlainOps, SimdNormals>(spec, constants, L, words, k, sink);
}

std::string cpu_model_name() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  return "unknown CPU";
}

template PlanarSweepResult run_sweep_cpu(const PlanarSweepSpec&, std::uint64_t, std::uint64_t, std::uint64_t,
                                         int, Progress*);

}  // namespace collsweep

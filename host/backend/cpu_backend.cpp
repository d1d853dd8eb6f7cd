// The planar CPU sweep (the shared loop is in cpu_sweep_loop.hpp) and the CPU's name for the records.
#include "backend/cpu_backend.hpp"

#include <fstream>

#include "backend/cpu_sweep_loop.hpp"

namespace collsweep {

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

PlanarSweepResult run_planar_sweep_cpu(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                       std::uint64_t batch, int threads, Progress* progress) {
  return run_sweep_cpu(spec, first, count, batch, threads, progress);
}

}  // namespace collsweep

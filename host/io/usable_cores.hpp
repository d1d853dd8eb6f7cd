// The CPU cores this process may use: its affinity mask (what taskset, srun's binding or a container allow),
// capped by SLURM_CPUS_PER_TASK inside a SLURM job, so that "every core" never means the whole node's.
#pragma once

#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <thread>

namespace collsweep::io {

inline int usable_cores() {
  int n = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) n = std::max(1, CPU_COUNT(&set));
  if (const char* slurm = std::getenv("SLURM_CPUS_PER_TASK")) {
    const int per_task = std::atoi(slurm);
    if (per_task > 0) n = std::min(n, per_task);
  }
  return n;
}

}  // namespace collsweep::io

// The run-level settings of a config that every model family shares ([run] name, samples, batch,
// samples_npy).
#pragma once

#include <cstdint>
#include <string>

namespace collsweep {

struct RunSettings {
  std::string name;               // run.name (default: the file's stem)
  std::uint64_t samples = 0;      // run.samples (> 0)
  std::uint64_t batch = 1 << 20;  // run.batch: samples per work unit; never changes results
  bool samples_npy = false;       // run.samples_npy: also write samples.npy (only when samples <= 1e6)
};

}  // namespace collsweep

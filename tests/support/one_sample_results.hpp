// What a GPU's per-sample kernel returns for `validate`, made on the CPU one sample at a time (the reference
// path): samples [first, first + n) of a spec and every law's outcome, outcomes[i * n_laws + l].
#pragma once

#include <cstdint>
#include <vector>

#include "collsweep/models/spatial/sweep.hpp"

namespace collsweep::testing {

struct SpatialResults {
  std::vector<SpatialSample> samples;
  std::vector<SpatialOutcome> outcomes;
};

inline SpatialResults one_sample_results(const SpatialSweepSpec& spec, std::uint64_t first, std::uint64_t n) {
  SpatialResults r;
  r.samples.resize(n);
  r.outcomes.resize(n * spec.n_laws);
  for (std::uint64_t i = 0; i < n; ++i) {
    r.samples[i] = draw_spatial_sample(spec.plan, first + i);
    for (int l = 0; l < spec.n_laws; ++l)
      r.outcomes[i * spec.n_laws + l] = evaluate_spatial(spec.laws[l], r.samples[i].c, r.samples[i].params);
  }
  return r;
}

}  // namespace collsweep::testing

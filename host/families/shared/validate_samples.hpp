// `collsweep validate` for any family: its GPU per-sample evaluation against its CPU comparison, chunk by
// chunk on every core (sweep/chunked_validation.hpp), with progress on stderr; a GPU failure said once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>

#include "collsweep/cuda_api.hpp"
#include "sweep/chunked_validation.hpp"
#include "sweep/progress.hpp"
#include "vocabulary/command_options.hpp"

namespace collsweep::families {

// The comparison of samples [first, first + count) of the config, or nothing (said on stderr) when the GPU
// failed: the GPU's per-sample evaluation (cuda::evaluate_samples) against `compare`, which computes the
// CPU's side of each sample and compares it with the GPU's.
template <class Spec, class Check>
std::optional<Check> validate_samples(const ValidateOptions& o, const Spec& spec, const std::string& name,
                                      Check (*compare)(const Spec&, std::uint64_t, std::uint64_t,
                                                       const typename Spec::Sample*,
                                                       const typename Spec::Outcome*)) {
  using Sample = typename Spec::Sample;
  using Outcome = typename Spec::Outcome;
  ValidationRun run;
  run.first = o.first;
  run.count = o.samples;
  run.n_laws = spec.n_laws;
  run.chunk = o.chunk ? o.chunk : validation_chunk_samples(sizeof(Sample), sizeof(Outcome), spec.n_laws);
  run.threads = o.threads;
  Check total;
  std::string error;
  bool ok = false;
  {
    Progress progress(o.samples, "collsweep validate: " + name, Progress::style_for_stderr(o.quiet));
    run.progress = &progress;
    ok = validate_in_chunks<Sample, Outcome>(
        run,
        [&](std::uint64_t first, std::uint64_t n, Sample* samples, Outcome* outcomes, std::string* message) {
          char err[512] = {};
          if (cuda::evaluate_samples(spec, first, n, samples, outcomes, err, sizeof err)) return true;
          *message = err;
          return false;
        },
        [&](std::uint64_t first, std::uint64_t n, const Sample* samples, const Outcome* outcomes) {
          return compare(spec, first, n, samples, outcomes);
        },
        &total, &error);
  }
  if (ok) return total;
  std::cerr << "collsweep validate: " << error << '\n';
  return std::nullopt;
}

}  // namespace collsweep::families

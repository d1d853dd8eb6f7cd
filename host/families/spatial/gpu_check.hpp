// `validate` for the spatial family: the GPU's drawn samples and every law's outcome against the CPU's, bit
// for bit (the kernels are written once, and the validation build has no FMA contraction: docs/gpu.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collsweep/models/spatial/sweep.hpp"

namespace collsweep {

struct SpatialLawCheck {
  std::uint64_t differing = 0;           // outcomes differing in any bit of any field
  std::uint64_t status_differ = 0;       // of them, a different status
  std::uint64_t mode_differ = 0;         // both ok, a different mode
  double max_relative_difference = 0.0;  // impulses vs |P|, velocities vs |v1|, dE vs |P| |v1|
  std::uint64_t worst_sample = 0;        // the first sample with the largest difference
  // Adds the comparison of later samples: the same as having compared them here.
  void merge(const SpatialLawCheck& later);
};

struct SpatialCrossCheck {
  std::uint64_t samples = 0;
  std::uint64_t input_mismatches = 0;  // samples whose drawn inputs differ in any bit
  std::vector<SpatialLawCheck> laws;   // per law slot of the spec
  bool identical() const;
  // Adds the comparison of the samples that follow (validate's chunks): the same as one comparison of both.
  void merge(const SpatialCrossCheck& later);
  std::string report(const SpatialSweepSpec& spec) const;
};

// Every field of two outcomes, compared as bits (the numbers are zero, never NaN, when status != ok).
bool same_bits(const SpatialOutcome& a, const SpatialOutcome& b);

// The GPU's samples [first, first + count) and outcomes (outcomes[i * n_laws + l]) against the CPU's,
// computed here.
SpatialCrossCheck compare_spatial_outcomes(const SpatialSweepSpec& spec, std::uint64_t first,
                                           std::uint64_t count, const SpatialSample* gpu_samples,
                                           const SpatialOutcome* gpu);

}  // namespace collsweep

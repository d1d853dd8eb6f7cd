// Per-sample comparison of GPU and CPU outcomes on the same sample indices (`collsweep validate`, GPU tests).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collsweep/models/multicontact/sweep.hpp"
#include "collsweep/models/planar/sweep.hpp"

namespace collsweep {

struct LawComparison {
  std::uint64_t status_mismatches = 0;  // different status (ok vs invalid, or different reasons)
  std::uint64_t type_mismatches = 0;    // both ok, different collision Type (planar; a sample on a Type
                                        // boundary) or different number of solutions (multi-contact)
  std::uint64_t gain_mismatches =
      0;  // the energy-gain flag differs (a sample within rounding of the tolerance)
  double max_relative_difference = 0.0;  // planar: impulses vs |P|, velocities vs |v1|, dE vs |P||v1|;
                                         // multi-contact: W, W_min, W_max vs T_acc
  std::uint64_t worst_sample = 0;
};

struct CrossCheck {
  std::uint64_t samples = 0;
  std::uint64_t input_mismatches = 0;  // samples whose drawn inputs differ in any bit
  double max_input_difference = 0.0;   // largest relative difference of a drawn input
  std::vector<LawComparison> laws;     // per law slot of the spec
  bool within(double tolerance) const;
  std::string report(const std::vector<std::string>& law_names) const;
  std::string report(const PlanarSweepSpec& spec) const;
};

// Compares a reference (CPU) against a candidate (GPU): samples[i] and outcomes[i * n_laws + l].
CrossCheck compare_outcomes(const PlanarSweepSpec& spec, const std::vector<PlanarSample>& ref_samples,
                            const std::vector<PlanarOutcome>& ref,
                            const std::vector<PlanarSample>& cand_samples,
                            const std::vector<PlanarOutcome>& cand, std::uint64_t first);

// Multi-contact: the GPU's samples and outcomes (outcomes[i * n_laws + l]) against the CPU's, computed here.
CrossCheck compare_multicontact_outcomes(const MultiContactSweepSpec& spec, std::uint64_t first,
                                         const std::vector<MultiContactSample>& gpu_samples,
                                         const std::vector<MultiContactSummary>& gpu);

// The CPU reference for samples [first, first + count): samples and outcomes laid out as above.
void evaluate_planar_samples_cpu(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                 std::vector<PlanarSample>& samples, std::vector<PlanarOutcome>& outcomes);

}  // namespace collsweep

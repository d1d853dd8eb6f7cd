// What the families' GPU-against-CPU comparisons share (`collsweep validate`, GPU tests): the largest
// difference kept across chunks, and per-law tallies within a tolerance (families/<family>/gpu_check.*).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace collsweep {

// Keeps d and its sample in (*largest, *at) when d is larger, or the first NaN (samples in increasing order):
// the first sample with the largest difference, however the samples were split into chunks.
inline void keep_largest_difference(double d, std::uint64_t sample, double* largest, std::uint64_t* at) {
  if (d > *largest || (d != d && *largest == *largest)) {
    *largest = d;
    *at = sample;
  }
}

// Merges per-law checks of later samples into laws (each LawCheck has merge), the same law slots.
template <class LawCheck>
void merge_law_checks(std::vector<LawCheck>& laws, const std::vector<LawCheck>& later) {
  if (laws.empty()) laws.resize(later.size());
  for (std::size_t l = 0; l < laws.size() && l < later.size(); ++l) laws[l].merge(later[l]);
}

struct LawComparison {
  std::uint64_t status_mismatches = 0;  // different status (ok vs invalid, or different reasons)
  std::uint64_t type_mismatches = 0;    // both ok, different collision Type (planar; a sample on a Type
                                        // boundary) or different number of solutions (multi-contact)
  std::uint64_t gain_mismatches =
      0;  // the energy-gain flag differs (a sample within rounding of the tolerance)
  double max_relative_difference = 0.0;  // planar: impulses vs |P|, velocities vs |v1|, dE vs |P||v1|;
                                         // multi-contact: W, W_min, W_max vs T_acc
  std::uint64_t worst_sample = 0;        // the first sample with the largest difference (a NaN counts as
                                         // the largest)

  // Adds the comparison of later samples: the same as having noted them here.
  void merge(const LawComparison& later);
};

struct CrossCheck {
  std::uint64_t samples = 0;
  std::uint64_t input_mismatches = 0;  // samples whose drawn inputs differ in any bit
  double max_input_difference = 0.0;   // largest relative difference of a drawn input
  std::vector<LawComparison> laws;     // per law slot of the spec
  bool within(double tolerance) const;
  // Adds the comparison of the samples that follow (validate's chunks): the same as one comparison of both.
  void merge(const CrossCheck& later);
  std::string report(const std::vector<std::string>& law_names) const;
  // The same with the spec's law names (law_name of each of its laws).
  template <class Spec>
  std::string report(const Spec& spec) const {
    std::vector<std::string> names;
    for (int l = 0; l < spec.n_laws; ++l) names.push_back(law_name(spec.laws[l]));
    return report(names);
  }
};

}  // namespace collsweep

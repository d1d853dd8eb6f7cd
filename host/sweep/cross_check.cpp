// The tallies of a GPU-against-CPU comparison within a tolerance, merged chunk by chunk, and their report.
#include "sweep/cross_check.hpp"

#include <cmath>
#include <sstream>
#include <vector>

namespace collsweep {

void LawComparison::merge(const LawComparison& later) {
  status_mismatches += later.status_mismatches;
  type_mismatches += later.type_mismatches;
  gain_mismatches += later.gain_mismatches;
  keep_largest_difference(later.max_relative_difference, later.worst_sample, &max_relative_difference,
                          &worst_sample);
}

void CrossCheck::merge(const CrossCheck& later) {
  samples += later.samples;
  input_mismatches += later.input_mismatches;
  max_input_difference = std::fmax(max_input_difference, later.max_input_difference);
  merge_law_checks(laws, later.laws);
}

bool CrossCheck::within(double tolerance) const {
  for (const auto& c : laws)
    if (c.status_mismatches || !(c.max_relative_difference <= tolerance)) return false;
  return true;
}

std::string CrossCheck::report(const std::vector<std::string>& law_names) const {
  std::ostringstream o;
  o << samples << " samples; drawn inputs differing in any bit: " << input_mismatches
    << " (largest relative difference " << max_input_difference << ")\n";
  for (std::size_t l = 0; l < laws.size() && l < law_names.size(); ++l) {
    const LawComparison& c = laws[l];
    o << "  " << law_names[l] << ": largest relative difference " << c.max_relative_difference << " (sample "
      << c.worst_sample << "), status differences " << c.status_mismatches << ", Type differences "
      << c.type_mismatches << ", energy-gain flag differences " << c.gain_mismatches << '\n';
  }
  return o.str();
}

}  // namespace collsweep

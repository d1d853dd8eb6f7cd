// Pieces of the per-law totals table (totals_table.hpp).
#include "sweep/totals_table.hpp"

#include <cstdio>

#include "stats/wilson_interval.hpp"

namespace collsweep {

std::string fraction_with_interval(std::uint64_t x, std::uint64_t n) {
  if (n == 0) return "-";
  const ProportionInterval ci = wilson_interval(x, n);
  char text[96];
  std::snprintf(text, sizeof text, "%.4g [%.3g, %.3g]", static_cast<double>(x) / static_cast<double>(n),
                ci.lo, ci.hi);
  return text;
}

std::string maximum_text(double value, bool has_value) {
  if (!has_value) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

std::string outside_map_note(std::uint64_t samples, std::uint64_t outside) {
  if (outside == 0) return {};
  char text[256];
  std::snprintf(text, sizeof text,
                "%llu of %llu samples fell outside the map ranges: they count in these totals and in "
                "summary.json, not in map.csv's cells\n",
                static_cast<unsigned long long>(outside), static_cast<unsigned long long>(samples));
  return text;
}

}  // namespace collsweep

// Pieces of the per-law totals table that `collsweep run` prints, shared by every model family.
#pragma once

#include <cstdint>
#include <string>

namespace collsweep {

// "x/n [lo, hi]" as "0.03125 [0.0309, 0.0316]" (the 95 % Wilson interval), or "-" when n = 0.
std::string fraction_with_interval(std::uint64_t x, std::uint64_t n);

// A tallied maximum, or "-" when no sample was valid (has_value false).
std::string maximum_text(double value, bool has_value);

// The note under the table when samples fell outside the map ranges ("" when none did): they are in the
// totals and summary.json, not in map.csv's cells.
std::string outside_map_note(std::uint64_t samples, std::uint64_t outside);

}  // namespace collsweep

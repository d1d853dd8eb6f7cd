// `collsweep solve` for the spatial laws (solve_spatial.cpp has the options and output).
#pragma once

#include <optional>

#include "vocabulary/command_options.hpp"

namespace collsweep::families {

// Parses, evaluates and prints one spatial collision, given in contact space (--W, --v) or as two bodies
// (--bodies FILE): a table with the impulse path's phases, or one JSON object with --json. Throws UsageError
// (one line naming the option and its value) for a missing or bad option; returns the failure, with nothing
// printed, when the law's outcome is not ok (the message names the option at fault).
std::optional<SolveFailure> solve_spatial(const SolveOptions& o);

}  // namespace collsweep::families

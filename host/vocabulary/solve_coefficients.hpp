// The single-contact solve forms' friction and restitution options (--mu, --e, --et), read once for the
// planar and the spatial family.
#pragma once

#include "vocabulary/command_options.hpp"

namespace collsweep {
inline namespace vocabulary {

struct SolveCoefficients {
  double mu = 0.0, e = 0.0, e_t = 0.0;
};

// --mu and --e are required; --et is required when the law reads it (reads_e_t) and otherwise ignored with
// a note on stderr. Throws UsageError naming the option.
SolveCoefficients read_solve_coefficients(const SolveOptions& o, bool reads_e_t);

// The note on stderr for an option the law does not read (it is ignored).
void note_ignored_option(const SolveOptions& o, const std::string& option);

}  // namespace vocabulary
}  // namespace collsweep

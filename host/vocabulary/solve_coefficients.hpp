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

// A thesis law's own option (--s1, --s2, --ratio): a finite number, required when the law reads it
// (`required`, then `what` says what it is), otherwise ignored with a note on stderr (0 returned).
double read_law_option(const SolveOptions& o, const char* name, const std::string& value, bool required,
                       const char* what);

}  // namespace vocabulary
}  // namespace collsweep

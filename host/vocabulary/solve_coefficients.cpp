// The single-contact solve forms' --mu, --e and --et.
#include "vocabulary/solve_coefficients.hpp"

#include <iostream>

#include "vocabulary/parse_numbers.hpp"

namespace collsweep {
inline namespace vocabulary {

SolveCoefficients read_solve_coefficients(const SolveOptions& o, bool reads_e_t) {
  SolveCoefficients c;
  if (o.mu.empty()) throw UsageError("--mu is required (Coulomb friction coefficient, >= 0)");
  c.mu = parse_finite_option("--mu", o.mu);
  if (o.e.empty()) throw UsageError("--e is required (coefficient of restitution, in [0, 1])");
  c.e = parse_finite_option("--e", o.e);
  if (reads_e_t) {
    if (o.et.empty())
      throw UsageError("--et is required by law " + o.law + " (tangential restitution, >= -1)");
    c.e_t = parse_finite_option("--et", o.et);
  } else if (!o.et.empty()) {
    note_ignored_option(o, "--et");
  }
  return c;
}

void note_ignored_option(const SolveOptions& o, const std::string& option) {
  std::cerr << "collsweep solve: note: " << option << " is ignored by law " << o.law << "\n";
}

}  // namespace vocabulary
}  // namespace collsweep

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
    std::cerr << "collsweep solve: note: --et is ignored by law " << o.law << "\n";
  }
  return c;
}

double read_law_option(const SolveOptions& o, const char* name, const std::string& value, bool required,
                       const char* what) {
  if (!required) {
    if (!value.empty())
      std::cerr << "collsweep solve: note: " << name << " is ignored by law " << o.law << "\n";
    return 0.0;
  }
  if (value.empty()) throw UsageError(std::string(name) + " is required by law " + o.law + " (" + what + ")");
  return parse_finite_option(name, value);
}

}  // namespace vocabulary
}  // namespace collsweep

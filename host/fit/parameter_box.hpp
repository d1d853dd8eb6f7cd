// The box `collsweep fit` searches: each law parameter's range (its domain, narrowed by --range; an open
// end closed at a stated default) or its value held by --fix; whole-number parameters as a list of values.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "vocabulary/impact_space.hpp"

namespace collsweep::fit {

struct Dimension {
  std::string name;
  double lo = 0.0, hi = 0.0;
  bool integer = false;        // searched over `values` only (the local optimizer holds it)
  std::vector<double> values;  // integer: the candidates, ascending
  bool fixed = false;          // --fix: lo == hi == the value
};

// The box of a parameter without --range: its domain where both ends are finite; an end missing above is
// the lower end + 2 (μ ≤ 2, a restitution threshold ≤ 2 m/s), below the upper end − 2; neither: [−2, 2]
// (Brach's impulse ratio). Whole numbers: every integer when there are at most 17, else 0 (where allowed),
// the lower end and the powers of two up to 64 (the engines' iterations: 0, 1, 2, 4, ..., 64; 0 sweeps to
// convergence, the limit of many sweeps; --range iterations=128:1024 searches beyond).
Dimension default_dimension(const FitParameter& p);

// The law's dimensions with the user's --fix (name -> value) and --range (name -> [lo, hi]) applied; throws
// UsageError naming the option for a value outside the parameter's domain or a whole-number parameter
// given a fraction. Names the law does not read are the caller's to report.
std::vector<Dimension> law_box(const std::vector<FitParameter>& parameters,
                               const std::map<std::string, double>& fixed,
                               const std::map<std::string, std::pair<double, double>>& ranges);

}  // namespace collsweep::fit

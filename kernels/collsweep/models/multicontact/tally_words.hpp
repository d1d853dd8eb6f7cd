// The pair words of a multi-contact tally: what each law counts in each map cell (sweep.hpp fills them).
#pragma once

#include <cstdint>

namespace collsweep {

// Pair words of a multi-contact tally (models/multicontact/sweep.hpp explains each).
struct MultiContactWords {
  enum : std::uint32_t {
    valid = 0,
    gain_max,
    gain_min,
    gain_chosen,
    violation_111,
    violation_117,
    violation_121,
    no_solution,
    solver_failure,
    singular,
    invalid,
    truncated,
    sum_lo,
    sum_hi,
    max_key,
    solutions_1,
    semidefinite = solutions_1 + 8,
    near_singular,
    count
  };
};

}  // namespace collsweep

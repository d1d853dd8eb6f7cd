// The pair words of a multi-contact tally: what each law counts in each map cell (sweep.hpp fills them).
#pragma once

#include <cstdint>

namespace collsweep {

// Pair words of a multi-contact tally (models/multicontact/sweep.hpp explains each). The engine law's words
// follow `count` and are in the layout only of sweeps with a law that reports its convergence (count_engine;
// tally_layout in sweep_spec.hpp), so that every other sweep keeps its layout.
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
    count,
    not_converged = count,  // status not_converged (also counted in solver_failure)
    unconverged,            // valid, but the last of the K >= 1 sweeps had not reached the fixed point
    iterations_sum,         // the sweeps the valid outcomes ran
    order_spread,           // valid, W's spread over the orders of the normal impulses > 1e-6 T_acc
    order_spread_max,       // ordered key of the largest spread / T_acc (the layout's second maximum)
    count_engine
  };
};

}  // namespace collsweep

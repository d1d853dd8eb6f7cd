// Whether a run state belongs to a run: same family, build (physics) and resolved config, named if not.
#pragma once

#include <string>

#include "sweep/run_state.hpp"

namespace collsweep {

// "" when `state` (read from state_name) and `expected` (described as expected_name) are of the same run;
// otherwise one line naming the first difference: the build, the family or the first config line that
// differs (run.seed and the physics included), quoted from both sides. Comment lines of the resolved config
// (the source path) are not compared.
std::string state_mismatch(const RunState& state, const std::string& state_name, const RunState& expected,
                           const std::string& expected_name);

}  // namespace collsweep

// What a family's part of `reproduce` is told of a run folder's summary.json: the model, the LCP solver, the
// energy tolerance and the laws (cli/run_summary.hpp reads it).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "collsweep/models/multicontact/contact.hpp"

namespace collsweep {
inline namespace vocabulary {

struct RunSummary {
  std::size_t family = 0;                   // "model": a family of families/registry.hpp
  LcpSolver solver = LcpSolver::automatic;  // multi-contact: "solver"
  double energy_tolerance = 0.0;            // "energy_tolerance" (gains are W_max > tol * T_acc)
  std::vector<std::string> laws;            // the keys of "laws", in file order
};

}  // namespace vocabulary
}  // namespace collsweep

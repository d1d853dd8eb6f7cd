// What `reproduce` needs from a run folder's summary.json: the model, the LCP solver and the laws.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "collsweep/models/multicontact/contact.hpp"

namespace collsweep::cli {

// A missing or malformed file of a run folder; what() is one line naming the file and, where known, the line
// and column.
class RunFolderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunSummary {
  std::size_t family = 0;                   // "model": a family of families/registry.hpp
  LcpSolver solver = LcpSolver::automatic;  // multi-contact: "solver"
  double energy_tolerance = 0.0;            // "energy_tolerance" (gains are W_max > tol * T_acc)
  std::vector<std::string> laws;            // the keys of "laws", in file order
};

// Reads and checks `path` (a summary.json written by `collsweep run`); throws RunFolderError.
RunSummary read_run_summary(const std::string& path);

// The whole text of a file; throws RunFolderError naming the file when it cannot be read.
std::string read_run_file(const std::string& path);

}  // namespace collsweep::cli

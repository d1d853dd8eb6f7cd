// Reading what `reproduce` needs from a run folder's summary.json (RunSummary: the model, the LCP solver
// and the laws), and the error of a missing or malformed run-folder file.
#pragma once

#include <stdexcept>
#include <string>

#include "vocabulary/run_summary.hpp"

namespace collsweep::cli {

// A missing or malformed file of a run folder; what() is one line naming the file and, where known, the line
// and column.
class RunFolderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads and checks `path` (a summary.json written by `collsweep run`); throws RunFolderError.
RunSummary read_run_summary(const std::string& path);

// The whole text of a file; throws RunFolderError naming the file when it cannot be read.
std::string read_run_file(const std::string& path);

}  // namespace collsweep::cli

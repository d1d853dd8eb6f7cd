// The output folder of `run` and `merge`: checked and created, and the record of how the run was made.
#pragma once

#include <filesystem>
#include <string>

#include "sweep/run_outputs.hpp"

namespace collsweep::cli {

// Checks the output folder and creates it; returns the folder it created ("" when it existed), or sets
// *error. Every file-system failure names the path and the reason; a folder holding a checkpoint says so.
std::string prepare_out_dir(const std::filesystem::path& out_dir, bool force, std::string* error);

// A run record of this command line, started now (UTC).
RunRecord new_run_record(const std::string& command_line);

}  // namespace collsweep::cli

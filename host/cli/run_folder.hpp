// The files collsweep writes into a run folder, and removing them before a forced run writes anew.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace collsweep {

// The files a run writes at the folder's top: map.csv, witnesses.csv, summary.json, config.toml,
// samples.npy.
const std::vector<std::string>& run_output_names();

// Whether a file name in maps/ is one the plotter writes: "<law>_*.png" for a law collsweep knows, or
// "laws_*.png" (scripts/plot_maps.py names every figure so).
bool is_plot_output_name(const std::string& file_name);

// A path for messages: absolute where the file system can say so.
std::string shown_path(const std::filesystem::path& p);

// Removes every file a previous run may have written into dir (and maps/ when it is left empty), nothing
// else; returns the paths removed. A failure to remove sets ec and names the path in *failed_path.
std::vector<std::filesystem::path> remove_run_outputs(const std::filesystem::path& dir, std::error_code& ec,
                                                      std::string* failed_path);

}  // namespace collsweep

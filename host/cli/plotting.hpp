// PNG maps through scripts/plot_maps.py (matplotlib from Debian's python3-matplotlib).
#pragma once

#include <string>

namespace collsweep::cli {

// Whether a python3 with matplotlib is found; otherwise *why says what is missing.
bool plotting_available(std::string* why);

// Runs the plotting script on a finished run folder; returns its exit status.
int draw_maps(const std::string& run_dir, bool quiet);

}  // namespace collsweep::cli

// Registration functions of the subcommands; each sets `status` to the exit code when it runs.
#pragma once

#include <CLI/CLI.hpp>

namespace collsweep::cli {

void register_solve(CLI::App& app, int& status);
void register_eval(CLI::App& app, int& status);

}  // namespace collsweep::cli

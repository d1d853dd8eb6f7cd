// Registration functions of the subcommands; each sets `status` to the exit code when it runs.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace collsweep::cli {

void register_run(CLI::App& app, int& status);        // run.cpp: the sweep
void register_solve(CLI::App& app, int& status);      // solve.cpp: one collision
void register_eval(CLI::App& app, int& status);       // eval.cpp: collisions from CSV
void register_validate(CLI::App& app, int& status);   // validate.cpp: GPU against CPU
void register_plot(CLI::App& app, int& status);       // plot.cpp: PNG maps
void register_reproduce(CLI::App& app, int& status);  // reproduce.cpp: a run's witnesses re-evaluated
void register_merge(CLI::App& app, int& status);      // merge.cpp: shards merged into a run folder
void register_fit(CLI::App& app, int& status);        // fit.cpp: laws fitted to measured impacts

// solve's options ("--law", "--W", ...), as its command line takes them (the Python solve's arguments).
std::vector<std::string> solve_option_names();

}  // namespace collsweep::cli

// `collsweep fit`: the laws' parameters that best reproduce measured impacts, with bootstrap intervals,
// feasibility, loss maps and the data's own maps (docs/measured-impacts.md); the CLI and Python call it.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace collsweep::cli {

struct FitOptions {
  std::string laws;  // "L[,L2...]" or "all": every law of the family whose columns the file has
  std::string in, out;
  std::string loss = "contact", aggregate = "mean";
  std::vector<std::string> fix, range, where;  // name=value, name=lo:hi, column=value
  int bootstrap = 200;
  std::uint64_t seed = 1;
  int threads = 0;
  std::string backend = "cpu";   // cpu or cuda: where the laws run (fit_command.cpp, fit_on_gpu)
  std::string contacts, solver;  // multi-contact laws
  bool force = false, no_plot = false, quiet = false;
  bool loss_maps = true;  // --no-loss-maps: skip them (their evaluations are most of a fit without bootstrap)
  std::string command_line;
};

// Runs the fit, writes DIR and prints the ranking on `out` (messages on `err`); returns the exit status:
// 0 done, 1 done but some law could not be fitted (no parameters with a finite loss), 2 bad options or
// input (the message names the option, the line or the column).
int run_fit(const FitOptions& o, std::ostream& out, std::ostream& err);

}  // namespace collsweep::cli

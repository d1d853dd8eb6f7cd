// The PNGs of run, plot and fit: Python scripts (scripts/plot_maps.py, scripts/plot_fit.py) run by the first
// interpreter that can import matplotlib; run starts its plotting process before the sweep (MapDrawer).
#pragma once

#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace collsweep::cli {

// A program that embeds the commands (the Python module) names the folder of its own copy of the plotting
// scripts and its own interpreter, which is then tried first. Called before any command runs.
void set_plotting_host(const std::string& scripts_dir, const std::string& python);

// The plotting script NAME: in the embedding program's folder, else scripts/NAME of the source tree
// (COLLSWEEP_SOURCE_DIR from the environment, else the one compiled in).
std::string plotting_script(const std::string& name);
// The interpreters that may draw, in the order they are tried: COLLSWEEP_PYTHON alone when it is set; else
// the embedding program's, Debian's /usr/bin/python3 and python3 on PATH, those that exist, each once.
std::vector<std::string> plotting_pythons();
// s in single quotes for /bin/sh.
std::string shell_quoted(const std::string& s);

// Exit status of a plotting script whose interpreter cannot import what it draws with (the maps: NumPy and
// Pillow; the fit's figures: matplotlib).
constexpr int kCannotImport = 3;

// One interpreter's run of a plotting script: `PYTHON SCRIPT ARGS --import-error FILE`, where FILE is a
// temporary file (removed with this) into which the script writes why it cannot import what it draws with.
class PlottingAttempt {
 public:
  PlottingAttempt(const std::string& python, const std::string& script, const std::string& args);
  ~PlottingAttempt();
  PlottingAttempt(const PlottingAttempt&) = delete;
  PlottingAttempt& operator=(const PlottingAttempt&) = delete;

  // The command line for /bin/sh.
  const std::string& command() const { return command_; }
  // Whether the interpreter exists (a path to an executable file, or a name found on PATH); when it does
  // not, failure(127) says so without running the command.
  bool found() const;
  // Why this interpreter drew nothing, after the command ended with `exit_status` (kCannotImport, or the
  // shell's 126 or 127): "<python>: cannot import <modules>: <its import error>" as the script wrote it, or
  // that it cannot run.
  std::string failure(int exit_status) const;

 private:
  std::string python_, report_, command_;
};

// Whether an exit status says "this interpreter draws nothing: try the next one".
bool plotting_unavailable(int exit_status);
// The exit status of a finished /bin/sh command from system() or pclose() (-1 when it did not end normally).
int command_exit_status(int wait_status);
// "why" when no interpreter drew: each one tried and its failure, and how to install what draws.
std::string no_plotting_python(const std::vector<std::string>& failures);

// Runs SCRIPT ARGS (ARGS already quoted for /bin/sh) with each interpreter of `pythons` from the `first`-th
// on until one can import what the script draws with, appending each one's failure (or the missing script)
// to *failures. Returns the exit status of that one's run, or kCannotImport when none could draw (or none was
// left).
int run_plotting_script(const std::string& script, const std::string& args,
                        const std::vector<std::string>& pythons, std::size_t first,
                        std::vector<std::string>* failures);

// How drawing a run's maps ended.
enum class MapsDrawn {
  drawn,
  failed,       // the script said why on stderr (bad input, unwritable folder)
  unavailable,  // no plot script, no interpreter with matplotlib: nothing was drawn
};

// The plotting script, started on a run folder whose map.csv and summary.json are still to be written: it
// imports matplotlib and waits. draw() lets it read the folder and draw (it lists the PNGs on stdout unless
// quiet); destroyed without draw(), it ends without drawing (a failed or interrupted run). When its
// interpreter cannot import matplotlib, draw() runs the script with the next interpreter that may draw.
class MapDrawer {
 public:
  MapDrawer(const std::string& run_dir, bool quiet);
  ~MapDrawer();
  MapDrawer(const MapDrawer&) = delete;
  MapDrawer& operator=(const MapDrawer&) = delete;

  // Draws the maps of the finished folder and waits for the script. When they are unavailable, *why says
  // why: each interpreter tried and why it could not draw.
  MapsDrawn draw(std::string* why);

 private:
  std::string args_;  // the script's arguments but --wait
  std::FILE* pipe_ = nullptr;
  std::optional<PlottingAttempt> first_;  // the interpreter started before the sweep
  std::string why_not_started_;
};

}  // namespace collsweep::cli

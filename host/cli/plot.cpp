// `collsweep plot DIR`: draws the PNG maps of a finished run, and the helpers `run` uses for the same.
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/plotting.hpp"
#include "cli/run_folder.hpp"
#include "cli/subcommands.hpp"

namespace collsweep::cli {

namespace {

namespace fs = std::filesystem;

// The script ships in the source tree (COLLSWEEP_SOURCE_DIR, compiled in or from the environment);
// COLLSWEEP_PLOT_SCRIPT overrides it.
std::string plot_script() {
  if (const char* env = std::getenv("COLLSWEEP_PLOT_SCRIPT")) return env;
  const char* src = std::getenv("COLLSWEEP_SOURCE_DIR");
  return std::string(src && *src ? src : COLLSWEEP_SOURCE_DIR) + "/scripts/plot_maps.py";
}

// Debian's python3 carries python3-matplotlib; a python3 earlier on PATH (pyenv, venv) may not.
std::string python() {
  if (const char* env = std::getenv("COLLSWEEP_PYTHON")) return env;
  std::error_code ec;
  return fs::exists("/usr/bin/python3", ec) ? "/usr/bin/python3" : "python3";
}

std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

bool plotting_available(std::string* why) {
  std::error_code ec;
  if (!fs::exists(plot_script(), ec)) {
    *why = "plot script " + plot_script() + " not found";
    return false;
  }
  const std::string probe = python() + " -c 'import matplotlib' >/dev/null 2>&1";
  if (std::system(probe.c_str()) != 0) {
    *why = python() + " cannot import matplotlib (install python3-matplotlib: scripts/setup.sh)";
    return false;
  }
  return true;
}

int draw_maps(const std::string& run_dir, bool quiet) {
  const std::string cmd =
      python() + " " + quoted(plot_script()) + " " + quoted(run_dir) + (quiet ? " --quiet" : "");
  const int rc = std::system(cmd.c_str());
  return rc == 0 ? 0 : 1;
}

void register_plot(CLI::App& app, int& status) {
  auto dir = std::make_shared<std::string>();
  CLI::App* cmd =
      app.add_subcommand("plot", "Draw the PNG maps (energy-gain fraction, dominant Type) of a finished run");
  cmd->add_option("dir", *dir, "the run's output folder (holds map.csv and summary.json)")->required();
  cmd->callback([dir, &status] {
    std::error_code ec_map, ec_summary;
    if (!fs::exists(fs::path(*dir) / "map.csv", ec_map) ||
        !fs::exists(fs::path(*dir) / "summary.json", ec_summary)) {
      const std::error_code& ec = ec_map ? ec_map : ec_summary;
      std::cerr << "collsweep plot: " << *dir
                << (ec ? ": " + ec.message()
                       : std::string(" is not a finished run (map.csv and summary.json expected)"))
                << '\n';
      status = 2;
      return;
    }
    std::string why;
    if (!plotting_available(&why)) {
      std::cerr << "collsweep plot: " << why << '\n';
      status = 2;
      return;
    }
    status = draw_maps(*dir, false);
    if (status == 0) std::cout << "maps: " << shown_path(fs::path(*dir) / "maps") << "/*.png\n";
  });
}

}  // namespace collsweep::cli

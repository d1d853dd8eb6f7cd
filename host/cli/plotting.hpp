// PNG maps through scripts/plot_maps.py (matplotlib from Debian's python3-matplotlib), in a process that
// starts before the sweep, so that python3 and matplotlib load while the sweep runs.
#pragma once

#include <cstdio>
#include <string>

namespace collsweep::cli {

// scripts/NAME in the source tree (COLLSWEEP_SOURCE_DIR, compiled in or from the environment).
std::string plotting_script(const std::string& name);
// The python3 that draws (COLLSWEEP_PYTHON, else Debian's /usr/bin/python3, else python3 on PATH).
std::string plotting_python();
// s in single quotes for /bin/sh.
std::string shell_quoted(const std::string& s);

// How drawing a run's maps ended.
enum class MapsDrawn {
  drawn,
  failed,       // the script said why on stderr (bad input, unwritable folder)
  unavailable,  // no plot script, no python3 or no matplotlib: nothing was drawn
};

// The plotting script, started on a run folder whose map.csv and summary.json are still to be written: it
// imports matplotlib and waits. draw() lets it read the folder and draw (it lists the PNGs on stdout unless
// quiet); destroyed without draw(), it ends without drawing (a failed or interrupted run).
class MapDrawer {
 public:
  MapDrawer(const std::string& run_dir, bool quiet);
  ~MapDrawer();
  MapDrawer(const MapDrawer&) = delete;
  MapDrawer& operator=(const MapDrawer&) = delete;

  // Draws the maps of the finished folder and waits for the script. When they are unavailable, *why says
  // why unless the script has already said so on stderr (then it is empty).
  MapsDrawn draw(std::string* why);

 private:
  std::FILE* pipe_ = nullptr;
  std::string why_not_started_;
};

}  // namespace collsweep::cli

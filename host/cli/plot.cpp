// `collsweep plot DIR`: draws the PNG maps of a finished run.
#include <filesystem>
#include <iostream>

#include "cli/plotting.hpp"
#include "cli/run_folder.hpp"
#include "cli/subcommands.hpp"

namespace collsweep::cli {

namespace fs = std::filesystem;

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
    switch (MapDrawer(*dir, false).draw(&why)) {
      case MapsDrawn::drawn:
        std::cout << "maps: " << shown_path(fs::path(*dir) / "maps") << "/*.png\n";
        status = 0;
        break;
      case MapsDrawn::unavailable:
        if (!why.empty()) std::cerr << "collsweep plot: " << why << '\n';
        status = 2;
        break;
      case MapsDrawn::failed:
        status = 1;
        break;
    }
  });
}

}  // namespace collsweep::cli

// Writing a finished sweep's run folder and reporting it: shared by `run` (whole or resumed) and `merge`.
#pragma once

#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "cli/plotting.hpp"
#include "cli/run_folder.hpp"
#include "families/commands.hpp"
#include "families/run_config.hpp"
#include "io/output_file.hpp"

namespace collsweep::cli {

struct FinishOptions {
  std::string command;  // "collsweep run", for messages
  bool remove_previous = false, quiet = false, no_plot = false;
  MapDrawer* maps = nullptr;  // the plotting process started before the sweep; null: one is started here
};

// Writes the run folder from a finished sweep: the previous run's files first removed when asked to.
template <class Spec>
void write_outputs(const RunConfig& config, const SweepResult<Spec>& result, bool remove_previous,
                   const std::filesystem::path& out_dir, RunRecord& record) {
  if (remove_previous) {
    std::error_code ec;
    std::string failed;
    remove_run_outputs(out_dir, ec, &failed);
    if (ec) throw std::runtime_error("cannot remove the previous run's " + failed + ": " + ec.message());
  }
  record.outputs = {"map.csv", "witnesses.csv", "summary.json", "config.toml"};  // samples.npy appended
  write_map_csv((out_dir / "map.csv").string(), result);
  write_witnesses_csv((out_dir / "witnesses.csv").string(), result);
  if constexpr (std::is_same_v<Spec, PlanarSweepSpec> || std::is_same_v<Spec, SpatialSweepSpec>)
    write_compare_outputs(out_dir.string(), result, record.outputs);  // run.compare (when it has pairs)
  if constexpr (families::FamilyTraits<Spec>::writes_samples_npy) {
    if (config.samples_npy) {
      write_samples_npy((out_dir / "samples.npy").string(), result);
      record.outputs.push_back("samples.npy");
    }
  }
  {
    const std::string path = (out_dir / "config.toml").string();
    std::ofstream toml = io::open_output_file(path);
    toml << resolved_config_toml(config);
    if (!toml.flush()) throw io::write_error(path);
  }
  record.config_file = config.source_path;
  record.model = families::family_name(config.model);
  record.config_json = resolved_config_json(config);
  record.config_warnings = config.warnings;
  write_summary_json((out_dir / "summary.json").string(), result, record);
}

// Draws the maps, then prints the totals, the rate and where the results are (after write_outputs): the
// table comes last, below the script's list of PNGs, so that it is what a terminal shows at the end.
template <class Spec>
void report_run_folder(const SweepResult<Spec>& result, const std::filesystem::path& out_dir,
                       const FinishOptions& o) {
  bool maps = false;
  if (!o.no_plot) {
    std::string why;
    const MapsDrawn drawn = o.maps ? o.maps->draw(&why) : MapDrawer(out_dir.string(), o.quiet).draw(&why);
    maps = drawn == MapsDrawn::drawn;
    // Maps asked for and none drawn: a warning, also when quiet (the Python module's run warns with it).
    if (drawn == MapsDrawn::unavailable && !why.empty())
      std::cerr << o.command << ": warning: no maps drawn (" << why << ")\n";
    // The script failed (its own message above): the results are complete, some or all maps are not.
    if (drawn == MapsDrawn::failed)
      std::cerr << o.command << ": warning: maps not all drawn (the plotting script's message above); the "
                << "results are complete\n";
  }
  std::cout << totals_table(result);
  std::cout << "samples/s: "
            << (result.seconds > 0 ? static_cast<double>(result.count) / result.seconds : 0.0) << " ("
            << result.backend << ", " << result.threads
            << (result.backend == "cpu" ? " threads" : " host thread") << ", " << result.seconds << " s)\n";
  std::cout << "results: " << shown_path(out_dir) << "/{map.csv,witnesses.csv,summary.json}\n";
  if (maps) std::cout << "maps: " << shown_path(out_dir / "maps") << "/*.png\n";
  if (const std::uint64_t v = theorem_violations(result))
    std::cerr << o.command << ": WARNING: " << v << " theorem violations (see summary.json)\n";
}

}  // namespace collsweep::cli

// What every family's run-folder writers share: the map-axis columns of map.csv and how the run was made.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/csv.hpp"
#include "sweep/sweep_result.hpp"

namespace collsweep {

// The map axes' columns of map.csv: their names (header), and the bin centres of a cell.
template <class Spec>
void write_axis_names(io::CsvWriter& csv, const Spec& s) {
  for (int a = 0; a < s.n_axes; ++a) csv.field(quantity_name(s.axes[a].quantity));
}
template <class Spec>
void write_axis_centres(io::CsvWriter& csv, const Spec& s, std::uint32_t cell) {
  csv.number(axis_center(s.axes[0], cell % s.axes[0].bins));
  if (s.n_axes > 1) csv.number(axis_center(s.axes[1], cell / s.axes[0].bins));
}

// One shard of a merged run (collsweep merge) or one MPI rank of a run, for summary.json.
struct ShardRecord {
  std::string shard;   // "i/N" (a rank: "r/N", r from 0)
  std::string folder;  // the shard's folder as given to merge (a rank: "")
  std::uint64_t first = 0, samples = 0;
  std::string backend, device;
  double seconds = 0.0;
};

struct RunRecord {
  std::string command_line;
  std::string started_utc;
  std::string config_file;                   // the config's file ("" when parsed from a string)
  std::string model;                         // its model.kind
  std::string config_json;                   // its resolved keys, a JSON object
  std::vector<std::string> config_warnings;  // its valid but doubtful choices
  std::vector<std::string> outputs;          // files written next to summary.json
  std::vector<ShardRecord> shards;           // a merged run's shards (none: not merged)
  std::vector<ShardRecord> ranks;            // an MPI run's ranks (none: one process)
};

}  // namespace collsweep

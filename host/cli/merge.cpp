// `collsweep merge SHARD_DIR... --out DIR`: the shards of a run (run --shard i/N) merged exactly into the
// run folder the unsharded run writes, one shard's tally in memory at a time.
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "cli/finish_run_folder.hpp"
#include "cli/out_folder.hpp"
#include "cli/run_folder.hpp"
#include "cli/run_folder_lock.hpp"
#include "cli/subcommands.hpp"
#include "families/commands.hpp"
#include "families/run_config.hpp"
#include "sweep/run_state.hpp"
#include "sweep/shard_range.hpp"
#include "sweep/state_identity.hpp"
#include "sweep/state_result.hpp"

namespace collsweep::cli {

namespace {

namespace fs = std::filesystem;

struct MergeOptions {
  std::vector<std::string> shards;
  std::string out;
  bool force = false, quiet = false, no_plot = false;
};

struct Shard {
  std::string dir;
  RunState state;  // without its tally words until merged
};

std::string shard_name(const RunState& s) {
  return std::to_string(s.shard_index) + "/" + std::to_string(s.shard_count);
}

// Reads every shard but its tally (each file is read and checked whole) and checks that together they are
// one run, each shard once and none missing; returns the shards in order, or throws saying why not.
std::vector<Shard> read_shards(const MergeOptions& o) {
  std::vector<Shard> shards;
  for (const std::string& dir : o.shards) shards.push_back({dir, read_run_state(dir, false)});
  const Shard& ref = shards.front();
  const auto state_path = [](const Shard& s) { return (fs::path(s.dir) / kStateFileName).string(); };
  std::map<std::uint32_t, const Shard*> by_index;
  for (const Shard& s : shards) {
    const std::string why = state_mismatch(s.state, state_path(s), ref.state, state_path(ref));
    if (!why.empty()) throw StateError(s.dir + " is not a shard of the same run as " + ref.dir + ": " + why);
    if (s.state.shard_count != ref.state.shard_count)
      throw StateError(s.dir + " is shard " + shard_name(s.state) + ", " + ref.dir + " shard " +
                       shard_name(ref.state) + ": the shards must split the run the same way");
    const ShardRange range = shard_range(s.state.shard_index, s.state.shard_count, s.state.total_samples);
    if (s.state.first != range.first || s.state.count != range.samples)
      throw StateError(state_path(s) + ": its samples do not match shard " + shard_name(s.state));
    if (!s.state.complete())
      throw StateError(s.dir + " (shard " + shard_name(s.state) + ") is unfinished: " +
                       std::to_string(s.state.done) + " of " + std::to_string(s.state.count) +
                       " samples; finish it with: collsweep run --resume " + s.dir);
    const auto [it, fresh] = by_index.emplace(s.state.shard_index, &s);
    if (!fresh)
      throw StateError("shard " + shard_name(s.state) + " is given twice: " + it->second->dir + " and " +
                       s.dir);
  }
  // The missing shards, the first kListedMissing of them by name (a message stays one readable line).
  constexpr std::uint32_t kListedMissing = 10;
  std::string missing;
  std::uint32_t missing_count = 0;
  for (std::uint32_t i = 1; i <= ref.state.shard_count; ++i)
    if (!by_index.count(i) && ++missing_count <= kListedMissing)
      missing +=
          (missing.empty() ? "" : ", ") + std::to_string(i) + "/" + std::to_string(ref.state.shard_count);
  if (missing_count > kListedMissing)
    missing += " and " + std::to_string(missing_count - kListedMissing) + " more";
  if (!missing.empty())
    throw StateError("shard" + std::string(missing.find(',') != std::string::npos ? "s " : " ") + missing +
                     " missing: " + std::to_string(shards.size()) + " of " +
                     std::to_string(ref.state.shard_count) + " shards given");
  std::vector<Shard> ordered;
  for (const auto& entry : by_index) ordered.push_back(*entry.second);
  return ordered;
}

// Merges the shards' tallies and witnesses (exact, any order) and writes the run folder. Each shard's state
// is read again whole, merged and let go, so that memory does not grow with the number of shards.
template <class Spec>
int merge_model(const RunConfig& config, const Spec& spec, const std::vector<Shard>& shards,
                const MergeOptions& o, RunRecord& record) {
  SweepResult<Spec> result = make_empty_result(spec);
  std::set<std::string> backends, devices;
  for (const Shard& s : shards) {
    const std::string path = (fs::path(s.dir) / kStateFileName).string();
    const RunState whole = read_run_state(s.dir);
    const std::string changed = state_mismatch(whole, path, s.state, path);
    if (!changed.empty() || whole.shard_index != s.state.shard_index || !whole.complete())
      throw StateError(path + " changed while merge read it" + (changed.empty() ? "" : ": " + changed));
    const SweepResult<Spec> part = load_result(whole, spec, path);
    merge_results(result, part);
    result.count += part.count;
    result.seconds += part.seconds;
    result.threads = std::max(result.threads, part.threads);
    backends.insert(part.backend);
    devices.insert(part.device);
    record.shards.push_back(
        {shard_name(s.state), s.dir, s.state.first, s.state.count, part.backend, part.device, part.seconds});
  }
  for (const std::string& b : backends) result.backend += (result.backend.empty() ? "" : "+") + b;
  for (const std::string& d : devices) result.device += (result.device.empty() ? "" : "; ") + d;
  write_outputs(config, result, o.force, fs::path(o.out), record);
  report_run_folder(result, fs::path(o.out), FinishOptions{"collsweep merge", false, o.quiet, o.no_plot});
  return 0;
}

int merge(const MergeOptions& o, const std::string& command_line) {
  std::vector<Shard> shards;
  RunConfig config;
  try {
    shards = read_shards(o);
    config = parse_run_config(shards.front().state.config_toml, shards.front().state.config_source);
    config.source_path = shards.front().state.config_source;
  } catch (const std::exception& e) {
    std::cerr << "collsweep merge: " << e.what() << '\n';
    return 2;
  }
  std::string error;
  prepare_out_dir(o.out, o.force, &error);
  // Held while the merged run folder is written, as a run holds its own (run_folder_lock.hpp).
  std::optional<RunFolderLock> lock;
  if (error.empty()) lock = RunFolderLock::acquire(o.out, &error);
  if (!error.empty()) {
    std::cerr << "collsweep merge: " << error << '\n';
    return 2;
  }
  RunRecord record = new_run_record(command_line);
  try {
    return std::visit([&](const auto& spec) { return merge_model(config, spec, shards, o, record); },
                      config.model);
  } catch (const std::exception& e) {
    std::cerr << "collsweep merge: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace

void register_merge(CLI::App& app, int& status) {
  auto opts = std::make_shared<MergeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Merge the shard folders of a run (run --shard i/N) into its run folder, exactly");
  cmd->add_option("shards", opts->shards, "every shard's folder (each holds collsweep.state)")->required();
  cmd->add_option("--out", opts->out, "the merged run folder")->required();
  cmd->add_flag("--force", opts->force,
                "write into a non-empty output folder, first removing the files a previous run wrote there");
  cmd->add_flag("--quiet", opts->quiet, "no notes on stderr");
  cmd->add_flag("--no-plot", opts->no_plot, "do not draw the PNG maps");
  cmd->callback([opts, &status] {
    std::string line = "collsweep merge";
    for (const std::string& s : opts->shards) line += " " + s;
    line += " --out " + opts->out;
    status = merge(*opts, line);
  });
}

}  // namespace collsweep::cli

// The parts of summary.json shared by every model: how the run was made, and a law's maximum and mean.
#pragma once

#include "collsweep/cuda_api.hpp"
#include "io/json_writer.hpp"
#include "sweep/git_revision.hpp"
#include "sweep/run_outputs.hpp"

namespace collsweep {

template <class Result>
void write_provenance(io::JsonWriter& j, const Result& r, const RunRecord& record) {
  j.key("collsweep").begin_object();
  j.key("version").string(COLLSWEEP_VERSION);
  j.key("git_revision").string(git_revision());
  j.key("compiler").string("g++ " __VERSION__);
  j.key("cuda_built").boolean(cuda::built_with_cuda());
  j.key("cuda_compiler").string(cuda_compiler_version());
  j.end_object();
  j.key("command").string(record.command_line);
  j.key("started_utc").string(record.started_utc);
  j.key("config_file").string(record.config_file);
  j.key("model").string(record.model);
  j.key("seed").integer(static_cast<long long>(r.spec.plan.seed));
  j.key("config").raw(record.config_json);
  j.key("backend").string(r.backend);
  j.key("device").string(r.device);
  j.key("threads").integer(r.threads);
  j.key("samples").integer(static_cast<long long>(r.count));
  j.key("wall_seconds").number(r.seconds);
  j.key("samples_per_second").number(r.seconds > 0 ? static_cast<double>(r.count) / r.seconds : 0.0);
  j.key("samples_in_map").integer(static_cast<long long>(r.samples_in_map()));
  j.key("samples_outside_map").integer(static_cast<long long>(r.outside()));
  j.key("mean_sums_clamped").integer(static_cast<long long>(r.clamped()));
  j.key("energy_tolerance").number(r.spec.tolerance);
  if (!record.shards.empty()) {
    j.key("shards").begin_array();
    for (const ShardRecord& s : record.shards) {
      j.begin_object();
      j.key("shard").string(s.shard);
      j.key("folder").string(s.folder);
      j.key("first").integer(static_cast<long long>(s.first));
      j.key("samples").integer(static_cast<long long>(s.samples));
      j.key("backend").string(s.backend);
      j.key("device").string(s.device);
      j.key("seconds").number(s.seconds);
      j.end_object();
    }
    j.end_array();
  }
  if (!record.ranks.empty()) {
    j.key("ranks").begin_array();
    for (const ShardRecord& s : record.ranks) {
      j.begin_object();
      j.key("rank").string(s.shard);
      j.key("samples").integer(static_cast<long long>(s.samples));
      j.key("backend").string(s.backend);
      j.key("device").string(s.device);
      j.key("seconds").number(s.seconds);
      j.key("samples_per_second").number(s.seconds > 0 ? static_cast<double>(s.samples) / s.seconds : 0.0);
      j.end_object();
    }
    j.end_array();
  }
  j.key("config_warnings").begin_array();
  for (const std::string& w : record.config_warnings) j.string(w);
  j.end_array();
}

// A law's largest tallied value and mean over its valid samples (null without a valid sample).
template <class Result>
void write_law_max_mean(io::JsonWriter& j, const char* max_key, const char* mean_key, const Result& r,
                        int law, std::uint64_t valid) {
  if (valid) {
    j.key(max_key).number(r.max_value(law));
    j.key(mean_key).number(r.mean_value(law, valid));
  } else {
    j.key(max_key).null();
    j.key(mean_key).null();
  }
}

}  // namespace collsweep

// A validated `collsweep run` configuration: the sweep spec plus run-level settings, parsed from TOML.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "collsweep/models/multicontact/sweep_spec.hpp"
#include "collsweep/models/planar/sweep_spec.hpp"

namespace collsweep {

// Thrown for any invalid configuration; what() names the key path (e.g. "parameters.mu.lo") and the reason,
// and the line/column of the TOML source where known.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// planar: one contact, the four planar laws (PlanarSweepSpec); multicontact: k = 1..4 planar contacts,
// the Poisson-type and Newton-type LCP laws of Glocker 2014 (MultiContactSweepSpec).
enum class ModelKind : std::uint8_t { planar = 0, multicontact };

struct RunConfig {
  std::string name;                     // run.name (default: the file's stem)
  std::uint64_t samples = 0;            // run.samples (> 0)
  std::uint64_t batch = 1 << 20;        // run.batch: samples per work unit; never changes results
  bool samples_npy = false;             // run.samples_npy: also write samples.npy (only when samples <= 1e6)
  ModelKind model = ModelKind::planar;  // model.kind
  // Only the spec of `model` is filled from the file (seed, laws, tolerance, witnesses included); the other
  // is left at its defaults.
  PlanarSweepSpec spec;         // everything the kernels need (model planar)
  MultiContactSweepSpec multi;  // everything the kernels need (model multicontact)
  std::string source_path;      // the file it came from ("" when parsed from a string)
  // Valid but doubtful choices (e.g. too few samples per map cell), each one line naming the file; `run`
  // prints them and records them in summary.json.
  std::vector<std::string> warnings;
};

// Reads and validates a config file (toml++); the schema is in run_config.cpp and configs/README.md.
// Throws ConfigError.
RunConfig load_run_config(const std::string& path);

// Same, from text; source_name is used in messages.
RunConfig parse_run_config(const std::string& toml_text, const std::string& source_name);

// The resolved configuration (every default filled in) as a JSON object, for summary.json.
std::string resolved_config_json(const RunConfig& config);

// The resolved configuration as TOML, which parse_run_config reads back to the same RunConfig.
std::string resolved_config_toml(const RunConfig& config);

}  // namespace collsweep

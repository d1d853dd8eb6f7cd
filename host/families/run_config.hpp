// A validated `collsweep run` configuration: the sweep spec plus run-level settings, parsed from TOML.
#pragma once

#include <string>
#include <vector>

#include "config/config_error.hpp"
#include "config/run_settings.hpp"
#include "families/registry.hpp"

namespace collsweep {

// The run settings plus the spec of the config's model family (model.kind; families/registry.hpp), which
// holds everything the kernels need: the plan with its seed, the laws, tolerance, witnesses and map axes.
struct RunConfig : RunSettings {
  ModelSpec model;
  std::string source_path;  // the file it came from ("" when parsed from a string)
  // Valid but doubtful choices (e.g. too few samples per map cell), each one line naming the file; `run`
  // prints them and records them in summary.json.
  std::vector<std::string> warnings;
};

// Reads and validates a config file (toml++); the keys are the family's key table (host/families/),
// documented for users in configs/README.md.
// Throws ConfigError.
RunConfig load_run_config(const std::string& path);

// Same, from text; source_name is used in messages.
RunConfig parse_run_config(const std::string& toml_text, const std::string& source_name);

// The resolved configuration (every default filled in) as a JSON object, for summary.json.
std::string resolved_config_json(const RunConfig& config);

// The resolved configuration as TOML, which parse_run_config reads back to the same RunConfig.
std::string resolved_config_toml(const RunConfig& config);

}  // namespace collsweep

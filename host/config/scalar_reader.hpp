// Reads a SCALAR config value (a number, or a { dist = ... } table) and checks it against the key's Domain.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "config/config_keys.hpp"

namespace collsweep::config {

// "constant", "uniform", "log_uniform", "grid".
const char* scalar_kind_name(ScalarKind k);
const std::vector<std::string_view>& scalar_kind_names();
bool parse_scalar_kind(const std::string& s, ScalarKind* out);

// Every value the distribution can produce must lie in d (the open upper end of U[lo, hi) may touch an open
// maximum when d allows it). Throws ConfigError naming the key and the domain.
ScalarDist read_scalar(const ConfigReader& r, const toml::node& n, const std::string& path, const Domain& d);

}  // namespace collsweep::config

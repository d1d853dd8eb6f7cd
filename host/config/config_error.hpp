// ConfigError: an invalid configuration, thrown by the config readers with the key path and the reason.
#pragma once

#include <stdexcept>

namespace collsweep {

// Thrown for any invalid configuration; what() names the key path (e.g. "parameters.mu.lo") and the reason,
// and the line/column of the TOML source where known.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace collsweep

// Test-only locations of the source tree and the built binary; environment variables override the
// compiled-in paths so that a build carried to another machine (the GPU check) still finds them.
#pragma once

#include <cstdlib>
#include <string>

namespace collsweep::testing {

inline std::string source_dir() {
  const char* env = std::getenv("COLLSWEEP_SOURCE_DIR");
  return env && *env ? env : COLLSWEEP_SOURCE_DIR;
}

inline std::string collsweep_binary() {
  const char* env = std::getenv("COLLSWEEP_BINARY");
  return env && *env ? env : COLLSWEEP_BINARY;
}

}  // namespace collsweep::testing

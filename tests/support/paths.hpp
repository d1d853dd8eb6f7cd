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

// The collsweep program of this build (paths.cpp: the one test source that knows the build folder, so that
// the tests' objects are the same in every build folder and ccache shares them between builds).
std::string collsweep_binary();

}  // namespace collsweep::testing

// The collsweep program of this build folder (paths.hpp), from CMake; COLLSWEEP_BINARY in the environment
// overrides it.
#include "support/paths.hpp"

std::string collsweep::testing::collsweep_binary() {
  const char* env = std::getenv("COLLSWEEP_BINARY");
  return env && *env ? env : COLLSWEEP_BINARY;
}

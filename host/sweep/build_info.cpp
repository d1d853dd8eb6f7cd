// The CUDA compiler of this build, from CMake: the one source that sees it, so that a build with CUDA and
// one without share every other object.
#include "sweep/git_revision.hpp"

const char* collsweep::cuda_compiler_version() { return COLLSWEEP_CUDA_COMPILER_VERSION; }

// The source revision this binary was built from and its CUDA compiler, for provenance (summary.json,
// --version).
#pragma once

namespace collsweep {

// `git describe --always --dirty --abbrev=12` of the source tree at build time ("unknown" without git).
const char* git_revision();

// "nvcc 13.0.88, sm 90", or "none (built without CUDA)" (build_info.cpp).
const char* cuda_compiler_version();

}  // namespace collsweep

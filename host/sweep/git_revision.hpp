// The source revision this binary was built from, for provenance (summary.json, --version).
#pragma once

namespace collsweep {

// `git describe --always --dirty --abbrev=12` of the source tree at build time ("unknown" without git).
const char* git_revision();

}  // namespace collsweep

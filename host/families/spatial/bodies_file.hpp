// The two-body file of `collsweep solve --bodies FILE` (its keys: docs/commands.md): two rigid bodies and the
// contact frame, in Sypniewska-Kaminska & Rosinski 2008's conventions as in models/spatial/bodies.hpp.
#pragma once

#include <string>

#include "collsweep/models/spatial/bodies.hpp"

namespace collsweep::families {

struct BodiesInput {
  RigidBody body1, body2;
  ContactFrame frame;
};

// Reads and checks the file; throws UsageError "--bodies FILE:LINE:COLUMN: KEY = VALUE: REASON" (or naming
// the file alone where no position applies).
BodiesInput read_bodies_file(const std::string& path);

}  // namespace collsweep::families

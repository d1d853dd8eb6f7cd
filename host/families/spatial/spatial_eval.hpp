// The CSV row schema of `eval` for the spatial laws: columns -> SpatialCollision, outputs of SpatialOutcome
// (the columns: docs/commands.md, "collsweep eval").
#pragma once

#include <string>
#include <vector>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep::families {

RowSchema<SpatialCollision, SpatialOutcome> spatial_schema(SpatialLaw law);

// status_reason in the spatial family's words (W's SPD condition names W_nn, W_11, ... of the 3 x 3 W; the
// spatial laws' own parameters and iterations).
const char* spatial_status_reason(Status s);

// The results a spatial witness row records (witnesses.csv), in its column order: the mode first, compared
// as text by `reproduce`.
inline const std::vector<std::string>& spatial_recorded_columns() {
  static const std::vector<std::string> names = {"mode", "directions", "dE", "dE_rel", "swerve_deg"};
  return names;
}

}  // namespace collsweep::families

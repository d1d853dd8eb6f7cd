// The CSV row schema of `eval` for the spatial laws: columns -> SpatialCollision, outputs of SpatialOutcome.
//
// Input columns (any order, others passed through): W_nn, W_n1, W_n2, W_11, W_12, W_22 (W in (n, t1, t2)),
// v_n, v_1, v_2, mu, e, and e_t for chatterjee-ruina-3d (for the other laws an e_t column is passed through,
// not read). Output columns: status,mode,directions,mu_c,I_n,I_1,I_2,vf_n,vf_1,vf_2,dE,dE_rel,swerve_deg; an
// invalid row has mode "-" and every number empty. A witness file of a spatial run (a `law` column) is read
// as it is: only the rows of this law are evaluated, and its recorded mode,directions,dE,dE_rel,swerve_deg
// pass through as recorded_<name>.
#pragma once

#include <string>
#include <vector>

#include "cli/eval_table.hpp"
#include "collsweep/models/spatial/spatial_laws.hpp"

namespace collsweep::cli {

RowSchema<SpatialCollision, SpatialOutcome> spatial_schema(SpatialLaw law);

// status_reason in the spatial family's words (W's SPD condition names W_nn, W_11, ... of the 3 x 3 W).
const char* spatial_status_reason(Status s);

// The results a spatial witness row records (witnesses.csv), in its column order: the mode first, compared
// as text by `reproduce`.
inline const std::vector<std::string>& spatial_recorded_columns() {
  static const std::vector<std::string> names = {"mode", "directions", "dE", "dE_rel", "swerve_deg"};
  return names;
}

}  // namespace collsweep::cli

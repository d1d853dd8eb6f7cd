// The CSV row schema of `eval` for the planar laws: columns -> PlanarCollision, outputs of PlanarOutcome.
//
// Input columns (any order, others passed through): W_nn, W_nt, W_tt, v_n, v_t, mu, e, and e_t for
// chatterjee-ruina (for the other laws an e_t column is passed through, not read). Output columns:
// status,type,I_n,I_t,v_n2,v_t2,dE,dE_rel; an invalid row has type 0 and the six numbers empty.
// A witness file of a planar run (a `law` column) is read as it is: only the rows of this law are
// evaluated, and its recorded type,dE,dE_rel pass through as recorded_type,recorded_dE,recorded_dE_rel.
#pragma once

#include "cli/eval_table.hpp"
#include "collsweep/models/planar/laws/planar_laws.hpp"

namespace collsweep::cli {

RowSchema<PlanarCollision, PlanarOutcome> planar_schema(PlanarLaw law);

// The results a planar witness row records (witnesses.csv), in its column order.
inline const std::vector<std::string>& planar_recorded_columns() {
  static const std::vector<std::string> names = {"type", "dE", "dE_rel"};
  return names;
}

}  // namespace collsweep::cli

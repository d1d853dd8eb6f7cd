// The CSV row schema of `eval` for the planar laws: columns -> PlanarCollision, outputs of PlanarOutcome.
//
// Input columns (any order, others passed through): W_nn, W_nt, W_tt, v_n, v_t, mu, e, and e_t for
// chatterjee-ruina (for the other laws an e_t column is passed through, not read). Output columns:
// status,type,I_n,I_t,v_n2,v_t2,dE,dE_rel; an invalid row has type 0 and the six numbers empty.
#pragma once

#include "cli/eval_table.hpp"
#include "collsweep/laws/planar_laws.hpp"

namespace collsweep::cli {

RowSchema<PlanarCollision, PlanarOutcome> planar_schema(PlanarLaw law);

}  // namespace collsweep::cli

// The CSV row schema of `eval` for the planar laws: columns -> PlanarCollision, outputs of PlanarOutcome.
//
// Input columns (any order, others passed through): W_nn, W_nt, W_tt, v_n, v_t, mu, e, and e_t for
// the laws that read it (chatterjee-ruina; r_t of chatterjee-law1, -law3, -combined), s1,s2 for
// chatterjee-combined and ratio for brach (for the other laws such a column is passed through, not read).
// Output columns: status,type,I_n,I_t,v_n2,v_t2,dE,dE_rel; an invalid row has type 0 and the six numbers
// empty. The thesis laws (is_thesis_law) append C1,C2,C3,C4,eta and, for kane-levinson and smith,
// solutions (smith also iterations): families/thesis_columns.hpp.
// A witness file of a planar run (a `law` column) is read as it is: only the rows of this law are
// evaluated, and its recorded type,dE,dE_rel pass through as recorded_type,recorded_dE,recorded_dE_rel.
#pragma once

#include "cli/eval_table.hpp"
#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/models/planar/laws/planar_laws.hpp"

namespace collsweep::cli {

// A law's outcome with what the thesis laws report beside it (for the first four laws report is their type
// and 1 solution).
struct PlanarEvalResult {
  PlanarOutcome outcome;
  LawReport report;
  ConstraintReport constraints;
};

PlanarEvalResult evaluate_with_reports(PlanarLaw law, const PlanarCollision& c);

// constraints (eval --constraints): the thesis columns C1..C4, eta for the first four laws too.
RowSchema<PlanarCollision, PlanarEvalResult> planar_schema(PlanarLaw law, bool constraints = false);

// The results a planar witness row records (witnesses.csv), in its column order.
inline const std::vector<std::string>& planar_recorded_columns() {
  static const std::vector<std::string> names = {"type", "dE", "dE_rel"};
  return names;
}

}  // namespace collsweep::cli

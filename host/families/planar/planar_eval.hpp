// The CSV row schema of `eval` for the planar laws: columns -> PlanarCollision, outputs of PlanarOutcome (the
// columns: docs/commands.md, "collsweep eval"; the thesis laws': docs/thesis-laws.md).
#pragma once

#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/models/planar/laws/registry.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep::families {

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

}  // namespace collsweep::families

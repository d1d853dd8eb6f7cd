// `eval` and `solve` for Chatterjee's thesis laws in 3D (their laws: models/spatial/laws/registry.hpp; the
// columns: docs/thesis-laws.md).
#pragma once

#include <optional>
#include <string>

#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "vocabulary/command_options.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep::families {

struct SpatialThesisInput {
  SpatialCollision c;
  SpatialThesisParams params;
};

struct SpatialThesisResult {
  SpatialOutcome outcome;
  LawReport report;
  ConstraintReport constraints;
};

SpatialThesisResult evaluate_with_reports(SpatialLaw law, const SpatialThesisInput& in);

RowSchema<SpatialThesisInput, SpatialThesisResult> spatial_thesis_schema(SpatialLaw law);

// `solve` for one of these laws (the --W/--v or --bodies form of solve_spatial.cpp).
std::optional<SolveFailure> solve_spatial_thesis(const SolveOptions& o, SpatialLaw law);

}  // namespace collsweep::families

// `eval` and `solve` for Chatterjee's thesis laws in 3D (their laws: models/spatial/spatial_laws.hpp).
//
// eval input columns: the spatial laws' W_nn, W_n1, W_n2, W_11, W_12, W_22, v_n, v_1, v_2, mu, e, and e_t for
// chatterjee-law1-3d, -law3-3d, -combined-3d (r_t), s1,s2 for chatterjee-combined-3d, r1,r2 for brach-3d.
// Output: the spatial laws' status,mode,directions,mu_c,I_n,I_1,I_2,vf_n,vf_1,vf_2,dE,dE_rel,swerve_deg
// (mode is "-": these laws have no Routh mode), then type (the law's case, LawReport::type), and the
// thesis columns C1,C2,C3,C4,eta[,solutions[,iterations]] (families/thesis_columns.hpp).
#pragma once

#include <optional>
#include <string>

#include "cli/command_options.hpp"
#include "cli/eval_table.hpp"
#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/models/spatial/spatial_laws.hpp"

namespace collsweep::cli {

struct SpatialThesisInput {
  SpatialCollision c;
  SpatialThesisParams p;
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

}  // namespace collsweep::cli

// The CSV row schema of `eval` for Chatterjee's thesis laws in 3D (thesis_eval_3d.hpp).
#include "families/spatial/thesis_eval_3d.hpp"

#include "collsweep/models/spatial/constraints.hpp"
#include "families/shared/thesis_columns.hpp"
#include "families/shared/parameter_rows.hpp"
#include "families/spatial/family.hpp"
#include "families/spatial/spatial_eval.hpp"

namespace collsweep::families {

SpatialThesisResult evaluate_with_reports(SpatialLaw law, const SpatialThesisInput& in) {
  SpatialThesisResult r;
  r.outcome = evaluate_spatial(law, in.c, in.params, &r.report);
  r.constraints = check_constraints(in.c, r.outcome);
  return r;
}

RowSchema<SpatialThesisInput, SpatialThesisResult> spatial_thesis_schema(SpatialLaw law) {
  using In = SpatialThesisInput;
  RowSchema<In, SpatialThesisResult> s;
  s.inputs = {
      {"W_nn", [](In& r, double x) { r.c.W.a = x; }},   {"W_n1", [](In& r, double x) { r.c.W.c1 = x; }},
      {"W_n2", [](In& r, double x) { r.c.W.c2 = x; }},  {"W_11", [](In& r, double x) { r.c.W.b11 = x; }},
      {"W_12", [](In& r, double x) { r.c.W.b12 = x; }}, {"W_22", [](In& r, double x) { r.c.W.b22 = x; }},
      {"v_n", [](In& r, double x) { r.c.v.n = x; }},    {"v_1", [](In& r, double x) { r.c.v.t1 = x; }},
      {"v_2", [](In& r, double x) { r.c.v.t2 = x; }},
  };
  families::append_parameter_inputs<SpatialSweepSpec>(s.inputs, law_reads(law));  // mu, e and the law's own
  s.outputs = {"status", "mode", "directions", "mu_c", "I_n",    "I_1",        "I_2",
               "vf_n",   "vf_1", "vf_2",       "dE",   "dE_rel", "swerve_deg", "type"};
  const ThesisColumns t{law_counts_solutions(law), law_reports_iterations(law), law_reports_convergence(law)};
  append_thesis_column_names(s.outputs, t);
  s.compute = [law](const In& in) { return evaluate_with_reports(law, in); };
  // A witness file of a spatial run is read as it is: only this law's rows, recorded values passed through.
  const std::string name = law_name(law);
  s.filters = {{"law", [name](const std::string& text) { return trim_blanks(text) == name; }}};
  s.recorded = spatial_recorded_columns();
  s.write = [t](const SpatialThesisResult& r, io::FieldSink& w) {
    const SpatialOutcome& o = r.outcome;
    if (o.status != Status::ok) {
      w.field(std::string("invalid: ") + spatial_status_reason(o.status));
      w.field(mode_name(SpatialMode::none));
      for (int i = 0; i < 11; ++i) w.empty_field();
      w.field("0");
    } else {
      w.field("ok");
      w.field(mode_name(o.mode));
      w.field(std::to_string(o.n_invariant));
      for (double x : {o.mu_c, o.I.n, o.I.t1, o.I.t2, o.vf.n, o.vf.t1, o.vf.t2, o.dE, o.dE_rel, o.swerve_deg})
        w.number(x);
      w.field(std::to_string(r.report.type));
    }
    write_thesis_columns(w, o.status, r.report, r.constraints, t);
    return o.status == Status::ok;
  };
  return s;
}

}  // namespace collsweep::families

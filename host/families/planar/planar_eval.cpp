// The CSV row schema of `eval` for the planar laws: columns -> PlanarCollision, outputs of PlanarOutcome.
#include "families/planar/planar_eval.hpp"

#include "collsweep/cuda_api.hpp"
#include "collsweep/models/planar/constraints.hpp"
#include "families/planar/family.hpp"
#include "families/shared/parameter_rows.hpp"
#include "families/shared/thesis_columns.hpp"
#include "io/format.hpp"

namespace collsweep::families {

PlanarEvalResult evaluate_with_reports(PlanarLaw law, const PlanarCollision& c) {
  PlanarEvalResult r;
  r.outcome = evaluate(law, c, &r.report);
  r.constraints = check_constraints(c, r.outcome);
  return r;
}

RowSchema<PlanarCollision, PlanarEvalResult> planar_schema(PlanarLaw law, bool constraints) {
  RowSchema<PlanarCollision, PlanarEvalResult> s;
  s.inputs = {
      {"W_nn", [](PlanarCollision& c, double x) { c.W.nn = x; }},
      {"W_nt", [](PlanarCollision& c, double x) { c.W.nt = x; }},
      {"W_tt", [](PlanarCollision& c, double x) { c.W.tt = x; }},
      {"v_n", [](PlanarCollision& c, double x) { c.v.n = x; }},
      {"v_t", [](PlanarCollision& c, double x) { c.v.t = x; }},
  };
  families::append_parameter_inputs<PlanarSweepSpec>(s.inputs, law_reads(law));  // mu, e and the law's own
  s.outputs = {"status", "type", "I_n", "I_t", "v_n2", "v_t2", "dE", "dE_rel"};
  // The thesis laws add the constraints, eta and their solution counts (thesis_columns.hpp).
  const bool thesis = is_thesis_law(law) || constraints;
  const ThesisColumns t{law_counts_solutions(law), law_reports_iterations(law), law_reports_convergence(law)};
  if (thesis) append_thesis_column_names(s.outputs, t);
  // The constraints only where they are written (their check costs about as much as a closed-form law).
  s.compute = [law, thesis](const PlanarCollision& c) {
    if (thesis) return evaluate_with_reports(law, c);
    PlanarEvalResult r;
    r.outcome = evaluate(law, c, &r.report);
    return r;
  };
  s.write = [thesis, t](const PlanarEvalResult& r, io::FieldSink& w) {
    const PlanarOutcome& o = r.outcome;
    if (o.status != Status::ok) {
      w.field(std::string("invalid: ") + status_reason(o.status));
      w.field("0");
      for (int i = 0; i < 6; ++i) w.empty_field();
    } else {
      w.field("ok");
      w.field(std::to_string(o.type));
      for (double x : {o.I_n, o.I_t, o.v_n2, o.v_t2, o.dE, o.dE_rel}) w.number(x);
    }
    if (thesis) write_thesis_columns(w, o.status, r.report, r.constraints, t);
    return o.status == Status::ok;
  };
  // The GPU: the outcomes and reports of the same evaluate, compiled by nvcc; the constraints on the host.
  s.compute_gpu = [law, thesis](const std::vector<PlanarCollision>& in, std::vector<PlanarEvalResult>& out,
                                std::string& error) {
    std::vector<PlanarOutcome> outcomes(in.size());
    std::vector<LawReport> reports(in.size());
    char err[512] = {};
    if (!cuda::evaluate_batch(PlanarBatch{law, reports.data()}, in.data(), outcomes.data(), in.size(), err,
                              sizeof err)) {
      error = err;
      return false;
    }
    out.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
      out[i].outcome = outcomes[i];
      out[i].report = reports[i];
      if (thesis) out[i].constraints = check_constraints(in[i], outcomes[i]);
    }
    return true;
  };
  const std::string name = law_name(law);
  s.filters = {{"law", [name](const std::string& text) { return trim_blanks(text) == name; }}};
  s.recorded = planar_recorded_columns();
  return s;
}

}  // namespace collsweep::families

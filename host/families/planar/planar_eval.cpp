// The CSV row schema of `eval` for the planar laws: columns -> PlanarCollision, outputs of PlanarOutcome.
#include "families/planar/planar_eval.hpp"

#include "io/format.hpp"

namespace collsweep::cli {

RowSchema<PlanarCollision, PlanarOutcome> planar_schema(PlanarLaw law) {
  RowSchema<PlanarCollision, PlanarOutcome> s;
  s.inputs = {
      {"W_nn", [](PlanarCollision& c, double x) { c.W.nn = x; }},
      {"W_nt", [](PlanarCollision& c, double x) { c.W.nt = x; }},
      {"W_tt", [](PlanarCollision& c, double x) { c.W.tt = x; }},
      {"v_n", [](PlanarCollision& c, double x) { c.v.n = x; }},
      {"v_t", [](PlanarCollision& c, double x) { c.v.t = x; }},
      {"mu", [](PlanarCollision& c, double x) { c.mu = x; }},
      {"e", [](PlanarCollision& c, double x) { c.e = x; }},
  };
  if (law_reads_tangential_restitution(law))
    s.inputs.push_back({"e_t", [](PlanarCollision& c, double x) { c.e_t = x; }});
  s.outputs = {"status", "type", "I_n", "I_t", "v_n2", "v_t2", "dE", "dE_rel"};
  s.compute = [law](const PlanarCollision& c) { return evaluate(law, c); };
  s.write = [](const PlanarOutcome& o, io::CsvWriter& w) {
    if (o.status != Status::ok) {
      w.field(std::string("invalid: ") + status_reason(o.status));
      w.field("0");
      for (int i = 0; i < 6; ++i) w.empty_field();
      return false;
    }
    w.field("ok");
    w.field(std::to_string(o.type));
    for (double x : {o.I_n, o.I_t, o.v_n2, o.v_t2, o.dE, o.dE_rel}) w.number(x);
    return true;
  };
  const std::string name = law_name(law);
  s.filters = {{"law", [name](const std::string& text) { return trim_blanks(text) == name; }}};
  s.recorded = planar_recorded_columns();
  return s;
}

}  // namespace collsweep::cli

// The CSV row schema of `eval` for the spatial laws: columns -> SpatialCollision, outputs of SpatialOutcome.
#include "families/spatial/spatial_eval.hpp"

#include "collsweep/cuda_api.hpp"
#include "families/shared/parameter_rows.hpp"
#include "families/spatial/family.hpp"
#include "io/format.hpp"

namespace collsweep::families {

const char* spatial_status_reason(Status s) {
  if (s == Status::delassus_not_spd)
    return "W is not symmetric positive definite (need W_nn > 0, W_11 W_22 - W_12^2 > 0 and W_nn - c^T b^-1 "
           "c "
           "> 0, c = (W_n1, W_n2), b = [[W_11, W_12], [W_12, W_22]])";
  if (s == Status::parameter_out_of_range)
    return "a law parameter outside its range (chatterjee-combined-3d: need s1 >= 0, s2 >= 0, s1 + s2 <= 1; "
           "sequential-impulse-3d: need iterations a whole number in [0, 10000], threshold >= 0, "
           "normal_first and friction_cone 0 or 1)";
  if (s == Status::not_converged)
    return "the law's iteration did not converge within its cap (smith-3d's continuation; "
           "sequential-impulse-3d with iterations = 0: no sweep reached the fixed point within 10000)";
  return status_reason(s);
}

RowSchema<SpatialCollision, SpatialOutcome> spatial_schema(SpatialLaw law) {
  RowSchema<SpatialCollision, SpatialOutcome> s;
  s.inputs = {
      {"W_nn", [](SpatialCollision& c, double x) { c.W.a = x; }},
      {"W_n1", [](SpatialCollision& c, double x) { c.W.c1 = x; }},
      {"W_n2", [](SpatialCollision& c, double x) { c.W.c2 = x; }},
      {"W_11", [](SpatialCollision& c, double x) { c.W.b11 = x; }},
      {"W_12", [](SpatialCollision& c, double x) { c.W.b12 = x; }},
      {"W_22", [](SpatialCollision& c, double x) { c.W.b22 = x; }},
      {"v_n", [](SpatialCollision& c, double x) { c.v.n = x; }},
      {"v_1", [](SpatialCollision& c, double x) { c.v.t1 = x; }},
      {"v_2", [](SpatialCollision& c, double x) { c.v.t2 = x; }},
  };
  families::append_parameter_inputs<SpatialSweepSpec>(s.inputs, law_reads(law));  // mu, e and the law's own
  s.outputs = {"status", "mode", "directions", "mu_c", "I_n",    "I_1",       "I_2",
               "vf_n",   "vf_1", "vf_2",       "dE",   "dE_rel", "swerve_deg"};
  s.compute = [law](const SpatialCollision& c) { return evaluate_spatial(law, c); };
  // The GPU: the same laws compiled by nvcc (the Routh laws as items); the thesis laws have no batch path.
  if (!is_thesis_law(law))
    s.compute_gpu = [law](const std::vector<SpatialCollision>& in, std::vector<SpatialOutcome>& out,
                          std::string& error) {
      out.resize(in.size());
      char err[512] = {};
      if (cuda::evaluate_batch(SpatialBatch{law}, in.data(), out.data(), in.size(), err, sizeof err))
        return true;
      error = err;
      return false;
    };
  s.write = [](const SpatialOutcome& o, io::FieldSink& w) {
    if (o.status != Status::ok) {
      w.field(std::string("invalid: ") + spatial_status_reason(o.status));
      w.field(mode_name(SpatialMode::none));
      for (int i = 0; i < 11; ++i) w.empty_field();
      return false;
    }
    w.field("ok");
    w.field(mode_name(o.mode));
    w.field(std::to_string(o.n_invariant));
    for (double x : {o.mu_c, o.I.n, o.I.t1, o.I.t2, o.vf.n, o.vf.t1, o.vf.t2, o.dE, o.dE_rel, o.swerve_deg})
      w.number(x);
    return true;
  };
  const std::string name = law_name(law);
  s.filters = {{"law", [name](const std::string& text) { return trim_blanks(text) == name; }}};
  s.recorded = spatial_recorded_columns();
  return s;
}

}  // namespace collsweep::families

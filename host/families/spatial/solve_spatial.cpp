// `collsweep solve` for the spatial laws: one collision in contact space or as two rigid bodies
// (Sypniewska-Kaminska & Rosinski 2008, eq. 12), its impulse path's phases and outcome (docs/commands.md).
#include "families/spatial/solve_spatial.hpp"

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "collsweep/models/spatial/constraints.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "families/shared/parameter_rows.hpp"
#include "families/shared/thesis_columns.hpp"
#include "families/spatial/bodies_file.hpp"
#include "families/spatial/bodies_report.hpp"
#include "families/spatial/family.hpp"
#include "families/spatial/impulse_phases.hpp"
#include "families/spatial/spatial_eval.hpp"
#include "families/spatial/spatial_outputs.hpp"
#include "families/spatial/thesis_eval_3d.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "vocabulary/parse_numbers.hpp"
#include "vocabulary/solve_coefficients.hpp"
#include "vocabulary/text_table.hpp"

namespace collsweep::families {
namespace {

// The parsed and checked input of one collision.
struct SpatialSolveInput {
  SpatialLaw law = spatial_law<Stronge3d>;
  SpatialCollision c;
  std::optional<BodiesInput> bodies;  // the --bodies form
};

// --W and --v: W and v1 given in the contact frame.
void parse_contact_form(const SolveOptions& o, SpatialSolveInput& in) {
  const std::vector<double> w = parse_finite_list("--W", o.W, 6, "W_nn,W_n1,W_n2,W_11,W_12,W_22");
  in.c.W = Delassus3{w[0], w[1], w[2], w[3], w[4], w[5]};
  if (o.v.empty()) throw UsageError("--v v_n,v_1,v_2 is required with --W");
  const std::vector<double> v = parse_finite_list("--v", o.v, 3, "v_n,v_1,v_2");
  in.c.v = Vec3n{v[0], v[1], v[2]};
  if (!is_spd(in.c.W))
    throw UsageError("--W " + o.W + ": " + spatial_status_reason(Status::delassus_not_spd));
}

// --bodies FILE: W and v1 of two rigid bodies at their contact point.
void parse_bodies_form(const SolveOptions& o, SpatialSolveInput& in) {
  if (!o.v.empty())
    throw UsageError("--v " + o.v + ": the bodies form takes the velocities from --bodies " + o.bodies +
                     " (v and w of each body), not from --v");
  const BodiesInput b = read_bodies_file(o.bodies);
  const BodyCollision bc = contact_from_bodies(b.body1, b.body2, b.frame);
  if (bc.status != Status::ok)
    throw UsageError("--bodies " + o.bodies + ": " + body_fault_reason(bc.fault) +
                     (bc.fault_body ? " (body " + std::to_string(bc.fault_body) + ")" : std::string()));
  in.c.W = bc.W;
  in.c.v = bc.v;
  in.bodies = b;
}

// The collision from exactly one of its two forms: --W with --v, or --bodies FILE.
void parse_collision_form(const SolveOptions& o, SpatialSolveInput& in) {
  const char* forms = "give either --W (with --v) or --bodies FILE";
  if (!o.W.empty() && !o.bodies.empty())
    throw UsageError("--W and --bodies are both given: " + std::string(forms));
  if (o.W.empty() && o.bodies.empty())
    throw UsageError("neither --W nor --bodies is given: " + std::string(forms));
  if (!o.W.empty())
    parse_contact_form(o, in);
  else
    parse_bodies_form(o, in);
}

// Reads the options into a SpatialSolveInput; throws UsageError with a one-line message.
SpatialSolveInput parse_input(const SolveOptions& o) {
  SpatialSolveInput in;
  parse_law(o.law.c_str(), &in.law);  // a spatial law (run_solve chose the family by it)
  parse_collision_form(o, in);

  const SolveCoefficients k = read_solve_coefficients(o, law_reads_tangential_restitution(in.law));
  in.c.mu = k.mu;
  in.c.e = k.e;
  in.c.e_t = k.e_t;
  return in;
}

// Bodies that separate along the file's normal may approach along the opposite one: the normal must point
// from body 2 into body 1 (Sypniewska-Kaminska & Rosinski 2008), and reversing it reverses v_n.
std::string flipped_normal_hint(const BodiesInput& b, double v_n) {
  if (!(v_n > 0.0)) return "";  // grazing: no direction of the normal makes an impact
  const Vec3& n = b.frame.n;
  const auto vec = [](double x, double y, double z) {
    return "[" + io::format_short(x, 6) + ", " + io::format_short(y, 6) + ", " + io::format_short(z, 6) + "]";
  };
  return "; the contact points separate along contact.normal = " + vec(n.x, n.y, n.z) +
         ": if the bodies do collide, the normal points the wrong way: it must point from body 2 into body 1 "
         "(contact.normal = " +
         vec(0.0 - n.x, 0.0 - n.y, 0.0 - n.z) + " gives v_n = " + io::format_short(-v_n, 6) + ")";
}

// The message for an outcome that is not ok, naming the option and the value that cause it.
std::string invalid_message(const SolveOptions& o, const SpatialSolveInput& in, Status s) {
  const std::string reason = spatial_status_reason(s);
  switch (s) {
    case Status::not_approaching:
      if (in.bodies)
        return "--bodies " + o.bodies + ": v_n = " + io::format_short(in.c.v.n, 6) +
               " (contact-point velocity of body 1 minus body 2 along the normal), " + reason +
               flipped_normal_hint(*in.bodies, in.c.v.n);
      return "--v " + o.v + ": " + reason;
    case Status::delassus_not_spd:
      return (in.bodies ? "--bodies " + o.bodies : "--W " + o.W) + ": " + reason;
    case Status::magnitude_out_of_range:
      return (in.bodies ? "--bodies " + o.bodies : "--W " + o.W + ", --v " + o.v) + ": " + reason;
    case Status::negative_friction:
      return "--mu " + o.mu + ": " + reason;
    case Status::restitution_out_of_range:
      return "--e " + o.e + ": " + reason;
    case Status::tangential_out_of_range:
      return "--et " + o.et + ": " + reason;
    default:
      return "law " + o.law + ": " + reason;
  }
}

// The collision's inputs as the tables print them (e_t and a law's parameters are appended by the caller).
// The inputs a law reads: W, v and its parameters (x: the collision, or a record with the thesis laws'
// parameters too).
template <class X>
std::vector<std::pair<std::string, double>> input_rows(SpatialLaw law, const X& x) {
  const SpatialCollision& c = *families::holder_c(x);
  const Delassus3& W = c.W;
  std::vector<std::pair<std::string, double>> rows = {{"W_nn", W.a},   {"W_n1", W.c1},  {"W_n2", W.c2},
                                                      {"W_11", W.b11}, {"W_12", W.b12}, {"W_22", W.b22},
                                                      {"v_n", c.v.n},  {"v_1", c.v.t1}, {"v_2", c.v.t2}};
  for (auto& row : families::law_parameter_values<SpatialSweepSpec>(law_reads(law), x)) rows.push_back(row);
  return rows;
}

std::string mode_text(const SpatialOutcome& o) {
  return std::string(mode_name(o.mode)) + " (" + mode_description(o.mode) + ")";
}

// ---- the outcome ----

void print_json(const SpatialSolveInput& in, const SpatialOutcome& out, double T_acc, const BodiesAfter* ba) {
  io::JsonWriter j(std::cout);
  j.begin_object();
  j.key("status").string("ok").key("reason").string(status_reason(out.status));
  j.key("law").string(law_name(in.law)).key("mode").string(mode_name(out.mode));
  j.key("mode_description").string(mode_description(out.mode));
  j.key("inputs").begin_object();
  j.key("form").string(in.bodies ? "bodies" : "contact");
  for (const auto& [name, value] : input_rows(in.law, in.c)) j.key(name).number(value);
  j.end_object();
  j.key("outputs").begin_object();
  j.key("I_n").number(out.I.n).key("I_1").number(out.I.t1).key("I_2").number(out.I.t2);
  j.key("vf_n").number(out.vf.n).key("vf_1").number(out.vf.t1).key("vf_2").number(out.vf.t2);
  j.key("dE").number(out.dE).key("dE_rel").number(out.dE_rel).key("T_acc").number(T_acc);
  if (is_routh_law(in.law)) {  // the Routh path's work and events (an algebraic law has no path)
    j.key("W_n").number(out.W_n).key("W_t").number(out.W_t);
    j.key("I_nc").number(out.I_nc).key("I_nh");
    if (out.mode == SpatialMode::A)
      j.null();  // the slip never halts (an I_nh of 0 is a halt at the start: no initial slip)
    else
      j.number(out.I_nh);
  }
  j.key("directions").integer(out.n_invariant).key("mu_c").number(out.mu_c);
  j.key("swerve_deg").number(out.swerve_deg);
  j.end_object();
  j.key("phases").begin_array();
  for (const ImpulsePhase& p : impulse_phases(in.law, out))
    j.begin_object()
        .key("phase")
        .string(p.what)
        .key("from")
        .number(p.from)
        .key("to")
        .number(p.to)
        .end_object();
  j.end_array();
  if (ba) write_bodies_json(j, *in.bodies, *ba);
  j.end_object();
}

void print_phases(std::ostream& os, const SpatialSolveInput& in, const SpatialOutcome& out) {
  os << "\nimpulse path (normal impulse I_n as time-like variable)\n";
  if (!is_routh_law(in.law)) {
    os << "  none: Law II is algebraic, P = (1 + e) P1 + kappa D (" << mode_description(out.mode) << ")\n";
    return;
  }
  TextTable t;
  t.row({"phase", "I_n from", "I_n to"});
  for (const ImpulsePhase& p : impulse_phases(in.law, out))
    t.row({p.what, table_number(p.from), table_number(p.to)});
  t.print(os);
  TextTable e;
  if (in.c.v.t1 == 0.0 && in.c.v.t2 == 0.0 && in.c.mu > 0.0) e.row({"no initial slip", "v_1 = v_2 = 0"});
  if (out.mode == SpatialMode::A)
    e.row({"slip halts", "never", "(slides throughout)"});
  else if (out.I_nh > 0.0)
    e.row(
        {"slip halts", "I_n = " + io::format_short(out.I_nh, 10),
         out.mode == SpatialMode::B || out.mode == SpatialMode::C ? "(in compression)" : "(in restitution)"});
  e.row({"end of compression", "I_n = " + io::format_short(out.I_nc, 10), "(v_n = 0)"});
  e.row({"end of impact", "I_n = " + io::format_short(out.I.n, 10)});
  e.print(os);
}

void print_table(const SpatialSolveInput& in, const SpatialOutcome& out, double T_acc,
                 const BodiesAfter* ba) {
  std::ostream& os = std::cout;
  TextTable head;
  head.row({"law", law_name(in.law)});
  head.row({"status", "ok"});
  head.row({"mode", mode_text(out)});
  head.row({"invariant directions", std::to_string(out.n_invariant) +
                                        (out.n_invariant == 0 ? " (every direction: b = k I, c = 0)" : "")});
  head.row({"mu_c", io::format_short(out.mu_c, 10) +
                        (in.c.mu >= out.mu_c ? " (mu >= mu_c: sticking holds once the slip halts)"
                                             : " (mu < mu_c: no sticking)")});
  head.print(os);
  os << '\n';

  TextTable t;
  t.row({"input", "value", "", "output", "value"});
  std::vector<std::pair<std::string, double>> ins = input_rows(in.law, in.c);
  std::vector<std::pair<std::string, double>> outs = {{"I_n", out.I.n},    {"I_1", out.I.t1},
                                                      {"I_2", out.I.t2},   {"vf_n", out.vf.n},
                                                      {"vf_1", out.vf.t1}, {"vf_2", out.vf.t2},
                                                      {"dE", out.dE},      {"dE_rel", out.dE_rel},
                                                      {"T_acc", T_acc},    {"swerve_deg", out.swerve_deg}};
  if (is_routh_law(in.law)) {
    outs.emplace_back("W_n", out.W_n);
    outs.emplace_back("W_t", out.W_t);
  }
  for (std::size_t i = 0; i < std::max(ins.size(), outs.size()); ++i) {
    std::vector<std::string> cells(5);
    if (i < ins.size()) cells[0] = ins[i].first, cells[1] = table_number(ins[i].second);
    if (i < outs.size()) cells[3] = outs[i].first, cells[4] = table_number(outs[i].second);
    t.row(cells);
  }
  t.print(os);
  print_phases(os, in, out);
  if (ba) print_bodies_table(os, *in.bodies, *ba);
  os << "\n(frame (n, t1, t2): P = (I_n, I_1, I_2) on body 1, v2 = v1 + W P; dE = P.(v1 + v2)/2 = W_n + W_t; "
        "swerve: the angle from the initial to the final slip direction)\n";
}

// ---- Chatterjee's thesis laws in 3D (thesis_eval_3d.hpp) ----

// An iterative engine law's sweeps (law_reports_convergence): what each left, for solve's table.
using SweepStates = std::vector<SpatialSweepState>;

void print_thesis_json(const SolveOptions& o, SpatialLaw law, const SpatialThesisInput& in,
                       const SpatialThesisResult& r, double T_acc, const BodiesAfter* ba,
                       const std::optional<BodiesInput>& bodies, const SweepStates& sweeps) {
  const SpatialOutcome& out = r.outcome;
  io::JsonWriter j(std::cout);
  j.begin_object();
  j.key("status").string("ok").key("reason").string(status_reason(out.status));
  j.key("law").string(o.law).key("type").integer(r.report.type);
  j.key("type_label").string(type_label(law, r.report.type));
  j.key("inputs").begin_object();
  j.key("form").string(bodies ? "bodies" : "contact");
  for (const auto& [name, value] : input_rows(law, in)) j.key(name).number(value);
  j.end_object();
  j.key("outputs").begin_object();
  j.key("I_n").number(out.I.n).key("I_1").number(out.I.t1).key("I_2").number(out.I.t2);
  j.key("vf_n").number(out.vf.n).key("vf_1").number(out.vf.t1).key("vf_2").number(out.vf.t2);
  j.key("dE").number(out.dE).key("dE_rel").number(out.dE_rel).key("T_acc").number(T_acc);
  j.key("directions").integer(out.n_invariant).key("mu_c").number(out.mu_c);
  j.key("swerve_deg").number(out.swerve_deg);
  for (int i = 0; i < 4; ++i)
    j.key(std::string("C") + std::to_string(i + 1)).boolean((r.constraints.violated & (1u << i)) != 0);
  if (r.constraints.eta_defined)
    j.key("eta").number(r.constraints.eta);
  else
    j.key("eta").null();
  if (law_counts_solutions(law)) j.key("solutions").integer(r.report.solutions);
  if (law_reports_iterations(law)) j.key("iterations").integer(r.report.iterations);
  if (law_reports_convergence(law)) {
    j.key("iterations_used").integer(r.report.iterations);
    j.key("converged").boolean(r.report.converged != 0);
  }
  j.end_object();
  if (law_reports_convergence(law)) {
    j.key("sweeps").begin_array();
    for (const SpatialSweepState& st : sweeps) {
      j.begin_object().key("sweep").integer(st.sweep);
      j.key("P_n").number(st.P.n).key("P_1").number(st.P.t1).key("P_2").number(st.P.t2);
      j.key("v_n").number(st.v.n).key("v_1").number(st.v.t1).key("v_2").number(st.v.t2);
      j.key("change").number(st.change).end_object();
    }
    j.end_array();
  }
  if (ba) write_bodies_json(j, *bodies, *ba);
  j.end_object();
}

// The sweeps' table: the accumulated impulses and the contact velocity after each sweep.
void print_sweeps(std::ostream& os, const SweepStates& sweeps) {
  os << "\nsweeps (accumulated impulse P and contact velocity v after each; change: the largest change of an "
        "accumulated impulse in the sweep)\n";
  TextTable t;
  t.row({"sweep", "P_n", "P_1", "P_2", "v_n", "v_1", "v_2", "change"});
  for (const SpatialSweepState& st : sweeps)
    t.row({std::to_string(st.sweep), table_number(st.P.n), table_number(st.P.t1), table_number(st.P.t2),
           table_number(st.v.n), table_number(st.v.t1), table_number(st.v.t2), table_number(st.change)});
  t.print(os);
}

void print_thesis_table(const SolveOptions& o, SpatialLaw law, const SpatialThesisInput& in,
                        const SpatialThesisResult& r, double T_acc, const BodiesAfter* ba,
                        const std::optional<BodiesInput>& bodies, const SweepStates& sweeps) {
  const SpatialOutcome& out = r.outcome;
  std::ostream& os = std::cout;
  TextTable head;
  head.row({"law", o.law});
  head.row({"status", "ok"});
  head.row({"type", std::to_string(r.report.type) + " (" + type_label(law, r.report.type) + ")"});
  head.row({"violates", violated_names(r.constraints)});
  if (law_counts_solutions(law)) head.row({"solutions", std::to_string(r.report.solutions)});
  if (law_reports_iterations(law)) head.row({"iterations", std::to_string(r.report.iterations)});
  if (law_reports_convergence(law))
    head.row(
        {"sweeps", std::to_string(r.report.iterations) +
                       (r.report.converged ? " (converged: the last sweep moved no impulse)"
                                           : " (not converged: the last sweep still moved the impulses)")});
  head.print(os);
  os << '\n';
  TextTable t;
  t.row({"input", "value", "", "output", "value"});
  std::vector<std::pair<std::string, double>> ins = input_rows(law, in);
  std::vector<std::pair<std::string, double>> outs = {{"I_n", out.I.n},    {"I_1", out.I.t1},
                                                      {"I_2", out.I.t2},   {"vf_n", out.vf.n},
                                                      {"vf_1", out.vf.t1}, {"vf_2", out.vf.t2},
                                                      {"dE", out.dE},      {"dE_rel", out.dE_rel},
                                                      {"T_acc", T_acc},    {"swerve_deg", out.swerve_deg}};
  if (r.constraints.eta_defined) outs.emplace_back("eta", r.constraints.eta);
  for (std::size_t i = 0; i < std::max(ins.size(), outs.size()); ++i) {
    std::vector<std::string> cells(5);
    if (i < ins.size()) cells[0] = ins[i].first, cells[1] = table_number(ins[i].second);
    if (i < outs.size()) cells[3] = outs[i].first, cells[4] = table_number(outs[i].second);
    t.row(cells);
  }
  t.print(os);
  if (law_reports_convergence(law)) print_sweeps(os, sweeps);
  if (ba) print_bodies_table(os, *bodies, *ba);
  os << "\n(frame (n, t1, t2): P = (I_n, I_1, I_2) on body 1, v2 = v1 + W P; violates: the constraints C1-C4 "
        "of Chatterjee 1997 §3.2-§3.4 the outcome breaks)\n";
}

}  // namespace

std::optional<SolveFailure> solve_spatial_thesis(const SolveOptions& o, SpatialLaw law) {
  SpatialSolveInput base;
  parse_collision_form(o, base);
  const SolveCoefficients k = read_solve_coefficients(o, law_reads_tangential_restitution(law));
  SpatialThesisInput in;
  in.c = base.c;
  in.c.mu = k.mu;
  in.c.e = k.e;
  in.c.e_t = k.e_t;
  families::read_parameter_options<SpatialSweepSpec>(o, law_reads(law), in);
  SweepStates sweeps;  // an iterative law's sweeps, as they run
  SpatialThesisResult r;
  r.outcome = evaluate_spatial_traced(law, in.c, in.params, &r.report,
                                      [&](const SpatialSweepState& st) { sweeps.push_back(st); });
  r.constraints = check_constraints(in.c, r.outcome);
  if (r.outcome.status != Status::ok) {
    const Status s = r.outcome.status;
    if (s == Status::parameter_out_of_range)
      return SolveFailure{status_name(s),
                          families::given_parameter_options<SpatialSweepSpec>(o, law_reads(law)) + ": " +
                              spatial_status_reason(s)};
    return SolveFailure{status_name(s), invalid_message(o, base, s)};
  }
  const double T_acc = accessible_energy(in.c.W, in.c.v);
  std::optional<BodiesAfter> ba;
  if (base.bodies) ba = apply_impulse(*base.bodies, r.outcome.I);
  if (o.json)
    print_thesis_json(o, law, in, r, T_acc, ba ? &*ba : nullptr, base.bodies, sweeps);
  else
    print_thesis_table(o, law, in, r, T_acc, ba ? &*ba : nullptr, base.bodies, sweeps);
  return std::nullopt;
}

std::optional<SolveFailure> solve_spatial(const SolveOptions& o) {
  const SpatialSolveInput in = parse_input(o);
  const SpatialOutcome out = evaluate_spatial(in.law, in.c);
  if (out.status != Status::ok)
    return SolveFailure{status_name(out.status), invalid_message(o, in, out.status)};
  const double T_acc = accessible_energy(in.c.W, in.c.v);
  std::optional<BodiesAfter> ba;
  if (in.bodies) ba = apply_impulse(*in.bodies, out.I);
  if (o.json)
    print_json(in, out, T_acc, ba ? &*ba : nullptr);
  else
    print_table(in, out, T_acc, ba ? &*ba : nullptr);
  return std::nullopt;
}

}  // namespace collsweep::families

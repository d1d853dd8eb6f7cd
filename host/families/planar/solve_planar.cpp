// `collsweep solve` for the planar laws: one collision in contact-space form (--W, --v) or mechanism form
// (--M, --J with --v or --u; W = J M^-1 J^T, Delta u = M^-1 J^T P, Djerassi 2009 eqs 13-16 and 23a-c).
#include "families/planar/solve_planar.hpp"

#include <Eigen/Dense>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "collsweep/models/planar/laws/registry.hpp"
#include "families/planar/family.hpp"
#include "families/planar/mechanism.hpp"
#include "families/planar/planar_eval.hpp"
#include "families/shared/parameter_rows.hpp"
#include "families/shared/thesis_columns.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "vocabulary/parse_numbers.hpp"
#include "vocabulary/solve_coefficients.hpp"
#include "vocabulary/text_table.hpp"

namespace collsweep::families {
namespace {

// The parsed and checked input of one collision.
struct SolveInput {
  PlanarLaw law = planar_law<Stronge>;
  PlanarCollision c;
  bool mechanism_form = false;
  Mechanism mech;
  std::optional<Eigen::VectorXd> u;  // generalized speeds (mechanism form with --u)
};

Eigen::MatrixXd row_major(const std::vector<double>& xs, Eigen::Index rows, Eigen::Index cols) {
  Eigen::MatrixXd m(rows, cols);
  for (Eigen::Index i = 0; i < rows; ++i)
    for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = xs[static_cast<std::size_t>(i * cols + j)];
  return m;
}

// Reads the options into a SolveInput; throws UsageError with a one-line message.
SolveInput parse_input(const SolveOptions& o) {
  SolveInput in;
  parse_law(o.law.c_str(), &in.law);  // a planar law (run_solve chose the family by it)

  const char* forms = "give either --W (with --v) or --M and --J (with --v or --u)";
  if (!o.W.empty() && !o.M.empty()) throw UsageError("--W and --M are both given: " + std::string(forms));
  if (o.W.empty() && o.M.empty()) throw UsageError("neither --W nor --M is given: " + std::string(forms));

  if (!o.W.empty()) {
    const std::initializer_list<std::pair<const char*, const std::string*>> mechanism_only = {
        {"--J", &o.J}, {"--u", &o.u}, {"--dof", &o.dof}};
    for (const auto& [name, value] : mechanism_only)
      if (!value->empty())
        throw UsageError(std::string(name) + " belongs to the mechanism form (--M, --J), not to --W");
    const std::vector<double> w = parse_finite_list("--W", o.W, 3, "m_nn,m_nt,m_tt");
    in.c.W = Delassus2{w[0], w[1], w[2]};
    if (o.v.empty()) throw UsageError("--v v_n,v_t is required with --W");
    const std::vector<double> v = parse_finite_list("--v", o.v, 2, "v_n,v_t");
    in.c.v = Velocity2{v[0], v[1]};
    if (!is_spd(in.c.W)) throw UsageError("--W " + o.W + ": " + status_reason(Status::delassus_not_spd));
  } else {
    in.mechanism_form = true;
    if (o.J.empty()) throw UsageError("--J (2 x n, row-major: V_n then V_t) is required with --M");
    std::size_t n = 0;
    if (!o.dof.empty()) {
      n = static_cast<std::size_t>(parse_positive_int("--dof", o.dof));
    } else {
      const std::vector<double> m = parse_number_list("--M", o.M, 0);
      while (n * n < m.size()) ++n;
      if (n * n != m.size())
        throw UsageError("--M: expected a square matrix (n*n numbers, row-major), got " +
                         std::to_string(m.size()) + " in '" + o.M + "'");
    }
    const std::string nn = std::to_string(n);
    const std::vector<double> m = parse_finite_list(
        "--M", o.M, n * n, (nn + " x " + nn + " = " + std::to_string(n * n) + ", row-major").c_str());
    const std::vector<double> j = parse_finite_list(
        "--J", o.J, 2 * n,
        ("2 x " + nn + " = " + std::to_string(2 * n) + ", row-major: V_n then V_t").c_str());
    const auto ni = static_cast<Eigen::Index>(n);
    in.mech.M = row_major(m, ni, ni);
    in.mech.J = row_major(j, 2, ni);
    try {
      validate_mechanism(in.mech);
    } catch (const std::invalid_argument& e) {
      const std::string why = e.what();
      const bool about_M = why.rfind("M ", 0) == 0;
      throw UsageError(about_M ? "--M " + o.M + ": " + why : "--J " + o.J + ": " + why);
    }
    in.c.W = delassus_from_mechanism(in.mech);
    if (!o.v.empty() && !o.u.empty()) throw UsageError("--v and --u are both given: give one of them");
    if (o.v.empty() && o.u.empty())
      throw UsageError(
          "neither --v nor --u is given: the mechanism form needs --v v_n,v_t or --u u_1,...,u_" + nn);
    if (!o.v.empty()) {
      const std::vector<double> v = parse_finite_list("--v", o.v, 2, "v_n,v_t");
      in.c.v = Velocity2{v[0], v[1]};
    } else {
      const std::vector<double> u = parse_finite_list("--u", o.u, n, ("u_1,...,u_" + nn).c_str());
      in.u = Eigen::Map<const Eigen::VectorXd>(u.data(), ni);
      in.c.v = contact_velocity(in.mech, *in.u);
    }
  }

  const SolveCoefficients k = read_solve_coefficients(o, law_reads_tangential_restitution(in.law));
  in.c.mu = k.mu;
  in.c.e = k.e;
  in.c.e_t = k.e_t;
  families::read_parameter_options<PlanarSweepSpec>(o, law_reads(in.law), in.c);
  return in;
}

// The message for an outcome that is not ok, naming the option and the value that cause it.
std::string invalid_message(const SolveOptions& o, const SolveInput& in, Status s) {
  const std::string reason = status_reason(s);
  switch (s) {
    case Status::not_approaching:
      if (in.u) return "--u " + o.u + ": v_n = J u = " + io::format_short(in.c.v.n, 6) + ", " + reason;
      return "--v " + o.v + ": " + reason;
    case Status::delassus_not_spd:
      return (in.mechanism_form ? "--J " + o.J : "--W " + o.W) + ": " + reason;
    case Status::magnitude_out_of_range:
      return (in.mechanism_form ? "--M " + o.M + ", --J " + o.J : "--W " + o.W) + ", " +
             (in.u ? "--u " + o.u : "--v " + o.v) + ": " + reason;
    case Status::negative_friction:
      return "--mu " + o.mu + ": " + reason;
    case Status::restitution_out_of_range:
      return "--e " + o.e + ": " + reason;
    case Status::tangential_out_of_range:
      return "--et " + o.et + ": " + reason;
    case Status::parameter_out_of_range:
      return families::given_parameter_options<PlanarSweepSpec>(o, law_reads(in.law)) + ": " + reason;
    default:
      return reason;
  }
}

std::vector<double> to_vector(const Eigen::VectorXd& x) {
  return std::vector<double>(x.data(), x.data() + x.size());
}

std::vector<double> row_major_values(const Eigen::MatrixXd& m) {
  std::vector<double> xs;
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) xs.push_back(m(i, j));
  return xs;
}

struct MechanismResult {
  Eigen::VectorXd du, u2;
  double T_before = 0.0, T_after = 0.0;
};

// The thesis laws' inputs (s1, s2, ratio) and results (C1..C4, eta, solutions, iterations), for the json.
void thesis_json(io::JsonWriter& j, const SolveInput& in, const PlanarEvalResult& r) {
  if (!is_thesis_law(in.law)) return;
  for (int i = 0; i < 4; ++i)
    j.key(std::string("C") + std::to_string(i + 1)).boolean((r.constraints.violated & (1u << i)) != 0);
  if (r.constraints.eta_defined)
    j.key("eta").number(r.constraints.eta);
  else
    j.key("eta").null();
  if (law_counts_solutions(in.law)) j.key("solutions").integer(r.report.solutions);
  if (law_reports_iterations(in.law)) j.key("iterations").integer(r.report.iterations);
  if (law_reports_convergence(in.law)) {
    j.key("iterations_used").integer(r.report.iterations);
    j.key("converged").boolean(r.report.converged != 0);
  }
}

// A sweeping law's sweeps (the sequential impulses), one state per sweep; empty for the other laws.
std::vector<PlanarSweepState> sweeps_of(const SolveInput& in) {
  std::vector<PlanarSweepState> rows;
  if (law_reports_convergence(in.law))
    evaluate_traced(in.law, in.c, nullptr, [&](const PlanarSweepState& s) { rows.push_back(s); });
  return rows;
}

void print_json(const SolveInput& in, const PlanarEvalResult& r, double T_acc, const MechanismResult* mr) {
  const PlanarOutcome& out = r.outcome;
  io::JsonWriter j(std::cout);
  j.begin_object();
  j.key("status").string("ok").key("reason").string(status_reason(out.status));
  j.key("law").string(law_name(in.law)).key("type").integer(out.type);
  j.key("type_label").string(type_label(in.law, out.type));
  j.key("inputs").begin_object();
  j.key("form").string(in.mechanism_form ? "mechanism" : "contact");
  if (in.mechanism_form) {
    j.key("dof").integer(in.mech.M.rows());
    j.key("M").numbers(row_major_values(in.mech.M));
    j.key("J").numbers(row_major_values(in.mech.J));
    if (in.u) j.key("u").numbers(to_vector(*in.u));
  }
  j.key("W_nn").number(in.c.W.nn).key("W_nt").number(in.c.W.nt).key("W_tt").number(in.c.W.tt);
  j.key("v_n").number(in.c.v.n).key("v_t").number(in.c.v.t);
  for (const auto& [name, value] : families::law_parameter_values<PlanarSweepSpec>(law_reads(in.law), in.c))
    j.key(name).number(value);
  j.end_object();
  j.key("outputs").begin_object();
  j.key("I_n").number(out.I_n).key("I_t").number(out.I_t);
  j.key("v_n2").number(out.v_n2).key("v_t2").number(out.v_t2);
  j.key("dE").number(out.dE).key("dE_rel").number(out.dE_rel).key("T_acc").number(T_acc);
  thesis_json(j, in, r);
  if (law_reports_convergence(in.law)) {
    j.key("sweeps").begin_array();
    for (const PlanarSweepState& s : sweeps_of(in)) {
      j.begin_object();
      j.key("sweep").integer(s.sweep).key("P_n").number(s.P_n).key("P_t").number(s.P_t);
      j.key("v_n").number(s.v_n).key("v_t").number(s.v_t);
      j.end_object();
    }
    j.end_array();
  }
  if (mr) {
    j.key("du").numbers(to_vector(mr->du));
    if (in.u) {
      j.key("u2").numbers(to_vector(mr->u2));
      j.key("T_before").number(mr->T_before).key("T_after").number(mr->T_after);
    }
  }
  j.end_object();
  j.end_object();
}

void print_table(const SolveInput& in, const PlanarEvalResult& r, double T_acc, const MechanismResult* mr) {
  const PlanarOutcome& out = r.outcome;
  std::ostream& os = std::cout;
  TextTable head;
  head.row({"law", law_name(in.law)});
  head.row({"status", "ok"});
  head.row({"type", std::to_string(out.type) + " (" + type_label(in.law, out.type) + ")"});
  if (is_thesis_law(in.law)) {
    head.row({"violates", violated_names(r.constraints)});
    if (law_counts_solutions(in.law)) head.row({"solutions", std::to_string(r.report.solutions)});
    if (law_reports_iterations(in.law)) head.row({"iterations", std::to_string(r.report.iterations)});
    if (law_reports_convergence(in.law)) {
      head.row({"iterations used", std::to_string(r.report.iterations)});
      head.row({"converged", r.report.converged ? "yes (the last sweep moved no impulse)" : "no"});
    }
  }
  head.print(os);
  os << '\n';

  TextTable t;
  t.row({"input", "value", "", "output", "value"});
  std::vector<std::pair<std::string, double>> ins = {
      {"W_nn", in.c.W.nn}, {"W_nt", in.c.W.nt}, {"W_tt", in.c.W.tt}, {"v_n", in.c.v.n}, {"v_t", in.c.v.t}};
  for (auto& row : families::law_parameter_values<PlanarSweepSpec>(law_reads(in.law), in.c))
    ins.push_back(row);
  std::vector<std::pair<std::string, double>> outs = {
      {"I_n", out.I_n}, {"I_t", out.I_t},       {"v_n2", out.v_n2}, {"v_t2", out.v_t2},
      {"dE", out.dE},   {"dE_rel", out.dE_rel}, {"T_acc", T_acc}};
  if (mr && in.u) {
    outs.emplace_back("T_before", mr->T_before);
    outs.emplace_back("T_after", mr->T_after);
  }
  if (is_thesis_law(in.law) && r.constraints.eta_defined) outs.emplace_back("eta", r.constraints.eta);
  for (std::size_t i = 0; i < std::max(ins.size(), outs.size()); ++i) {
    std::vector<std::string> cells(5);
    if (i < ins.size()) cells[0] = ins[i].first, cells[1] = table_number(ins[i].second);
    if (i < outs.size()) cells[3] = outs[i].first, cells[4] = table_number(outs[i].second);
    t.row(cells);
  }
  t.print(os);

  if (law_reports_convergence(in.law)) {
    os << '\n';
    TextTable g;
    g.row({"sweep", "P_n", "P_t", "v_n", "v_t"});
    for (const PlanarSweepState& s : sweeps_of(in))
      g.row({std::to_string(s.sweep), table_number(s.P_n + 0.0), table_number(s.P_t + 0.0),
             table_number(s.v_n + 0.0), table_number(s.v_t + 0.0)});  // (+ 0.0: a clamped -0 reads as 0)
    g.print(os);
  }

  if (mr) {
    os << '\n';
    TextTable g;
    if (in.u)
      g.row({"dof", "u", "du", "u2"});
    else
      g.row({"dof", "du"});
    for (Eigen::Index i = 0; i < mr->du.size(); ++i) {
      if (in.u)
        g.row({std::to_string(i + 1), table_number((*in.u)(i)), table_number(mr->du(i)),
               table_number(mr->u2(i))});
      else
        g.row({std::to_string(i + 1), table_number(mr->du(i))});
    }
    g.print(os);
  }
  if (in.mechanism_form) os << "\n(W = J M^-1 J^T" << (in.u ? ", v = J u" : "") << ", du = M^-1 J^T P)\n";
}

// The planar form: parse, evaluate, print. Returns the failure (nothing printed) when not ok.
}  // namespace

std::optional<SolveFailure> solve_planar(const SolveOptions& o) {
  const SolveInput in = parse_input(o);
  const PlanarEvalResult r = evaluate_with_reports(in.law, in.c);
  const PlanarOutcome& out = r.outcome;
  if (out.status != Status::ok)
    return SolveFailure{status_name(out.status), invalid_message(o, in, out.status)};
  const double T_acc = accessible_energy(in.c.W, in.c.v);
  MechanismResult mr;
  if (in.mechanism_form) {
    mr.du = velocity_change(in.mech, out.I_n, out.I_t);
    if (in.u) {
      mr.u2 = *in.u + mr.du;
      mr.T_before = 0.5 * in.u->dot(in.mech.M * *in.u);
      mr.T_after = 0.5 * mr.u2.dot(in.mech.M * mr.u2);
    }
  }
  if (o.json)
    print_json(in, r, T_acc, in.mechanism_form ? &mr : nullptr);
  else
    print_table(in, r, T_acc, in.mechanism_form ? &mr : nullptr);
  return std::nullopt;
}

}  // namespace collsweep::families

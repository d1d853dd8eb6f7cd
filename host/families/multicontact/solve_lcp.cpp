// `collsweep solve` for the multi-contact LCP laws: --G/--gamma/..., both phases, every distinct solution and
// Glocker 2014's sufficient conditions (111), (117), (121), as a table or JSON (docs/commands.md).
#include "families/multicontact/solve_lcp.hpp"

#include <iostream>
#include <utility>
#include <vector>

#include "collsweep/models/multicontact/near_singular.hpp"
#include "collsweep/models/multicontact/planar_body.hpp"
#include "families/multicontact/body_reader.hpp"
#include "families/multicontact/family.hpp"
#include "families/multicontact/law_instances.hpp"
#include "families/multicontact/lcp_law.hpp"
#include "families/multicontact/lcp_solutions.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "vocabulary/parse_numbers.hpp"
#include "vocabulary/text_table.hpp"

namespace collsweep::families {
namespace {

std::vector<double> parse_required_list(const char* option, const std::string& text, int n,
                                        const std::string& layout) {
  if (text.empty()) throw UsageError(std::string(option) + " is required (" + layout + ")");
  return parse_finite_list(option, text, static_cast<std::size_t>(n), layout);
}

// "N1..Nk,T1..Tk" style layout text.
std::string rows_text(int k, const char* prefix_n, const char* prefix_t) {
  return std::string(prefix_n) + "1.." + prefix_n + std::to_string(k) + "," + prefix_t + "1.." + prefix_t +
         std::to_string(k);
}

template <int K>
struct LcpInput {
  MultiContactLaw law = multicontact_law<PoissonLcp>;
  MultiContactCollision<K> c{};
  MultiContactOptions opt{};
  const PlanarBodyFile* body = nullptr;  // --bodies: G and gamma^- are this body's
};

template <int K>
LcpInput<K> parse_lcp_input(const LcpSolveOptions& o, MultiContactLaw law, const PlanarBodyFile* body) {
  constexpr int n = 2 * K;
  LcpInput<K> in;
  in.law = law;
  in.body = body;
  const std::string k = std::to_string(K), ns = std::to_string(n);
  if (body) {
    // G = J M^-1 J^T and gamma^- = J v of the body (models/multicontact/planar_body.hpp).
    double G[2 * max_contacts][2 * max_contacts] = {}, gamma[2 * max_contacts] = {};
    planar_body_delassus(body->body, K, G);
    planar_body_contact_velocities(body->body, K, body->velocity, gamma);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) in.c.G[i][j] = G[i][j];
      in.c.gamma_minus[i] = gamma[i];
    }
  } else {
    const std::vector<double> g = parse_required_list(
        "--G", o.G, lcp_upper_count(K),
        "upper triangle of the " + ns + " x " + ns + " G, row-major, " + std::to_string(lcp_upper_count(K)) +
            " numbers, rows and columns " + rows_text(K, "N", "T"));
    std::size_t p = 0;
    for (int i = 0; i < n; ++i)
      for (int j = i; j < n; ++j) in.c.G[i][j] = in.c.G[j][i] = g[p++];
    const std::vector<double> gm = parse_required_list(
        "--gamma", o.gamma, n, "pre-impact contact velocities " + rows_text(K, "gamma_N", "gamma_T"));
    for (int i = 0; i < n; ++i) in.c.gamma_minus[i] = gm[static_cast<std::size_t>(i)];
  }
  const std::vector<double> mu =
      parse_required_list("--mu", o.mu, K, "mu_1..mu_" + k + ", friction per contact");
  const std::vector<double> en =
      parse_required_list("--eN", o.eN, K, "eps_N1..eps_N" + k + ", normal impact coefficients in [0, 1]");
  const std::vector<double> et = parse_required_list(
      "--eT", o.eT, K, "eps_T1..eps_T" + k + ", tangential impact coefficients in [0, eps_N]");
  for (int j = 0; j < K; ++j) {
    const auto u = static_cast<std::size_t>(j);
    in.c.mu[j] = mu[u];
    in.c.eps_N[j] = en[u];
    in.c.eps_T[j] = et[u];
  }
  in.opt.solver = parse_lcp_solver(o.solver);
  // The law parameters it reads (the engine law's settings, parameters.hpp): each option as given, else the
  // row's default (Box2D's: 8 sweeps, threshold 0, friction first, order as given, block solver on).
  SolveOptions given = o.all;
  const MultiContactSamplePlan defaults;
  FamilyTraits<MultiContactSweepSpec>::for_each_parameter([&](const auto& row) {
    std::string& v = given.parameters[row.info.option];
    if (v.empty() && row.info.read_by(law_reads(law))) v = io::format_short(row.dist(defaults).lo, 17);
  });
  given.law = o.law;
  read_parameter_options<MultiContactSweepSpec>(given, law_reads(law), in.c);
  return in;
}

// The first contact (1-based) that violates a per-contact check, for the message.
template <int K>
int first_contact(const MultiContactCollision<K>& c, Status s) {
  for (int j = 0; j < K; ++j) {
    const bool bad = s == Status::negative_friction          ? c.mu[j] < 0.0
                     : s == Status::restitution_out_of_range ? c.eps_N[j] < 0.0 || c.eps_N[j] > 1.0
                                                             : c.eps_T[j] < 0.0 || c.eps_T[j] > c.eps_N[j];
    if (bad) return j + 1;
  }
  return 0;
}

template <int K>
std::string invalid_message(const LcpSolveOptions& o, const LcpInput<K>& in, Status s) {
  const std::string reason = lcp_status_reason(s);
  const auto per_contact = [&](const char* option, const std::string& text) {
    return std::string(option) + " " + text + ": contact " + std::to_string(first_contact(in.c, s)) + ": " +
           reason;
  };
  switch (s) {
    case Status::delassus_not_spd:
    case Status::singular_delassus:
      return "--G " + o.G + ": " + reason;
    case Status::not_approaching:
      return "--gamma " + o.gamma + ": " + reason;
    case Status::magnitude_out_of_range:
      return "--G " + o.G + ", --gamma " + o.gamma + ": " + reason;
    case Status::indeterminate_outcome:
      return (o.bodies.empty() ? "--G " + o.G + ", --gamma " + o.gamma : "--bodies " + o.bodies) + ": law " +
             o.law + ": " + reason + " (docs/multicontact.md, \"Semidefinite G\")";
    case Status::negative_friction:
      return per_contact("--mu", o.mu);
    case Status::restitution_out_of_range:
      return per_contact("--eN", o.eN);
    case Status::coefficient_out_of_range:
      return per_contact("--eT", o.eT);
    case Status::parameter_out_of_range: {
      std::string given;
      FamilyTraits<MultiContactSweepSpec>::for_each_parameter([&](const auto& row) {
        given += (given.empty() ? "" : ", ") + std::string(row.info.option) + " " +
                 io::format_short(*row.value(in.c));
      });
      return given + ": " + reason;
    }
    default:
      return "law " + o.law + " with --solver " + lcp_solver_name(in.opt.solver) + ": " + reason;
  }
}

template <int K>
std::vector<double> vec(const double (&xs)[K]) {
  return std::vector<double>(xs, xs + K);
}

const char* yes_no(bool b) { return b ? "yes" : "no"; }

// A row "name value [note]" (no trailing blanks when the note is empty).
void labelled(TextTable& t, const std::string& name, const std::string& value, const std::string& note = "") {
  if (note.empty())
    t.row({name, value});
  else
    t.row({name, value, note});
}

// The engine law's every sweep (laws/sequential_impulse.hpp's trace): the restitution biases, how the normal
// impulses were solved, and after each sweep the accumulated impulses, the contact velocities, the largest
// change and whether it is within the fixed-point tolerance.
struct ImpulseTable {
  static constexpr bool kActive = true;
  struct Sweep {
    int sweep = 0;
    std::vector<double> P, gamma;
    double change = 0.0;
    bool converged = false;
  };
  bool ran = false;
  std::vector<double> bias;
  NormalSolve mode = NormalSolve::sequential;
  std::vector<Sweep> sweeps;

  template <int K>
  void start(const double (&b)[K], NormalSolve m) {
    ran = true;
    bias.assign(b, b + K);
    mode = m;
    sweeps.clear();
  }
  template <int N>
  void sweep(int s, const double (&P)[N], const double (&g)[N], double change, bool converged) {
    Sweep w{s, std::vector<double>(P, P + N), std::vector<double>(g, g + N), change, converged};
    for (double& x : w.P) x += 0.0;  // a friction impulse clamped to [-0, 0] is -0: shown as 0
    sweeps.push_back(std::move(w));
  }
};

const char* normal_solve_text(NormalSolve m) {
  switch (m) {
    case NormalSolve::block:
      return "Box2D's block solver (the 2 x 2 LCP of both normal impulses)";
    case NormalSolve::dropped:
      return "contact 2 left out: k11^2 >= 1000 det(G_NN), Box2D keeps one point";
    default:
      return "one contact after another";
  }
}

// The normal impulses' order as text, "2, 1" (1-based).
template <int K>
std::string order_text(const MultiContactCollision<K>& c) {
  ImpulseSettings<K> s;
  if (!engine_settings(c.params, s)) return "?";
  std::string t;
  for (int j = 0; j < K; ++j) t += (j ? ", " : "") + std::to_string(s.order[j] + 1);
  return t;
}

// G nearly singular (kernels' near_singular.hpp: full rank, cond(G) > 1e8) from the law's cond(G).
template <int K>
bool near_singular(const MultiContactOutcome<K>& out) {
  return near_singular_delassus(out.delassus_rank, 2 * K, out.conditions.cond_G);
}

// The body's velocity after impact, v+ = v- + M^-1 J^T Lam (the chosen solution's impulses), and its kinetic
// energies T = v' M v / 2 before and after.
struct BodyOutcome {
  double v_plus[planar_body_dof] = {};
  double T_minus = 0.0, T_plus = 0.0;
};

template <int K>
BodyOutcome body_outcome(const PlanarBodyFile& b, const MultiContactOutcome<K>& out) {
  BodyOutcome r;
  const double m[planar_body_dof] = {b.body.mass, b.body.mass, b.body.inertia};
  for (int d = 0; d < planar_body_dof; ++d) r.v_plus[d] = b.velocity[d];
  for (int a = 0; a < 2 * K; ++a) {
    double row[planar_body_dof];
    planar_body_jacobian_row(b.body, K, static_cast<std::uint32_t>(a), row);
    for (int d = 0; d < planar_body_dof; ++d) r.v_plus[d] += row[d] * out.Lam[a] / m[d];
  }
  for (int d = 0; d < planar_body_dof; ++d) {
    r.T_minus += 0.5 * m[d] * b.velocity[d] * b.velocity[d];
    r.T_plus += 0.5 * m[d] * r.v_plus[d] * r.v_plus[d];
  }
  return r;
}

// The engine law's settings, sweeps and order spread as JSON (inside the open object).
template <int K>
void write_engine_json(io::JsonWriter& j, const LcpInput<K>& in, const MultiContactOutcome<K>& out,
                       const ImpulseTable& t) {
  const MultiContactEngineParams& p = in.c.params;
  j.key("engine").begin_object();
  j.key("iterations").number(p.iterations).key("threshold").number(p.threshold);
  j.key("normal_first").number(p.normal_first).key("order").number(p.order);
  j.key("block_solver").number(p.block_solver).key("permutation").number(p.permutation);
  j.key("normal_order").string(order_text(in.c));
  j.key("normal_solve")
      .string(t.mode == NormalSolve::block     ? "block"
              : t.mode == NormalSolve::dropped ? "dropped"
                                               : "sequential");
  j.key("bias").numbers(t.bias);
  j.key("iterations_used").integer(out.iterations).key("converged").boolean(out.converged);
  j.key("orders").integer(out.orders);
  j.key("order_spread_W").number(out.order_spread_W).key("order_spread_gamma").number(out.order_spread_gamma);
  j.key("sweeps").begin_array();
  for (const ImpulseTable::Sweep& s : t.sweeps) {
    j.begin_object();
    j.key("sweep").integer(s.sweep).key("P").numbers(s.P).key("gamma").numbers(s.gamma);
    j.key("change").number(s.change).key("converged").boolean(s.converged);
    j.end_object();
  }
  j.end_array();
  j.end_object();
}

// The engine law's section of the table: its settings, the order spread and every sweep (the first and last
// 50 of a longer run).
template <int K>
void print_engine_table(std::ostream& os, const LcpInput<K>& in, const MultiContactOutcome<K>& out,
                        const ImpulseTable& t) {
  constexpr int n = 2 * K;
  const MultiContactEngineParams& p = in.c.params;
  os << "\nsequential impulses (Box2D 2.4's b2ContactSolver in contact space)\n";
  TextTable e;
  labelled(e, "iterations", table_number(p.iterations),
           p.iterations == 0.0 ? "until a sweep changes no impulse (at most 10000)" : "sweeps");
  labelled(e, "sweeps run", std::to_string(out.iterations),
           std::string("the last at the fixed point: ") + yes_no(out.converged));
  labelled(e, "threshold", table_number(p.threshold), "restitution only where -gamma_N- > threshold");
  std::string bias;
  for (std::size_t j = 0; j < t.bias.size(); ++j) bias += (j ? ", " : "") + table_number(t.bias[j]);
  labelled(e, "bias", bias, "b_j = -eps_Nj gamma_Nj-: the target of gamma_Nj+");
  labelled(e, "each sweep", p.normal_first == 1.0 ? "normals, then friction" : "friction, then normals",
           p.normal_first == 1.0 ? "Bullet's order" : "Box2D's order");
  labelled(e, "normals", normal_solve_text(t.mode),
           t.mode == NormalSolve::sequential ? "order " + order_text(in.c) : "");
  if (out.orders > 1)
    labelled(e, "order spread",
             "W: " + table_number(out.order_spread_W) +
                 " T_acc, gamma+: " + table_number(out.order_spread_gamma) + " max|gamma-|",
             "max - min over " + std::to_string(out.orders) + " orders of the normal impulses");
  else
    labelled(e, "order spread", "0", "the order of the normal impulses does not matter here");
  e.print(os);

  os << "\nper sweep (accumulated impulses P and contact velocities gamma after each sweep)\n";
  TextTable s;
  std::vector<std::string> head = {"sweep"};
  for (int i = 0; i < n; ++i) head.push_back("P_" + lcp_row_label(i, K));
  for (int i = 0; i < n; ++i) head.push_back("gamma_" + lcp_row_label(i, K));
  head.push_back("max change");
  head.push_back("fixed point");
  s.row(head);
  const std::size_t m = t.sweeps.size();
  for (std::size_t r = 0; r < m; ++r) {
    if (m > 100 && r == 50) {
      s.row({"...", "(" + std::to_string(m - 100) + " sweeps left out)"});
      r = m - 50;
    }
    const ImpulseTable::Sweep& w = t.sweeps[r];
    std::vector<std::string> row = {std::to_string(w.sweep)};
    for (double x : w.P) row.push_back(table_number(x));
    for (double x : w.gamma) row.push_back(table_number(x));
    row.push_back(table_number(w.change));
    row.push_back(yes_no(w.converged));
    s.row(row);
  }
  s.print(os);
}

template <int K>
void print_json(const LcpInput<K>& in, const MultiContactOutcome<K>& out, const LcpSolutionList& list,
                const ImpulseTable& trace) {
  constexpr int n = 2 * K;
  const bool two_phases = law_two_phases(in.law);
  io::JsonWriter j(std::cout);
  j.begin_object();
  j.key("status").string("ok").key("reason").string(status_reason(out.status));
  j.key("law").string(law_name(in.law)).key("contacts").integer(K);
  j.key("solver").string(lcp_solver_name(out.solver));
  j.key("delassus_rank")
      .integer(out.delassus_rank)
      .key("null_space_dimension")
      .integer(n - out.delassus_rank);
  j.key("near_singular").boolean(near_singular(out));
  j.key("rows").begin_array();
  for (int i = 0; i < n; ++i) j.string(lcp_row_label(i, K));
  j.end_array();
  j.key("inputs").begin_object();
  j.key("G").begin_array();
  for (int i = 0; i < n; ++i) j.numbers(vec(in.c.G[i]));
  j.end_array();
  j.key("gamma_minus").numbers(vec(in.c.gamma_minus));
  j.key("mu")
      .numbers(vec(in.c.mu))
      .key("eps_N")
      .numbers(vec(in.c.eps_N))
      .key("eps_T")
      .numbers(vec(in.c.eps_T));
  j.end_object();
  if (two_phases) {
    j.key("compression").begin_object();
    j.key("Lam_minus").numbers(vec(out.Lam_minus)).key("gamma_0").numbers(vec(out.gamma_0));
    j.key("W_compression").number(out.W_compression).key("solutions").integer(out.compression_solutions);
    j.end_object();
    j.key("decompression").begin_object();
    j.key("Lam_plus").numbers(vec(out.Lam_plus)).key("gamma_plus").numbers(vec(out.gamma_plus));
    j.end_object();
  }
  j.key("outputs").begin_object();
  j.key("Lam").numbers(vec(out.Lam)).key("gamma_plus").numbers(vec(out.gamma_plus));
  j.key("W").number(out.W).key("W_min").number(out.W_min).key("W_max").number(out.W_max);
  j.key("solutions").integer(out.solutions).key("solutions_truncated").boolean(out.solutions_truncated);
  j.key("T_acc").number(out.T_acc).key("W_rel").number(out.W_rel);
  j.end_object();
  if (in.body) {
    const BodyOutcome b = body_outcome(*in.body, out);
    j.key("body").begin_object();
    j.key("v_minus").numbers(vec(in.body->velocity)).key("v_plus").numbers(vec(b.v_plus));
    j.key("T_minus").number(b.T_minus).key("T_plus").number(b.T_plus);
    j.end_object();
  }
  const GlockerConditions& gc = out.conditions;
  j.key("conditions").begin_object();
  j.key("cond_G").number(gc.cond_G).key("cond_active").number(gc.cond_active);
  if (two_phases) {
    j.key("lambda_min_111").number(gc.lambda_min_111);
    j.key("eps_min").number(gc.eps_min).key("eps_max").number(gc.eps_max);
    j.key("psd_111").boolean(gc.psd_111).key("similar_117").boolean(gc.similar_117);
    j.key("small_121").boolean(gc.small_121);
  }
  j.end_object();
  write_solution_json(j, list, two_phases);
  if (trace.ran) write_engine_json(j, in, out, trace);
  j.end_object();
}

template <int K>
void print_table(const LcpInput<K>& in, const MultiContactOutcome<K>& out, const LcpSolutionList& list,
                 const ImpulseTable& trace) {
  constexpr int n = 2 * K;
  const bool two_phases = law_two_phases(in.law);
  std::ostream& os = std::cout;
  TextTable head;
  head.row({"law", law_name(in.law)});
  head.row({"status", "ok"});
  head.row({"contacts", std::to_string(K)});
  if (!trace.ran) head.row({"solver", lcp_solver_name(out.solver)});  // (the engine law solves no LCP)
  std::string sols = std::to_string(out.solutions);
  if (two_phases) sols += " (compression: " + std::to_string(out.compression_solutions) + ")";
  if (out.solutions_truncated) sols += ", truncated: more than 8 solutions in a phase or 16 outcomes";
  head.row({"solutions", sols + " (distinct outcomes gamma+)"});
  if (out.delassus_rank < n)
    head.row({"G", "rank " + std::to_string(out.delassus_rank) + " of " + std::to_string(n) + " (singular)"});
  if (near_singular(out))
    head.row(
        {"G", "nearly singular: cond(G) = " + table_number(out.conditions.cond_G) +
                  " > 1e8; solutions whose velocities differ by less than 1e-8 max|gamma-| are one outcome"});
  head.print(os);

  os << "\nper row (N = normal, T = tangent; chosen solution)\n";
  TextTable rows;
  if (two_phases)
    rows.row({"row", "gamma-", "compression: Lam-", "gamma0", "decompression: Lam+", "gamma+", "total: Lam"});
  else
    rows.row({"row", "gamma-", "Lam", "gamma+"});
  for (int i = 0; i < n; ++i) {
    if (two_phases)
      rows.row({lcp_row_label(i, K), table_number(in.c.gamma_minus[i]), table_number(out.Lam_minus[i]),
                table_number(out.gamma_0[i]), table_number(out.Lam_plus[i]), table_number(out.gamma_plus[i]),
                table_number(out.Lam[i])});
    else
      rows.row({lcp_row_label(i, K), table_number(in.c.gamma_minus[i]), table_number(out.Lam[i]),
                table_number(out.gamma_plus[i])});
  }
  rows.print(os);
  print_solution_tables(os, list, K, two_phases);
  if (out.delassus_rank < n) print_indeterminate_impulses(os, list, K, out.delassus_rank);

  os << "\nper contact\n";
  TextTable contacts;
  contacts.row({"contact", "mu", "eps_N", "eps_T"});
  for (int j = 0; j < K; ++j)
    contacts.row({std::to_string(j + 1), table_number(in.c.mu[j]), table_number(in.c.eps_N[j]),
                  table_number(in.c.eps_T[j])});
  contacts.print(os);

  os << "\nG\n";
  TextTable g;
  std::vector<std::string> top = {""};
  for (int i = 0; i < n; ++i) top.push_back(lcp_row_label(i, K));
  g.row(top);
  for (int i = 0; i < n; ++i) {
    std::vector<std::string> r = {lcp_row_label(i, K)};
    for (int c = 0; c < n; ++c) r.push_back(table_number(in.c.G[i][c]));
    g.row(r);
  }
  g.print(os);

  os << "\nenergy\n";
  TextTable e;
  if (two_phases) labelled(e, "W_compression", table_number(out.W_compression), "T0 - T- of the compression");
  labelled(e, "W", table_number(out.W), "T+ - T- of the chosen solution");
  labelled(e, "W_min", table_number(out.W_min), "over all solutions found");
  labelled(e, "W_max", table_number(out.W_max));
  labelled(
      e, "T_acc", table_number(out.T_acc),
      out.delassus_rank < n ? "gamma-' G^+ gamma- / 2 (G^+: pseudo-inverse)" : "gamma-' G^-1 gamma- / 2");
  labelled(e, "W/T_acc", table_number(out.W_rel));
  e.print(os);

  if (in.body) {
    const BodyOutcome b = body_outcome(*in.body, out);
    os << "\nbody (v_x, v_y of the mass centre, omega counterclockwise)\n";
    TextTable t;
    t.row({"", "v_x", "v_y", "omega", "T"});
    t.row({"before", table_number(in.body->velocity[0]), table_number(in.body->velocity[1]),
           table_number(in.body->velocity[2]), table_number(b.T_minus)});
    t.row({"after", table_number(b.v_plus[0]), table_number(b.v_plus[1]), table_number(b.v_plus[2]),
           table_number(b.T_plus)});
    t.print(os);
  }

  const GlockerConditions& gc = out.conditions;
  os << "\nconditions\n";
  TextTable c;
  labelled(c, "cond(G)", table_number(gc.cond_G));
  labelled(c, "cond(G_a)", table_number(gc.cond_active), "G_a: the active rows (every N, T with mu > 0)");
  if (two_phases) {
    labelled(c, "(111)", yes_no(gc.psd_111),
             "G_a - eps G_a eps PSD (lambda_min / lambda_max(G_a) = " +
                 io::format_short(gc.lambda_min_111, 6) + ")");
    labelled(c, "(117)", yes_no(gc.similar_117),
             "similar coefficients: (eps_max^2 - eps_min^2) / (1 - eps_min^2) <= 1/cond(G_a)");
    labelled(c, "(121)", yes_no(gc.small_121), "small coefficients: eps_max^2 <= 1/cond(G_a)");
  }
  c.print(os);
  if (two_phases) os << "\n(any of (111), (117), (121) implies W <= 0: Glocker 2014, Sect. 5)\n";
  if (trace.ran) print_engine_table(os, in, out, trace);
}

template <int K>
std::optional<SolveFailure> solve_k(const LcpSolveOptions& o, MultiContactLaw law,
                                    const PlanarBodyFile* body) {
  const LcpInput<K> in = parse_lcp_input<K>(o, law, body);
  LcpSolutionList list;  // every distinct solution, as the law stores it
  ImpulseTable trace;    // the engine law's sweeps
  const MultiContactOutcome<K> out = law_reports_convergence(in.law)
                                         ? evaluate_sequential_impulse(in.c, in.opt, list, trace)
                                         : evaluate_lcp(in.law, in.c, in.opt, list);
  if (out.status != Status::ok)
    return SolveFailure{status_name(out.status), invalid_message(o, in, out.status)};
  list.group_outcomes(multicontact_scales(in.c, out.T_acc).gamma_scale);
  if (o.json)
    print_json(in, out, list, trace);
  else
    print_table(in, out, list, trace);
  return std::nullopt;
}

}  // namespace

std::optional<SolveFailure> solve_lcp(const LcpSolveOptions& o) {
  MultiContactLaw law{};
  if (!parse_lcp_law(o.law, &law)) throw UsageError("--law " + o.law + ": not a multi-contact law");
  if (!o.bodies.empty()) {
    // One planar rigid body: its points fix k, its G and gamma^- replace --G and --gamma.
    if (!o.G.empty() || !o.gamma.empty())
      throw UsageError("--bodies " + o.bodies +
                       " gives G and gamma^- (the body's): leave out --G and --gamma");
    const PlanarBodyFile body = read_planar_body_file(o.bodies);
    const int k = static_cast<int>(body.contacts);
    if (!o.contacts.empty() && parse_contacts(o.contacts) != k)
      throw UsageError("--contacts " + o.contacts + ": the --bodies file " + o.bodies + " has " +
                       std::to_string(k) + " contact points");
    return with_contacts(k, [&](auto kc) { return solve_k<decltype(kc)::value>(o, law, &body); });
  }
  if (o.contacts.empty())
    throw UsageError("--contacts k is required by law " + o.law + " (number of contacts, 1 to " +
                     std::to_string(kMaxLcpContacts) + "), or --bodies FILE (one planar rigid body)");
  const int k = parse_contacts(o.contacts);
  return with_contacts(k, [&](auto kc) { return solve_k<decltype(kc)::value>(o, law, nullptr); });
}

}  // namespace collsweep::families

// The CSV row schema of `eval` for the multi-contact LCP laws: columns -> MultiContactCollision<K>.
#include "families/multicontact/lcp_eval.hpp"

#include <stdexcept>

#include "collsweep/cuda_api.hpp"
#include "collsweep/models/multicontact/near_singular.hpp"
#include "families/multicontact/family.hpp"
#include "families/multicontact/law_instances.hpp"
#include "families/multicontact/lcp_header.hpp"

namespace collsweep::families {
namespace {

std::string g_name(int i, int j) { return "G_" + std::to_string(i) + "_" + std::to_string(j); }

}  // namespace

template <int K>
RowSchema<MultiContactCollision<K>, LcpEvalOutcome<K>> lcp_schema(MultiContactLaw law, LcpSolver solver) {
  using C = MultiContactCollision<K>;
  using O = LcpEvalOutcome<K>;
  constexpr int n = 2 * K;
  RowSchema<C, O> s;
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j)
      s.inputs.push_back({g_name(i, j), [i, j](C& c, double x) { c.G[i][j] = c.G[j][i] = x; }});
  for (int i = 0; i < n; ++i)
    s.inputs.push_back({"g_" + std::to_string(i + 1), [i](C& c, double x) { c.gamma_minus[i] = x; }});
  for (int j = 0; j < K; ++j)
    s.inputs.push_back({"mu_" + std::to_string(j + 1), [j](C& c, double x) { c.mu[j] = x; }});
  for (int j = 0; j < K; ++j)
    s.inputs.push_back({"eN_" + std::to_string(j + 1), [j](C& c, double x) { c.eps_N[j] = x; }});
  for (int j = 0; j < K; ++j)
    s.inputs.push_back({"eT_" + std::to_string(j + 1), [j](C& c, double x) { c.eps_T[j] = x; }});
  // The law parameters it reads (the engine law's settings: parameters.hpp), in the table's order.
  append_parameter_inputs<MultiContactSweepSpec>(s.inputs, law_reads(law));
  const bool engine = law_reports_convergence(law);
  s.outputs = lcp_output_columns(K, engine);

  MultiContactOptions opt;
  opt.solver = solver;
  opt.theorem_predicates = false;  // not among the outputs; the numbers do not depend on it
  s.compute = [law, opt](const C& c) {
    O r;
    r.out = evaluate_lcp(law, c, opt);
    r.near_singular = r.out.status == Status::ok && delassus_near_singular(c.G, r.out.delassus_rank);
    return r;
  };
  // The GPU: the same evaluate_lcp compiled by nvcc; the near-singular flag on the host.
  s.compute_gpu = [law, opt](const std::vector<C>& in, std::vector<O>& out, std::string& error) {
    std::vector<MultiContactOutcome<K>> outcomes(in.size());
    char err[512] = {};
    if (!cuda::evaluate_batch(MultiContactBatch<K>{law, opt}, in.data(), outcomes.data(), in.size(), err,
                              sizeof err)) {
      error = err;
      return false;
    }
    out.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
      out[i].out = outcomes[i];
      out[i].near_singular =
          outcomes[i].status == Status::ok && delassus_near_singular(in[i].G, outcomes[i].delassus_rank);
    }
    return true;
  };
  s.write = [engine](const O& row, io::FieldSink& w) {
    const MultiContactOutcome<K>& o = row.out;
    if (o.status != Status::ok) {
      w.field("invalid: " + lcp_status_reason(o.status));
      for (int i = 0; i < 6 + 2 * n + (engine ? 5 : 0); ++i) w.empty_field();
      return false;
    }
    w.field("ok");
    w.field(std::to_string(o.solutions));
    for (double x : {o.W_min, o.W_max, o.W}) w.number(x);
    for (double x : o.Lam) w.number(x);
    for (double x : o.gamma_plus) w.number(x);
    w.field(std::to_string(o.delassus_rank));
    w.field(row.near_singular ? "1" : "0");
    if (engine) {
      w.field(std::to_string(o.iterations));
      w.field(o.converged ? "1" : "0");
      w.field(std::to_string(o.orders));
      w.number(o.order_spread_W);
      w.number(o.order_spread_gamma);
    }
    return true;
  };
  const std::string name = law_name(law);
  s.filters = {{"law", [name](const std::string& text) { return trim_blanks(text) == name; }},
               {"contacts", [](const std::string& text) { return parse_contacts_field(text) == K; }}};
  s.recorded = lcp_recorded_columns();
  return s;
}

template RowSchema<MultiContactCollision<1>, LcpEvalOutcome<1>> lcp_schema<1>(MultiContactLaw, LcpSolver);
template RowSchema<MultiContactCollision<2>, LcpEvalOutcome<2>> lcp_schema<2>(MultiContactLaw, LcpSolver);
template RowSchema<MultiContactCollision<3>, LcpEvalOutcome<3>> lcp_schema<3>(MultiContactLaw, LcpSolver);
template RowSchema<MultiContactCollision<4>, LcpEvalOutcome<4>> lcp_schema<4>(MultiContactLaw, LcpSolver);

std::vector<std::string> lcp_input_columns(int k) {
  std::vector<std::string> names;
  for (int i = 0; i < 2 * k; ++i)
    for (int j = i; j < 2 * k; ++j) names.push_back(g_name(i, j));
  for (int i = 1; i <= 2 * k; ++i) names.push_back("g_" + std::to_string(i));
  for (const char* p : {"mu_", "eN_", "eT_"})
    for (int j = 1; j <= k; ++j) names.push_back(p + std::to_string(j));
  return names;
}

std::vector<std::string> lcp_output_columns(int k, bool engine) {
  std::vector<std::string> names = {"status", "solutions", "W_min", "W_max", "W"};
  for (const char* p : {"Lam_", "gp_"})
    for (int i = 1; i <= 2 * k; ++i) names.push_back(p + std::to_string(i));
  // G's numerical rank (below 2k, the impulses are determined up to G's null space), and 1 where G has full
  // rank and cond(G) > 1e8 (near_singular.hpp: its solutions are counted as for a singular G)
  names.push_back("G_rank");
  names.push_back("near_singular");
  // The engine law: the sweeps it ran, whether the last reached the fixed point, and the spread of its
  // outcome over the orders of the normal impulses (the orders compared, W's max - min / T_acc, gamma^+'s
  // largest max - min / max|gamma^-|; laws/sequential_impulse.hpp).
  if (engine)
    for (const char* c : {"iterations_used", "converged", "orders", "order_spread_W", "order_spread_gamma"})
      names.push_back(c);
  return names;
}

const std::vector<std::string>& lcp_recorded_columns() {
  static const std::vector<std::string> names = {"solutions", "W_min", "W_max", "W", "W_max_rel"};
  return names;
}

int parse_contacts_field(const std::string& text) {
  const std::string t = trim_blanks(text);
  if (t.size() == 1 && t[0] >= '1' && t[0] <= '0' + kMaxLcpContacts) return t[0] - '0';
  throw std::invalid_argument("'" + text + "' is not a number of contacts (an integer from 1 to " +
                              std::to_string(kMaxLcpContacts) + ")");
}

EvalCounts eval_lcp_csv(std::istream& in, io::CsvWriter& out, MultiContactLaw law, int k, LcpSolver solver) {
  io::CsvReader reader(in);
  std::string need;  // (k = 0: the columns depend on k)
  for (const std::string& c : lcp_input_columns(k)) need += (need.empty() ? "" : ",") + c;
  const std::vector<std::string> names = read_header(reader, need);
  const HeaderIndex header(names, reader.record_line());
  // A witness file (law and contacts columns) says each row's k.
  const int kk = lcp_header_contacts(header, k, header.find("law") >= 0 && header.find("contacts") >= 0);
  return with_contacts(kk, [&](auto kc) {
    return eval_rows(reader, header, out, lcp_schema<decltype(kc)::value>(law, solver));
  });
}

}  // namespace collsweep::families

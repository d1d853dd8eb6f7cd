// The CSV row schema of `eval` for the multi-contact LCP laws: columns -> MultiContactCollision<K>.
#include "cli/lcp_eval.hpp"

namespace collsweep::cli {
namespace {

std::string g_name(int i, int j) { return "G_" + std::to_string(i) + "_" + std::to_string(j); }

template <int K>
RowSchema<MultiContactCollision<K>> lcp_schema(MultiContactLaw law, LcpSolver solver) {
  using C = MultiContactCollision<K>;
  constexpr int n = 2 * K;
  RowSchema<C> s;
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
  s.outputs = lcp_output_columns(K);

  MultiContactOptions opt;
  opt.solver = solver;
  opt.theorem_predicates = false;  // not among the outputs; the numbers do not depend on it
  s.evaluate = [law, opt](const C& c, io::CsvWriter& w) {
    const MultiContactOutcome<K> o = evaluate_lcp(law, c, opt);
    if (o.status != Status::ok) {
      w.field("invalid: " + lcp_status_reason(o.status));
      for (int i = 0; i < 4 + 2 * n; ++i) w.empty_field();
      return false;
    }
    w.field("ok");
    w.field(std::to_string(o.solutions));
    for (double x : {o.W_min, o.W_max, o.W}) w.number(x);
    for (double x : o.Lam) w.number(x);
    for (double x : o.gamma_plus) w.number(x);
    return true;
  };
  return s;
}

}  // namespace

std::vector<std::string> lcp_input_columns(int k) {
  std::vector<std::string> names;
  for (int i = 0; i < 2 * k; ++i)
    for (int j = i; j < 2 * k; ++j) names.push_back(g_name(i, j));
  for (int i = 1; i <= 2 * k; ++i) names.push_back("g_" + std::to_string(i));
  for (const char* p : {"mu_", "eN_", "eT_"})
    for (int j = 1; j <= k; ++j) names.push_back(p + std::to_string(j));
  return names;
}

std::vector<std::string> lcp_output_columns(int k) {
  std::vector<std::string> names = {"status", "solutions", "W_min", "W_max", "W"};
  for (const char* p : {"Lam_", "gp_"})
    for (int i = 1; i <= 2 * k; ++i) names.push_back(p + std::to_string(i));
  return names;
}

EvalCounts eval_lcp_csv(std::istream& in, io::CsvWriter& out, MultiContactLaw law, int k, LcpSolver solver) {
  return with_contacts(
      k, [&](auto kc) { return eval_csv(in, out, lcp_schema<decltype(kc)::value>(law, solver)); });
}

}  // namespace collsweep::cli

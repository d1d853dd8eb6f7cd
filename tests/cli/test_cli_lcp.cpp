// Tests of `solve` and `eval` for the multi-contact LCP laws (poisson-lcp, newton-lcp) run as a process.
//
// Glocker's counter-example through solve --json, Kane's pendulum through eval, eval outputs bitwise equal
// to evaluate_*_lcp<K> for k = 1, 2, 3 with invalid rows, malformed files and bad options (exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "families/multicontact/law_instances.hpp"
#include "families/multicontact/lcp_law.hpp"
#include "io/csv.hpp"
#include "io/format.hpp"
#include "support/csv_text.hpp"
#include "support/kane_pendulum.hpp"
#include "support/mini_json.hpp"
#include "support/rod_collision.hpp"
#include "support/run_command.hpp"
#include "vocabulary/text_table.hpp"

namespace collsweep {
namespace {

using testing::CommandResult;
using testing::JsonParser;
using testing::JsonValue;
using testing::Rows;
using testing::run_collsweep;
using testing::temp_path;
using testing::write_text_file;

using testing::bits;
using testing::num;
using testing::parse_csv;

JsonValue parse_json_output(const CommandResult& r) {
  try {
    return JsonParser::parse(r.out);
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what() << "\n" << r.out;
    return {};
  }
}

std::string list(const double* xs, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? "," : "") + io::format_double(xs[i]);
  return s;
}

// The upper triangle of G, row-major (the --G layout).
template <int K>
std::string upper(const MultiContactCollision<K>& c) {
  std::string s;
  for (int i = 0; i < 2 * K; ++i)
    for (int j = i; j < 2 * K; ++j) s += (s.empty() ? "" : ",") + io::format_double(c.G[i][j]);
  return s;
}

template <int K>
std::vector<std::string> solve_args(const char* law, const MultiContactCollision<K>& c,
                                    const std::string& solver = "") {
  std::vector<std::string> a = {"solve",
                                "--law",
                                law,
                                "--contacts",
                                std::to_string(K),
                                "--G",
                                upper(c),
                                "--gamma",
                                list(c.gamma_minus, 2 * K),
                                "--mu",
                                list(c.mu, K),
                                "--eN",
                                list(c.eps_N, K),
                                "--eT",
                                list(c.eps_T, K)};
  if (!solver.empty()) a.insert(a.end(), {"--solver", solver});
  return a;
}

// Glocker's Sect. 10 counter-example, variant (a) (m = l = v = 1, u = 1/2, alpha = 10): layout
// [N_A, N_B, T_A, T_B], wall contact A with mu = 6/5, frictionless ground contact B with a decoupled dummy
// tangent.
MultiContactCollision<2> counter_example() {
  MultiContactCollision<2> c{};
  const double g[4][4] = {{1, 0, 0, 0}, {0, 11, -9, 0}, {0, -9, 11, 0}, {0, 0, 0, 1}};
  std::memcpy(c.G, g, sizeof g);
  const double gm[4] = {-0.5, 0, -2, -0.5};
  std::memcpy(c.gamma_minus, gm, sizeof gm);
  c.mu[0] = 1.2, c.mu[1] = 0;
  c.eps_N[0] = 0, c.eps_N[1] = 1;
  c.eps_T[0] = 0, c.eps_T[1] = 0;
  return c;
}

MultiContactOptions with_solver(LcpSolver s) {
  MultiContactOptions o;
  o.solver = s;
  return o;
}

void expect_numbers(const JsonValue& v, const double* want, int n, const char* what) {
  ASSERT_EQ(v.arr.size(), static_cast<std::size_t>(n)) << what;
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(bits(v.arr[static_cast<std::size_t>(i)].number()), bits(want[i])) << what << " " << i;
}

TEST(CliLcpSolve, CounterExampleVariantAJsonGives351Over800) {
  const MultiContactCollision<2> c = counter_example();
  for (const char* solver : {"", "enumeration", "lemke", "automatic"}) {
    SCOPED_TRACE(solver);
    std::vector<std::string> args = solve_args("poisson-lcp", c, solver);
    args.push_back("--json");
    const CommandResult r = run_collsweep(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const JsonValue j = parse_json_output(r);
    EXPECT_EQ(j.at("status").string(), "ok");
    EXPECT_EQ(j.at("law").string(), "poisson-lcp");
    EXPECT_EQ(j.at("contacts").number(), 2.0);
    const std::string want_solver = std::string(solver) == "lemke" ? "lemke" : "enumeration";
    EXPECT_EQ(j.at("solver").string(), want_solver);
    const JsonValue& out = j.at("outputs");
    EXPECT_NEAR(out.at("W").number(), 351.0 / 800.0, 1e-12);
    EXPECT_NEAR(out.at("W_min").number(), 351.0 / 800.0, 1e-12);
    EXPECT_NEAR(out.at("W_max").number(), 351.0 / 800.0, 1e-12);
    EXPECT_EQ(out.at("solutions").number(), 1.0);
    EXPECT_EQ(out.at("solutions_truncated").b, false);
    EXPECT_NEAR(out.at("W_rel").number(), out.at("W").number() / out.at("T_acc").number(), 1e-15);
    // The paper's phase values (eqs. (281)-(288)) in this layout: Lam^- = (0.5, 0.45, 0.55, 0),
    // Lam^+ = (0, 0.45, 0, 0), gamma° = 0 on the active rows, gamma^+ = (0, 4.95, -4.05, -0.5).
    const double lm[4] = {0.5, 0.45, 0.55, 0}, lp[4] = {0, 0.45, 0, 0}, gp[4] = {0, 4.95, -4.05, -0.5};
    const double g0[4] = {0, 0, 0, -0.5};
    for (int i = 0; i < 4; ++i) {
      const auto u = static_cast<std::size_t>(i);
      EXPECT_NEAR(j.at("compression").at("Lam_minus").arr.at(u).number(), lm[i], 1e-13) << i;
      EXPECT_NEAR(j.at("compression").at("gamma_0").arr.at(u).number(), g0[i], 1e-13) << i;
      EXPECT_NEAR(j.at("decompression").at("Lam_plus").arr.at(u).number(), lp[i], 1e-13) << i;
      EXPECT_NEAR(j.at("decompression").at("gamma_plus").arr.at(u).number(), gp[i], 1e-13) << i;
      EXPECT_NEAR(out.at("Lam").arr.at(u).number(), lm[i] + lp[i], 1e-13) << i;
    }
    // None of the sufficient conditions holds; cond(G) = 20.
    const JsonValue& cond = j.at("conditions");
    EXPECT_FALSE(cond.at("psd_111").b);
    EXPECT_FALSE(cond.at("similar_117").b);
    EXPECT_FALSE(cond.at("small_121").b);
    EXPECT_NEAR(cond.at("cond_G").number(), 20.0, 1e-10);

    // Bitwise the kernel's numbers (the inputs round-trip through 17 digits).
    const LcpSolver s = std::string(solver) == "lemke" ? LcpSolver::lemke : LcpSolver::automatic;
    const MultiContactOutcome<2> o = evaluate_poisson_lcp(c, with_solver(s));
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(bits(out.at("W").number()), bits(o.W));
    EXPECT_EQ(bits(out.at("T_acc").number()), bits(o.T_acc));
    EXPECT_EQ(bits(j.at("compression").at("W_compression").number()), bits(o.W_compression));
    expect_numbers(out.at("Lam"), o.Lam, 4, "Lam");
    expect_numbers(out.at("gamma_plus"), o.gamma_plus, 4, "gamma_plus");
    expect_numbers(j.at("compression").at("Lam_minus"), o.Lam_minus, 4, "Lam_minus");
    expect_numbers(j.at("decompression").at("Lam_plus"), o.Lam_plus, 4, "Lam_plus");
    // The inputs are echoed, G as the full symmetric matrix.
    EXPECT_EQ(j.at("inputs").at("G").arr.at(2).arr.at(1).number(), -9.0);
    EXPECT_EQ(j.at("inputs").at("G").arr.at(1).arr.at(2).number(), -9.0);
  }
}

TEST(CliLcpSolve, CounterExampleHumanReadableTableShowsBothPhases) {
  const CommandResult r = run_collsweep(solve_args("poisson-lcp", counter_example()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* label : {"poisson-lcp", "compression: Lam-", "gamma0", "decompression: Lam+", "gamma+",
                            "total: Lam", "W_compression", "W_min", "W_max", "T_acc", "W/T_acc", "cond(G)",
                            "(111)", "(117)", "(121)", "0.43875", "N1", "T2"})
    EXPECT_NE(r.out.find(label), std::string::npos) << label << "\n" << r.out;
}

TEST(CliLcpSolve, NewtonLcpPrintsTheImpulseAndNoPhases) {
  const MultiContactCollision<2> c = counter_example();
  std::vector<std::string> args = solve_args("newton-lcp", c);
  args.push_back("--json");
  const CommandResult r = run_collsweep(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = parse_json_output(r);
  EXPECT_EQ(j.at("law").string(), "newton-lcp");
  EXPECT_FALSE(j.has("compression"));
  EXPECT_FALSE(j.at("conditions").has("psd_111"));
  const MultiContactOutcome<2> o = evaluate_newton_lcp(c);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(bits(j.at("outputs").at("W").number()), bits(o.W));
  expect_numbers(j.at("outputs").at("Lam"), o.Lam, 4, "Lam");
  expect_numbers(j.at("outputs").at("gamma_plus"), o.gamma_plus, 4, "gamma_plus");

  const CommandResult t = run_collsweep(solve_args("newton-lcp", c));
  ASSERT_EQ(t.exit_code, 0) << t.err;
  for (const char* label : {"newton-lcp", "Lam", "gamma+", "W_min", "cond(G)"})
    EXPECT_NE(t.out.find(label), std::string::npos) << label;
  EXPECT_EQ(t.out.find("W_compression"), std::string::npos);
}

// ---- eval -------------------------------------------------------------------------------------------

// The input column names for k contacts, written here independently of the CLI: G_i_j 0-based upper
// triangle, the rest 1-based.
std::vector<std::string> input_columns(int k) {
  std::vector<std::string> s;
  for (int i = 0; i < 2 * k; ++i)
    for (int j = i; j < 2 * k; ++j) s.push_back("G_" + std::to_string(i) + "_" + std::to_string(j));
  for (int i = 1; i <= 2 * k; ++i) s.push_back("g_" + std::to_string(i));
  for (const char* p : {"mu_", "eN_", "eT_"})
    for (int j = 1; j <= k; ++j) s.push_back(p + std::to_string(j));
  return s;
}

std::vector<std::string> output_columns(int k) {
  std::vector<std::string> s = {"status", "solutions", "W_min", "W_max", "W"};
  for (const char* p : {"Lam_", "gp_"})
    for (int i = 1; i <= 2 * k; ++i) s.push_back(p + std::to_string(i));
  s.push_back("G_rank");
  s.push_back("near_singular");
  return s;
}

// Fields of one collision by column name (values as text).
template <int K>
std::vector<std::pair<std::string, std::string>> fields_of(const MultiContactCollision<K>& c) {
  std::vector<std::pair<std::string, std::string>> f;
  for (int i = 0; i < 2 * K; ++i)
    for (int j = i; j < 2 * K; ++j)
      f.emplace_back("G_" + std::to_string(i) + "_" + std::to_string(j), io::format_double(c.G[i][j]));
  for (int i = 0; i < 2 * K; ++i)
    f.emplace_back("g_" + std::to_string(i + 1), io::format_double(c.gamma_minus[i]));
  for (int j = 0; j < K; ++j) {
    f.emplace_back("mu_" + std::to_string(j + 1), io::format_double(c.mu[j]));
    f.emplace_back("eN_" + std::to_string(j + 1), io::format_double(c.eps_N[j]));
    f.emplace_back("eT_" + std::to_string(j + 1), io::format_double(c.eps_T[j]));
  }
  return f;
}

// A random collision of K contacts: G = A A^T + 0.05 I, some contacts approaching, mixed coefficients.
template <int K>
MultiContactCollision<K> random_collision(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0), p(0.0, 1.0);
  constexpr int n = 2 * K;
  double a[n][n];
  for (auto& row : a)
    for (double& x : row) x = u(rng);
  MultiContactCollision<K> c{};
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double s = i == j ? 0.05 : 0.0;
      for (int m = 0; m < n; ++m) s += a[i][m] * a[j][m];
      c.G[i][j] = s;
    }
  for (int i = 0; i < n; ++i) c.gamma_minus[i] = u(rng);
  c.gamma_minus[0] = -0.2 - p(rng);  // contact 1 approaches
  for (int j = 0; j < K; ++j) {
    c.mu[j] = j == 1 ? 0.0 : 1.5 * p(rng);  // contact 2 frictionless
    c.eps_N[j] = p(rng);
    c.eps_T[j] = c.eps_N[j] * p(rng);
  }
  return c;
}

struct EvalCase {
  std::string law;
  int k;
  std::string solver;  // "" = not given
};

// One row to write: a collision (or raw text overrides) and the status it must get.
template <int K>
struct CaseRow {
  std::string id;
  MultiContactCollision<K> c;
  std::vector<std::pair<std::string, std::string>> override_text;  // column -> text (e.g. "nan")
  Status expect;
};

template <int K>
std::vector<CaseRow<K>> case_rows() {
  std::mt19937_64 rng(20140 + K);
  std::vector<CaseRow<K>> rows;
  for (int i = 0; i < 6; ++i)
    rows.push_back({"r" + std::to_string(i), random_collision<K>(rng), {}, Status::ok});
  CaseRow<K> spd{"not-spd", random_collision<K>(rng), {}, Status::delassus_not_spd};
  spd.c.G[0][0] = -1.0;
  CaseRow<K> et{"eT>eN", random_collision<K>(rng), {}, Status::coefficient_out_of_range};
  et.c.eps_N[0] = 0.3;
  et.c.eps_T[0] = 0.6;
  CaseRow<K> sep{"no-approach", random_collision<K>(rng), {}, Status::not_approaching};
  for (int j = 0; j < K; ++j) sep.c.gamma_minus[j] = 0.1 * j;
  CaseRow<K> nan{"nan", random_collision<K>(rng), {{"mu_1", "nan"}}, Status::nonfinite_input};
  nan.c.mu[0] = std::nan("");
  // Short, hand-written numbers are parsed like long ones.
  CaseRow<K> small{"short", MultiContactCollision<K>{}, {}, Status::ok};
  for (int i = 0; i < 2 * K; ++i) small.c.G[i][i] = 1.0 + 0.5 * i;
  small.c.G[0][1] = small.c.G[1][0] = 0.25;
  small.c.gamma_minus[0] = -1.0;
  small.c.gamma_minus[2 * K - 1] = 0.5;
  for (int j = 0; j < K; ++j) small.c.mu[j] = 0.5, small.c.eps_N[j] = 0.5, small.c.eps_T[j] = 0.25;
  small.override_text = {{"G_0_0", "1"}, {"G_0_1", "0.25"}, {"g_1", "-1e0"}, {"mu_1", " 0.5 "}};
  rows.insert(rows.end(), {spd, et, small, sep, nan});
  return rows;
}

template <int K>
void check_eval(const EvalCase& ec) {
  const bool newton = ec.law == "newton-lcp";
  const std::vector<CaseRow<K>> rows = case_rows<K>();
  // Header: shuffled inputs with pass-through columns "id" (first) and "note" (middle).
  std::vector<std::string> header = input_columns(K);
  std::mt19937_64 shuffle_rng(7);
  std::shuffle(header.begin(), header.end(), shuffle_rng);
  header.insert(header.begin(), "id");
  header.insert(header.begin() + static_cast<long>(header.size() / 2), "note");
  std::string csv;
  for (std::size_t i = 0; i < header.size(); ++i) csv += (i ? "," : "") + header[i];
  csv += "\n";
  std::vector<std::vector<std::string>> written;
  for (const CaseRow<K>& r : rows) {
    auto f = fields_of(r.c);
    for (const auto& [col, text] : r.override_text)
      for (auto& [name, value] : f)
        if (name == col) value = text;
    std::vector<std::string> line;
    for (const std::string& h : header) {
      if (h == "id") {
        line.push_back(r.id);
      } else if (h == "note") {
        line.push_back("pass, \"through\"");
      } else {
        for (const auto& [name, value] : f)
          if (name == h) line.push_back(value);
      }
    }
    ASSERT_EQ(line.size(), header.size());
    std::string text;
    for (const std::string& x : line) {
      if (!text.empty()) text += ',';
      io::append_csv_field(text, x);
    }
    csv += text + "\n";
    written.push_back(line);
  }
  const std::string in = temp_path("lcp.csv"), out = temp_path("lcp_out.csv");
  write_text_file(in, csv);
  std::vector<std::string> args = {"eval", "--law", ec.law,  "--contacts", std::to_string(K),
                                   "--in", in,      "--out", out};
  if (!ec.solver.empty()) args.insert(args.end(), {"--solver", ec.solver});
  const CommandResult r = run_collsweep(args);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("4 of " + std::to_string(rows.size()) + " rows invalid"), std::string::npos) << r.err;

  const Rows got = parse_csv(testing::read_text_file(out));
  ASSERT_EQ(got.size(), rows.size() + 1);
  std::vector<std::string> want_header = header;
  const std::vector<std::string> outs = output_columns(K);
  want_header.insert(want_header.end(), outs.begin(), outs.end());
  EXPECT_EQ(got[0], want_header);

  MultiContactOptions opt;
  if (ec.solver == "lemke") opt.solver = LcpSolver::lemke;
  if (ec.solver == "enumeration") opt.solver = LcpSolver::enumeration;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SCOPED_TRACE(rows[i].id);
    const std::vector<std::string>& o = got[i + 1];
    ASSERT_EQ(o.size(), want_header.size());
    EXPECT_EQ(std::vector<std::string>(o.begin(), o.begin() + static_cast<long>(header.size())), written[i]);
    const MultiContactOutcome<K> want =
        newton ? evaluate_newton_lcp(rows[i].c, opt) : evaluate_poisson_lcp(rows[i].c, opt);
    ASSERT_EQ(want.status, rows[i].expect) << "test data: the row does not give the intended status";
    const std::string* res = &o[header.size()];
    if (want.status != Status::ok) {
      EXPECT_EQ(res[0], "invalid: " + families::lcp_status_reason(want.status));
      for (std::size_t m = 1; m < outs.size(); ++m) EXPECT_EQ(res[m], "") << outs[m];
      continue;
    }
    EXPECT_EQ(res[0], "ok");
    EXPECT_EQ(res[1], std::to_string(want.solutions));
    EXPECT_EQ(bits(num(res[2])), bits(want.W_min));
    EXPECT_EQ(bits(num(res[3])), bits(want.W_max));
    EXPECT_EQ(bits(num(res[4])), bits(want.W));
    for (int m = 0; m < 2 * K; ++m) {
      EXPECT_EQ(bits(num(res[5 + m])), bits(want.Lam[m])) << "Lam_" << m + 1;
      EXPECT_EQ(bits(num(res[5 + 2 * K + m])), bits(want.gamma_plus[m])) << "gp_" << m + 1;
    }
    EXPECT_EQ(res[5 + 4 * K], std::to_string(want.delassus_rank));
    EXPECT_EQ(res[5 + 4 * K], std::to_string(2 * K)) << "these G are positive definite";
    // near_singular: the definition, from the eigenvalues of the predicates (glocker_conditions' cond_G)
    const bool near = glocker_conditions(rows[i].c).cond_G > 1e8;
    EXPECT_EQ(res[6 + 4 * K], near ? "1" : "0");
  }
}

class CliLcpEval : public ::testing::TestWithParam<EvalCase> {};

TEST_P(CliLcpEval, OutputsEqualTheKernelBitwiseWithInvalidRows) {
  const EvalCase ec = GetParam();
  SCOPED_TRACE(ec.law + " k=" + std::to_string(ec.k) + " solver=" + ec.solver);
  switch (ec.k) {
    case 1:
      check_eval<1>(ec);
      break;
    case 2:
      check_eval<2>(ec);
      break;
    case 3:
      check_eval<3>(ec);
      break;
    default:
      FAIL() << ec.k;
  }
}

INSTANTIATE_TEST_SUITE_P(LawsContactsSolvers, CliLcpEval,
                         ::testing::Values(EvalCase{"poisson-lcp", 1, ""}, EvalCase{"poisson-lcp", 2, ""},
                                           EvalCase{"poisson-lcp", 3, ""}, EvalCase{"newton-lcp", 1, ""},
                                           EvalCase{"newton-lcp", 2, ""}, EvalCase{"newton-lcp", 3, ""},
                                           EvalCase{"poisson-lcp", 2, "lemke"},
                                           EvalCase{"newton-lcp", 3, "enumeration"}));

// Kane's double pendulum (Glocker 2014, Sect. 9.2) as one frictional contact, k = 1.
std::string kane_csv() {
  const KanePendulum p = kane_pendulum();
  const Delassus2 W = delassus_from_mechanism(p.mechanism);
  const Velocity2 v = contact_velocity(p.mechanism, p.u1);
  std::string s = "case,G_0_0,G_0_1,G_1_1,g_1,g_2,mu_1,eN_1,eT_1\n";
  for (const char* e : {"0.5", "0.7"})
    s += std::string("eN=") + e + "," + io::format_double(W.nn) + "," + io::format_double(W.nt) + "," +
         io::format_double(W.tt) + "," + io::format_double(v.n) + "," + io::format_double(v.t) + ",0.5," + e +
         ",0\n";
  return s;
}

TEST(CliLcpEvalKane, PendulumGivesTheNoteEnergiesTo4Digits) {
  const std::string csv = kane_csv();
  const struct {
    const char* law;
    double W[2];
  } cases[] = {{"poisson-lcp", {-0.1266, -0.1194}}, {"newton-lcp", {0.1634, 0.4889}}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.law);
    const CommandResult r =
        run_collsweep({"eval", "--law", c.law, "--contacts", "1", "--in", "-", "--out", "-"}, &csv);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const Rows out = parse_csv(r.out);
    ASSERT_EQ(out.size(), 3u);
    ASSERT_EQ(out[0].size(), 9u + 11u);
    EXPECT_EQ(out[0][9], "status");
    EXPECT_EQ(out[0][13], "W");
    for (int i = 0; i < 2; ++i) {
      const auto& row = out[static_cast<std::size_t>(i + 1)];
      EXPECT_EQ(row[9], "ok");
      EXPECT_EQ(row[10], "1");  // one solution
      EXPECT_NEAR(num(row[13]), c.W[i], 0.5e-4 + 1e-15) << row[0];
    }
  }
}

TEST(CliLcpEval, AllRowsOkExitsZero) {
  const std::string csv = "G_0_0,G_0_1,G_1_1,g_1,g_2,mu_1,eN_1,eT_1\n1,0,1,-1,0.5,0.3,0.5,0.2\n";
  const CommandResult r =
      run_collsweep({"eval", "--law", "poisson-lcp", "--contacts", "1", "--in", "-", "--out", "-"}, &csv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(testing::count_lines(r.out), 2);
}

TEST(CliLcpEval, MalformedFilesExit2NamingLineAndColumn) {
  // k = 2 has G_0_0..G_3_3 (10 columns), g_1..g_4, mu_1, mu_2, eN_1, eN_2, eT_1, eT_2.
  std::vector<std::string> cols = input_columns(2);
  std::string good_header, good_row;
  for (const std::string& c : cols) {
    good_header += (good_header.empty() ? "" : ",") + c;
    const bool diag = c == "G_0_0" || c == "G_1_1" || c == "G_2_2" || c == "G_3_3";
    good_row += std::string(good_row.empty() ? "" : ",") + (diag                    ? "1"
                                                            : c == "g_1"            ? "-1"
                                                            : c.rfind("G_", 0) == 0 ? "0"
                                                            : c.rfind("eT", 0) == 0 ? "0"
                                                                                    : "0.5");
  }
  std::string missing_header;
  for (const std::string& c : cols)
    if (c != "G_0_3") missing_header += (missing_header.empty() ? "" : ",") + c;
  std::string missing_row = good_row.substr(0, good_row.rfind(','));  // one field fewer
  std::string bad_number = good_row;
  const std::size_t mu2 = [&] {
    std::size_t pos = 0;
    for (std::size_t i = 0; i < cols.size(); ++i)
      if (cols[i] == "mu_2") pos = i;
    return pos;
  }();
  {
    std::vector<std::string> f;
    std::stringstream ss(good_row);
    std::string x;
    while (std::getline(ss, x, ',')) f.push_back(x);
    f[mu2] = "abc";
    bad_number.clear();
    for (const std::string& y : f) bad_number += (bad_number.empty() ? "" : ",") + y;
  }
  const struct {
    const char* name;
    std::string csv;
    std::vector<std::string> parts;
  } cases[] = {
      {"missing G_0_3",
       missing_header + "\n" + missing_row + "\n",
       {"line 1:", "missing required column 'G_0_3'"}},
      {"bad number",
       good_header + "\n" + good_row + "\n" + bad_number + "\n",
       {"line 3:", "column 'mu_2'", "'abc' is not a number"}},
      {"k = 1 file read with --contacts 2",
       "G_0_0,G_0_1,G_1_1,g_1,g_2,mu_1,eN_1,eT_1\n1,0,1,-1,0.5,0.3,0.5,0.2\n",
       {"line 1:", "'G_0_2'", "'g_3'", "'mu_2'"}},
      {"output column name", good_header + ",W\n" + good_row + ",1\n", {"line 1:", "column 'W'"}},
  };
  for (const auto& m : cases) {
    SCOPED_TRACE(m.name);
    const std::string in = temp_path("bad.csv"), out = temp_path("bad_out.csv");
    write_text_file(in, m.csv);
    const CommandResult r =
        run_collsweep({"eval", "--law", "poisson-lcp", "--contacts", "2", "--in", in, "--out", out});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(testing::count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("collsweep eval: " + in + ": line ", 0), 0u) << r.err;
    for (const std::string& part : m.parts) EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
    EXPECT_FALSE(std::ifstream(out).good()) << "a partial --out file was left behind";
  }
  // The good file itself is fine.
  const std::string csv = good_header + "\n" + good_row + "\n";
  EXPECT_EQ(run_collsweep({"eval", "--law", "newton-lcp", "--contacts", "2", "--in", "-", "--out", "-"}, &csv)
                .exit_code,
            0);
}

TEST(CliLcpEval, BadOptionsExit2) {
  const std::string csv = "G_0_0,G_0_1,G_1_1,g_1,g_2,mu_1,eN_1,eT_1\n1,0,1,-1,0.5,0.3,0.5,0.2\n";
  const std::string in = temp_path("opt.csv"), out = temp_path("opt_out.csv");
  write_text_file(in, csv);
  const auto eval = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = {"eval", "--in", in, "--out", out};
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  const struct {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {eval({"--law", "poisson-lcp", "--contacts", "0"}),
       "--contacts 0: expected the number of contacts, an integer from 1 to 4"},
      {eval({"--law", "poisson-lcp", "--contacts", "5"}), "--contacts 5: expected the number of contacts"},
      {eval({"--law", "poisson-lcp", "--contacts", "-1"}), "--contacts -1: expected the number of contacts"},
      {eval({"--law", "poisson-lcp", "--contacts", "two"}),
       "--contacts two: expected the number of contacts"},
      {eval({"--law", "poisson-lcp", "--contacts", "1.5"}),
       "--contacts 1.5: expected the number of contacts"},
      {eval({"--law", "poisson-lcp", "--contacts", "1", "--solver", "simplex"}),
       "--solver simplex: unknown solver"},
      {eval({"--law", "stronge", "--contacts", "1"}), "--contacts 1: belongs to the multi-contact laws"},
      {eval({"--law", "newton", "--solver", "lemke"}), "--solver lemke: belongs to the multi-contact laws"},
      {eval({"--law", "poisson-lcpx", "--contacts", "1"}), "poisson-lcp, newton-lcp"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.message);
    const CommandResult r = run_collsweep(c.args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(testing::count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

// A header of k contacts read with another --contacts: G_0_1 is N1-T1 for one contact and N1-N2 for two, so
// a two-contact file read as one contact would give "ok" rows of another collision. Refused.
TEST(CliLcpEval, HeaderOfMoreContactsThanGivenIsRefused) {
  std::string header, row;
  for (const std::string& c : input_columns(2)) {
    header += (header.empty() ? "" : ",") + c;
    const bool diag = c == "G_0_0" || c == "G_1_1" || c == "G_2_2" || c == "G_3_3";
    row += std::string(row.empty() ? "" : ",") + (diag          ? "1"
                                                  : c == "g_1"  ? "-1"
                                                  : c[0] == 'G' ? "0.1"
                                                                : "0.25");
  }
  const std::string csv = header + "\n" + row + "\n";
  const std::string in = temp_path("two.csv"), out = temp_path("two_out.csv");
  write_text_file(in, csv);
  for (const char* law : {"poisson-lcp", "newton-lcp"}) {
    SCOPED_TRACE(law);
    const CommandResult r =
        run_collsweep({"eval", "--law", law, "--contacts", "1", "--in", in, "--out", out});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(testing::count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("collsweep eval: " + in + ": line 1: header has columns for 2 contacts (", 0), 0u)
        << r.err;
    for (const char* part : {"g_3", "g_4", "mu_2", "eN_2", "eT_2", "G_0_2", "but --contacts 1"})
      EXPECT_NE(r.err.find(part), std::string::npos) << part << ": " << r.err;
    EXPECT_EQ(r.err.find("G_0_1"), std::string::npos) << "G_0_1 is a column of one contact too: " << r.err;
    EXPECT_FALSE(std::ifstream(out).good()) << "no output file is left";
  }
  // A single column of a larger k is enough.
  const std::string one_more =
      "G_0_0,G_0_1,G_1_1,g_1,g_2,mu_1,eN_1,eT_1,mu_2\n1,0,1,-1,0.5,0.3,0.5,0.2,0.3\n";
  const CommandResult r = run_collsweep(
      {"eval", "--law", "poisson-lcp", "--contacts", "1", "--in", "-", "--out", "-"}, &one_more);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("header has columns for 2 contacts (mu_2) but --contacts 1"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
}

// Without --contacts, k is the header's: the same bytes as with the right --contacts; a header that is not
// that of one k, or holds none of the columns, is refused naming the columns.
TEST(CliLcpEval, ContactsAreInferredFromTheHeader) {
  for (int k : {1, 2, 3}) {
    SCOPED_TRACE(k);
    std::string csv;
    for (const std::string& c : input_columns(k)) csv += (csv.empty() ? "" : ",") + c;
    csv += ",id\n";
    std::mt19937_64 rng(91 + k);
    for (int r = 0; r < 4; ++r) {
      std::string line;
      const auto add = [&](const std::vector<std::pair<std::string, std::string>>& f) {
        for (const std::string& c : input_columns(k))
          for (const auto& [name, value] : f)
            if (name == c) line += (line.empty() ? "" : ",") + value;
      };
      if (k == 1) add(fields_of(random_collision<1>(rng)));
      if (k == 2) add(fields_of(random_collision<2>(rng)));
      if (k == 3) add(fields_of(random_collision<3>(rng)));
      csv += line + ",row" + std::to_string(r) + "\n";
    }
    const CommandResult given = run_collsweep(
        {"eval", "--law", "poisson-lcp", "--contacts", std::to_string(k), "--in", "-", "--out", "-"}, &csv);
    const CommandResult inferred =
        run_collsweep({"eval", "--law", "poisson-lcp", "--in", "-", "--out", "-"}, &csv);
    ASSERT_EQ(given.exit_code, 0) << given.err;
    EXPECT_EQ(inferred.exit_code, 0) << inferred.err;
    EXPECT_EQ(inferred.out, given.out);
    const Rows rows = parse_csv(inferred.out);
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(rows[0][rows[0].size() - 3], "gp_" + std::to_string(2 * k)) << "the outputs of k contacts";
    EXPECT_EQ(rows[0][rows[0].size() - 2], "G_rank");
    EXPECT_EQ(rows[0].back(), "near_singular");
  }
  const struct {
    const char* name;
    std::string csv;
    std::vector<std::string> parts;
  } bad[] = {
      {"no column of the family",
       "a,b\n1,2\n",
       {"line 1:", "cannot infer the number of contacts", "--contacts k"}},
      {"columns of 2 contacts, G_0_3 and g_4 missing",
       "G_0_0,G_0_1,G_0_2,G_1_1,G_1_2,G_1_3,G_2_2,G_2_3,G_3_3,g_1,g_2,g_3,mu_1,mu_2,eN_1,eN_2,eT_1,eT_2\n"
       "1,0,0,1,0,0,1,0,1,-1,0,0,0.5,0.5,0.5,0.5,0,0\n",
       {"line 1:", "missing required column 'G_0_3', 'g_4' of 2 contacts"}},
      {"a misspelled column",
       "G_0_0,G_0_1,G_1_1,g_1,g2,mu_1,eN_1,eT_1\n1,0,1,-1,0,0.5,0.5,0\n",
       {"line 1:", "missing required column 'g_2' (the header has 'g2': did you mean 'g_2'?) of 1 contact"}},
      {"semicolons",
       "G_0_0;G_0_1;G_1_1;g_1;g_2;mu_1;eN_1;eT_1\n1;0;1;-1;0;0.5;0.5;0\n",
       {"line 1:", "cannot infer the number of contacts", "comma-separated"}},
      {"lower triangle",
       "G_0_0,G_0_1,G_1_0,G_1_1,g_1,g_2,mu_1,eN_1,eT_1\n1,0,0,1,-1,0,0.5,0.5,0\n",
       {"line 1:", "column 'G_1_0': not a column of 1 to 4 contacts"}},
      {"five contacts", "G_0_0,mu_5\n1,0\n", {"column 'mu_5': not a column of 1 to 4 contacts"}},
  };
  for (const auto& b : bad) {
    SCOPED_TRACE(b.name);
    const CommandResult r = run_collsweep({"eval", "--law", "newton-lcp", "--in", "-", "--out", "-"}, &b.csv);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(testing::count_lines(r.err), 1) << r.err;
    for (const std::string& part : b.parts)
      EXPECT_NE(r.err.find(part), std::string::npos) << part << ": " << r.err;
  }
}

// ---- solve: every solution listed ------------------------------------------------------------------

// The whitespace-separated cells of each line of the table that follows the line starting with `title`
// (up to the next blank line), its header row first.
std::vector<std::vector<std::string>> table_after(const std::string& text, const std::string& title) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside) {
      inside = line.rfind(title, 0) == 0;
      continue;
    }
    if (line.empty()) break;
    std::istringstream cells(line);
    std::vector<std::string> row;
    for (std::string c; cells >> c;) row.push_back(c);
    rows.push_back(row);
  }
  return rows;
}

std::string cell(double x) {
  const std::string s = vocabulary::table_number(x);
  return s[0] == ' ' ? s.substr(1) : s;
}

// solve lists every solution the law finds (JSON arrays and table rows), each with its outcome (1 ..
// solutions: the distinct gamma^+ the outcome counts), exactly one marked chosen, and that one has the
// outcome's numbers; the old keys are unchanged.
template <int K>
void check_listed_solutions(const MultiContactCollision<K>& c, const char* law,
                            const std::string& solver = "") {
  constexpr int n = 2 * K;
  const bool poisson = std::string(law) == "poisson-lcp";
  std::vector<std::string> args = solve_args(law, c, solver);
  args.push_back("--json");
  const CommandResult r = run_collsweep(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = parse_json_output(r);
  const JsonValue& out = j.at("outputs");
  const auto solutions = static_cast<std::size_t>(out.at("solutions").number());
  ASSERT_GE(solutions, 1u);
  const std::vector<JsonValue>& list = j.at(poisson ? "decompression_solutions" : "solution_list").arr;
  ASSERT_GE(list.size(), solutions) << "every counted outcome listed";
  std::vector<bool> outcome_seen(solutions, false);
  for (const JsonValue& e : list) {
    const double k = e.at("outcome").number();
    ASSERT_TRUE(k >= 1 && k <= static_cast<double>(solutions)) << k;
    outcome_seen[static_cast<std::size_t>(k) - 1] = true;
  }
  for (std::size_t k = 0; k < solutions; ++k) EXPECT_TRUE(outcome_seen[k]) << "outcome " << k + 1;
  EXPECT_FALSE(j.has(poisson ? "solution_list" : "compression_solutions"));
  const double tol = 1e-9 * out.at("T_acc").number();
  int chosen = -1;
  for (std::size_t s = 0; s < list.size(); ++s) {
    const JsonValue& e = list[s];
    EXPECT_EQ(e.at("index").number(), static_cast<double>(s + 1));
    EXPECT_EQ(e.at("Lam").arr.size(), static_cast<std::size_t>(n));
    EXPECT_EQ(e.at("gamma_plus").arr.size(), static_cast<std::size_t>(n));
    EXPECT_GE(e.at("W").number(), out.at("W_min").number() - tol);
    EXPECT_LE(e.at("W").number(), out.at("W_max").number() + tol);
    if (e.at("chosen").b) {
      EXPECT_EQ(chosen, -1) << "two chosen";
      chosen = static_cast<int>(s);
    }
  }
  ASSERT_GE(chosen, 0) << "no chosen solution";
  const JsonValue& pick = list[static_cast<std::size_t>(chosen)];
  EXPECT_EQ(bits(pick.at("W").number()), bits(out.at("W").number()));
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(bits(pick.at("Lam").arr[i].number()), bits(out.at("Lam").arr.at(i).number())) << i;
    EXPECT_EQ(bits(pick.at("gamma_plus").arr[i].number()), bits(out.at("gamma_plus").arr.at(i).number()))
        << i;
  }
  if (poisson) {
    const std::vector<JsonValue>& comp = j.at("compression_solutions").arr;
    EXPECT_GE(static_cast<double>(comp.size()), j.at("compression").at("solutions").number());
    int chosen_comp = -1;
    for (std::size_t m = 0; m < comp.size(); ++m)
      if (comp[m].at("chosen").b) chosen_comp = static_cast<int>(m);
    ASSERT_GE(chosen_comp, 0);
    EXPECT_EQ(pick.at("compression").number(), chosen_comp + 1.0)
        << "the chosen solution follows the chosen compression";
    const JsonValue& cm = comp[static_cast<std::size_t>(chosen_comp)];
    EXPECT_EQ(bits(cm.at("W_compression").number()), bits(j.at("compression").at("W_compression").number()));
    for (std::size_t i = 0; i < n; ++i) {
      EXPECT_EQ(bits(cm.at("Lam_minus").arr[i].number()),
                bits(j.at("compression").at("Lam_minus").arr.at(i).number()));
      EXPECT_EQ(bits(cm.at("gamma_0").arr[i].number()),
                bits(j.at("compression").at("gamma_0").arr.at(i).number()));
      EXPECT_EQ(bits(pick.at("Lam_plus").arr[i].number()),
                bits(j.at("decompression").at("Lam_plus").arr.at(i).number()));
    }
    for (const JsonValue& e : list) {
      const double m = e.at("compression").number();
      EXPECT_TRUE(m >= 1 && m <= static_cast<double>(comp.size())) << m;
    }
  }

  // The table: one row per solution after its header, the chosen one with the same (10-digit) numbers.
  const CommandResult t = run_collsweep(solve_args(law, c, solver));
  ASSERT_EQ(t.exit_code, 0) << t.err;
  const auto rows = table_after(t.out, poisson ? "solutions of the impact" : "solutions (");
  ASSERT_EQ(rows.size(), list.size() + 1) << t.out;
  EXPECT_EQ(rows[0].front(), "#");
  EXPECT_EQ(rows[0].back(), "chosen");
  int yes = 0;
  for (std::size_t s = 1; s < rows.size(); ++s) {
    EXPECT_EQ(rows[s][0], std::to_string(s));
    if (rows[s].back() != "yes") continue;
    ++yes;
    EXPECT_EQ(static_cast<int>(s) - 1, chosen);
    const std::size_t first = poisson ? 3 : 2;  // (#, poisson's compression number, the outcome)
    for (std::size_t i = 0; i < n; ++i) {
      EXPECT_EQ(rows[s][first + i], cell(out.at("Lam").arr.at(i).number())) << i;
      EXPECT_EQ(rows[s][first + n + i], cell(out.at("gamma_plus").arr.at(i).number())) << i;
    }
    EXPECT_EQ(rows[s][first + 2 * n], cell(out.at("W").number()));
  }
  EXPECT_EQ(yes, 1);
  if (poisson) {
    const auto comp_rows = table_after(t.out, "compression solutions");
    EXPECT_EQ(comp_rows.size(), j.at("compression_solutions").arr.size() + 1);
  }
}

TEST(CliLcpSolve, CounterExampleListsItsOneSolution) {
  const MultiContactCollision<2> c = counter_example();
  for (const char* solver : {"", "lemke"}) {
    SCOPED_TRACE(solver);
    check_listed_solutions(c, "poisson-lcp", solver);
    check_listed_solutions(c, "newton-lcp", solver);
  }
  std::vector<std::string> args = solve_args("poisson-lcp", c);
  args.push_back("--json");
  const JsonValue j = parse_json_output(run_collsweep(args));
  ASSERT_EQ(j.at("decompression_solutions").arr.size(), 1u);
  EXPECT_NEAR(j.at("decompression_solutions").arr[0].at("W").number(), 351.0 / 800.0, 1e-12);
}

// A rod on two frictional contacts (docs/multicontact.md, "Semidefinite G"): exactly singular, G has rank 3
// and solve lists the indeterminate friction split; G + eps I with eps = 1e-10 is nearly singular (flagged)
// and has the same one outcome; with eps = 1e-2 neither.
TEST(CliLcpSolve, ARodOnTwoContactsIsSingularAndItsRegularisationNearlySingular) {
  const MultiContactCollision<2> c = testing_samples::rod_on_two_contacts();
  const struct {
    double eps;
    int rank;
    bool near_singular;
  } cases[] = {{0.0, 3, false}, {1e-10, 4, true}, {1e-2, 4, false}};
  for (const auto& k : cases) {
    SCOPED_TRACE(k.eps);
    MultiContactCollision<2> r = c;
    for (int i = 0; i < 4; ++i) r.G[i][i] += k.eps;
    std::vector<std::string> args = solve_args("poisson-lcp", r);
    const CommandResult t = run_collsweep(args);
    ASSERT_EQ(t.exit_code, 0) << t.err;
    EXPECT_EQ(t.out.find("rank 3 of 4 (singular)") != std::string::npos, k.rank == 3) << t.out;
    EXPECT_EQ(t.out.find("indeterminate impulses: G has rank 3 of 4") != std::string::npos, k.rank == 3);
    EXPECT_EQ(t.out.find("nearly singular: cond(G) = ") != std::string::npos, k.near_singular) << t.out;
    args.push_back("--json");
    const JsonValue j = parse_json_output(run_collsweep(args));
    EXPECT_EQ(j.at("delassus_rank").number(), k.rank);
    EXPECT_EQ(j.at("null_space_dimension").number(), 4 - k.rank);
    EXPECT_EQ(j.at("near_singular").b, k.near_singular);
    EXPECT_EQ(j.at("outputs").at("solutions").number(), 1.0);
    EXPECT_NEAR(j.at("outputs").at("gamma_plus").arr.at(0).number(), 0.5, 1e-8);
    EXPECT_NEAR(j.at("outputs").at("gamma_plus").arr.at(2).number(), 0.0, 1e-8);
    if (k.rank == 3) {
      const JsonValue& ranges = j.at("impulse_ranges");
      EXPECT_LT(ranges.at("Lam_min").arr.at(2).number(), ranges.at("Lam_max").arr.at(2).number());
    }
    // eval's columns say the same
    std::string csv, line;
    for (const auto& [name, value] : fields_of(r)) {
      csv += (csv.empty() ? "" : ",") + name;
      line += (line.empty() ? "" : ",") + value;
    }
    csv += "\n" + line + "\n";
    const CommandResult e = run_collsweep({"eval", "--law", "poisson-lcp", "--in", "-", "--out", "-"}, &csv);
    ASSERT_EQ(e.exit_code, 0) << e.err;
    const Rows rows = parse_csv(e.out);
    ASSERT_EQ(rows.size(), 2u);
    ASSERT_EQ(rows[0].back(), "near_singular");
    EXPECT_EQ(rows[1][rows[1].size() - 2], std::to_string(k.rank));
    EXPECT_EQ(rows[1].back(), k.near_singular ? "1" : "0");
  }
}

// Random collisions with several solutions (searched with the same generator): all are listed.
TEST(CliLcpSolve, SeveralSolutionsAreAllListed) {
  std::mt19937_64 rng(4242);
  int poisson_cases = 0, newton_cases = 0;
  for (int t = 0; t < 200000 && (poisson_cases < 2 || newton_cases < 2); ++t) {
    const MultiContactCollision<2> c = random_collision<2>(rng);
    const MultiContactOutcome<2> p = evaluate_poisson_lcp(c), q = evaluate_newton_lcp(c);
    if (poisson_cases < 2 && p.status == Status::ok && p.solutions >= 3 && p.compression_solutions >= 2) {
      SCOPED_TRACE("poisson-lcp, sample " + std::to_string(t));
      check_listed_solutions(c, "poisson-lcp");
      ++poisson_cases;
    }
    if (newton_cases < 2 && q.status == Status::ok && q.solutions >= 2) {
      SCOPED_TRACE("newton-lcp, sample " + std::to_string(t));
      check_listed_solutions(c, "newton-lcp");
      ++newton_cases;
    }
  }
  EXPECT_EQ(poisson_cases, 2);
  EXPECT_EQ(newton_cases, 2);
}

// ---- solve: bad input of every kind --------------------------------------------------------------

TEST(CliLcpSolve, EveryKindOfBadInputGivesAOneLineMessageAndExit2) {
  const std::vector<std::string> ok_k1 = {"--contacts", "1",   "--G",  "1,0,1", "--gamma", "-1,0.5",
                                          "--mu",       "0.3", "--eN", "0.5",   "--eT",    "0.2"};
  const auto k1 = [&](std::vector<std::pair<std::string, std::string>> replace) {
    std::vector<std::string> a = {"--law", "poisson-lcp"};
    std::vector<std::string> rest = ok_k1;
    for (const auto& [opt, value] : replace) {
      bool found = false;
      for (std::size_t i = 0; i + 1 < rest.size(); i += 2)
        if (rest[i] == opt) rest[i + 1] = value, found = true;
      if (!found) rest.insert(rest.end(), {opt, value});
    }
    a.insert(a.end(), rest.begin(), rest.end());
    return a;
  };
  const struct {
    std::vector<std::string> args;
    std::string message;
    std::string code;
  } cases[] = {
      {{"--law", "poisson-lcp", "--G", "1,0,1", "--gamma", "-1,0.5", "--mu", "0.3", "--eN", "0.5", "--eT",
        "0.2"},
       "--contacts k is required by law poisson-lcp",
       "usage"},
      {k1({{"--contacts", "5"}}), "--contacts 5: expected the number of contacts, an integer from 1 to 4",
       "usage"},
      {k1({{"--contacts", "0"}}), "--contacts 0: expected the number of contacts", "usage"},
      {k1({{"--G", "1,0"}}), "--G: expected 3 comma-separated numbers (upper triangle of the 2 x 2 G",
       "usage"},
      {k1({{"--G", "1,x,1"}}), "--G: item 2 of '1,x,1' ('x') is not a number", "usage"},
      {k1({{"--G", "1,2,1"}}), "--G 1,2,1: G is not symmetric positive semidefinite", "delassus_not_spd"},
      {k1({{"--G", "1,1,1"}}), "--G 1,1,1: G is singular", "singular_delassus"},
      {k1({{"--gamma", "-1,nan"}}), "--gamma -1,nan: NaN or inf in the input", "usage"},
      {k1({{"--gamma", "-1"}}), "--gamma: expected 2 comma-separated numbers", "usage"},
      {k1({{"--gamma", "0.5,1"}}), "--gamma 0.5,1: no contact is approaching", "not_approaching"},
      {k1({{"--mu", "-0.1"}}), "--mu -0.1: contact 1: mu < 0", "negative_friction"},
      {k1({{"--mu", "0.1,0.2"}}), "--mu: expected 1 comma-separated number", "usage"},
      {k1({{"--eN", "1.5"}}), "--eN 1.5: contact 1: eps_N outside [0, 1]", "restitution_out_of_range"},
      {k1({{"--eT", "0.6"}}), "--eT 0.6: contact 1: eps_T outside [0, eps_N]", "coefficient_out_of_range"},
      {k1({{"--eT", "inf"}}), "--eT inf: NaN or inf in the input", "usage"},
      {k1({{"--solver", "simplex"}}), "--solver simplex: unknown solver", "usage"},
      {k1({{"--W", "1,0,1"}}), "--W 1,0,1: belongs to the planar and spatial laws, not to law poisson-lcp",
       "usage"},
      {k1({{"--e", "0.5"}}), "--e 0.5: belongs to the planar and spatial laws", "usage"},
      {{"--law", "poisson-lcp", "--contacts", "1", "--gamma", "-1,0.5", "--mu", "0.3", "--eN", "0.5", "--eT",
        "0.2"},
       "--G is required",
       "usage"},
      {{"--law", "newton-lcp", "--contacts", "1", "--G", "1,0,1", "--gamma", "-1,0.5", "--mu", "0.3", "--eN",
        "0.5"},
       "--eT is required",
       "usage"},
      {{"--law", "stronge", "--W", "1,0,1", "--v", "-1,0", "--mu", "0.2", "--e", "0.5", "--contacts", "1"},
       "--contacts 1: belongs to the multi-contact laws",
       "usage"},
      {{"--law", "stronge", "--W", "1,0,1", "--v", "-1,0", "--mu", "0.2", "--e", "0.5", "--G", "1,0,1"},
       "--G 1,0,1: belongs to the multi-contact laws",
       "usage"},
      {{"--law", "poisson-lcp", "--contacts", "2", "--G", "1,0,0,0,1,0,0,1,0,1", "--gamma", "-1,0,0,0",
        "--mu", "0.3,0", "--eN", "0.5,0.5", "--eT", "0.2,0.7"},
       "--eT 0.2,0.7: contact 2: eps_T outside [0, eps_N]",
       "coefficient_out_of_range"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"solve"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    SCOPED_TRACE(c.message);
    const CommandResult r = run_collsweep(args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(testing::count_lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("collsweep solve: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;

    args.push_back("--json");
    const CommandResult rj = run_collsweep(args);
    EXPECT_EQ(rj.exit_code, 2);
    const JsonValue j = parse_json_output(rj);
    ASSERT_EQ(j.kind, JsonValue::Kind::object) << rj.out;
    EXPECT_EQ(j.at("status").string(), "invalid");
    EXPECT_EQ(j.at("code").string(), c.code);
    EXPECT_NE(j.at("reason").string().find(c.message), std::string::npos) << rj.out;
  }
}

// One planar rigid body from a file (examples/rod.toml): the same outcome as --G and --gamma of the body's
// own G and gamma^- (the rod of length 1, m = 1, I = 1/12: G of docs/multicontact.md; gamma_N = v_y -+ omega
// / 2, gamma_T = v_x), and the body's velocity after impact: J v+ = gamma+ and T+ - T- = W.
TEST(CliLcpSolve, ARigidBodyFromAFileIsItsGAndGamma) {
  const std::string rod = testing::source_dir() + "/examples/rod.toml";
  const std::vector<std::string> coefficients = {"--mu", "0.5,0.5", "--eN",  "0.5,0.5",
                                                 "--eT", "0,0",     "--json"};
  std::vector<std::string> from_file = {"solve", "--law", "poisson-lcp", "--bodies", rod};
  from_file.insert(from_file.end(), coefficients.begin(), coefficients.end());
  std::vector<std::string> given = {"solve",
                                    "--law",
                                    "poisson-lcp",
                                    "--contacts",
                                    "2",
                                    "--G",
                                    "4,-2,0,0,4,0,0,1,1,1",
                                    "--gamma",
                                    "-1.5,-0.5,0.3,0.3"};
  given.insert(given.end(), coefficients.begin(), coefficients.end());
  const CommandResult a = run_collsweep(from_file), b = run_collsweep(given);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const JsonValue ja = parse_json_output(a), jb = parse_json_output(b);
  for (const char* q : {"Lam", "gamma_plus"})
    for (int i = 0; i < 4; ++i)
      EXPECT_NEAR(ja.at("outputs").at(q).arr.at(i).number(), jb.at("outputs").at(q).arr.at(i).number(), 1e-14)
          << q << " " << i;
  EXPECT_NEAR(ja.at("outputs").at("W").number(), jb.at("outputs").at("W").number(), 1e-14);
  const JsonValue& body = ja.at("body");
  const double v[3] = {body.at("v_plus").arr.at(0).number(), body.at("v_plus").arr.at(1).number(),
                       body.at("v_plus").arr.at(2).number()};
  const double gp[4] = {v[1] - 0.5 * v[2], v[1] + 0.5 * v[2], v[0], v[0]};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(gp[i], ja.at("outputs").at("gamma_plus").arr.at(i).number(), 1e-14);
  EXPECT_NEAR(body.at("T_plus").number() - body.at("T_minus").number(), ja.at("outputs").at("W").number(),
              1e-14);
  EXPECT_NEAR(body.at("T_minus").number(), 0.5 * (0.09 + 1.0) + 0.5 / 12.0, 1e-15);
  EXPECT_FALSE(jb.has("body")) << "no body without --bodies";

  const std::string bad = temp_path("bad_body.toml");
  write_text_file(bad,
                  "[body]\nmass = 1.0\ninertia = 0.1\npoints = [[-0.5, 0.0]]\nnormals = [[0.0, 1.0]]\n"
                  "v = [0.0, -1.0]\n");
  const struct {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {{"solve", "--law", "newton-lcp", "--bodies", rod, "--G", "1,0,1", "--mu", "0.5,0.5", "--eN", "0.5,0.5",
        "--eT", "0,0"},
       "gives G and gamma^- (the body's): leave out --G and --gamma"},
      {{"solve", "--law", "newton-lcp", "--bodies", rod, "--contacts", "3", "--mu", "0.5,0.5", "--eN",
        "0.5,0.5", "--eT", "0,0"},
       "--contacts 3: the --bodies file " + rod + " has 2 contact points"},
      {{"solve", "--law", "newton-lcp", "--bodies", bad, "--mu", "0.5", "--eN", "0.5", "--eT", "0"},
       "body.omega"},
      {{"solve", "--law", "newton-lcp", "--bodies", temp_path("missing.toml"), "--mu", "0.5", "--eN", "0.5",
        "--eT", "0"},
       "cannot open"},
  };
  for (const auto& c : cases) {
    const CommandResult r = run_collsweep(c.args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

// A rod whose ends land with different coefficients while it spins: Poisson's outcome depends on how the
// compression impulse is split between the ends, which their compliances would decide; `solve` refuses it
// by name, in the table's and the JSON's way, and Newton's law (one phase) solves it.
TEST(CliLcp, SolveRefusesAnIndeterminateOutcomeByName) {
  const std::string rod = temp_path("spinning_rod.toml");
  write_text_file(rod,
                  "[body]\nmass = 1.0\ninertia = 0.08333333333333333\npoints = [[-0.5, 0.0], [0.5, 0.0]]\n"
                  "normals = [[0.0, 1.0], [0.0, 1.0]]\nv = [0.65, -1.0]\nomega = -0.93\n");
  const std::vector<std::string> coefficients = {"--mu", "0.9,0.52", "--eN", "0.31,0.98", "--eT", "0.31,0.8"};
  std::vector<std::string> poisson = {"solve", "--law", "poisson-lcp", "--bodies", rod};
  poisson.insert(poisson.end(), coefficients.begin(), coefficients.end());
  const CommandResult r = run_collsweep(poisson);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("--bodies " + rod +
                       ": law poisson-lcp: G is singular and the impact's outcome is not "
                       "determined"),
            std::string::npos)
      << r.err;
  poisson.push_back("--json");
  const CommandResult j = run_collsweep(poisson);
  EXPECT_EQ(j.exit_code, 2);
  EXPECT_NE(j.out.find("\"code\": \"indeterminate_outcome\""), std::string::npos) << j.out;
  std::vector<std::string> newton = {"solve", "--law", "newton-lcp", "--bodies", rod};
  newton.insert(newton.end(), coefficients.begin(), coefficients.end());
  EXPECT_EQ(run_collsweep(newton).exit_code, 0);
}

}  // namespace
}  // namespace collsweep

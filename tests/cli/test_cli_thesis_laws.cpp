// Tests of `collsweep eval` and `solve` on Chatterjee's thesis laws, planar and spatial.
//
// Every value is checked against the kernel called here on the same numbers (bitwise) and against hand
// values: the uniform rod at 45 degrees (W = [[2.5, -1.5], [-1.5, 2.5]], v1 = (-1, 1), Chatterjee 1997 §7
// style worked example; Kane-Levinson sticks with P = (7/8, 1/8) and gains energy, Brach with P_t/P_n = 0.2
// is Law II's projected impulse (5/7, -1/7)), mu = 0 reductions to Newton's frictionless impulse (§6.5), and
// Ivanov's eta = e for frictionless impulses (§3.3).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/models/spatial/constraints.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "io/format.hpp"
#include "support/csv_text.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

using testing::bits;
using testing::CommandResult;
using testing::num;
using testing::parse_csv;
using testing::Rows;
using testing::run_collsweep;
using testing::temp_path;
using testing::write_text_file;

// The column index of `name` in a header row (fails the test when absent).
std::size_t col(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

CommandResult eval_text(const std::string& law, const std::string& csv, std::string* out_text) {
  const std::string in = temp_path("in.csv"), out = temp_path("out.csv");
  write_text_file(in, csv);
  CommandResult r = run_collsweep({"eval", "--law", law, "--in", in, "--out", out});
  *out_text = testing::read_text_file(out);
  return r;
}

const char* kRodHeader = "W_nn,W_nt,W_tt,v_n,v_t,mu,e,e_t,s1,s2,ratio\n";
const char* kSpatialHeader = "W_nn,W_n1,W_n2,W_11,W_12,W_22,v_n,v_1,v_2,mu,e,e_t,s1,s2,r1,r2\n";

// The rod with the given mu, e, e_t, s1, s2, ratio as one CSV row.
std::string rod_row(double mu, double e, double e_t = 0.0, double s1 = 0.0, double s2 = 0.0,
                    double ratio = 0.0) {
  return "2.5,-1.5,2.5,-1,1," + io::format_double(mu) + "," + io::format_double(e) + "," +
         io::format_double(e_t) + "," + io::format_double(s1) + "," + io::format_double(s2) + "," +
         io::format_double(ratio) + "\n";
}

PlanarCollision rod(double mu, double e, double e_t = 0.0, double s1 = 0.0, double s2 = 0.0,
                    double ratio = 0.0) {
  PlanarCollision c{{2.5, -1.5, 2.5}, {-1.0, 1.0}, mu, e, e_t};
  c.s1 = s1;
  c.s2 = s2;
  c.ratio = ratio;
  return c;
}

// Checks every output of one eval row against the kernel on the same collision, bit for bit.
void expect_row_matches_kernel(PlanarLaw law, const PlanarCollision& c,
                               const std::vector<std::string>& header, const std::vector<std::string>& row) {
  LawReport rep;
  const PlanarOutcome o = evaluate(law, c, &rep);
  const ConstraintReport k = check_constraints(c, o);
  ASSERT_EQ(row.size(), header.size());
  if (o.status != Status::ok) {
    EXPECT_EQ(row[col(header, "status")], std::string("invalid: ") + status_reason(o.status));
    for (const char* name : {"I_n", "C1", "eta"}) EXPECT_EQ(row[col(header, name)], "") << name;
    return;
  }
  EXPECT_EQ(row[col(header, "status")], "ok");
  EXPECT_EQ(row[col(header, "type")], std::to_string(o.type));
  const std::pair<const char*, double> values[] = {{"I_n", o.I_n},   {"I_t", o.I_t}, {"v_n2", o.v_n2},
                                                   {"v_t2", o.v_t2}, {"dE", o.dE},   {"dE_rel", o.dE_rel}};
  for (const auto& [name, x] : values) EXPECT_EQ(bits(num(row[col(header, name)])), bits(x)) << name;
  const char* flags[] = {"C1", "C2", "C3", "C4"};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(row[col(header, flags[i])], (k.violated & (1u << i)) ? "1" : "0") << flags[i];
  if (k.eta_defined) {
    EXPECT_EQ(bits(num(row[col(header, "eta")])), bits(k.eta));
  } else {
    EXPECT_EQ(row[col(header, "eta")], "");
  }
  if (law_counts_solutions(law)) {
    EXPECT_EQ(row[col(header, "solutions")], std::to_string(rep.solutions));
  }
  if (law == planar_law<Smith>) {
    EXPECT_EQ(row[col(header, "iterations")], std::to_string(rep.iterations));
  }
  if (law_reports_convergence(law)) {
    EXPECT_EQ(row[col(header, "iterations_used")], std::to_string(rep.iterations));
    EXPECT_EQ(row[col(header, "converged")], rep.converged ? "1" : "0");
  }
}

TEST(CliThesisLaws, KaneLevinsonOnTheRodSticksAndGains) {
  std::string out;
  const CommandResult r =
      eval_text("kane-levinson", std::string(kRodHeader) + rod_row(0.5, 1.0) + rod_row(0.1, 1.0), &out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows rows = parse_csv(out);
  ASSERT_EQ(rows.size(), 3u);
  const auto& h = rows[0];
  // The input columns, then the family's outputs, then the thesis columns.
  const std::vector<std::string> want = {
      "W_nn", "W_nt", "W_tt", "v_n",  "v_t", "mu",     "e",  "e_t", "s1", "s2", "ratio", "status",   "type",
      "I_n",  "I_t",  "v_n2", "v_t2", "dE",  "dE_rel", "C1", "C2",  "C3", "C4", "eta",   "solutions"};
  EXPECT_EQ(h, want);
  // Stick: P = M (2, -1) = (7/8, 1/8), v2 = (1, 0), KE 1/4 -> 5/16 (C1 violated); eta = -P.v2/P.v1 = 7/6.
  const auto& a = rows[1];
  EXPECT_EQ(a[col(h, "type")], "1");
  EXPECT_NEAR(num(a[col(h, "I_n")]), 0.875, 1e-15);
  EXPECT_NEAR(num(a[col(h, "I_t")]), 0.125, 1e-15);
  EXPECT_NEAR(num(a[col(h, "dE")]), 5.0 / 16.0 - 0.25, 1e-15);
  EXPECT_EQ(a[col(h, "C1")], "1");
  EXPECT_EQ(a[col(h, "C3")], "0");
  EXPECT_NEAR(num(a[col(h, "eta")]), 7.0 / 6.0, 1e-14);
  EXPECT_EQ(a[col(h, "solutions")], "1");
  expect_row_matches_kernel(planar_law<KaneLevinson>, rod(0.5, 1.0), h, a);
  // Narrow cone: the reversed slip P = (40/47, 4/47), v_t2 = -3/47 (type 3).
  const auto& b = rows[2];
  EXPECT_EQ(b[col(h, "type")], "3");
  EXPECT_NEAR(num(b[col(h, "I_n")]), 40.0 / 47.0, 1e-15);
  EXPECT_NEAR(num(b[col(h, "v_t2")]), -3.0 / 47.0, 1e-15);
  expect_row_matches_kernel(planar_law<KaneLevinson>, rod(0.1, 1.0), h, b);
}

TEST(CliThesisLaws, BrachWithRatioPointTwoIsLawTwosProjectedImpulse) {
  std::string out;
  // mu = 0.2: |P_t| = mu P_n on the cone (C3 holds to rounding); mu = 0.1: C3 violated.
  const CommandResult r = eval_text(
      "brach", std::string(kRodHeader) + rod_row(0.2, 1.0, 0, 0, 0, 0.2) + rod_row(0.1, 1.0, 0, 0, 0, 0.2),
      &out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows rows = parse_csv(out);
  ASSERT_EQ(rows.size(), 3u);
  const auto& h = rows[0];
  EXPECT_NEAR(num(rows[1][col(h, "I_n")]), 5.0 / 7.0, 1e-15);
  EXPECT_NEAR(num(rows[1][col(h, "I_t")]), -1.0 / 7.0, 1e-15);
  EXPECT_NEAR(num(rows[1][col(h, "v_t2")]), -3.0 / 7.0, 1e-15);
  EXPECT_EQ(rows[1][col(h, "C3")], "0");
  EXPECT_EQ(rows[2][col(h, "C3")], "1");
  // Brach's P is Law II's on the cone: chatterjee-ruina at mu = 0.2 gives the same impulse.
  const PlanarOutcome law2 = evaluate(planar_law<ChatterjeeRuina>, rod(0.2, 1.0));
  EXPECT_NEAR(num(rows[1][col(h, "I_n")]), law2.I_n, 1e-15);
  EXPECT_NEAR(num(rows[1][col(h, "I_t")]), law2.I_t, 1e-15);
  expect_row_matches_kernel(planar_law<Brach>, rod(0.2, 1.0, 0, 0, 0, 0.2), h, rows[1]);
  expect_row_matches_kernel(planar_law<Brach>, rod(0.1, 1.0, 0, 0, 0, 0.2), h, rows[2]);
}

TEST(CliThesisLaws, SmithOnTheRodMatchesTheWorkedValuesAndKeepsC1C3) {
  std::string out;
  const CommandResult r = eval_text("smith", std::string(kRodHeader) + rod_row(0.5, 1.0), &out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows rows = parse_csv(out);
  const auto& h = rows[0];
  EXPECT_EQ(h.back(), "iterations");
  // The worked example: V_f = (1.0, -0.5160), KE_f = 0.2022 (4 digits).
  EXPECT_NEAR(num(rows[1][col(h, "v_n2")]), 1.0, 1e-15);
  EXPECT_NEAR(num(rows[1][col(h, "v_t2")]), -0.5160, 5e-5);
  EXPECT_NEAR(0.25 + num(rows[1][col(h, "dE")]), 0.2022, 5e-5);
  EXPECT_EQ(rows[1][col(h, "C1")], "0");
  EXPECT_EQ(rows[1][col(h, "C3")], "0");
  EXPECT_GE(std::stoi(rows[1][col(h, "solutions")]), 1);
  expect_row_matches_kernel(planar_law<Smith>, rod(0.5, 1.0), h, rows[1]);
}

// At mu = 0 Laws I, III, the combined law, Kane-Levinson and Smith are Newton's frictionless law:
// P = ((1 + e) w / W_nn, 0) = (1.5 / 2.5, 0) at e = 0.5, and eta = e.
TEST(CliThesisLaws, FrictionlessReductionAndEtaIsE) {
  for (const char* law :
       {"chatterjee-law1", "chatterjee-law3", "chatterjee-combined", "kane-levinson", "smith"}) {
    SCOPED_TRACE(law);
    std::string out;
    const CommandResult r = eval_text(law, std::string(kRodHeader) + rod_row(0.0, 0.5, 0.3, 0.25, 0.5), &out);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Rows rows = parse_csv(out);
    const auto& h = rows[0];
    EXPECT_NEAR(num(rows[1][col(h, "I_n")]), 0.6, 1e-15);
    EXPECT_NEAR(num(rows[1][col(h, "I_t")]), 0.0, 1e-15);
    EXPECT_NEAR(num(rows[1][col(h, "eta")]), 0.5, 1e-14);
    for (const char* c : {"C1", "C2", "C3", "C4"}) EXPECT_EQ(rows[1][col(h, c)], "0") << c;
    PlanarLaw l{};
    ASSERT_TRUE(parse_law(law, &l));
    expect_row_matches_kernel(l, rod(0.0, 0.5, 0.3, 0.25, 0.5), h, rows[1]);
  }
}

// The combined law with s1 = 0, s2 = 1 is Law II bit for bit; weights outside the triangle are invalid rows.
TEST(CliThesisLaws, CombinedLawWeightsAndInvalidRows) {
  std::string out;
  const CommandResult r = eval_text("chatterjee-combined",
                                    std::string(kRodHeader) + rod_row(0.5, 1.0, 0.0, 0.0, 1.0) +
                                        rod_row(0.5, 1.0, 0.0, 0.7, 0.7) + rod_row(0.5, 1.0, -2.0, 0.2, 0.2),
                                    &out);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("2 of 3 rows invalid"), std::string::npos) << r.err;
  const Rows rows = parse_csv(out);
  ASSERT_EQ(rows.size(), 4u);
  const auto& h = rows[0];
  const PlanarOutcome law2 = evaluate(planar_law<ChatterjeeRuina>, rod(0.5, 1.0));
  EXPECT_EQ(bits(num(rows[1][col(h, "I_n")])), bits(law2.I_n));
  EXPECT_EQ(bits(num(rows[1][col(h, "I_t")])), bits(law2.I_t));
  // Law II's worked value on the rod: P = (0.65, -0.25), KE_f = 0.2.
  EXPECT_NEAR(num(rows[1][col(h, "I_n")]), 0.65, 1e-15);
  EXPECT_NEAR(num(rows[1][col(h, "I_t")]), -0.25, 1e-15);
  EXPECT_EQ(rows[2][col(h, "status")],
            std::string("invalid: ") + status_reason(Status::parameter_out_of_range));
  EXPECT_EQ(rows[3][col(h, "status")],
            std::string("invalid: ") + status_reason(Status::tangential_out_of_range));
  for (int i = 2; i <= 3; ++i) {
    EXPECT_EQ(rows[i][col(h, "type")], "0");
    EXPECT_EQ(rows[i][col(h, "C1")], "");
    EXPECT_EQ(rows[i][col(h, "eta")], "");
  }
}

TEST(CliThesisLaws, MissingParameterColumnAndBadValueAreNamed) {
  std::string out;
  CommandResult r = eval_text("brach", "W_nn,W_nt,W_tt,v_n,v_t,mu,e\n2.5,-1.5,2.5,-1,1,0.2,1\n", &out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing required column 'ratio'"), std::string::npos) << r.err;
  r = eval_text("chatterjee-combined", std::string(kRodHeader) + "2.5,-1.5,2.5,-1,1,0.5,1,0,x,0,0\n", &out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("line 2"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("s1"), std::string::npos) << r.err;
}

// Every new law on a handful of random-ish collisions: each row is the kernel's, bit for bit.
TEST(CliThesisLaws, EveryPlanarLawAgreesWithTheKernel) {
  std::vector<PlanarCollision> cs = {rod(0.3, 0.7, 0.4, 0.2, 0.3, 0.25), rod(2.0, 0.0, -0.5, 0.5, 0.5, -0.3),
                                     PlanarCollision{{1.0, 0.3, 0.5}, {-0.8, -0.6}, 0.4, 0.9, 0.9},
                                     PlanarCollision{{4.0, -1.9, 1.0}, {-0.2, 2.0}, 0.05, 0.3, -1.0}};
  cs[1].iterations = 0;  // the sequential impulses to convergence, with the normal impulse first
  cs[1].normal_first = 1;
  cs[3].iterations = 3;
  cs[3].threshold = 0.1;
  // The engine law's columns only for it (smith's output column `iterations` would collide with them).
  std::string csv = kRodHeader,
              engine_csv = "W_nn,W_nt,W_tt,v_n,v_t,mu,e,e_t,s1,s2,ratio,iterations,threshold,normal_first\n";
  for (const PlanarCollision& c : cs) {
    std::string row;
    for (double x : {c.W.nn, c.W.nt, c.W.tt, c.v.n, c.v.t, c.mu, c.e, c.e_t, c.s1, c.s2, c.ratio})
      row += io::format_double(x) + ",";
    engine_csv += row;
    for (double x : {c.iterations, c.threshold, c.normal_first}) engine_csv += io::format_double(x) + ",";
    row.back() = '\n';
    engine_csv.back() = '\n';
    csv += row;
  }
  for (int l = static_cast<int>(planar_law<ChatterjeeLaw1>); l < planar_law_count; ++l) {
    const auto law = static_cast<PlanarLaw>(l);
    SCOPED_TRACE(law_name(law));
    std::string out;
    eval_text(law_name(law), (law_reads(law) & planar_input::engine) ? engine_csv : csv, &out);
    const Rows rows = parse_csv(out);
    ASSERT_EQ(rows.size(), cs.size() + 1);
    for (std::size_t i = 0; i < cs.size(); ++i) expect_row_matches_kernel(law, cs[i], rows[0], rows[i + 1]);
  }
}

TEST(CliThesisLaws, SolveJsonHasConstraintsEtaAndSolutions) {
  const CommandResult r = run_collsweep({"solve", "--law", "kane-levinson", "--W", "2.5,-1.5,2.5", "--v",
                                         "-1,1", "--mu", "0.5", "--e", "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"I_n\": 0.875"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"C1\": true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"C3\": false"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"solutions\": 1"), std::string::npos) << r.out;
  const CommandResult t = run_collsweep({"solve", "--law", "brach", "--W", "2.5,-1.5,2.5", "--v", "-1,1",
                                         "--mu", "0.1", "--e", "1", "--ratio", "0.2"});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("violates"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("C3"), std::string::npos) << t.out;
  const CommandResult m = run_collsweep(
      {"solve", "--law", "brach", "--W", "2.5,-1.5,2.5", "--v", "-1,1", "--mu", "0.1", "--e", "1"});
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_NE(m.err.find("--ratio is required by law brach"), std::string::npos) << m.err;
  const CommandResult w =
      run_collsweep({"solve", "--law", "chatterjee-combined", "--W", "2.5,-1.5,2.5", "--v", "-1,1", "--mu",
                     "0.5", "--e", "1", "--et", "0", "--s1", "0.8", "--s2", "0.8"});
  EXPECT_EQ(w.exit_code, 2);
  EXPECT_NE(w.err.find("--s1 0.8, --s2 0.8"), std::string::npos) << w.err;
}

// eval --constraints: the first four planar laws and the spatial laws get C1..C4 and eta too. The rod at
// e = 1, mu = 0.5: Routh-Newton ends at V_f = (1.0, -0.1169), KE 0.2729 > 1/4 (C1), Routh-Stronge at
// (0.7441, -0.0803) (no gain); at mu = 0 eta = e.
TEST(CliThesisLaws, ConstraintsOptionForEveryLaw) {
  std::string out;
  const std::string csv = std::string(kRodHeader) + rod_row(0.5, 1.0) + rod_row(0.0, 0.5);
  for (const char* law : {"stronge", "newton"}) {
    SCOPED_TRACE(law);
    const std::string in = temp_path("in.csv"), o = temp_path("out.csv");
    write_text_file(in, csv);
    const CommandResult r = run_collsweep({"eval", "--law", law, "--constraints", "--in", in, "--out", o});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Rows rows = parse_csv(testing::read_text_file(o));
    ASSERT_EQ(rows.size(), 3u);
    const auto& h = rows[0];
    EXPECT_EQ(h.back(), "eta");
    EXPECT_EQ(rows[1][col(h, "C1")], std::string(law) == "newton" ? "1" : "0");
    EXPECT_NEAR(num(rows[1][col(h, "v_t2")]), std::string(law) == "newton" ? -0.1169 : -0.0803, 5e-5);
    EXPECT_NEAR(num(rows[2][col(h, "eta")]), 0.5, 1e-14);
    PlanarLaw l{};
    ASSERT_TRUE(parse_law(law, &l));
    expect_row_matches_kernel(l, rod(0.5, 1.0), h, rows[1]);
    // Without the option the columns are the law's usual ones.
    std::string plain;
    eval_text(law, csv, &plain);
    EXPECT_EQ(parse_csv(plain)[0].back(), "dE_rel");
  }
  const std::string in = temp_path("in3.csv");
  write_text_file(in, std::string(kSpatialHeader) + "2.5,-1.5,0,2.5,0,1,-1,1,0,0.5,1,0,0,0,0,0\n");
  const CommandResult r =
      run_collsweep({"eval", "--law", "newton-3d", "--constraints", "--in", in, "--out", "-"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows rows = parse_csv(r.out);
  EXPECT_EQ(rows[1][col(rows[0], "C1")], "1");
  EXPECT_NEAR(num(rows[1][col(rows[0], "vf_1")]), -0.1169, 5e-5);
  const CommandResult m =
      run_collsweep({"eval", "--law", "poisson-lcp", "--constraints", "--in", in, "--out", "-"});
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_NE(m.err.find("--constraints"), std::string::npos) << m.err;
}

// ---- sweeps ----

const char* kSweepConfig = R"(
[run]
seed = 11
samples = 40000
laws = ["newton", "chatterjee-combined", "kane-levinson", "brach"]
witnesses = 4

[approach]
random_tangent_sign = true

[parameters]
e_t = { dist = "uniform", lo = -1.0, hi = 1.0 }
s1 = { dist = "uniform", lo = 0.0, hi = 0.5 }
s2 = 0.5
ratio = { dist = "grid", lo = 0.0, hi = 1.0, n = 3 }

[map]
x = { quantity = "theta", lo = 0.0, hi = 90.0, bins = 3 }
)";

// A sweep with thesis laws: the new map.csv and summary.json entries, witnesses that carry s1, s2 and ratio
// and reproduce exactly, and the parameters rejected where no law reads them.
TEST(CliThesisLaws, SweepColumnsWitnessesReproduceAndKeyRules) {
  const std::string config = temp_path("thesis.toml"), out = temp_path("thesis_out");
  write_text_file(config, kSweepConfig);
  CommandResult r = run_collsweep({"run", config, "--out", out, "--threads", "2", "--no-plot", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows map = parse_csv(testing::read_text_file(out + "/map.csv"));
  ASSERT_EQ(map.size(), 1u + 3u * 4u);
  const auto& h = map[0];
  for (const char* c :
       {"C1_count", "C3_count", "solutions_0", "solutions_1", "solutions_3plus", "not_converged"})
    col(h, c);
  for (std::size_t i = 1; i < map.size(); ++i) {
    const auto& row = map[i];
    std::uint64_t sum = 0;
    for (const char* c : {"solutions_0", "solutions_1", "solutions_2", "solutions_3plus"})
      sum += std::stoull(row[col(h, c)]);
    // Every sample of these laws is counted once (brach's P_N <= 0 samples under solutions_0).
    EXPECT_EQ(sum, std::stoull(row[col(h, "samples")])) << row[col(h, "law")];
    EXPECT_EQ(row[col(h, "C1_count")], row[col(h, "gain_count")]) << row[col(h, "law")];
    if (row[col(h, "law")] == "chatterjee-combined") {
      for (const char* c : {"C1_count", "C2_count", "C3_count", "C4_count"})
        EXPECT_EQ(row[col(h, c)], "0") << c;
    }
  }
  const Rows w = parse_csv(testing::read_text_file(out + "/witnesses.csv"));
  ASSERT_GT(w.size(), 1u);
  col(w[0], "s1");
  col(w[0], "ratio");
  r = run_collsweep({"reproduce", out});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  // ratio without brach: rejected, naming the key and the law that reads it.
  std::string text = kSweepConfig;
  text.replace(text.find(", \"brach\"]"), 10, "]");
  write_text_file(config, text);
  r = run_collsweep({"run", config, "--out", temp_path("bad_out"), "--no-plot", "--quiet"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("parameters.ratio"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("only read by the law = \"brach\""), std::string::npos) << r.err;
  std::error_code ec;
  std::filesystem::remove_all(out, ec);
  std::filesystem::remove(config, ec);
}

// ---- spatial ----

// The rod embedded in 3D (t2 decoupled): the 3D laws give the planar outcomes (I_2 = 0).
TEST(CliThesisLaws, SpatialLawsOnTheEmbeddedRodGiveThePlanarOutcome) {
  const std::string row = "2.5,-1.5,0,2.5,0,1,-1,1,0,0.5,1,0.2,0.3,0.3,0.2,0\n";
  const std::pair<const char*, PlanarLaw> laws[] = {
      {"chatterjee-law1-3d", planar_law<ChatterjeeLaw1>},
      {"chatterjee-law3-3d", planar_law<ChatterjeeLaw3>},
      {"chatterjee-combined-3d", planar_law<ChatterjeeCombined>},
      {"kane-levinson-3d", planar_law<KaneLevinson>},
      {"smith-3d", planar_law<Smith>},
      {"brach-3d", planar_law<Brach>}};
  for (const auto& [name, planar] : laws) {
    SCOPED_TRACE(name);
    std::string out;
    const CommandResult r = eval_text(name, std::string(kSpatialHeader) + row, &out);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Rows rows = parse_csv(out);
    ASSERT_EQ(rows.size(), 2u);
    const auto& h = rows[0];
    const auto& a = rows[1];
    const PlanarOutcome p = evaluate(planar, rod(0.5, 1.0, 0.2, 0.3, 0.3, 0.2));
    ASSERT_EQ(p.status, Status::ok);
    EXPECT_NEAR(num(a[col(h, "I_n")]), p.I_n, 1e-11);
    EXPECT_NEAR(num(a[col(h, "I_1")]), p.I_t, 1e-11);
    EXPECT_NEAR(num(a[col(h, "I_2")]), 0.0, 1e-11);
    EXPECT_NEAR(num(a[col(h, "vf_1")]), p.v_t2, 1e-11);
    EXPECT_EQ(a[col(h, "type")], std::to_string(p.type));
    // The kernel itself, bit for bit.
    SpatialLaw law{};
    ASSERT_TRUE(parse_law(name, &law));
    SpatialCollision c;
    c.W = Delassus3{2.5, -1.5, 0.0, 2.5, 0.0, 1.0};
    c.v = Vec3n{-1.0, 1.0, 0.0};
    c.mu = 0.5;
    c.e = 1.0;
    c.e_t = 0.2;
    LawReport rep;
    const SpatialOutcome o = evaluate_spatial(law, c, SpatialThesisParams{0.3, 0.3, 0.2, 0.0}, &rep);
    const ConstraintReport k = check_constraints(c, o);
    EXPECT_EQ(bits(num(a[col(h, "I_n")])), bits(o.I.n));
    EXPECT_EQ(bits(num(a[col(h, "dE_rel")])), bits(o.dE_rel));
    EXPECT_EQ(a[col(h, "C1")], (k.violated & kViolatesC1Energy) ? "1" : "0");
    if (law_counts_solutions(law)) {
      EXPECT_EQ(a[col(h, "solutions")], std::to_string(rep.solutions));
    }
  }
}

TEST(CliThesisLaws, SpatialSolveAndRouting) {
  const CommandResult r = run_collsweep({"solve", "--law", "kane-levinson-3d", "--W", "2.5,-1.5,0,2.5,0,1",
                                         "--v", "-1,1,0", "--mu", "0.5", "--e", "1", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // 7/8 to rounding (the 3D law works in the 3 x 3 frame).
  EXPECT_NE(r.out.find("\"I_n\": 0.87499999999999"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"C1\": true"), std::string::npos) << r.out;
  const CommandResult b = run_collsweep({"solve", "--law", "brach-3d", "--W", "2.5,-1.5,0,2.5,0,1", "--v",
                                         "-1,1,0", "--mu", "0.2", "--e", "1", "--ratio", "0.2,0"});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_NE(b.out.find("0.7142857143"), std::string::npos) << b.out;  // 5/7, the table's 10 digits
  // Unknown-law messages list the 3D thesis laws too.
  const CommandResult u = run_collsweep({"solve", "--law", "kane-levinson-2d"});
  EXPECT_EQ(u.exit_code, 2);
  EXPECT_NE(u.err.find("kane-levinson-3d"), std::string::npos) << u.err;
}

const char* kSpatialSweepConfig = R"(
[model]
kind = "spatial"

[run]
seed = 13
samples = 3000
laws = ["stronge-3d", "chatterjee-combined-3d", "kane-levinson-3d", "smith-3d", "brach-3d"]
compare = [["stronge-3d", "stronge-3d"], ["kane-levinson-3d", "smith-3d"]]
witnesses = 4

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 1.2 }
e_t = { dist = "uniform", lo = -1.0, hi = 1.0 }
s1 = { dist = "uniform", lo = 0.0, hi = 0.5 }
s2 = 0.5
r1 = { dist = "uniform", lo = 0.0, hi = 1.5 }
r2 = 0.2

[map]
x = { quantity = "psi", lo = 0.0, hi = 90.0, bins = 3 }
)";

// A spatial sweep with thesis laws: the constraint, solution and case columns (valid = modes + cases),
// summary.json's cases, witnesses that carry s1, s2, r1, r2 and reproduce exactly, the compared pairs' files
// (a law against itself: 0), and r1 rejected where no law reads it.
TEST(CliThesisLaws, SpatialSweepColumnsWitnessesReproduceAndKeyRules) {
  const std::string config = temp_path("thesis3d.toml"), out = temp_path("thesis3d_out");
  write_text_file(config, kSpatialSweepConfig);
  CommandResult r = run_collsweep({"run", config, "--out", out, "--threads", "2", "--no-plot", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows map = parse_csv(testing::read_text_file(out + "/map.csv"));
  ASSERT_EQ(map.size(), 1u + 3u * 5u);
  const auto& h = map[0];
  for (std::size_t i = 1; i < map.size(); ++i) {
    const auto& row = map[i];
    const std::string law = row[col(h, "law")];
    SCOPED_TRACE(law);
    const auto n = [&](const char* c) { return std::stoull(row[col(h, c)]); };
    std::uint64_t modes = 0, cases = 0;
    for (const char* c : {"mode_A", "mode_B", "mode_C", "mode_D", "mode_E", "mode_II_1", "mode_II_2"})
      modes += n(c);
    for (const char* c : {"case_1", "case_2", "case_3"}) cases += n(c);
    EXPECT_EQ(n("valid"), modes + cases);
    EXPECT_EQ(law == "stronge-3d" ? cases : modes, 0u);  // modes for Routh's laws, cases for the thesis laws
    EXPECT_EQ(n("valid") + n("invalid") + n("degenerate") + n("jam"), n("samples"));
    EXPECT_EQ(row[col(h, "C1_count")], row[col(h, "gain_count")]);
    if (law == "brach-3d") {
      EXPECT_GT(n("C3_count"), 0u);  // r1 up to 1.5 against mu below 1.2
    } else {
      EXPECT_EQ(n("C3_count"), 0u);
    }
    if (law == "chatterjee-combined-3d" || law == "smith-3d") {
      EXPECT_EQ(n("C1_count"), 0u);
    }
  }
  const std::string summary = testing::read_text_file(out + "/summary.json");
  EXPECT_NE(summary.find("\"2: slides on\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"constraint_violations\""), std::string::npos);
  const Rows w = parse_csv(testing::read_text_file(out + "/witnesses.csv"));
  ASSERT_GT(w.size(), 1u);
  for (const char* c : {"s1", "s2", "r1", "r2"}) col(w[0], c);
  r = run_collsweep({"reproduce", out});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const Rows cmp = parse_csv(testing::read_text_file(out + "/compare.csv"));
  ASSERT_EQ(cmp.size(), 1u + 3u * 2u);
  for (std::size_t i = 1; i < cmp.size(); ++i) {
    const auto& row = cmp[i];
    if (row[col(cmp[0], "law_b")] != "stronge-3d") continue;
    EXPECT_EQ(num(row[col(cmp[0], "max_dv2_rel")]), 0.0);
    EXPECT_EQ(row[col(cmp[0], "type_differs")], "0");
    EXPECT_NE(row[col(cmp[0], "both_valid")], "0");
  }
  const Rows cw = parse_csv(testing::read_text_file(out + "/compare_witnesses.csv"));
  ASSERT_GT(cw.size(), 1u);
  for (const char* c : {"law_a", "dv2_rel", "mode_a", "vf_2_b", "r1"}) col(cw[0], c);
  EXPECT_NE(summary.find("\"compare\""), std::string::npos);
  // r1 without brach-3d: rejected, naming the key and the law that reads it.
  std::string text = kSpatialSweepConfig;
  text.replace(text.find(", \"brach-3d\"]"), 13, "]");
  text.replace(text.find("compare = "), text.find("witnesses") - text.find("compare = "), "");
  write_text_file(config, text);
  r = run_collsweep({"run", config, "--out", temp_path("bad3d_out"), "--no-plot", "--quiet"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("parameters.r1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("only read by the law = \"brach-3d\""), std::string::npos) << r.err;
  std::error_code ec;
  std::filesystem::remove_all(out, ec);
  std::filesystem::remove(config, ec);
}

}  // namespace
}  // namespace collsweep

// The spatial family through the program as a user runs it: the quickstart config (fewer samples) and its
// run folder, eval of the -3d laws bit for bit against evaluate_spatial, invalid rows, solve in both forms
// (table and --json), and reproduce of the witnesses.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "collsweep/models/spatial/bodies.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "io/format.hpp"
#include "stats/wilson_interval.hpp"
#include "support/csv_text.hpp"
#include "support/mini_json.hpp"
#include "support/random_spatial.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::bits;
using testing::CommandResult;
using testing::JsonParser;
using testing::JsonValue;
using testing::num;
using testing::parse_csv;
using testing::Rows;
using testing::run_collsweep;
using testing::temp_path;
using testing::write_text_file;

constexpr std::uint64_t kSamples = 3000;

// configs/spatial_quickstart.toml with run.samples = kSamples.
std::string quickstart_config() {
  std::string text = testing::read_text_file(testing::source_dir() + "/configs/spatial_quickstart.toml");
  const std::string key = "samples = 1_000_000";
  const std::size_t at = text.find(key);
  EXPECT_NE(at, std::string::npos) << "the quickstart's run.samples line changed";
  if (at != std::string::npos) text.replace(at, key.size(), "samples = " + std::to_string(kSamples));
  const std::string path = temp_path("spatial_quickstart.toml");
  write_text_file(path, text);
  return path;
}

// The quickstart run on the CPU with `threads`, once per process and thread count.
const std::string& quickstart_run(int threads) {
  static std::map<int, std::string> runs;
  auto it = runs.find(threads);
  if (it != runs.end()) return it->second;
  const std::string out = temp_path("spatial_run_" + std::to_string(threads));
  const CommandResult r = run_collsweep({"run", quickstart_config(), "--out", out, "--backend", "cpu",
                                         "--threads", std::to_string(threads), "--no-plot", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return runs.emplace(threads, out).first->second;
}

using Row = std::map<std::string, std::string>;

std::vector<Row> read_rows(const std::string& path) {
  const Rows rows = parse_csv(testing::read_text_file(path));
  std::vector<Row> out;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    Row r;
    for (std::size_t c = 0; c < rows[0].size(); ++c) r[rows[0][c]] = rows[i][c];
    out.push_back(r);
  }
  return out;
}

std::uint64_t count(const Row& r, const std::string& c) { return std::stoull(r.at(c)); }

JsonValue parse_json(const std::string& text) {
  try {
    return JsonParser::parse(text);
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what() << "\n" << text;
    return {};
  }
}

TEST(CliSpatialRun, QuickstartMapAgreesWithItsSummary) {
  const std::string dir = quickstart_run(2);
  const Rows raw = parse_csv(testing::read_text_file(dir + "/map.csv"));
  ASSERT_FALSE(raw.empty());
  const std::vector<std::string> header = {"psi",
                                           "mu",
                                           "law",
                                           "samples",
                                           "valid",
                                           "invalid",
                                           "degenerate",
                                           "jam",
                                           "gain_count",
                                           "gain_fraction",
                                           "gain_fraction_lo",
                                           "gain_fraction_hi",
                                           "violations",
                                           "max_dE_rel",
                                           "mean_dE_rel",
                                           "mode_A",
                                           "mode_B",
                                           "mode_C",
                                           "mode_D",
                                           "mode_E",
                                           "mode_II_1",
                                           "mode_II_2",
                                           "directions_2",
                                           "directions_4",
                                           "stick_regime",
                                           "mean_swerve_deg",
                                           "max_swerve_deg"};
  EXPECT_EQ(raw[0], header);
  EXPECT_EQ(raw.size(), 1u + 18 * 10 * 4);  // 18 x 10 cells x 4 laws

  const JsonValue s = parse_json(testing::read_text_file(dir + "/summary.json"));
  EXPECT_EQ(s.at("model").string(), "spatial");
  EXPECT_EQ(s.at("matrix_kind").string(), "direct");
  EXPECT_EQ(s.at("samples").number(), kSamples);
  EXPECT_EQ(s.at("samples_outside_map").number(), 0.0);  // psi in [0, 90), mu in [0, 1.5): all inside
  EXPECT_EQ(s.at("theorem_violations_total").number(), 0.0);

  std::map<std::string, std::map<std::string, std::uint64_t>> sums;  // law -> column -> sum over cells
  std::map<std::string, double> max_dE;
  for (const Row& r : read_rows(dir + "/map.csv")) {
    const std::string law = r.at("law");
    const std::uint64_t valid = count(r, "valid");
    std::uint64_t modes = 0;
    for (const char* m : {"mode_A", "mode_B", "mode_C", "mode_D", "mode_E", "mode_II_1", "mode_II_2"})
      modes += count(r, m);
    EXPECT_EQ(modes, valid);
    EXPECT_EQ(count(r, "samples"), valid + count(r, "invalid") + count(r, "degenerate") + count(r, "jam"));
    EXPECT_LE(count(r, "directions_2") + count(r, "directions_4"), valid);
    EXPECT_LE(count(r, "stick_regime"), valid);
    if (valid) {
      const ProportionInterval ci = wilson_interval(count(r, "gain_count"), valid);
      EXPECT_EQ(num(r.at("gain_fraction")), static_cast<double>(count(r, "gain_count")) / valid);
      EXPECT_EQ(num(r.at("gain_fraction_lo")), ci.lo);
      EXPECT_EQ(num(r.at("gain_fraction_hi")), ci.hi);
      EXPECT_GE(num(r.at("max_dE_rel")), num(r.at("mean_dE_rel")));
      EXPECT_GE(num(r.at("mean_swerve_deg")), 0.0);
      EXPECT_LE(num(r.at("max_swerve_deg")), 180.0);
      EXPECT_GE(num(r.at("max_swerve_deg")), num(r.at("mean_swerve_deg")));
      max_dE[law] = std::max(max_dE.count(law) ? max_dE[law] : -INFINITY, num(r.at("max_dE_rel")));
    } else {
      EXPECT_EQ(r.at("gain_fraction") + r.at("max_dE_rel") + r.at("mean_swerve_deg"), "");
    }
    for (const char* c : {"samples", "valid", "invalid", "degenerate", "jam", "gain_count", "violations",
                          "mode_A", "mode_D", "mode_II_2", "directions_4"})
      sums[law][c] += count(r, c);
  }
  ASSERT_EQ(sums.size(), 4u);
  for (const auto& [law, sum] : sums) {
    SCOPED_TRACE(law);
    const JsonValue& l = s.at("laws").at(law);
    EXPECT_EQ(sum.at("samples"), kSamples);
    EXPECT_EQ(l.at("samples").number(), kSamples);
    EXPECT_EQ(l.at("valid_samples").number(), sum.at("valid"));
    EXPECT_EQ(l.at("invalid").number(), sum.at("invalid"));
    EXPECT_EQ(l.at("degenerate").number(), sum.at("degenerate"));
    EXPECT_EQ(l.at("jams").number(), sum.at("jam"));
    EXPECT_EQ(l.at("energy_gains").number(), sum.at("gain_count"));
    EXPECT_EQ(l.at("theorem_violations").number(), sum.at("violations"));
    EXPECT_EQ(l.at("invariant_directions").at("4").number(), sum.at("directions_4"));
    EXPECT_EQ(l.at("max_dE_rel").number(), max_dE.at(law));
    if (law == "chatterjee-ruina-3d") {
      EXPECT_EQ(sum.at("mode_A"), 0u);
      EXPECT_EQ(l.at("modes").at("II-2: candidate impulse projected onto the cone").number(),
                sum.at("mode_II_2"));
      EXPECT_EQ(sum.at("jam"), 0u);  // Law II has no impulse path to jam
    } else {
      EXPECT_EQ(sum.at("mode_II_2"), 0u);
      EXPECT_EQ(l.at("modes").at("A: slides throughout").number(), sum.at("mode_A"));
      EXPECT_EQ(l.at("modes").at("D: slip halts in restitution, then sticks").number(), sum.at("mode_D"));
    }
  }
  // Newton's law gains energy on some samples; the energetic law never does.
  EXPECT_GT(sums.at("newton-3d").at("gain_count"), 0u);
  EXPECT_EQ(sums.at("stronge-3d").at("gain_count"), 0u);
  EXPECT_LT(max_dE.at("stronge-3d"), 0.0);
}

TEST(CliSpatialRun, OneAndTwoThreadsWriteTheSameBytes) {
  for (const char* file : {"map.csv", "witnesses.csv"})
    EXPECT_EQ(testing::read_text_file(quickstart_run(1) + "/" + file),
              testing::read_text_file(quickstart_run(2) + "/" + file))
        << file;
}

TEST(CliSpatialRun, WitnessesReproduceThroughEvalAndReproduce) {
  const std::string dir = quickstart_run(2);
  const std::vector<Row> witnesses = read_rows(dir + "/witnesses.csv");
  ASSERT_FALSE(witnesses.empty());  // newton-3d's gains at least
  const CommandResult r = run_collsweep({"reproduce", dir});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("reproduced: " + std::to_string(witnesses.size()) + " witnesses (tolerance 0)"),
            std::string::npos)
      << r.out;
  const CommandResult j = run_collsweep({"reproduce", dir, "--json"});
  EXPECT_EQ(j.exit_code, 0);
  const JsonValue v = parse_json(j.out);
  EXPECT_EQ(v.at("model").string(), "spatial");
  EXPECT_TRUE(v.at("reproduced").b);
  EXPECT_EQ(v.at("witnesses").number(), static_cast<double>(witnesses.size()));

  // eval reads the witness file as it is: newton-3d's rows only, the recorded results renamed.
  const CommandResult e =
      run_collsweep({"eval", "--law", "newton-3d", "--in", dir + "/witnesses.csv", "--out", "-"});
  EXPECT_EQ(e.exit_code, 0) << e.err;
  const Rows rows = parse_csv(e.out);
  ASSERT_GT(rows.size(), 1u);
  const auto col = [&](const std::string& name) {
    for (std::size_t c = 0; c < rows[0].size(); ++c)
      if (rows[0][c] == name) return c;
    ADD_FAILURE() << "no column " << name;
    return std::size_t{0};
  };
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i][col("law")], "newton-3d");
    EXPECT_EQ(rows[i][col("mode")], rows[i][col("recorded_mode")]);
    EXPECT_EQ(rows[i][col("dE_rel")], rows[i][col("recorded_dE_rel")]);
    EXPECT_EQ(rows[i][col("swerve_deg")], rows[i][col("recorded_swerve_deg")]);
    EXPECT_GT(num(rows[i][col("dE_rel")]), 0.0);
  }

  // A witness whose recorded mode was changed is reported, with both modes, and exit status 1.
  const std::string copy = temp_path("spatial_tampered");
  fs::create_directories(copy);
  fs::copy_file(dir + "/summary.json", copy + "/summary.json");
  std::string text = testing::read_text_file(dir + "/witnesses.csv");
  const Row& first = witnesses.front();
  const std::string mode = first.at("mode"), other = mode == "A" ? "B" : "A";
  const std::string tail = "," + mode + "," + first.at("directions") + ",";
  const std::size_t at = text.find(tail);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, tail.size(), "," + other + "," + first.at("directions") + ",");
  write_text_file(copy + "/witnesses.csv", text);
  const CommandResult t = run_collsweep({"reproduce", copy});
  EXPECT_EQ(t.exit_code, 1) << t.out;
  EXPECT_NE(t.out.find("mode recorded " + other + ", reproduced " + mode), std::string::npos) << t.out;
  fs::remove_all(copy);
}

// ---- eval ----

std::string csv_number(double x) { return io::format_double(x); }

TEST(CliSpatialEval, EveryLawIsEvaluateSpatialBitForBit) {
  testing::Draw d(414);
  // 40 collisions that the three Routh laws and Law II all evaluate (a jam of the Routh laws is an invalid
  // row: next test); the thesis laws' eval, with its own columns, is test_cli_thesis_laws.cpp's.
  constexpr int classic_laws = static_cast<int>(spatial_law<ChatterjeeRuina3d>) + 1;
  const auto valid_for_all = [](const SpatialCollision& c) {
    for (int l = 0; l < classic_laws; ++l)
      if (evaluate_spatial(static_cast<SpatialLaw>(l), c).status != Status::ok) return false;
    return true;
  };
  std::vector<SpatialCollision> in;
  while (in.size() < 40) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.e_t = d.uniform(-1.0, 1.5);
    if (in.size() == 3) c.v.t1 = c.v.t2 = 0.0;  // no initial slip
    if (in.size() == 4) c.mu = 0.0;             // frictionless
    if (valid_for_all(c)) in.push_back(c);
  }
  std::string text = "v_2,W_nn,W_n1,W_n2,W_11,W_12,W_22,v_n,v_1,mu,e,e_t,note\n";  // any column order
  for (std::size_t i = 0; i < in.size(); ++i) {
    const SpatialCollision& c = in[i];
    for (double x :
         {c.v.t2, c.W.a, c.W.c1, c.W.c2, c.W.b11, c.W.b12, c.W.b22, c.v.n, c.v.t1, c.mu, c.e, c.e_t})
      text += csv_number(x) + ",";
    text += "row " + std::to_string(i) + "\n";
  }
  for (int l = 0; l < classic_laws; ++l) {
    const auto law = static_cast<SpatialLaw>(l);
    SCOPED_TRACE(law_name(law));
    const CommandResult r = run_collsweep({"eval", "--law", law_name(law), "--in", "-", "--out", "-"}, &text);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const Rows rows = parse_csv(r.out);
    ASSERT_EQ(rows.size(), in.size() + 1);
    const std::vector<std::string> outputs = {"status", "mode",   "directions", "mu_c", "I_n",
                                              "I_1",    "I_2",    "vf_n",       "vf_1", "vf_2",
                                              "dE",     "dE_rel", "swerve_deg"};
    ASSERT_EQ(rows[0].size(), 13u + outputs.size());
    for (std::size_t k = 0; k < outputs.size(); ++k) EXPECT_EQ(rows[0][13 + k], outputs[k]);
    for (std::size_t i = 0; i < in.size(); ++i) {
      const std::vector<std::string>& row = rows[i + 1];
      const SpatialOutcome o = evaluate_spatial(law, in[i]);
      ASSERT_EQ(o.status, Status::ok) << i;
      EXPECT_EQ(row[12], "row " + std::to_string(i));  // passed through
      EXPECT_EQ(row[13], "ok");
      EXPECT_EQ(row[14], mode_name(o.mode));
      EXPECT_EQ(row[15], std::to_string(o.n_invariant));
      const double want[] = {o.mu_c,  o.I.n,   o.I.t1, o.I.t2,   o.vf.n,
                             o.vf.t1, o.vf.t2, o.dE,   o.dE_rel, o.swerve_deg};
      for (int k = 0; k < 10; ++k)
        EXPECT_EQ(bits(num(row[16 + k])), bits(want[k])) << "row " << i << " " << outputs[3 + k];
    }
  }
}

TEST(CliSpatialEval, InvalidRowsAreFlaggedAndExitOne) {
  const std::string text =
      "W_nn,W_n1,W_n2,W_11,W_12,W_22,v_n,v_1,v_2,mu,e\n"
      "1,0.2,0.1,2,0.3,1.5,-1,0.5,0.2,0.3,0.5\n"
      "1,0.2,0.1,2,0.3,1.5,0.5,0.5,0.2,0.3,0.5\n"  // not approaching
      "1,0.9,0.9,1,0,1,-1,0.5,0.2,0.3,0.5\n"       // W not positive definite
      "1,0.2,0.1,2,0.3,1.5,-1,0.5,0.2,-0.3,0.5\n"  // mu < 0
      "1,0.2,0.1,2,0.3,1.5,-1,0.5,0.2,0.3,nan\n";  // NaN
  const CommandResult r = run_collsweep({"eval", "--law", "poisson-3d", "--in", "-", "--out", "-"}, &text);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("4 of 5 rows invalid"), std::string::npos) << r.err;
  const Rows rows = parse_csv(r.out);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[1][11], "ok");
  const char* reasons[] = {"not approaching", "not symmetric positive definite", "friction", "NaN"};
  for (int i = 0; i < 4; ++i) {
    const std::vector<std::string>& row = rows[2 + i];
    EXPECT_EQ(row[11].rfind("invalid: ", 0), 0u) << row[11];
    EXPECT_NE(row[11].find(reasons[i]), std::string::npos) << row[11];
    EXPECT_EQ(row[12], "-");
    for (std::size_t k = 13; k < row.size(); ++k) EXPECT_EQ(row[k], "") << "column " << k;
  }
  // chatterjee-ruina-3d needs e_t; a malformed file is exit 2 naming the column.
  const CommandResult m =
      run_collsweep({"eval", "--law", "chatterjee-ruina-3d", "--in", "-", "--out", "-"}, &text);
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_NE(m.err.find("missing required column 'e_t'"), std::string::npos) << m.err;
}

// ---- solve ----

std::vector<std::string> solve_args(const char* law, const SpatialCollision& c) {
  const auto list = [](std::initializer_list<double> xs) {
    std::string s;
    for (double x : xs) s += (s.empty() ? "" : ",") + io::format_double(x);
    return s;
  };
  std::vector<std::string> a = {"solve",
                                "--law",
                                law,
                                "--W",
                                list({c.W.a, c.W.c1, c.W.c2, c.W.b11, c.W.b12, c.W.b22}),
                                "--v",
                                list({c.v.n, c.v.t1, c.v.t2}),
                                "--mu",
                                io::format_double(c.mu),
                                "--e",
                                io::format_double(c.e)};
  return a;
}

SpatialCollision example() {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.2, 0.1, 2.0, 0.3, 1.5};
  c.v = Vec3n{-1.0, 0.5, 0.2};
  c.mu = 0.3;
  c.e = 0.5;
  return c;
}

TEST(CliSpatialSolve, JsonIsTheLawsOutcomeAndTheTableShowsThePhases) {
  const SpatialCollision c = example();
  const SpatialOutcome o = evaluate_spatial(spatial_law<Poisson3d>, c);
  ASSERT_EQ(o.status, Status::ok);
  ASSERT_EQ(o.mode, SpatialMode::D);  // slips through compression, halts in restitution, then sticks
  std::vector<std::string> args = solve_args("poisson-3d", c);
  args.push_back("--json");
  const CommandResult r = run_collsweep(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = parse_json(r.out);
  EXPECT_EQ(j.at("status").string(), "ok");
  EXPECT_EQ(j.at("law").string(), "poisson-3d");
  EXPECT_EQ(j.at("mode").string(), "D");
  EXPECT_EQ(j.at("inputs").at("form").string(), "contact");
  const JsonValue& out = j.at("outputs");
  const std::pair<const char*, double> want[] = {
      {"I_n", o.I.n},    {"I_1", o.I.t1},   {"I_2", o.I.t2},  {"vf_n", o.vf.n},
      {"vf_1", o.vf.t1}, {"vf_2", o.vf.t2}, {"dE", o.dE},     {"dE_rel", o.dE_rel},
      {"I_nc", o.I_nc},  {"I_nh", o.I_nh},  {"mu_c", o.mu_c}, {"swerve_deg", o.swerve_deg},
      {"W_n", o.W_n},    {"W_t", o.W_t}};
  for (const auto& [key, x] : want) EXPECT_EQ(bits(out.at(key).number()), bits(x)) << key;
  EXPECT_EQ(out.at("directions").number(), o.n_invariant);
  // Phases: slip in compression to I_nc, slip in restitution to I_nh, stick to I_n.
  const JsonValue& phases = j.at("phases");
  ASSERT_EQ(phases.arr.size(), 3u);
  EXPECT_EQ(phases.arr[0].at("phase").string(), "slip (compression)");
  EXPECT_EQ(bits(phases.arr[0].at("to").number()), bits(o.I_nc));
  EXPECT_EQ(phases.arr[1].at("phase").string(), "slip (restitution)");
  EXPECT_EQ(bits(phases.arr[1].at("to").number()), bits(o.I_nh));
  EXPECT_EQ(phases.arr[2].at("phase").string(), "stick (restitution)");
  EXPECT_EQ(bits(phases.arr[2].at("to").number()), bits(o.I.n));

  const CommandResult t = run_collsweep(solve_args("poisson-3d", c));
  ASSERT_EQ(t.exit_code, 0) << t.err;
  for (const char* text :
       {"mode                  D (slip halts in restitution, then sticks)", "stick (restitution)",
        "slip halts", "(in restitution)", "end of compression", "swerve_deg"})
    EXPECT_NE(t.out.find(text), std::string::npos) << text << "\n" << t.out;

  // chatterjee-ruina-3d needs --et and has no impulse path; the Routh laws ignore --et with a note.
  const CommandResult no_et = run_collsweep(solve_args("chatterjee-ruina-3d", c));
  EXPECT_EQ(no_et.exit_code, 2);
  EXPECT_NE(no_et.err.find("--et is required by law chatterjee-ruina-3d"), std::string::npos) << no_et.err;
  std::vector<std::string> cr = solve_args("chatterjee-ruina-3d", c);
  cr.insert(cr.end(), {"--et", "0.25", "--json"});
  const CommandResult law2 = run_collsweep(cr);
  ASSERT_EQ(law2.exit_code, 0) << law2.err;
  SpatialCollision ce = c;
  ce.e_t = 0.25;
  const SpatialOutcome o2 = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, ce);
  const JsonValue j2 = parse_json(law2.out);
  EXPECT_EQ(j2.at("mode").string(), mode_name(o2.mode));
  EXPECT_EQ(bits(j2.at("outputs").at("dE").number()), bits(o2.dE));
  EXPECT_TRUE(j2.at("phases").arr.empty());
  EXPECT_FALSE(j2.at("outputs").has("I_nc"));
  std::vector<std::string> noted = solve_args("stronge-3d", c);
  noted.insert(noted.end(), {"--et", "0.25"});
  const CommandResult n = run_collsweep(noted);
  EXPECT_EQ(n.exit_code, 0);
  EXPECT_NE(n.err.find("note: --et is ignored by law stronge-3d"), std::string::npos) << n.err;
}

TEST(CliSpatialSolve, BadInputNamesTheOption) {
  const struct {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {{"solve", "--law", "stronge-3d", "--W", "1,0.9,0.9,1,0,1", "--v", "-1,0,0", "--mu", "0.3", "--e",
        "0.5"},
       "--W 1,0.9,0.9,1,0,1: "},
      {{"solve", "--law", "stronge-3d", "--W", "1,0,0,1,0", "--v", "-1,0,0", "--mu", "0.3", "--e", "0.5"},
       "--W"},
      {{"solve", "--law", "stronge-3d", "--W", "1,0,0,1,0,1", "--v", "1,0,0", "--mu", "0.3", "--e", "0.5"},
       "--v 1,0,0: "},
      {{"solve", "--law", "stronge-3d", "--W", "1,0,0,1,0,1", "--v", "-1,0,0", "--mu", "0.3", "--e", "1.5"},
       "--e 1.5: "},
      {{"solve", "--law", "stronge-3d", "--W", "1,0,0,1,0,1", "--mu", "0.3", "--e", "0.5"},
       "--v v_n,v_1,v_2 is required with --W"},
      {{"solve", "--law", "stronge-3d", "--mu", "0.3", "--e", "0.5"}, "neither --W nor --bodies is given"},
      {{"solve", "--law", "stronge-3d", "--M", "1,0,0,1", "--J", "1,0,0,1", "--mu", "0.3", "--e", "0.5"},
       "--M 1,0,0,1: belongs to the planar laws, not to law stronge-3d"},
      {{"solve", "--law", "stronge", "--bodies", "x.toml", "--mu", "0.3", "--e", "0.5"},
       "--bodies x.toml: belongs to the multi-contact and spatial laws, not to law stronge"},
      {{"solve", "--law", "poisson-3d", "--bodies", "/nonexistent/bodies.toml", "--mu", "0.3", "--e", "0.5"},
       "--bodies /nonexistent/bodies.toml: cannot open"},
  };
  for (const auto& k : cases) {
    SCOPED_TRACE(k.message);
    const CommandResult r = run_collsweep(k.args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find("collsweep solve: " + k.message), std::string::npos) << r.err;
  }
}

const char* const kBodies = R"([body1]
mass = 2.0
inertia = [[0.5, 0.02, 0.0], [0.02, 0.4, -0.01], [0.0, -0.01, 0.3]]
r = [0.1, -0.2, 0.5]
v = [0.3, 0.1, -1.0]
w = [0.0, 0.5, 0.0]

[body2]
mass = 3.0
inertia = [0.6, 0.7, 0.8, 0.0, 0.05, 0.0]
r = [-0.2, 0.1, -0.4]
v = [0.0, -0.2, 0.4]

[contact]
normal = [0.0, 0.0, 2.0]
)";

TEST(CliSpatialSolve, BodiesFormGivesEachBodysVelocities) {
  const std::string path = temp_path("bodies.toml");
  write_text_file(path, kBodies);
  const CommandResult r = run_collsweep(
      {"solve", "--law", "stronge-3d", "--bodies", path, "--mu", "0.4", "--e", "0.6", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = parse_json(r.out);
  // The same numbers from bodies.hpp and the law directly.
  RigidBody b1, b2;
  b1.m = 2.0;
  const double J1[3][3] = {{0.5, 0.02, 0.0}, {0.02, 0.4, -0.01}, {0.0, -0.01, 0.3}};
  const double J2[3][3] = {{0.6, 0.0, 0.05}, {0.0, 0.7, 0.0}, {0.05, 0.0, 0.8}};
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) b1.J.m[i][k] = J1[i][k], b2.J.m[i][k] = J2[i][k];
  b1.r = {0.1, -0.2, 0.5};
  b1.v = {0.3, 0.1, -1.0};
  b1.w = {0.0, 0.5, 0.0};
  b2.m = 3.0;
  b2.r = {-0.2, 0.1, -0.4};
  b2.v = {0.0, -0.2, 0.4};
  const ContactFrame f = make_contact_frame(Vec3{0.0, 0.0, 1.0});
  const BodyCollision bc = contact_from_bodies(b1, b2, f);
  ASSERT_EQ(bc.status, Status::ok);
  SpatialCollision c;
  c.W = bc.W;
  c.v = bc.v;
  c.mu = 0.4;
  c.e = 0.6;
  const SpatialOutcome o = evaluate_spatial(spatial_law<Stronge3d>, c);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(j.at("inputs").at("form").string(), "bodies");
  EXPECT_EQ(bits(j.at("inputs").at("W_n1").number()), bits(bc.W.c1));
  EXPECT_EQ(bits(j.at("inputs").at("v_n").number()), bits(bc.v.n));
  EXPECT_EQ(bits(j.at("outputs").at("dE").number()), bits(o.dE));
  apply_contact_impulse(f, o.I, &b1, &b2);
  const JsonValue& bodies = j.at("bodies");
  const double v1[] = {b1.v.x, b1.v.y, b1.v.z}, w2[] = {b2.w.x, b2.w.y, b2.w.z};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(bits(bodies.at("body1").at("v2").arr.at(i).number()), bits(v1[i])) << i;
    EXPECT_EQ(bits(bodies.at("body2").at("w2").arr.at(i).number()), bits(w2[i])) << i;
  }
  // The bodies' kinetic energy changes by the law's dE (to rounding).
  const double dT = bodies.at("T_after").number() - bodies.at("T_before").number();
  EXPECT_NEAR(dT, o.dE, 1e-12 * bodies.at("T_before").number());
  EXPECT_LT(o.dE, 0.0);

  // The table form prints both bodies before and after.
  const CommandResult t =
      run_collsweep({"solve", "--law", "stronge-3d", "--bodies", path, "--mu", "0.4", "--e", "0.6"});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  for (const char* text : {"bodies (world axes", "v2", "w2", "T_after - T_before = dE"})
    EXPECT_NE(t.out.find(text), std::string::npos) << text;

  // A bad file is named by line and key.
  std::string bad = kBodies;
  bad.replace(bad.find("mass = 3.0"), 10, "mass = -3.0");
  write_text_file(path, bad);
  const CommandResult e =
      run_collsweep({"solve", "--law", "stronge-3d", "--bodies", path, "--mu", "0.4", "--e", "0.6"});
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_NE(e.err.find(path + ":9:8: body2.mass = -3: out of range: a mass must be > 0"), std::string::npos)
      << e.err;
  write_text_file(path, kBodies);
  const CommandResult both = run_collsweep(
      {"solve", "--law", "stronge-3d", "--bodies", path, "--W", "1,0,0,1,0,1", "--mu", "0.4", "--e", "0.6"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("--W and --bodies are both given"), std::string::npos) << both.err;
  fs::remove(path);
}

}  // namespace
}  // namespace collsweep

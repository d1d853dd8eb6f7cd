// The multi-contact sequential-impulse law as a user runs it: solve's per-sweep table and JSON (the outcome
// bit for bit the kernel's), --bodies, settings as options with Box2D's defaults, refused settings; eval's
// columns; a sweep config with the engine settings, its witnesses reproduced; the settings' keys refused
// without the law.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "collsweep/models/multicontact/laws/registry.hpp"
#include "io/format.hpp"
#include "support/csv_text.hpp"
#include "support/mini_json.hpp"
#include "support/paths.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::JsonParser;
using testing::JsonValue;
using testing::run_collsweep;

// A box 2 x 1 (m = 2, I = 5/6) on its two lower corners, G and gamma^- of v = (0.2, -1), omega = 0.3
// (planar_body.hpp's rows): N1, N2, T1, T2.
MultiContactCollision<2> box_collision() {
  MultiContactCollision<2> c{};
  const double m = 2.0, I = 2.0 * 5.0 / 12.0;
  const double rx[2] = {-1.0, 1.0}, ry = -0.5;
  const double J[4][3] = {{0, 1, rx[0]}, {0, 1, rx[1]}, {1, 0, -ry}, {1, 0, -ry}};
  const double Minv[3] = {1 / m, 1 / m, 1 / I}, v[3] = {0.2, -1.0, 0.3};
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      double s = 0.0;
      for (int d = 0; d < 3; ++d) s += J[a][d] * Minv[d] * J[b][d];
      c.G[a][b] = s;
    }
    double g = 0.0;
    for (int d = 0; d < 3; ++d) g += J[a][d] * v[d];
    c.gamma_minus[a] = g;
  }
  for (int j = 0; j < 2; ++j) {
    c.mu[j] = 0.4;
    c.eps_N[j] = 0.5;
  }
  return c;
}

std::string list(const double* xs, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? "," : "") + io::format_double(xs[i]);
  return s;
}

std::vector<std::string> solve_args(const MultiContactCollision<2>& c) {
  std::string G;
  for (int i = 0; i < 4; ++i)
    for (int j = i; j < 4; ++j) G += (G.empty() ? "" : ",") + io::format_double(c.G[i][j]);
  return {"solve",
          "--law",
          "sequential-impulse",
          "--contacts",
          "2",
          "--G",
          G,
          "--gamma",
          list(c.gamma_minus, 4),
          "--mu",
          list(c.mu, 2),
          "--eN",
          list(c.eps_N, 2),
          "--eT",
          "0,0"};
}

TEST(CliSequentialImpulse, SolvePrintsEverySweep) {
  const CommandResult r = run_collsweep(solve_args(box_collision()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* s : {"sequential impulses", "per sweep", "P_N1", "gamma_T2", "Box2D's block solver",
                        "order spread", "friction, then normals"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s << "\n" << r.out;
  // Box2D's default of 8 sweeps: rows 1 .. 8 of the table.
  EXPECT_NE(r.out.find("\n8 "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\n9 "), std::string::npos) << r.out;
}

TEST(CliSequentialImpulse, SolveJsonIsTheKernelsOutcome) {
  MultiContactCollision<2> c = box_collision();
  std::vector<std::string> args = solve_args(c);
  args.insert(args.end(), {"--iterations", "0", "--block-solver", "0", "--order", "1", "--json"});
  const CommandResult r = run_collsweep(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = JsonParser::parse(r.out);
  c.params.iterations = 0.0;
  c.params.block_solver = 0.0;
  c.params.order = 1.0;
  const MultiContactOutcome<2> o = evaluate_sequential_impulse(c);
  ASSERT_EQ(o.status, Status::ok);
  const JsonValue& gp = j.at("outputs").at("gamma_plus");
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(testing::bits(gp.arr[i].number()), testing::bits(o.gamma_plus[i])) << i;
  const JsonValue& e = j.at("engine");
  EXPECT_EQ(e.at("iterations_used").number(), o.iterations);
  EXPECT_TRUE(e.at("converged").b);
  EXPECT_EQ(e.at("sweeps").arr.size(), o.iterations);
  EXPECT_EQ(e.at("normal_order").str, "2, 1");
  EXPECT_EQ(e.at("orders").number(), 2.0);
}

TEST(CliSequentialImpulse, SolveTakesABodyFile) {
  const CommandResult r = run_collsweep({"solve", "--law", "sequential-impulse", "--bodies",
                                         testing::source_dir() + "/examples/rod.toml", "--mu", "0.5,0.5",
                                         "--eN", "0.5,0.5", "--eT", "0,0", "--iterations", "4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("per sweep"), std::string::npos);
  EXPECT_NE(r.out.find("rank 3 of 4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("after"), std::string::npos);
}

TEST(CliSequentialImpulse, BadSettingsExit2NamingThem) {
  std::vector<std::string> args = solve_args(box_collision());
  args.insert(args.end(), {"--order", "2"});  // order 2 without a permutation index
  const CommandResult r = run_collsweep(args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--permutation -1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("whole number in [0, k!)"), std::string::npos) << r.err;
  args = solve_args(box_collision());
  args.insert(args.end(), {"--iterations", "abc"});
  const CommandResult bad = run_collsweep(args);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--iterations"), std::string::npos) << bad.err;
}

TEST(CliSequentialImpulse, EvalReadsTheSettingsAndWritesTheSweeps) {
  const MultiContactCollision<2> c = box_collision();
  std::string csv =
      "G_0_0,G_0_1,G_0_2,G_0_3,G_1_1,G_1_2,G_1_3,G_2_2,G_2_3,G_3_3,g_1,g_2,g_3,g_4,mu_1,mu_2,eN_1,"
      "eN_2,eT_1,eT_2,iterations,threshold,normal_first,order,block_solver,permutation\n";
  for (const char* settings : {"8,0,0,0,1,-1", "3,0,1,2,0,1", "0,0,0,0,1,-1", "2.5,0,0,0,1,-1"}) {
    for (int i = 0; i < 4; ++i)
      for (int j = i; j < 4; ++j) csv += io::format_double(c.G[i][j]) + ",";
    csv += list(c.gamma_minus, 4) + "," + list(c.mu, 2) + "," + list(c.eps_N, 2) + ",0,0," + settings + "\n";
  }
  const CommandResult r = run_collsweep(
      {"eval", "--law", "sequential-impulse", "--contacts", "2", "--in", "-", "--out", "-"}, &csv);
  EXPECT_EQ(r.exit_code, 1) << r.err;  // (one invalid row)
  const testing::Rows rows = testing::parse_csv(r.out);
  ASSERT_EQ(rows.size(), 5u) << r.out;
  const std::vector<std::string>& h = rows[0];
  const auto col = [&](const char* name) {
    return static_cast<std::size_t>(std::find(h.begin(), h.end(), name) - h.begin());
  };
  ASSERT_LT(col("order_spread_gamma"), h.size());
  EXPECT_EQ(rows[1][col("iterations_used")], "8");
  EXPECT_EQ(rows[2][col("iterations_used")], "3");
  EXPECT_EQ(rows[2][col("orders")], "2");
  EXPECT_EQ(rows[3][col("converged")], "1");
  EXPECT_EQ(rows[4][col("status")].rfind("invalid: an engine-law setting", 0), 0u) << rows[4][col("status")];
}

const char* kEngineConfig = R"([model]
kind = "multicontact"
contacts = 2

[run]
name = "engine-sweep-test"
seed = 7
samples = 20000
laws = ["sequential-impulse", "newton-lcp"]
witnesses = 4

[matrix]
kind = "body"
mass = 2.0
inertia = 0.8333333333333334
points = [[-1.0, -0.5], [1.0, -0.5]]
normals = [[0.0, 1.0], [0.0, 1.0]]

[approach]
v_x = { dist = "uniform", lo = -1.0, hi = 1.0 }
v_y = -1.0
omega = { dist = "uniform", lo = -2.0, hi = 2.0 }

[parameters]
mu = 0.5
eps_N = 1.0
eps_T_ratio = 0.0
iterations = { dist = "grid", lo = 1, hi = 4, n = 4 }
order = 2
block_solver = 0

[map]
x = { quantity = "omega", lo = -2.0, hi = 2.0, bins = 4 }
y = { quantity = "iterations", lo = 0.5, hi = 4.5, bins = 4 }
)";

TEST(CliSequentialImpulse, ASweepWithTheSettingsWritesItsColumnsAndReproduces) {
  const std::string config = testing::temp_path("engine.toml"), out = testing::temp_path("engine_out");
  testing::write_text_file(config, kEngineConfig);
  const CommandResult r =
      run_collsweep({"run", config, "--out", out, "--backend", "cpu", "--no-plot", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string map = testing::read_text_file(out + "/map.csv");
  EXPECT_NE(map.find("order_spread,max_order_spread"), std::string::npos) << map.substr(0, 400);
  const std::string witnesses = testing::read_text_file(out + "/witnesses.csv");
  EXPECT_NE(witnesses.find("iterations,threshold,normal_first,order,block_solver,permutation"),
            std::string::npos)
      << witnesses.substr(0, 400);
  const std::string summary = testing::read_text_file(out + "/summary.json");
  EXPECT_NE(summary.find("\"engine\""), std::string::npos);
  const CommandResult again = run_collsweep({"reproduce", out});
  EXPECT_EQ(again.exit_code, 0) << again.out << again.err;
  std::error_code ec;
  fs::remove_all(out, ec);
  fs::remove(config, ec);
}

TEST(CliSequentialImpulse, TheSettingsKeysNeedTheLaw) {
  std::string text = kEngineConfig;
  text.replace(text.find("\"sequential-impulse\", "), std::strlen("\"sequential-impulse\", "), "");
  const std::string config = testing::temp_path("no_engine.toml"), out = testing::temp_path("no_engine_out");
  testing::write_text_file(config, text);
  const CommandResult r = run_collsweep({"run", config, "--out", out, "--backend", "cpu", "--no-plot"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_NE(r.err.find("iterations"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("sequential-impulse"), std::string::npos) << r.err;
  std::error_code ec;
  fs::remove(config, ec);
}

}  // namespace
}  // namespace collsweep

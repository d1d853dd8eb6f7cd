// sequential-impulse-3d through the commands: `solve` prints every sweep (table and JSON) and refuses bad
// engine parameters; `eval` reads the engine's columns and writes iterations_used and converged, bit for bit
// the kernel's; `run` sweeps an integer grid of K over the log2_iterations map axis (K = 2^j in bin j), with
// witnesses that carry the engine parameters and reproduce, and refuses what is not a whole K.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "io/format.hpp"
#include "support/csv_text.hpp"
#include "support/mini_json.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

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

std::size_t col(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

JsonValue parse_json(const std::string& text) {
  try {
    return JsonParser::parse(text);
  } catch (const std::exception& e) {
    ADD_FAILURE() << e.what() << "\n" << text;
    return {};
  }
}

// The golden example (tests/golden/test_sequential_impulse_3d_golden.cpp).
std::vector<std::string> solve_args(const std::string& iterations) {
  return {"solve",
          "--law",
          "sequential-impulse-3d",
          "--W",
          "1,0.2,-0.1,2,0.3,1.5",
          "--v",
          "-1,0.6,-0.3",
          "--mu",
          "0.25",
          "--e",
          "0.5",
          "--iterations",
          iterations,
          "--threshold",
          "0",
          "--normal-first",
          "0",
          "--friction-cone",
          "0"};
}

TEST(SequentialImpulse3dCli, SolvePrintsEverySweep) {
  std::vector<std::string> args = solve_args("3");
  args.push_back("--json");
  const CommandResult r = run_collsweep(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const JsonValue j = parse_json(r.out);
  EXPECT_EQ(j.at("law").string(), "sequential-impulse-3d");
  EXPECT_EQ(j.at("type").number(), 2.0);
  EXPECT_EQ(j.at("type_label").string(), "slides on");
  EXPECT_EQ(j.at("inputs").at("iterations").number(), 3.0);
  EXPECT_EQ(j.at("inputs").at("friction_cone").number(), 0.0);
  EXPECT_EQ(j.at("outputs").at("iterations_used").number(), 3.0);
  EXPECT_FALSE(j.at("outputs").at("converged").b);
  const JsonValue& sweeps = j.at("sweeps");
  ASSERT_EQ(sweeps.arr.size(), 3u);
  EXPECT_EQ(sweeps.arr[0].at("sweep").number(), 1.0);
  EXPECT_EQ(sweeps.arr[0].at("P_n").number(), 1.5);
  EXPECT_EQ(sweeps.arr[1].at("P_n").number(), 1.6125);
  EXPECT_EQ(sweeps.arr[1].at("P_1").number(), -0.375);
  EXPECT_EQ(sweeps.arr[1].at("change").number(), 0.375);
  // The last sweep is the outcome, bit for bit.
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.2, -0.1, 2.0, 0.3, 1.5};
  c.v = Vec3n{-1.0, 0.6, -0.3};
  c.mu = 0.25;
  c.e = 0.5;
  SpatialThesisParams p;
  p.iterations = 3.0;
  const SpatialOutcome o = evaluate_spatial(spatial_law<SequentialImpulse3d>, c, p);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(bits(j.at("outputs").at("I_1").number()), bits(o.I.t1));
  EXPECT_EQ(bits(sweeps.arr[2].at("P_1").number()), bits(o.I.t1));
  EXPECT_EQ(bits(sweeps.arr[2].at("v_2").number()), bits(o.vf.t2));

  const CommandResult t = run_collsweep(solve_args("3"));
  ASSERT_EQ(t.exit_code, 0) << t.err;
  for (const char* text : {"sweeps (accumulated impulse P", "not converged", "P_n", "1.6125", "-0.375"})
    EXPECT_NE(t.out.find(text), std::string::npos) << text << "\n" << t.out;
  // To convergence: the last sweep moved nothing.
  std::vector<std::string> conv = solve_args("0");
  conv.push_back("--json");
  const CommandResult k = run_collsweep(conv);
  ASSERT_EQ(k.exit_code, 0) << k.err;
  const JsonValue jk = parse_json(k.out);
  EXPECT_TRUE(jk.at("outputs").at("converged").b);
  EXPECT_EQ(jk.at("sweeps").arr.size(),
            static_cast<std::size_t>(jk.at("outputs").at("iterations_used").number()));
  EXPECT_GT(jk.at("sweeps").arr.size(), 3u);
}

TEST(SequentialImpulse3dCli, SolveRefusesBadEngineParameters) {
  std::vector<std::string> args = solve_args("2.5");
  CommandResult r = run_collsweep(args);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE((r.out + r.err).find("--iterations 2.5"), std::string::npos) << r.out << r.err;
  EXPECT_NE((r.out + r.err).find("sequential-impulse-3d: need iterations a whole number in [0, 10000]"),
            std::string::npos)
      << r.out << r.err;
  args = solve_args("4");
  args[args.size() - 1] = "2";  // --friction-cone 2
  r = run_collsweep(args);
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE((r.out + r.err).find("--friction-cone 2"), std::string::npos) << r.out << r.err;
  // Every engine option is required (as every law parameter's).
  args = solve_args("4");
  args.resize(args.size() - 2);
  r = run_collsweep(args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--friction-cone is required by law sequential-impulse-3d"), std::string::npos)
      << r.err;
}

TEST(SequentialImpulse3dCli, EvalWritesTheSweepsAndConvergence) {
  const std::string in = temp_path("si3_in.csv"), out = temp_path("si3_out.csv");
  write_text_file(
      in,
      "W_nn,W_n1,W_n2,W_11,W_12,W_22,v_n,v_1,v_2,mu,e,iterations,threshold,normal_first,friction_cone\n"
      "1,0.2,-0.1,2,0.3,1.5,-1,0.6,-0.3,0.25,0.5,3,0,0,0\n"
      "1,0.2,-0.1,2,0.3,1.5,-1,0.6,-0.3,0.25,0.5,0,0,1,1\n"
      "1,0.2,-0.1,2,0.3,1.5,-1,0.6,-0.3,0.25,0.5,1.5,0,0,0\n");
  const CommandResult r = run_collsweep({"eval", "--law", "sequential-impulse-3d", "--in", in, "--out", out});
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the third row is invalid
  const Rows rows = parse_csv(testing::read_text_file(out));
  ASSERT_EQ(rows.size(), 4u);
  const auto& h = rows[0];
  for (const char* c : {"iterations", "threshold", "normal_first", "friction_cone", "type", "C1", "eta",
                        "iterations_used", "converged"})
    col(h, c);
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.2, -0.1, 2.0, 0.3, 1.5};
  c.v = Vec3n{-1.0, 0.6, -0.3};
  c.mu = 0.25;
  c.e = 0.5;
  for (int i = 0; i < 2; ++i) {
    SpatialThesisParams p;
    p.iterations = i == 0 ? 3.0 : 0.0;
    p.normal_first = p.friction_cone = i;
    LawReport rep;
    const SpatialOutcome o = evaluate_spatial(spatial_law<SequentialImpulse3d>, c, p, &rep);
    ASSERT_EQ(o.status, Status::ok);
    const auto& a = rows[1 + i];
    EXPECT_EQ(a[col(h, "status")], "ok");
    EXPECT_EQ(bits(num(a[col(h, "I_n")])), bits(o.I.n));
    EXPECT_EQ(bits(num(a[col(h, "vf_2")])), bits(o.vf.t2));
    EXPECT_EQ(a[col(h, "iterations_used")], std::to_string(rep.iterations));
    EXPECT_EQ(a[col(h, "converged")], i == 0 ? "0" : "1");
    EXPECT_EQ(a[col(h, "type")], std::to_string(rep.type));
  }
  EXPECT_EQ(rows[1][col(h, "iterations_used")], "3");
  const auto& bad = rows[3];
  EXPECT_NE(bad[col(h, "status")].find("invalid: "), std::string::npos);
  EXPECT_EQ(bad[col(h, "iterations_used")], "");
}

const char* kConfig = R"(
[model]
kind = "spatial"

[run]
seed = 5
samples = 6400
laws = ["sequential-impulse-3d", "kane-levinson-3d"]
witnesses = 3

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 1.0 }
iterations = { dist = "grid", lo = 1, hi = 64, n = 64 }
friction_cone = 1

[map]
x = { quantity = "log2_iterations", lo = -0.5, hi = 6.5, bins = 7 }
)";

// K = 1 .. 64 on a grid (each K 100 times) binned by log2 K: 100 samples per K in its bin.
TEST(SequentialImpulse3dCli, RunMapsTheIterationsOnALog2Axis) {
  const std::string config = temp_path("si3.toml"), out = temp_path("si3_out");
  write_text_file(config, kConfig);
  CommandResult r = run_collsweep({"run", config, "--out", out, "--threads", "2", "--no-plot", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Rows map = parse_csv(testing::read_text_file(out + "/map.csv"));
  ASSERT_EQ(map.size(), 1u + 7u * 2u);
  const auto& h = map[0];
  const std::uint64_t per_bin[7] = {1, 1, 3, 6, 11, 23, 19};
  std::map<std::string, std::uint64_t> valid;
  for (std::size_t i = 1; i < map.size(); ++i) {
    const auto& row = map[i];
    const int bin = static_cast<int>((num(row[col(h, "log2_iterations")]) + 0.5));
    ASSERT_GE(bin, 0);
    ASSERT_LT(bin, 7);
    EXPECT_EQ(std::stoull(row[col(h, "samples")]), 100u * per_bin[bin]) << row[col(h, "log2_iterations")];
    const auto n = [&](const char* c) { return std::stoull(row[col(h, c)]); };
    if (row[col(h, "law")] == "sequential-impulse-3d") {
      EXPECT_EQ(n("valid"), n("case_1") + n("case_2") + n("case_3"));
      EXPECT_EQ(n("C2_count"), 0u);       // v_n2 >= b_n >= 0 after K >= 1 sweeps (the normal row ends each)
      EXPECT_EQ(n("not_converged"), 0u);  // K >= 1 never fails
    }
    valid[row[col(h, "law")]] += n("valid");
  }
  EXPECT_EQ(valid["sequential-impulse-3d"], 6400u);
  const JsonValue summary = parse_json(testing::read_text_file(out + "/summary.json"));
  EXPECT_EQ(summary.at("samples_outside_map").number(), 0.0);
  const std::string resolved = testing::read_text_file(out + "/config.toml");
  EXPECT_NE(resolved.find("iterations = { dist = \"grid\", lo = 1, hi = 64, n = 64 }"), std::string::npos)
      << resolved;
  const Rows w = parse_csv(testing::read_text_file(out + "/witnesses.csv"));
  if (w.size() > 1)
    for (const char* c : {"iterations", "threshold", "normal_first", "friction_cone"}) col(w[0], c);
  r = run_collsweep({"reproduce", out});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;

  // A K that is not a whole number, or a distribution of reals, is refused; so is K without the law.
  for (const std::pair<std::string, std::string>& bad :
       {std::pair<std::string, std::string>{"iterations = { dist = \"grid\", lo = 1, hi = 64, n = 64 }",
                                            "iterations = 2.5"},
        {"iterations = { dist = \"grid\", lo = 1, hi = 64, n = 64 }",
         "iterations = { dist = \"uniform\", lo = 1, hi = 64 }"},
        {"iterations = { dist = \"grid\", lo = 1, hi = 64, n = 64 }", "iterations = 100001"},
        {"[\"sequential-impulse-3d\", \"kane-levinson-3d\"]", "[\"kane-levinson-3d\"]"}}) {
    std::string text = kConfig;
    text.replace(text.find(bad.first), bad.first.size(), bad.second);
    write_text_file(config, text);
    r = run_collsweep({"run", config, "--out", temp_path("si3_bad"), "--no-plot", "--quiet"});
    EXPECT_EQ(r.exit_code, 2) << bad.second;
    EXPECT_NE(r.err.find("parameters."), std::string::npos) << bad.second << ": " << r.err;
  }
  std::error_code ec;
  std::filesystem::remove_all(out, ec);
  std::filesystem::remove(config, ec);
}

}  // namespace
}  // namespace collsweep

// `collsweep run`, `validate` and `plot` end to end: outputs, records, refusals, witnesses through eval.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "io/csv.hpp"
#include "io/format.hpp"
#include "support/mini_json.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::run_collsweep;

const char* kConfig = R"(
[run]
name = "cli-run-test"
seed = 42
samples = 200000
batch = 5000
laws = ["stronge", "newton", "chatterjee-ruina"]
witnesses = 5
samples_npy = true

[matrix]
kind = "direct"
log10_cond = { dist = "uniform", lo = 0.0, hi = 3.0 }

[approach]
random_tangent_sign = true

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 1.5 }
e = { dist = "uniform", lo = 0.0, hi = 1.0 }
e_t = { dist = "uniform", lo = 1.0, hi = 2.0 }

[map]
x = { quantity = "theta", lo = 0.0, hi = 90.0, bins = 9 }
y = { quantity = "mu", lo = 0.0, hi = 1.5, bins = 5 }
)";

class CliRun : public ::testing::Test {
 protected:
  void SetUp() override {
    config_ = testing::temp_path("run.toml");
    testing::write_text_file(config_, kConfig);
    out_ = testing::temp_path("run_out");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(out_, ec);
    fs::remove(config_, ec);
  }
  std::string config_, out_;
};

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::istringstream in(testing::read_text_file(path));
  io::CsvReader reader(in);
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> fields;
  while (reader.next(fields)) rows.push_back(fields);
  return rows;
}

TEST_F(CliRun, WritesTheRunFolderAndRecordsHowItWasMade) {
  const auto r =
      run_collsweep({"run", config_, "--out", out_, "--backend", "cpu", "--threads", "2", "--no-plot"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"map.csv", "witnesses.csv", "summary.json", "config.toml", "samples.npy"})
    EXPECT_TRUE(fs::exists(fs::path(out_) / f)) << f;
  EXPECT_NE(r.out.find("results: "), std::string::npos);
  const testing::JsonValue s = testing::JsonParser::parse(testing::read_text_file(out_ + "/summary.json"));
  EXPECT_EQ(s.at("seed").number(), 42);
  EXPECT_EQ(s.at("backend").string(), "cpu");
  EXPECT_EQ(s.at("threads").number(), 2);
  EXPECT_EQ(s.at("samples").number(), 200000);
  EXPECT_FALSE(s.at("collsweep").at("git_revision").string().empty());
  EXPECT_FALSE(s.at("collsweep").at("compiler").string().empty());
  EXPECT_TRUE(s.at("config").has("run"));
  EXPECT_EQ(s.at("laws").at("stronge").at("energy_gains").number(), 0);
  EXPECT_EQ(s.at("laws").at("stronge").at("theorem_violations").number(), 0);
  EXPECT_GT(s.at("laws").at("newton").at("energy_gains").number(), 0);
  EXPECT_GT(s.at("laws").at("chatterjee-ruina").at("energy_gains").number(), 0) << "e_t > 1 gains";
  EXPECT_EQ(s.at("theorem_violations_total").number(), 0);
  // map.csv: 9 x 5 cells x 3 laws rows + header; samples per cell add up.
  const auto map = read_csv(out_ + "/map.csv");
  ASSERT_EQ(map.size(), 1u + 9 * 5 * 3);
  EXPECT_EQ(map[0][0], "theta");
  EXPECT_EQ(map[0][1], "mu");
  EXPECT_EQ(map[0][2], "law");
  double total = 0;
  for (std::size_t i = 1; i < map.size(); ++i)
    if (map[i][2] == "stronge") total += std::stod(map[i][3]);
  EXPECT_EQ(total, 200000);
  // samples.npy: the NPY magic and a float64 header with the right shape.
  const std::string npy = testing::read_text_file(out_ + "/samples.npy");
  ASSERT_GT(npy.size(), 128u);
  EXPECT_EQ(npy.substr(0, 6), "\x93NUMPY");
  EXPECT_NE(npy.find("'shape': (200000, 19)"), std::string::npos);
}

// Every witness, fed back through `collsweep eval`, gives the same dE, bit for bit.
TEST_F(CliRun, WitnessesReproduceThroughEval) {
  ASSERT_EQ(
      run_collsweep({"run", config_, "--out", out_, "--backend", "cpu", "--no-plot", "--quiet"}).exit_code,
      0);
  const auto rows = read_csv(out_ + "/witnesses.csv");
  ASSERT_GT(rows.size(), 5u);
  std::map<std::string, std::string> by_law;  // law -> eval input CSV
  for (std::size_t i = 1; i < rows.size(); ++i) {
    std::string& csv = by_law[rows[i][0]];
    if (csv.empty()) csv = "rank,W_nn,W_nt,W_tt,v_n,v_t,mu,e,e_t,dE_expected\n";
    csv += rows[i][1];
    for (int c = 3; c <= 10; ++c) csv += "," + rows[i][c];
    csv += "," + rows[i][13] + "\n";
  }
  EXPECT_EQ(by_law.count("stronge"), 0u) << "stronge never gains energy";
  ASSERT_EQ(by_law.count("newton"), 1u);
  for (const auto& [law, csv] : by_law) {
    const auto r = run_collsweep({"eval", "--law", law, "--in", "-", "--out", "-"}, &csv);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream in(r.out);
    io::CsvReader reader(in);
    std::vector<std::string> header, f;
    ASSERT_TRUE(reader.next(header));
    int n = 0;
    while (reader.next(f)) {
      ++n;
      EXPECT_EQ(f[header.size() - 2], f[9])
          << law << " witness rank " << f[0];  // dE == dE_expected (17 digits)
      double dE;
      ASSERT_TRUE(io::parse_double(f[header.size() - 2], &dE));
      EXPECT_GT(dE, 0.0);
    }
    EXPECT_EQ(n, 5) << law;
  }
}

TEST_F(CliRun, RefusesANonEmptyOutputFolderUnlessForced) {
  fs::create_directories(out_);
  testing::write_text_file(out_ + "/keep.txt", "x");
  const auto refused = run_collsweep({"run", config_, "--out", out_, "--backend", "cpu", "--no-plot"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("not empty"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--force"), std::string::npos);
  EXPECT_FALSE(fs::exists(out_ + "/map.csv"));
  const auto forced =
      run_collsweep({"run", config_, "--out", out_, "--backend", "cpu", "--no-plot", "--force"});
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_TRUE(fs::exists(out_ + "/map.csv"));
}

TEST_F(CliRun, BadConfigIsRejectedBeforeAnyWork) {
  const std::string bad = testing::temp_path("bad.toml");
  testing::write_text_file(bad, std::string(kConfig) + "\n[extra]\nfoo = 1\n");
  const auto r = run_collsweep({"run", bad, "--out", out_, "--backend", "cpu"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("extra"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out_));
  const auto missing = run_collsweep({"run", "/nonexistent/config.toml"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("/nonexistent/config.toml"), std::string::npos);
}

TEST_F(CliRun, ValidateNeedsAGpu) {
  if (testing::run_collsweep({"validate", config_, "--samples", "1000"}).exit_code == 0)
    GTEST_SKIP() << "a GPU is present: validate ran (covered by test_gpu_backend)";
  const auto r = run_collsweep({"validate", config_, "--samples", "1000"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("needs a GPU"), std::string::npos) << r.err;
}

// --samples and --first take "2e3" as well as "2000"; a fraction, a negative number or a word is refused,
// naming the value.
TEST_F(CliRun, ValidateTakesSampleCountsInExponentForm) {
  const auto r = run_collsweep({"validate", config_, "--samples", "2e3", "--first", "5e8", "--chunk", "700",
                                "--threads", "2", "--quiet"});
  if (r.exit_code == 0) {
    EXPECT_NE(r.out.find("samples [500000000, 500002000)"), std::string::npos) << r.out;  // three chunks
    EXPECT_NE(r.out.find("PASS"), std::string::npos) << r.out;
  } else {
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("needs a GPU"), std::string::npos) << r.err;
  }
  for (const char* bad : {"1.5", "0", "-3", "many", "1e30"}) {
    const auto refused = run_collsweep({"validate", config_, "--samples", bad});
    EXPECT_EQ(refused.exit_code, 2) << bad;
    EXPECT_NE(refused.err.find("--samples: '" + std::string(bad) + "' is not a whole positive number"),
              std::string::npos)
        << refused.err;
  }
  const auto first = run_collsweep({"validate", config_, "--first", "-1"});
  EXPECT_EQ(first.exit_code, 2);
  EXPECT_NE(first.err.find("--first: '-1' is not a sample index"), std::string::npos) << first.err;
}

// A plotting script that fails: the run's results are complete and the run says that maps are missing.
TEST_F(CliRun, AFailingPlottingScriptIsSaid) {
  const std::string script = out_ + "_failing_plot.py";
  testing::write_text_file(
      script, "import sys\nif '--wait' in sys.argv: sys.stdin.readline()\nsys.exit('bad figure')\n");
  ::setenv("COLLSWEEP_PLOT_SCRIPT", script.c_str(), 1);
  const auto r = run_collsweep({"run", config_, "--out", out_, "--backend", "cpu"});
  ::unsetenv("COLLSWEEP_PLOT_SCRIPT");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("bad figure"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("warning: maps not all drawn"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(fs::path(out_) / "map.csv"));
  EXPECT_EQ(r.out.find("maps: "), std::string::npos) << r.out;
}

TEST_F(CliRun, CudaBackendWithoutAGpuSaysWhy) {
  const auto r = run_collsweep({"run", config_, "--out", out_, "--backend", "cuda", "--no-plot"});
  if (r.exit_code == 0) GTEST_SKIP() << "a GPU is present";
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--backend cuda"), std::string::npos) << r.err;
}

// With maps, `run` lists the PNGs first and ends with the result table and where the files are, so that a
// terminal shows the table last; `plot` draws them again.
TEST_F(CliRun, RunDrawsPngMapsBeforeTheTable) {
  const auto r = run_collsweep({"run", config_, "--out", out_, "--backend", "cpu"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  if (r.err.find("no maps drawn") != std::string::npos) GTEST_SKIP() << r.err;
  for (const char* law : {"stronge", "newton", "chatterjee-ruina"})
    for (const char* kind : {"gain_fraction", "dominant_type"}) {
      const fs::path png = fs::path(out_) / "maps" / (std::string(law) + "_" + kind + ".png");
      ASSERT_TRUE(fs::exists(png)) << png;
      EXPECT_EQ(testing::read_text_file(png.string()).substr(1, 3), "PNG");
      EXPECT_NE(r.out.find(png.filename().string() + "\n"), std::string::npos) << r.out;
    }
  const std::size_t table = r.out.find("law ");
  const std::size_t results = r.out.find("results: ");
  const std::size_t maps = r.out.find("maps: ");
  ASSERT_NE(maps, std::string::npos) << r.out;
  const std::size_t last_png = r.out.rfind(".png\n", maps);  // the last PNG listed
  EXPECT_LT(last_png, table) << r.out;
  EXPECT_LT(table, results) << r.out;
  EXPECT_LT(results, maps) << r.out;
  EXPECT_EQ(r.out.find('\n', maps), r.out.size() - 1) << "the maps line is the last: " << r.out;

  const auto again = run_collsweep({"plot", out_});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("newton_dominant_type.png\n"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("maps: "), std::string::npos) << again.out;
  EXPECT_EQ(run_collsweep({"plot", "/nonexistent"}).exit_code, 2);
}

}  // namespace
}  // namespace collsweep

namespace collsweep {
namespace {

const char* kGlocker = R"(
[model]
kind = "multicontact"
contacts = 2

[run]
name = "glocker-cli-test"
seed = 3
samples = 20000
laws = ["poisson-lcp", "newton-lcp"]
witnesses = 4

[matrix]
kind = "direct"
log10_cond = { dist = "uniform", lo = 1.0, hi = 3.0 }

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 3.0 }
eps_N = { dist = "uniform", lo = 0.0, hi = 1.0 }
eps_T_ratio = 0.0

[map]
x = { quantity = "log10_cond", lo = 1.0, hi = 3.0, bins = 4 }
y = { quantity = "eps_spread", lo = 0.0, hi = 1.0, bins = 2 }
)";

// A multi-contact run writes its folder, and its witnesses reproduce W_max through `eval --contacts 2`.
TEST(CliRunMultiContact, WritesTheRunAndWitnessesReproduceThroughEval) {
  const std::string config = testing::temp_path("glocker.toml"), out = testing::temp_path("glocker_out");
  testing::write_text_file(config, kGlocker);
  const auto r = run_collsweep({"run", config, "--out", out, "--backend", "cpu", "--no-plot", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const testing::JsonValue s = testing::JsonParser::parse(testing::read_text_file(out + "/summary.json"));
  EXPECT_EQ(s.at("model").string(), "multicontact");
  EXPECT_EQ(s.at("theorem_violations_total").number(), 0);
  EXPECT_GT(s.at("laws").at("poisson-lcp").at("P_W_max_positive").number(), 0.0);
  const auto map = read_csv(out + "/map.csv");
  ASSERT_EQ(map.size(), 1u + 4 * 2 * 2);
  EXPECT_EQ(map[0][0], "log10_cond");
  EXPECT_EQ(map[0][1], "eps_spread");
  // witnesses.csv holds eval's input columns for k = 2: feed them back.
  const auto rows = read_csv(out + "/witnesses.csv");
  ASSERT_GT(rows.size(), 1u);
  const std::vector<std::string>& head = rows[0];
  std::string csv;
  for (std::size_t c = 0; c < head.size(); ++c)
    csv += (c ? "," : "") + (head[c] == "W_max" ? std::string("W_max_expected") : head[c]);
  csv += "\n";
  int poisson_rows = 0;
  for (std::size_t i = 1; i < rows.size(); ++i)
    if (rows[i][0] == "poisson-lcp") {
      ++poisson_rows;
      for (std::size_t c = 0; c < rows[i].size(); ++c) csv += (c ? "," : "") + rows[i][c];
      csv += "\n";
    }
  ASSERT_GT(poisson_rows, 0);
  // Drop the outcome columns that eval also writes (solutions, W_min, W, W_max_rel would clash by name).
  std::string cleaned;
  {
    std::istringstream in(csv);
    io::CsvReader reader(in);
    std::vector<std::string> f;
    std::vector<std::size_t> keep;
    bool header = true;
    while (reader.next(f)) {
      if (header) {
        for (std::size_t c = 0; c < f.size(); ++c)
          if (f[c] != "solutions" && f[c] != "W_min" && f[c] != "W" && f[c] != "W_max_rel") keep.push_back(c);
        header = false;
      }
      for (std::size_t c = 0; c < keep.size(); ++c) cleaned += (c ? "," : "") + f[keep[c]];
      cleaned += "\n";
    }
  }
  const auto e =
      run_collsweep({"eval", "--law", "poisson-lcp", "--contacts", "2", "--in", "-", "--out", "-"}, &cleaned);
  ASSERT_EQ(e.exit_code, 0) << e.err;
  std::istringstream in(e.out);
  io::CsvReader reader(in);
  std::vector<std::string> h, f;
  ASSERT_TRUE(reader.next(h));
  std::size_t expected = 0, got = 0;
  for (std::size_t c = 0; c < h.size(); ++c) {
    if (h[c] == "W_max_expected") expected = c;
    if (h[c] == "W_max") got = c;
  }
  int n = 0;
  while (reader.next(f)) {
    ++n;
    EXPECT_EQ(f[got], f[expected]) << "witness " << n;
  }
  EXPECT_EQ(n, poisson_rows);
  std::error_code ec;
  std::filesystem::remove_all(out, ec);
}

}  // namespace
}  // namespace collsweep

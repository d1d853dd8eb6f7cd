// `collsweep run` with run.compare (disagreement maps): compare.csv, compare_witnesses.csv, summary.json's
// "compare", the resolved config, and the config errors of the key.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "io/csv.hpp"
#include "support/csv_text.hpp"
#include "support/mini_json.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::num;
using testing::parse_csv;
using testing::run_collsweep;

const char* kConfig = R"(
[run]
seed = 7
samples = 60000
laws = ["stronge", "poisson", "kane-levinson"]
compare = [["stronge", "poisson"], ["kane-levinson", "kane-levinson"]]
witnesses = 3

[matrix]
kind = "direct"
log10_cond = { dist = "uniform", lo = 0.0, hi = 2.0 }

[approach]
random_tangent_sign = true

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 1.0 }

[map]
x = { quantity = "theta", lo = 0.0, hi = 90.0, bins = 6 }
y = { quantity = "mu", lo = 0.0, hi = 1.0, bins = 4 }
)";

std::size_t col(const std::vector<std::string>& h, const std::string& name) {
  for (std::size_t i = 0; i < h.size(); ++i)
    if (h[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

TEST(CliCompare, WritesTheDisagreementMapsAndTheyReproduce) {
  const std::string config = testing::temp_path("compare.toml"), out = testing::temp_path("compare_out"),
                    again = testing::temp_path("compare_again");
  testing::write_text_file(config, kConfig);
  auto r = run_collsweep({"run", config, "--out", out, "--threads", "2", "--no-plot", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = parse_csv(testing::read_text_file(out + "/compare.csv"));
  ASSERT_EQ(rows.size(), 1u + 6u * 4u * 2u);  // header, cells x pairs
  const auto& h = rows[0];
  EXPECT_EQ(h[0], "theta");
  EXPECT_EQ(h[1], "mu");
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];
    if (row[col(h, "law_a")] == "kane-levinson") {  // the law against itself: zero everywhere
      EXPECT_EQ(row[col(h, "law_b")], "kane-levinson");
      EXPECT_EQ(row[col(h, "both_valid")], row[col(h, "samples")]);
      EXPECT_EQ(num(row[col(h, "max_dv2_rel")]), 0.0);
      EXPECT_EQ(num(row[col(h, "mean_dv2_rel")]), 0.0);
      EXPECT_EQ(row[col(h, "type_differs")], "0");
    } else {
      EXPECT_GE(num(row[col(h, "max_dv2_rel")]), num(row[col(h, "mean_dv2_rel")]));
    }
  }
  const auto json = testing::JsonParser::parse(testing::read_text_file(out + "/summary.json"));
  const auto& cmp = json.at("compare");
  ASSERT_EQ(cmp.arr.size(), 2u);
  EXPECT_EQ(cmp.arr[0].at("law_a").string(), "stronge");
  EXPECT_EQ(cmp.arr[0].at("law_b").string(), "poisson");
  EXPECT_GT(cmp.arr[0].at("max_dv2_rel").number(), 0.0);
  EXPECT_EQ(cmp.arr[1].at("max_dv2_rel").number(), 0.0);
  EXPECT_EQ(cmp.arr[0].at("witnesses").arr.size(), 3u);
  // The witnesses: ranked by dv2_rel, the first one is the summary's maximum.
  const auto w = parse_csv(testing::read_text_file(out + "/compare_witnesses.csv"));
  ASSERT_EQ(w.size(), 1u + 3u + 3u);
  EXPECT_EQ(num(w[1][col(w[0], "dv2_rel")]), cmp.arr[0].at("max_dv2_rel").number());
  EXPECT_EQ(w[1][col(w[0], "sample")],
            std::to_string(static_cast<long long>(cmp.arr[0].at("witnesses").arr[0].number())));
  // The resolved config keeps the pairs: running it again gives the same files.
  const std::string resolved = testing::read_text_file(out + "/config.toml");
  EXPECT_NE(resolved.find("compare = [[\"stronge\", \"poisson\"], [\"kane-levinson\", \"kane-levinson\"]]"),
            std::string::npos)
      << resolved;
  r = run_collsweep({"run", out + "/config.toml", "--out", again, "--threads", "1", "--no-plot", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"compare.csv", "compare_witnesses.csv", "map.csv", "witnesses.csv"})
    EXPECT_EQ(testing::read_text_file(out + "/" + f), testing::read_text_file(again + "/" + f)) << f;
  std::error_code ec;
  fs::remove_all(out, ec);
  fs::remove_all(again, ec);
  fs::remove(config, ec);
}

// run.constraints = true gives the constraint columns without a thesis law, and stays in the resolved config.
TEST(CliCompare, ConstraintsKey) {
  const std::string config = testing::temp_path("constraints.toml"),
                    out = testing::temp_path("constraints_out");
  std::string text = kConfig;
  const std::string from = "laws = [\"stronge\", \"poisson\", \"kane-levinson\"]";
  text.replace(text.find(from), from.size(), "laws = [\"stronge\", \"poisson\"]\nconstraints = true");
  const std::string pairs = "compare = [[\"stronge\", \"poisson\"], [\"kane-levinson\", \"kane-levinson\"]]";
  text.replace(text.find(pairs), pairs.size(), "");
  testing::write_text_file(config, text);
  const auto r = run_collsweep({"run", config, "--out", out, "--no-plot", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rows = parse_csv(testing::read_text_file(out + "/map.csv"));
  const auto& h = rows[0];
  EXPECT_EQ(h.back(), "not_converged");
  EXPECT_EQ(rows[1][col(h, "C1_count")], "0");
  const std::string resolved = testing::read_text_file(out + "/config.toml");
  EXPECT_NE(resolved.find("constraints = true"), std::string::npos) << resolved;
  EXPECT_EQ(resolved.find("compare"), std::string::npos) << resolved;
  std::error_code ec;
  fs::remove_all(out, ec);
  fs::remove(config, ec);
}

TEST(CliCompare, ConfigErrorsNameTheKey) {
  const std::string config = testing::temp_path("bad.toml"), out = testing::temp_path("bad_out");
  const auto run_with = [&](const std::string& compare) {
    std::string text = kConfig;
    const std::string from = "compare = [[\"stronge\", \"poisson\"], [\"kane-levinson\", \"kane-levinson\"]]";
    text.replace(text.find(from), from.size(), compare);
    testing::write_text_file(config, text);
    return run_collsweep({"run", config, "--out", out, "--no-plot", "--quiet"});
  };
  auto r = run_with("compare = [[\"stronge\", \"newton\"]]");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("run.compare[0][1]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\"newton\" is not a law of run.laws"), std::string::npos) << r.err;
  r = run_with("compare = [[\"stronge\"]]");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("expected a pair of law names"), std::string::npos) << r.err;
  r = run_with("compare = [[\"stronge\", \"poisson\"], [\"stronge\", \"poisson\"]]");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("duplicate pair"), std::string::npos) << r.err;
  std::error_code ec;
  fs::remove_all(out, ec);
  fs::remove(config, ec);
}

}  // namespace
}  // namespace collsweep

// map.csv and summary.json as documented (docs/outputs.md): every sample counted once, fractions with their
// Wilson intervals, the same counting in both model families.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>

#include "io/csv.hpp"
#include "io/format.hpp"
#include "stats/wilson_interval.hpp"
#include "support/mini_json.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;

// map.csv as rows of column name -> field.
std::vector<std::map<std::string, std::string>> read_map(const std::string& path) {
  std::istringstream in(testing::read_text_file(path));
  io::CsvReader reader(in);
  std::vector<std::string> header, f;
  EXPECT_TRUE(reader.next(header));
  std::vector<std::map<std::string, std::string>> rows;
  while (reader.next(f)) {
    std::map<std::string, std::string> row;
    for (std::size_t c = 0; c < header.size(); ++c) row[header[c]] = f[c];
    rows.push_back(row);
  }
  return rows;
}

std::uint64_t count(const std::map<std::string, std::string>& row, const std::string& column) {
  return std::stoull(row.at(column));
}

double number(const std::map<std::string, std::string>& row, const std::string& column) {
  double x = 0;
  EXPECT_TRUE(io::parse_double(row.at(column), &x)) << column << " = '" << row.at(column) << "'";
  return x;
}

// fraction, fraction_lo, fraction_hi of row are x / n and wilson_interval(x, n); empty when n = 0.
void expect_fraction(const std::map<std::string, std::string>& row, const std::string& name, std::uint64_t x,
                     std::uint64_t n) {
  if (n == 0) {
    EXPECT_EQ(row.at(name) + row.at(name + "_lo") + row.at(name + "_hi"), "") << name;
    return;
  }
  const ProportionInterval ci = wilson_interval(x, n);
  EXPECT_EQ(number(row, name), static_cast<double>(x) / static_cast<double>(n)) << name;
  EXPECT_EQ(number(row, name + "_lo"), ci.lo) << name;
  EXPECT_EQ(number(row, name + "_hi"), ci.hi) << name;
}

std::string run_config(const std::string& text, const std::string& tag) {
  const std::string config = testing::temp_path(tag + ".toml"), out = testing::temp_path(tag);
  testing::write_text_file(config, text);
  const auto r =
      testing::run_collsweep({"run", config, "--out", out, "--backend", "cpu", "--no-plot", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

TEST(OutputColumns, PlanarMapCountsEverySampleOnceWithIntervals) {
  // Some samples invalid (v_n = 0 at theta = 90 is not drawn; mu = 0..1, e = 1 makes every law valid), so
  // the chatterjee-ruina rows exercise the two-Type columns and newton's the gains.
  const std::string out = run_config(R"(
[run]
seed = 11
samples = 30000
laws = ["newton", "chatterjee-ruina"]
[parameters]
e_t = { dist = "uniform", lo = 0.5, hi = 1.5 }
[map]
x = { quantity = "theta", lo = 0.0, hi = 90.0, bins = 5 }
y = { quantity = "mu", lo = 0.0, hi = 0.6, bins = 3 }
)",
                                     "planar_columns");
  std::uint64_t samples = 0;
  for (const auto& row : read_map(out + "/map.csv")) {
    const std::uint64_t valid = count(row, "valid");
    EXPECT_EQ(count(row, "samples"), valid + count(row, "invalid") + count(row, "degenerate"));
    expect_fraction(row, "gain_fraction", count(row, "gain_count"), valid);
    const int types = row.at("law") == "chatterjee-ruina" ? 2 : 5;
    std::uint64_t typed = 0, best = 0;
    for (int t = 1; t <= 5; ++t) {
      const std::string name = "type_" + std::to_string(t);
      typed += count(row, name);
      best = std::max(best, count(row, name));
      expect_fraction(row, name + "_fraction", count(row, name), t <= types ? valid : 0);
    }
    EXPECT_EQ(typed, valid);
    if (valid) {
      EXPECT_EQ(number(row, "dominant_fraction"), static_cast<double>(best) / valid);
    }
    if (row.at("law") == "newton") samples += count(row, "samples");
  }
  const testing::JsonValue s = testing::JsonParser::parse(testing::read_text_file(out + "/summary.json"));
  EXPECT_EQ(samples + s.at("samples_outside_map").number(), 30000);
  const testing::JsonValue& newton = s.at("laws").at("newton");
  const auto gains = static_cast<std::uint64_t>(newton.at("energy_gains").number());
  const auto valid = static_cast<std::uint64_t>(newton.at("valid_samples").number());
  EXPECT_GT(gains, 0u);
  EXPECT_EQ(newton.at("energy_gain_fraction_ci95").arr.at(0).number(), wilson_interval(gains, valid).lo);
  EXPECT_EQ(newton.at("energy_gain_fraction_ci95").arr.at(1).number(), wilson_interval(gains, valid).hi);
  const testing::JsonValue& sticking =
      s.at("laws").at("chatterjee-ruina").at("type_fractions").at("1: inside friction cone");
  EXPECT_GE(sticking.at("fraction").number(), sticking.at("fraction_ci95").arr.at(0).number());
  EXPECT_LE(sticking.at("fraction").number(), sticking.at("fraction_ci95").arr.at(1).number());
  fs::remove_all(out);
}

TEST(OutputColumns, MultiContactMapCountsEverySampleOnceWithIntervals) {
  const std::string out = run_config(R"(
[model]
kind = "multicontact"
contacts = 2
[run]
seed = 4
samples = 3000
laws = ["poisson-lcp", "newton-lcp"]
[map]
x = { quantity = "log10_cond", lo = 0.0, hi = 3.0, bins = 3 }
)",
                                     "multicontact_columns");
  for (const auto& row : read_map(out + "/map.csv")) {
    const std::uint64_t valid = count(row, "valid");
    EXPECT_EQ(count(row, "samples"), valid + count(row, "no_solution") + count(row, "solver_failure") +
                                         count(row, "singular") + count(row, "invalid"));
    for (const char* p : {"p_gain_max", "p_gain_min", "p_gain_chosen"}) {
      ASSERT_FALSE(row.at(p).empty());
      const double f = number(row, p);
      const auto x = static_cast<std::uint64_t>(std::llround(f * static_cast<double>(valid)));
      expect_fraction(row, p, x, valid);
    }
  }
  const testing::JsonValue s = testing::JsonParser::parse(testing::read_text_file(out + "/summary.json"));
  const testing::JsonValue& law = s.at("laws").at("poisson-lcp");
  EXPECT_EQ(law.at("samples").number(), 3000);
  EXPECT_LE(law.at("P_W_max_positive_ci95").arr.at(0).number(), law.at("P_W_max_positive").number());
  EXPECT_GE(law.at("P_W_max_positive_ci95").arr.at(1).number(), law.at("P_W_max_positive").number());
  fs::remove_all(out);
}

}  // namespace
}  // namespace collsweep

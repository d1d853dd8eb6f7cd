// `collsweep run --shard i/N` and `collsweep merge`: shards merged equal the unsharded run byte for byte
// (planar and spatial), a single shard (1/1) stays a shard when resumed, and a missing, repeated or foreign
// shard is refused by name.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/run_command.hpp"
#include "support/run_folders.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_collsweep;
using testing::temp_path;

const char* kPlanar = R"(
[run]
name = "shards-test"
seed = {SEED}
samples = 30001
batch = 4000
laws = ["stronge", "newton", "chatterjee-ruina"]
witnesses = 4
samples_npy = true

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 1.5 }
e = { dist = "uniform", lo = 0.0, hi = 1.0 }
e_t = { dist = "uniform", lo = -1.0, hi = 1.0 }

[map]
x = { quantity = "theta", lo = 0.0, hi = 90.0, bins = 6 }
y = { quantity = "mu", lo = 0.0, hi = 1.5, bins = 5 }
)";

std::string planar_config(int seed = 7) {
  std::string text = kPlanar;
  text.replace(text.find("{SEED}"), 6, std::to_string(seed));
  const std::string path = temp_path("shards_planar_" + std::to_string(seed) + ".toml");
  testing::write_text_file(path, text);
  return path;
}

// configs/spatial_quickstart.toml with 1500 samples.
std::string spatial_config() {
  std::string text = testing::read_text_file(testing::source_dir() + "/configs/spatial_quickstart.toml");
  const std::string key = "samples = 1_000_000";
  const std::size_t at = text.find(key);
  EXPECT_NE(at, std::string::npos) << "the spatial quickstart's run.samples line changed";
  if (at != std::string::npos) text.replace(at, key.size(), "samples = 1500");
  const std::string path = temp_path("shards_spatial.toml");
  testing::write_text_file(path, text);
  return path;
}

std::string whole_run(const std::string& config) {
  const std::string out = temp_path("whole");
  const CommandResult r = run_collsweep(
      {"run", config, "--out", out, "--backend", "cpu", "--threads", "1", "--no-plot", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return out;
}

std::string shard_run(const std::string& config, const std::string& shard, const std::string& threads = "2") {
  const std::string out = temp_path("shard");
  const CommandResult r = run_collsweep({"run", config, "--shard", shard, "--out", out, "--backend", "cpu",
                                         "--threads", threads, "--no-plot", "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(out + "/collsweep.state")) << r.err;
  EXPECT_FALSE(fs::exists(out + "/map.csv")) << "a shard writes its state, not the outputs";
  return out;
}

CommandResult merge(const std::vector<std::string>& dirs, const std::string& out) {
  std::vector<std::string> args = {"merge"};
  args.insert(args.end(), dirs.begin(), dirs.end());
  for (const std::string& a : {std::string("--out"), out, std::string("--no-plot"), std::string("--quiet")})
    args.push_back(a);
  return run_collsweep(args);
}

void expect_shards_merge_to_whole(const std::string& config) {
  const std::string whole = whole_run(config);
  // Merged in another order than run, from shards run with other thread counts.
  const std::vector<std::string> shards = {shard_run(config, "3/3", "1"), shard_run(config, "1/3"),
                                           shard_run(config, "2/3")};
  const std::string merged = temp_path("merged");
  const CommandResult r = merge(shards, merged);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  testing::expect_same_results(whole, merged);
  const std::string summary = testing::read_text_file(merged + "/summary.json");
  EXPECT_NE(summary.find("\"shards\": ["), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"shard\": \"2/3\""), std::string::npos) << summary;
}

// A job array of one task: shard 1/1 resumed (a requeue) keeps its state as its output, which merges to the
// unsharded run.
TEST(CliShards, ASingleShardStaysAShardWhenResumed) {
  const std::string config = planar_config();
  const std::string whole = whole_run(config);
  const std::string shard = shard_run(config, "1/1");
  const CommandResult resumed = run_collsweep({"run", "--resume", shard, "--no-plot", "--quiet"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_TRUE(fs::exists(shard + "/collsweep.state"));
  EXPECT_FALSE(fs::exists(shard + "/map.csv")) << "a shard writes its state, not the outputs";
  const std::string merged = temp_path("merged_single");
  const CommandResult r = merge({shard}, merged);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  testing::expect_same_results(whole, merged);
}

TEST(CliShards, PlanarShardsMergeToTheUnshardedRun) {
  const std::string config = planar_config();
  expect_shards_merge_to_whole(config);
  // samples.npy too (the planar family writes it).
  const std::string whole = whole_run(config);
  const std::string merged = temp_path("merged_npy");
  ASSERT_EQ(merge({shard_run(config, "1/2"), shard_run(config, "2/2")}, merged).exit_code, 0);
  EXPECT_TRUE(testing::read_text_file(whole + "/samples.npy") ==
              testing::read_text_file(merged + "/samples.npy"));
}

// Kane's pendulum on a 3 x 3 grid of e and mu: every outcome recurs every 9 samples, so the witnesses tie
// in dE_rel and the smaller sample indices must win in the merge as in the whole run.
TEST(CliShards, TiedWitnessesMergeToTheUnshardedRun) {
  const std::string config = temp_path("shards_ties.toml");
  testing::write_text_file(config, R"(
[run]
name = "ties"
seed = 3
samples = 9000
laws = ["stronge", "newton"]
witnesses = 5

[matrix]
kind = "fixed"
W = [0.33652009683469619, -0.50710288600359243, 0.81344601523210336]

[approach]
theta_deg = 63.329563055302323

[parameters]
mu = { dist = "grid", lo = 0.0, hi = 1.0, n = 3 }
e = { dist = "grid", lo = 0.5, hi = 1.0, n = 3 }

[map]
x = { quantity = "e", lo = 0.25, hi = 1.25, bins = 4 }
)");
  expect_shards_merge_to_whole(config);
  const std::string witnesses = testing::read_text_file(whole_run(config) + "/witnesses.csv");
  // newton's five witnesses all tie (mu = e = 1): the first five such samples, 8, 17, 26, 35, 44.
  EXPECT_EQ(testing::count_lines(witnesses), 6) << witnesses;
  EXPECT_NE(witnesses.find("newton,5,44,"), std::string::npos) << witnesses;
}

TEST(CliShards, SpatialShardsMergeToTheUnshardedRun) { expect_shards_merge_to_whole(spatial_config()); }

class CliShardErrors : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    config_ = new std::string(planar_config());
    for (const char* s : {"1/3", "2/3", "3/3"}) shards_.push_back(shard_run(*config_, s));
  }
  static std::string* config_;
  static std::vector<std::string> shards_;
};
std::string* CliShardErrors::config_ = nullptr;
std::vector<std::string> CliShardErrors::shards_;

TEST_F(CliShardErrors, AMissingShardIsNamed) {
  const CommandResult r = merge({shards_[0], shards_[2]}, temp_path("merged"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("shard 2/3 missing"), std::string::npos) << r.err;
}

TEST_F(CliShardErrors, ManyMissingShardsMakeOneShortLine) {
  const CommandResult r = merge({shard_run(*config_, "1/1000")}, temp_path("merged"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("shards 2/1000, 3/1000, 4/1000, 5/1000, 6/1000, 7/1000, 8/1000, 9/1000, 10/1000, "
                       "11/1000 and 989 more missing: 1 of 1000 shards given"),
            std::string::npos)
      << r.err;
  EXPECT_LT(r.err.size(), 300u);
}

TEST_F(CliShardErrors, ARepeatedShardIsNamed) {
  const CommandResult r = merge({shards_[0], shards_[1], shards_[1], shards_[2]}, temp_path("merged"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("shard 2/3 is given twice: " + shards_[1] + " and " + shards_[1]), std::string::npos)
      << r.err;
}

TEST_F(CliShardErrors, AShardOfAnotherConfigIsNamed) {
  const std::string foreign = shard_run(planar_config(8), "2/3");
  const CommandResult r = merge({shards_[0], foreign, shards_[2]}, temp_path("merged"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(foreign + " is not a shard of the same run as " + shards_[0]), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("seed = 8"), std::string::npos) << "the difference is quoted: " << r.err;
}

TEST_F(CliShardErrors, AFolderWithoutAStateIsNamed) {
  const std::string empty = temp_path("empty");
  fs::create_directories(empty);
  const CommandResult r = merge({shards_[0], empty, shards_[2]}, temp_path("merged"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(empty + "/collsweep.state: no state file"), std::string::npos) << r.err;
}

TEST_F(CliShardErrors, BadShardValuesAreNamed) {
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/40000"}) {
    const CommandResult r = run_collsweep({"run", *config_, "--shard", bad, "--out", temp_path("bad"),
                                           "--backend", "cpu", "--no-plot", "--quiet"});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_NE(r.err.find(std::string("--shard ") + bad), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace collsweep

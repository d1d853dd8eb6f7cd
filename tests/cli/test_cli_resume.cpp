// Checkpoint and resume: runs killed (SIGKILL) at random moments and resumed finish byte-identical to an
// uninterrupted run; SIGTERM writes a last checkpoint and says how to resume; a flipped byte, a truncated
// checkpoint and an edited config are refused by name.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/run_command.hpp"
#include "support/run_folders.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_collsweep;
using testing::temp_path;

const char* kConfig = R"(
[run]
name = "resume-test"
seed = {SEED}
samples = {SAMPLES}
batch = 8192
laws = ["stronge", "poisson"]
witnesses = 6

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 1.5 }
e = { dist = "uniform", lo = 0.0, hi = 1.0 }

[map]
x = { quantity = "theta", lo = 0.0, hi = 90.0, bins = 5 }
y = { quantity = "mu", lo = 0.0, hi = 1.5, bins = 4 }
)";

std::string write_config(const std::string& path, long long samples, int seed = 11) {
  std::string text = kConfig;
  text.replace(text.find("{SEED}"), 6, std::to_string(seed));
  text.replace(text.find("{SAMPLES}"), 9, std::to_string(samples));
  testing::write_text_file(path, text);
  return path;
}

const std::vector<std::string> kCommon = {"--backend", "cpu", "--threads", "1", "--no-plot", "--quiet"};

std::vector<std::string> with_common(std::vector<std::string> args) {
  args.insert(args.end(), kCommon.begin(), kCommon.end());
  return args;
}

bool wait_for(const std::string& path, double seconds) {
  for (int i = 0; i < seconds * 200 && !fs::exists(path); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return fs::exists(path);
}

// A run stopped by SIGTERM once its sweep is under way: its folder holds a checkpoint.
std::string checkpointed_folder(const std::string& config) {
  const std::string out = temp_path("stopped"), err = temp_path("stderr.txt");
  const pid_t pid =
      testing::spawn_collsweep(with_common({"run", config, "--out", out, "--checkpoint-every", "60"}), err);
  wait_for(out, 5.0);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(pid, SIGTERM);
  EXPECT_EQ(testing::wait_exit(pid), 143) << testing::read_text_file(err);
  EXPECT_TRUE(fs::exists(out + "/collsweep.state")) << testing::read_text_file(err);
  return out;
}

TEST(CliResume, SigkilledRunsResumeToTheUninterruptedRun) {
  const std::string config = write_config(temp_path("resume.toml"), 6000000);
  const std::string whole = temp_path("whole");
  const CommandResult w =
      run_collsweep(with_common({"run", config, "--out", whole, "--checkpoint-every", "0"}));
  ASSERT_EQ(w.exit_code, 0) << w.err;

  const std::string out = temp_path("killed"), err = temp_path("stderr.txt");
  std::mt19937 rng(std::random_device{}());
  std::vector<std::string> args = with_common({"run", config, "--out", out, "--checkpoint-every", "0.05"});
  int killed = 0;
  for (int kill_no = 0; kill_no < 3; ++kill_no) {
    const pid_t pid = testing::spawn_collsweep(args, err);
    if (kill_no == 0) {
      ASSERT_TRUE(wait_for(out + "/collsweep.state", 20.0)) << testing::read_text_file(err);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 150)(rng)));
    kill(pid, SIGKILL);
    const int status = testing::wait_exit(pid);
    if (status == 0) break;  // it finished first
    ASSERT_EQ(status, 128 + SIGKILL) << testing::read_text_file(err);
    ++killed;
    args = with_common({"run", "--resume", out, "--checkpoint-every", "0.05"});
  }
  if (fs::exists(out + "/collsweep.state")) {
    const CommandResult r =
        run_collsweep(with_common({"run", "--resume", out, "--checkpoint-every", "0.05"}));
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_GE(killed, 1) << "the run finished before the first SIGKILL";
  EXPECT_FALSE(fs::exists(out + "/collsweep.state")) << "a finished run removes its checkpoint";
  testing::expect_same_results(whole, out);
  const CommandResult again = run_collsweep(with_common({"run", "--resume", out}));
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("nothing to resume: the run in " + out + " has finished"), std::string::npos)
      << again.err;
}

TEST(CliResume, SigtermCheckpointsAndTheResumedRunMatchesAnUninterruptedOne) {
  const std::string config = write_config(temp_path("resume.toml"), 6000000);
  const std::string whole = temp_path("whole");
  ASSERT_EQ(run_collsweep(with_common({"run", config, "--out", whole})).exit_code, 0);
  const std::string out = temp_path("stopped"), err = temp_path("stderr.txt");
  const pid_t pid =
      testing::spawn_collsweep(with_common({"run", config, "--out", out, "--checkpoint-every", "60"}), err);
  ASSERT_TRUE(wait_for(out, 5.0));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the handler is armed right after
  kill(pid, SIGTERM);
  const int status = testing::wait_exit(pid);
  const std::string text = testing::read_text_file(err);
  if (status == 0) GTEST_SKIP() << "the run finished before SIGTERM";
  EXPECT_EQ(status, 143) << text;
  EXPECT_NE(text.find("collsweep run: interrupted (SIGTERM) after "), std::string::npos) << text;
  EXPECT_NE(text.find("resume with: collsweep run --resume " + out), std::string::npos) << text;
  // Resumed with the config given again (checked against the checkpoint's).
  const CommandResult r = run_collsweep(with_common({"run", config, "--resume", out}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  testing::expect_same_results(whole, out);
}

TEST(CliResume, AFlippedByteOrATruncatedCheckpointIsReported) {
  const std::string config = write_config(temp_path("resume.toml"), 1000000000000);
  const std::string out = checkpointed_folder(config);
  const std::string state = out + "/collsweep.state";
  const std::string good = testing::read_text_file(state);
  ASSERT_GT(good.size(), 100u);

  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x10;
  testing::write_text_file(state, flipped);
  CommandResult r = run_collsweep(with_common({"run", "--resume", out}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(state + ": corrupt (checksum mismatch)"), std::string::npos) << r.err;

  testing::write_text_file(state, good.substr(0, good.size() - 20));
  r = run_collsweep(with_common({"run", "--resume", out}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(state + ": truncated"), std::string::npos) << r.err;
}

TEST(CliResume, AnEditedConfigIsRefused) {
  const std::string config = write_config(temp_path("resume.toml"), 1000000000000);
  const std::string out = checkpointed_folder(config);
  write_config(config, 1000000000000, 12);
  const CommandResult r = run_collsweep(with_common({"run", config, "--resume", out}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("refused: the config differs"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("`[run] seed = 11`"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("`[run] seed = 12`"), std::string::npos) << r.err;
  // A shard's checkpoint resumed as another shard is refused too.
  const CommandResult s = run_collsweep(with_common({"run", "--resume", out, "--shard", "1/2"}));
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_NE(s.err.find("--shard 1/2 but the checkpoint is of shard 1/1"), std::string::npos) << s.err;
}

TEST(CliResume, TheSameConfigUnderAnotherNameResumes) {
  // A config without run.name: its name is its file's; a copy under another name is the same run.
  const std::string config = temp_path("first_name.toml");
  std::string text = testing::read_text_file(write_config(config, 1000000000000));
  text.erase(text.find("name = \"resume-test\"\n"), std::string("name = \"resume-test\"\n").size());
  testing::write_text_file(config, text);
  const std::string renamed = temp_path("other_name.toml");
  testing::write_text_file(renamed, text);
  const std::string out = checkpointed_folder(config), err = temp_path("resumed.txt");
  const pid_t pid = testing::spawn_collsweep(
      {"run", renamed, "--resume", out, "--backend", "cpu", "--threads", "1", "--no-plot"}, err);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(pid, SIGTERM);
  EXPECT_EQ(testing::wait_exit(pid), 143) << testing::read_text_file(err);  // resumed, then stopped
  EXPECT_NE(testing::read_text_file(err).find(", resumed after "), std::string::npos)
      << testing::read_text_file(err);
}

TEST(CliResume, AnUnfinishedShardIsNotMerged) {
  const std::string config = write_config(temp_path("resume.toml"), 1000000000000);
  const std::string out = temp_path("shard"), err = temp_path("stderr.txt");
  const pid_t pid = testing::spawn_collsweep(
      with_common({"run", config, "--shard", "1/2", "--out", out, "--checkpoint-every", "60"}), err);
  ASSERT_TRUE(wait_for(out, 5.0));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(pid, SIGINT);
  EXPECT_EQ(testing::wait_exit(pid), 130) << testing::read_text_file(err);
  const CommandResult r = run_collsweep({"merge", out, "--out", temp_path("merged")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(out + " (shard 1/2) is unfinished"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("collsweep run --resume " + out), std::string::npos) << r.err;
}

}  // namespace
}  // namespace collsweep

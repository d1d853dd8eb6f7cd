// How a scheduler stops a run: SLURM's --signal (SIGUSR1) checkpoints it like SIGTERM, and a repeated SIGTERM
// (SLURM signals the step and the batch script) still ends in a checkpoint; a second SIGINT stops at once.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "support/run_command.hpp"
#include "support/run_folders.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::temp_path;

std::string endless_config() {
  const std::string path = temp_path("endless.toml");
  testing::write_text_file(path,
                           "[run]\nname = \"endless\"\nseed = 2\nsamples = 1000000000000\nlaws = "
                           "[\"stronge\"]\n\n[map]\nx = { quantity = \"theta\", lo = 0.0, hi = 90.0, "
                           "bins = 4 }\n");
  return path;
}

// A checkpointed run signalled with `signals` (50 ms apart) once its sweep is under way: its exit status and
// stderr.
std::pair<int, std::string> stopped_run(const std::string& out, const std::vector<int>& signals) {
  const std::string err = temp_path("stop.txt");
  const pid_t pid = testing::spawn_collsweep({"run", endless_config(), "--out", out, "--checkpoint-every",
                                              "600", "--backend", "cpu", "--threads", "1", "--no-plot"},
                                             err);
  for (int i = 0; i < 400 && !fs::exists(out); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  for (int sig : signals) {
    kill(pid, sig);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const int status = testing::wait_exit(pid);
  return {status, testing::read_text_file(err)};
}

TEST(CliStopSignals, SigusrOneCheckpointsLikeSigterm) {
  const std::string out = temp_path("usr1");
  const auto [status, err] = stopped_run(out, {SIGUSR1});
  EXPECT_EQ(status, 128 + SIGUSR1) << err;
  EXPECT_NE(err.find("SIGUSR1: writing a checkpoint"), std::string::npos) << err;
  EXPECT_TRUE(fs::exists(out + "/collsweep.state")) << err;
  EXPECT_FALSE(fs::exists(out + "/collsweep.lock"));
}

TEST(CliStopSignals, ARepeatedSigtermStillEndsInACheckpoint) {
  const std::string out = temp_path("term_twice");
  const auto [status, err] = stopped_run(out, {SIGTERM, SIGTERM});
  EXPECT_EQ(status, 128 + SIGTERM) << err;
  EXPECT_TRUE(fs::exists(out + "/collsweep.state")) << err;
  EXPECT_NE(err.find("checkpoint written"), std::string::npos) << err;
}

TEST(CliStopSignals, ASecondSigintStopsAtOnce) {
  const std::string out = temp_path("int_twice");
  const auto [status, err] = stopped_run(out, {SIGINT, SIGINT});
  EXPECT_EQ(status, 128 + SIGINT) << err;
  EXPECT_NE(err.find("again: stopped at once"), std::string::npos) << err;
}

}  // namespace
}  // namespace collsweep

// One writer per run folder: a second run or a resume into a folder that a run is writing is refused, naming
// the holder, before it changes anything; the lock file of a killed run never blocks the next run or a
// requeue, nor does the temporary of a first checkpoint it did not finish writing; a run leaves no lock file
// behind.
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
using testing::CommandResult;
using testing::run_collsweep;
using testing::temp_path;

std::string config_file(long long samples) {
  const std::string path = temp_path("lock.toml");
  testing::write_text_file(path,
                           "[run]\nname = \"lock-test\"\nseed = 3\nsamples = " + std::to_string(samples) +
                               "\nbatch = 8192\nlaws = [\"stronge\"]\n\n[map]\nx = { quantity = \"theta\", "
                               "lo = 0.0, hi = 90.0, bins = 5 }\n");
  return path;
}

std::vector<std::string> quiet(std::vector<std::string> args) {
  args.insert(args.end(), {"--backend", "cpu", "--threads", "1", "--no-plot", "--quiet"});
  return args;
}

bool wait_for(const std::string& path, double seconds) {
  for (int i = 0; i < seconds * 200 && !fs::exists(path); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return fs::exists(path);
}

TEST(CliRunLock, ASecondWriterIsRefusedByNameAndTheFirstFinishesUntouched) {
  const std::string config = config_file(1000000000000);
  const std::string out = temp_path("locked"), err = temp_path("first.txt");
  const pid_t first =
      testing::spawn_collsweep(quiet({"run", config, "--out", out, "--checkpoint-every", "0.05"}), err);
  ASSERT_TRUE(wait_for(out + "/collsweep.state", 20.0)) << testing::read_text_file(err);
  const std::string holder =
      "is being written by another collsweep run (pid " + std::to_string(first) + " on ";

  const CommandResult second = run_collsweep(quiet({"run", config, "--out", out, "--force"}));
  EXPECT_EQ(second.exit_code, 2);
  EXPECT_NE(second.err.find("output folder " + out + " " + holder), std::string::npos) << second.err;
  const CommandResult resume = run_collsweep(quiet({"run", "--resume", out}));
  EXPECT_EQ(resume.exit_code, 2);
  EXPECT_NE(resume.err.find(holder), std::string::npos) << resume.err;
  EXPECT_TRUE(fs::exists(out + "/collsweep.state")) << "the refused --force removed nothing";

  kill(first, SIGTERM);  // a checkpoint, then the end: the lock file goes with the run
  EXPECT_EQ(testing::wait_exit(first), 143) << testing::read_text_file(err);
  EXPECT_TRUE(fs::exists(out + "/collsweep.state"));
  EXPECT_FALSE(fs::exists(out + "/collsweep.lock"));
}

TEST(CliRunLock, AKilledRunsLockFileBlocksNeitherARequeueNorANewRun) {
  const std::string config = config_file(3000000);
  const std::string whole = temp_path("whole");
  ASSERT_EQ(run_collsweep(quiet({"run", config, "--out", whole, "--checkpoint-every", "0"})).exit_code, 0);
  EXPECT_FALSE(fs::exists(whole + "/collsweep.lock")) << "a finished run leaves no lock file";

  const std::string out = temp_path("killed"), err = temp_path("killed.txt");
  const pid_t pid =
      testing::spawn_collsweep(quiet({"run", config, "--out", out, "--checkpoint-every", "0.05"}), err);
  ASSERT_TRUE(wait_for(out + "/collsweep.state", 20.0)) << testing::read_text_file(err);
  kill(pid, SIGKILL);
  const int status = testing::wait_exit(pid);
  if (status == 0) GTEST_SKIP() << "the run finished before SIGKILL";
  ASSERT_TRUE(fs::exists(out + "/collsweep.lock")) << "SIGKILL leaves the file (not the lock)";
  const CommandResult resumed = run_collsweep(quiet({"run", "--resume", out}));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  testing::expect_same_results(whole, out);
  EXPECT_FALSE(fs::exists(out + "/collsweep.lock"));

  // A folder that holds only a stale lock file is empty to a new run.
  const std::string stale = temp_path("stale");
  fs::create_directories(stale);
  testing::write_text_file(stale + "/collsweep.lock", "pid 1 on elsewhere since long ago\n");
  const CommandResult fresh =
      run_collsweep(quiet({"run", config, "--out", stale, "--checkpoint-every", "0"}));
  ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
  testing::expect_same_results(whole, stale);
  EXPECT_FALSE(fs::exists(stale + "/collsweep.lock"));
}

// A job killed while it wrote its first checkpoint leaves the lock file and `collsweep.state.tmp` but no
// `collsweep.state`: its requeue starts the shard (or run) again in that folder, with the bytes of a run that
// was never killed (the requeued shard merged with the others).
TEST(CliRunLock, ATornFirstCheckpointBlocksNoRequeue) {
  const std::string config = config_file(3000000);
  const std::string shard1 = temp_path("shard1"), shard3 = temp_path("shard3");
  ASSERT_EQ(run_collsweep(quiet({"run", config, "--shard", "1/3", "--out", shard1})).exit_code, 0);
  ASSERT_EQ(run_collsweep(quiet({"run", config, "--shard", "3/3", "--out", shard3})).exit_code, 0);
  const std::string whole = temp_path("clean_run");
  ASSERT_EQ(run_collsweep(quiet({"run", config, "--out", whole})).exit_code, 0);

  for (const bool shard : {true, false}) {
    const std::string torn = temp_path(shard ? "torn_shard" : "torn_run");
    fs::create_directories(torn);
    testing::write_text_file(torn + "/collsweep.lock", "pid 1 on elsewhere since long ago\n");
    testing::write_text_file(torn + "/collsweep.state.tmp", "COLLSWEEP-STATE\x01 half a header");
    const CommandResult requeued =
        shard ? run_collsweep(quiet({"run", config, "--shard", "2/3", "--out", torn}))
              : run_collsweep(quiet({"run", config, "--out", torn, "--checkpoint-every", "0"}));
    ASSERT_EQ(requeued.exit_code, 0) << requeued.err;
    EXPECT_FALSE(fs::exists(torn + "/collsweep.state.tmp"));
    EXPECT_FALSE(fs::exists(torn + "/collsweep.lock"));
    if (shard) {
      const std::string merged = temp_path("merged");
      const CommandResult merge = run_collsweep({"merge", shard1, torn, shard3, "--out", merged, "--quiet"});
      ASSERT_EQ(merge.exit_code, 0) << merge.err;
      testing::expect_same_results(whole, merged);
    } else {
      testing::expect_same_results(whole, torn);
    }
  }
}

}  // namespace
}  // namespace collsweep

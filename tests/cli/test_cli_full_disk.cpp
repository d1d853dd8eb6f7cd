// A full disk when a finished run writes its outputs (a 2 MB tmpfs, mounted in a mount namespace of the
// test's own): the error says why, no truncated map.csv is left, the finished sweep is kept as a checkpoint,
// and `run --resume` of it (with room) writes the outputs an uninterrupted run writes; a read-only output
// folder is refused before any sampling. Skipped where the test may not mount a file system.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/run_command.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_collsweep;
using testing::shell_quote;
using testing::temp_path;

TEST(CliFullDisk, TheFinishedSweepIsKeptAndResumedToTheSameOutputs) {
  const std::string config = temp_path("disk.toml");
  testing::write_text_file(
      config,
      "[run]\nname = \"disk\"\nseed = 4\nsamples = 400000\nlaws = [\"stronge\", \"newton\"]\n"
      "\n[map]\nx = { quantity = \"theta\", lo = 0.0, hi = 90.0, bins = 60 }\n"
      "y = { quantity = \"mu\", lo = 0.0, hi = 1.0, bins = 60 }\n");
  const std::string whole = temp_path("whole");
  const CommandResult w =
      run_collsweep({"run", config, "--out", whole, "--no-plot", "--quiet", "--backend", "cpu"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  // Its checkpoint (under 0.7 MB, written through a temporary file) fits in 2 MB; its map.csv (3 MB) does
  // not.
  ASSERT_GT(fs::file_size(whole + "/map.csv"), 2u << 20);

  const std::string mount = temp_path("small_disk"), kept = temp_path("kept"), err = temp_path("err.txt"),
                    status = temp_path("status.txt");
  fs::create_directories(mount);
  const std::string run = shell_quote(testing::collsweep_binary()) + " run " + shell_quote(config) +
                          " --out " + shell_quote(mount + "/run") +
                          " --no-plot --quiet --backend cpu --threads 1 --checkpoint-every 0.001 2> " +
                          shell_quote(err) + "; echo $? > " + shell_quote(status) + "; cp -a " +
                          shell_quote(mount + "/run") + " " + shell_quote(kept);
  const std::string script = "mount -t tmpfs -o size=2m tmpfs " + shell_quote(mount) + " || exit 77; " + run;
  const int rc = std::system(("unshare -m sh -c " + shell_quote(script) + " > /dev/null 2>&1").c_str());
  if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) == 77 || !fs::exists(status))
    GTEST_SKIP() << "cannot mount a small tmpfs here (unshare -m and mount need privileges)";

  EXPECT_EQ(testing::read_text_file(status), "1\n");
  const std::string text = testing::read_text_file(err);
  EXPECT_NE(text.find(" MB free; this run's checkpoint and outputs take about "), std::string::npos) << text;
  EXPECT_NE(text.find("/run/map.csv: No space left on device"), std::string::npos) << text;
  EXPECT_NE(text.find("the finished sweep is kept in "), std::string::npos) << text;
  EXPECT_FALSE(fs::exists(kept + "/map.csv")) << "no truncated map.csv";
  ASSERT_TRUE(fs::exists(kept + "/collsweep.state"));

  const CommandResult resumed = run_collsweep({"run", "--resume", kept, "--no-plot", "--quiet"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  for (const char* f : {"map.csv", "witnesses.csv"})
    EXPECT_EQ(testing::read_text_file(whole + "/" + f), testing::read_text_file(kept + "/" + f)) << f;
  EXPECT_FALSE(fs::exists(kept + "/collsweep.state"));
}

// A folder on a read-only file system (as a root user sees one: permission bits do not stop root) is refused
// with the system's reason before any sampling: the run of 10^13 samples returns at once.
TEST(CliFullDisk, AReadOnlyFolderIsRefusedBeforeAnySampling) {
  const std::string config = temp_path("read_only.toml");
  testing::write_text_file(config,
                           "[run]\nname = \"read-only\"\nseed = 4\nsamples = 10000000000000\n"
                           "laws = [\"newton\"]\n\n[map]\nx = { quantity = \"theta\", lo = 0.0, hi = 90.0, "
                           "bins = 5 }\n");
  const std::string mount = temp_path("read_only_disk"), err = temp_path("read_only_err.txt"),
                    status = temp_path("read_only_status.txt");
  fs::create_directories(mount);
  const std::string run = shell_quote(testing::collsweep_binary()) + " run " + shell_quote(config) +
                          " --out " + shell_quote(mount + "/run") +
                          " --no-plot --backend cpu --threads 1 2> " + shell_quote(err) + "; echo $? > " +
                          shell_quote(status);
  const std::string script = "mount -t tmpfs -o size=1m tmpfs " + shell_quote(mount) + " && mkdir " +
                             shell_quote(mount + "/run") + " && mount -o remount,ro " + shell_quote(mount) +
                             " || exit 77; " + run;
  const int rc = std::system(("unshare -m sh -c " + shell_quote(script) + " > /dev/null 2>&1").c_str());
  if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) == 77 || !fs::exists(status))
    GTEST_SKIP() << "cannot mount a read-only tmpfs here (unshare -m and mount need privileges)";

  EXPECT_EQ(testing::read_text_file(status), "2\n");
  const std::string text = testing::read_text_file(err);
  EXPECT_NE(text.find("/run/collsweep.lock: Read-only file system"), std::string::npos) << text;
  EXPECT_EQ(text.find("samples on cpu"), std::string::npos) << "refused before the run began: " << text;
}

}  // namespace
}  // namespace collsweep

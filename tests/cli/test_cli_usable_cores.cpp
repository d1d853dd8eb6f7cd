// "Every core" is the cores this process may use: its affinity mask (taskset, srun's binding) and, in a SLURM
// job, SLURM_CPUS_PER_TASK — never the whole node's when a job step got fewer.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "support/run_command.hpp"

namespace collsweep {
namespace {

using testing::shell_quote;
using testing::temp_path;

// summary.json's "threads" of a default-threads CPU run started by `prefix` (an environment or a wrapper).
long threads_of_run(const std::string& prefix) {
  const std::string config = temp_path("cores.toml"), out = temp_path("cores");
  testing::write_text_file(config,
                           "[run]\nname = \"cores\"\nseed = 1\nsamples = 100000\nlaws = [\"stronge\"]\n\n"
                           "[map]\nx = { quantity = \"theta\", lo = 0.0, hi = 90.0, bins = 3 }\n");
  const std::string command = prefix + " " + shell_quote(testing::collsweep_binary()) + " run " +
                              shell_quote(config) + " --out " + shell_quote(out) +
                              " --backend cpu --no-plot --quiet > /dev/null 2>&1";
  const int rc = std::system(command.c_str());
  if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) != 0) return -1;
  const std::string summary = testing::read_text_file(out + "/summary.json");
  const std::size_t at = summary.find("\"threads\": ");
  return at == std::string::npos ? -2 : std::atol(summary.c_str() + at + 11);
}

TEST(CliUsableCores, ASlurmTasksCpusCapTheDefaultThreads) {
  EXPECT_EQ(threads_of_run("env SLURM_CPUS_PER_TASK=1"), 1);
}

TEST(CliUsableCores, TheAffinityMaskCapsTheDefaultThreads) {
  if (std::system("command -v taskset > /dev/null 2>&1") != 0) GTEST_SKIP() << "no taskset here";
  EXPECT_EQ(threads_of_run("taskset -c 0"), 1);
}

}  // namespace
}  // namespace collsweep

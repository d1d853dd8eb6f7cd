// `collsweep merge` holds one shard's tally at a time: merging 64 shards of a 10^4-cell map needs no more
// memory (peak resident set) than merging 4 shards of it, and both give the bytes of the unsharded run.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <string>
#include <vector>

#include "support/run_command.hpp"
#include "support/run_folders.hpp"

namespace collsweep {
namespace {

using testing::CommandResult;
using testing::run_collsweep;
using testing::temp_path;

std::vector<std::string> quiet(std::vector<std::string> args) {
  args.insert(args.end(), {"--backend", "cpu", "--threads", "1", "--no-plot", "--quiet"});
  return args;
}

// Merges `shards` shards of config; the merge's peak resident set in bytes, and its folder in *out.
long merge_peak_bytes(const std::string& config, int shards, std::string* out) {
  std::vector<std::string> args = {"merge"};
  for (int i = 1; i <= shards; ++i) {
    const std::string dir = temp_path("shard_" + std::to_string(shards) + "_" + std::to_string(i));
    const CommandResult r = run_collsweep(
        quiet({"run", config, "--shard", std::to_string(i) + "/" + std::to_string(shards), "--out", dir}));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    args.push_back(dir);
  }
  *out = temp_path("merged_" + std::to_string(shards));
  args.insert(args.end(), {"--out", *out, "--no-plot", "--quiet"});
  const std::string err = temp_path("merge_" + std::to_string(shards) + ".txt");
  const pid_t pid = testing::spawn_collsweep(args, err);
  int status = 0;
  struct rusage usage {};
  EXPECT_EQ(wait4(pid, &status, 0, &usage), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << testing::read_text_file(err);
  return usage.ru_maxrss * 1024L;
}

TEST(CliMergeMemory, SixtyFourShardsNeedNoMoreMemoryThanFour) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "under AddressSanitizer freed memory stays in its quarantine: the peak measures that";
#endif
  // 100 x 100 cells and four laws: 8 bytes x (10^4 x (4 x 12 + 1) + 50) words, 3.9 MB a tally.
  const std::string config = temp_path("merge_memory.toml");
  testing::write_text_file(
      config,
      "[run]\nname = \"merge-memory\"\nseed = 5\nsamples = 640_000\nlaws = [\"stronge\", \"poisson\", "
      "\"newton\", \"chatterjee-ruina\"]\n\n[map]\nx = { quantity = \"theta\", lo = 0.0, hi = 90.0, bins = "
      "100 "
      "}\ny = { quantity = \"mu\", lo = 0.0, hi = 1.0, bins = 100 }\n");
  const std::string whole = temp_path("merge_memory_whole");
  ASSERT_EQ(run_collsweep(quiet({"run", config, "--out", whole})).exit_code, 0);

  std::string four, sixty_four;
  const long peak4 = merge_peak_bytes(config, 4, &four);
  const long peak64 = merge_peak_bytes(config, 64, &sixty_four);
  testing::expect_same_results(whole, four);
  testing::expect_same_results(whole, sixty_four);
  // Holding every shard would take 60 more tallies (over 230 MB); one tally's worth of slack.
  constexpr long kTally = 8L * (10000 * 49 + 50);
  EXPECT_LT(peak64, peak4 + kTally) << "4 shards: " << peak4 << " bytes, 64 shards: " << peak64 << " bytes";
}

}  // namespace
}  // namespace collsweep

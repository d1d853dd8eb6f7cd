// Checkpoints of a large map: with --checkpoint-every far below a checkpoint's cost the run stretches the
// interval (writing checkpoints stays a tenth of the run) and sizes its chunks above their fixed cost, says
// what the checkpoints cost, and writes the same map as a run without checkpoints.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/run_command.hpp"

namespace collsweep {
namespace {

using testing::CommandResult;
using testing::run_collsweep;
using testing::temp_path;

TEST(CliCheckpointCost, ALargeMapCheckpointedOftenIsTheSameMapAndSaysWhatItsCheckpointsCost) {
  const std::string config = temp_path("large_map.toml");
  testing::write_text_file(
      config,
      "[run]\nname = \"large-map\"\nseed = 9\nsamples = 2000000\nlaws = [\"stronge\", "
      "\"newton\"]\n\n[map]\nx = { quantity = \"theta\", lo = 0.0, hi = 90.0, bins = 300 }\n"
      "y = { quantity = \"mu\", lo = 0.0, hi = 1.0, bins = 300 }\n");
  const std::vector<std::string> common = {"--backend", "cpu", "--threads", "2", "--no-plot"};
  std::vector<std::string> whole = {"run", config, "--out", temp_path("whole"), "--checkpoint-every", "0"};
  std::vector<std::string> often = {"run",  config, "--out", temp_path("often"), "--checkpoint-every",
                                    "0.001"};
  whole.insert(whole.end(), common.begin(), common.end());
  often.insert(often.end(), common.begin(), common.end());
  const CommandResult a = run_collsweep(whole), b = run_collsweep(often);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(testing::read_text_file(whole[3] + "/map.csv"), testing::read_text_file(often[3] + "/map.csv"));
  EXPECT_NE(b.err.find(" s writing them ("), std::string::npos) << b.err;
  EXPECT_NE(b.err.find("stretched to 9 times a checkpoint's cost"), std::string::npos) << b.err;
}

}  // namespace
}  // namespace collsweep

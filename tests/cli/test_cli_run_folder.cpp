// `collsweep run` as a user meets it: forced reruns, odd paths, interrupts, unattended progress, zoomed maps.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "support/mini_json.hpp"
#include "support/run_command.hpp"

namespace collsweep {
namespace {

namespace fs = std::filesystem;
using testing::run_collsweep;

// A small planar sweep; {LAWS}, {SAMPLES} and {MAP} are filled in by config().
const char* kTemplate = R"(
[run]
name = "run-folder-test"
seed = 7
samples = {SAMPLES}
laws = [{LAWS}]

[parameters]
mu = { dist = "uniform", lo = 0.0, hi = 1.0 }

[map]
{MAP}
)";

std::string config(const std::string& laws, const std::string& samples = "20000",
                   const std::string& map = R"(x = { quantity = "mu", lo = 0.0, hi = 1.0, bins = 4 })") {
  std::string t = kTemplate;
  for (const auto& [key, value] :
       {std::pair<std::string, std::string>{"{LAWS}", laws}, {"{SAMPLES}", samples}, {"{MAP}", map}})
    t.replace(t.find(key), key.size(), value);
  return t;
}

class CliRunFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    config_ = testing::temp_path("run.toml");
    out_ = testing::temp_path("run_out");
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(out_, ec);
    fs::remove(config_, ec);
  }
  testing::CommandResult run(const std::string& text, std::vector<std::string> extra = {}) {
    testing::write_text_file(config_, text);
    std::vector<std::string> args = {"run", config_, "--out", out_, "--backend", "cpu", "--no-plot"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_collsweep(args);
  }
  std::string config_, out_;
};

// --force removes the files an earlier run wrote (maps of laws no longer run, samples.npy), and only those.
TEST_F(CliRunFolder, ForcedRunRemovesThePreviousRunsFilesAndOnlyThose) {
  ASSERT_EQ(run(config("\"stronge\", \"newton\"")).exit_code, 0);
  fs::create_directories(out_ + "/maps");
  for (const char* f : {"samples.npy", "maps/newton_gain_fraction.png", "maps/laws_gain_fraction.png",
                        "maps/my_notes.png", "notes.txt"})
    testing::write_text_file(out_ + "/" + f, "stale");
  const auto forced = run(config("\"stronge\""), {"--force"});
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_FALSE(fs::exists(out_ + "/samples.npy"));
  EXPECT_FALSE(fs::exists(out_ + "/maps/newton_gain_fraction.png"));
  EXPECT_FALSE(fs::exists(out_ + "/maps/laws_gain_fraction.png"));
  EXPECT_TRUE(fs::exists(out_ + "/maps/my_notes.png")) << "not a name collsweep writes";
  EXPECT_TRUE(fs::exists(out_ + "/notes.txt"));
  EXPECT_EQ(testing::read_text_file(out_ + "/map.csv").find("newton"), std::string::npos);
}

// A folder name too long for the file system is a message naming the path and the reason, never an abort.
TEST_F(CliRunFolder, OverlongPathsAreMessagesNotCrashes) {
  const std::string long_name(300, 'a');
  testing::write_text_file(config_, config("\"stronge\""));
  const auto r =
      run_collsweep({"run", config_, "--out", out_ + "/" + long_name, "--backend", "cpu", "--no-plot"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("cannot"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(long_name), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("too long"), std::string::npos) << r.err;

  std::string named = config("\"stronge\"");
  named.replace(named.find("run-folder-test"), 15, long_name);
  const auto n = run(named);
  EXPECT_EQ(n.exit_code, 2) << n.err;
  EXPECT_NE(n.err.find("run.name"), std::string::npos) << n.err;
  EXPECT_NE(n.err.find("too long for a folder name: 300 bytes"), std::string::npos) << n.err;

  const auto p = run_collsweep({"plot", out_ + "/" + long_name});
  EXPECT_EQ(p.exit_code, 2) << p.err;
}

// Samples outside the map still count in the totals; the console and summary.json say how many.
TEST_F(CliRunFolder, SamplesOutsideTheMapAreCountedAndReported) {
  const auto r =
      run(config("\"newton\"", "20000", R"(x = { quantity = "mu", lo = 0.0, hi = 0.5, bins = 4 })"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const testing::JsonValue s = testing::JsonParser::parse(testing::read_text_file(out_ + "/summary.json"));
  const double outside = s.at("samples_outside_map").number();
  EXPECT_GT(outside, 9000);
  EXPECT_LT(outside, 11000);
  EXPECT_EQ(s.at("samples_in_map").number() + outside, 20000);
  EXPECT_EQ(s.at("laws").at("newton").at("samples").number(), 20000);
  EXPECT_EQ(s.at("laws").at("newton").at("valid_samples").number() +
                s.at("laws").at("newton").at("invalid").number() +
                s.at("laws").at("newton").at("degenerate").number(),
            20000);
  EXPECT_NE(
      r.out.find(std::to_string(static_cast<long long>(outside)) + " of 20000 samples fell outside the map"),
      std::string::npos)
      << r.out;
}

TEST_F(CliRunFolder, AMapNoSampleCanReachIsRejected) {
  const auto r =
      run(config("\"newton\"", "20000", R"(x = { quantity = "mu", lo = 1.0, hi = 2.0, bins = 4 })"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("map.x"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no sample can reach this axis: mu takes values in [0, 1) (parameters.mu)"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(out_));
}

TEST_F(CliRunFolder, ThinMapCellsGiveAWarning) {
  const auto r =
      run(config("\"stronge\"", "2000", R"(x = { quantity = "mu", lo = 0.0, hi = 1.0, bins = 100 })"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("warning:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("20 samples per cell"), std::string::npos) << r.err;
  const testing::JsonValue s = testing::JsonParser::parse(testing::read_text_file(out_ + "/summary.json"));
  EXPECT_EQ(s.at("config_warnings").arr.size(), 1u);
  const auto quiet =
      run(config("\"stronge\"", "2000000", R"(x = { quantity = "mu", lo = 0.0, hi = 1.0, bins = 100 })"),
          {"--force", "--quiet"});
  EXPECT_EQ(quiet.err.find("warning:"), std::string::npos) << quiet.err;
}

// Off a terminal (a batch job's log) progress comes as one line per interval; --quiet silences it.
TEST_F(CliRunFolder, ProgressLinesWhenStderrIsNotATerminal) {
  const std::string text = config("\"stronge\", \"poisson\", \"newton\"", "6000000");
  const auto r = run(text, {"--threads", "1", "--progress-every", "0.2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("collsweep run: run-folder-test: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(" of 6000000 samples ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("samples/s, ETA "), std::string::npos) << r.err;
  const auto quiet = run(text, {"--threads", "1", "--progress-every", "0.2", "--quiet", "--force"});
  ASSERT_EQ(quiet.exit_code, 0);
  EXPECT_EQ(quiet.err.find(" of 6000000 samples"), std::string::npos) << quiet.err;
}

// Without checkpoints (--checkpoint-every 0), SIGINT and SIGTERM say how far the run got, leave no empty
// folder behind and exit 130 / 143 (with checkpoints: test_cli_resume.cpp).
TEST_F(CliRunFolder, InterruptsSayWhatHappened) {
  testing::write_text_file(config_, config("\"stronge\", \"poisson\", \"newton\"", "1000000000000"));
  for (const int sig : {SIGINT, SIGTERM}) {
    const std::string err = testing::temp_path("stderr.txt");
    const std::string cmd = testing::shell_quote(testing::collsweep_binary()) + " run " +
                            testing::shell_quote(config_) + " --out " + testing::shell_quote(out_) +
                            " --backend cpu --no-plot --threads 1 --checkpoint-every 0 2>" +
                            testing::shell_quote(err);
    const char* argv[] = {"/bin/sh", "-c", nullptr, nullptr};
    const std::string exec_cmd = "exec " + cmd;
    argv[2] = exec_cmd.c_str();
    pid_t pid = 0;
    ASSERT_EQ(posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char* const*>(argv), environ), 0);
    // Wait until the sweep runs (its folder exists), then a little more.
    for (int i = 0; i < 200 && !fs::exists(out_); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    kill(pid, sig);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 128 + sig);
    const std::string text = testing::read_text_file(err);
    EXPECT_NE(text.find(std::string("collsweep run: interrupted (") + (sig == SIGINT ? "SIGINT" : "SIGTERM") +
                        ") after "),
              std::string::npos)
        << text;
    EXPECT_NE(text.find(" of 1000000000000 samples; nothing written"), std::string::npos) << text;
    EXPECT_FALSE(fs::exists(out_)) << "the empty folder the run created is removed";
  }
}

}  // namespace
}  // namespace collsweep

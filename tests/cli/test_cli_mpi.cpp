// `mpirun -np N collsweep run`: 2 and 3 ranks (oversubscribed, loopback) give the bytes of a one-process
// --threads 1 run for a planar, a multi-contact and a spatial config; summary.json lists the ranks; a killed
// MPI run resumes from its checkpoint on another number of ranks; SIGTERM and SIGUSR1 to mpirun stop the
// ranks within a chunk with a checkpoint, at the default interval, and the resumed run gives the same bytes.
// Skipped in a build without MPI or mpirun.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "mpi/mpi_world.hpp"
#include "support/run_command.hpp"
#include "support/run_folders.hpp"

namespace collsweep {
namespace {

using testing::CommandResult;
using testing::run_collsweep;
using testing::temp_path;

// A config file from a shipped one with fewer samples.
std::string shipped(const std::string& name, const std::string& samples_line, const std::string& samples) {
  std::string text = testing::read_text_file(testing::source_dir() + "/configs/" + name);
  const std::size_t at = text.find(samples_line);
  EXPECT_NE(at, std::string::npos) << name << ": the run.samples line changed";
  if (at != std::string::npos) text.replace(at, samples_line.size(), "samples = " + samples);
  const std::string path = temp_path(name);
  testing::write_text_file(path, text);
  return path;
}

// Runs config with mpirun -np ranks; its exit status and stderr.
CommandResult mpirun(int ranks, const std::string& config, const std::string& out) {
  const std::string err = temp_path("mpi_stderr.txt");
  const std::string cmd =
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe -np " +
      std::to_string(ranks) + " " + testing::shell_quote(testing::collsweep_binary()) + " run " +
      testing::shell_quote(config) + " --out " + testing::shell_quote(out) +
      " --backend cpu --threads 1 --no-plot --quiet >/dev/null 2>" + testing::shell_quote(err);
  CommandResult r;
  const int status = std::system(cmd.c_str());
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = testing::read_text_file(err);
  return r;
}

void expect_ranks_match_one_process(const std::string& config) {
  std::string why;
  if (!mpi::built_with_mpi(&why)) GTEST_SKIP() << why;
  if (std::system("command -v mpirun >/dev/null 2>&1") != 0) GTEST_SKIP() << "no mpirun";
  const std::string whole = temp_path("one_process");
  const CommandResult w = run_collsweep({"run", config, "--out", whole, "--backend", "cpu", "--threads", "1",
                                         "--checkpoint-every", "0", "--no-plot", "--quiet"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  for (int ranks : {2, 3}) {
    const std::string out = temp_path("ranks_" + std::to_string(ranks));
    const CommandResult r = mpirun(ranks, config, out);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    testing::expect_same_results(whole, out);
    const std::string summary = testing::read_text_file(out + "/summary.json");
    EXPECT_NE(summary.find("\"rank\": \"" + std::to_string(ranks - 1) + "/" + std::to_string(ranks) + "\""),
              std::string::npos)
        << summary;
  }
}

TEST(CliMpi, PlanarRanksGiveTheOneProcessBytes) {
  expect_ranks_match_one_process(shipped("quickstart.toml", "samples = 4_000_000", "200_000"));
}

TEST(CliMpi, MultiContactRanksGiveTheOneProcessBytes) {
  expect_ranks_match_one_process(shipped("glocker_two_contacts.toml", "samples = 200_000", "30_000"));
}

TEST(CliMpi, SpatialRanksGiveTheOneProcessBytes) {
  expect_ranks_match_one_process(shipped("spatial_quickstart.toml", "samples = 1_000_000", "3000"));
}

// An MPI run killed (SIGKILL to mpirun and every rank) after its first checkpoints resumes — with another
// number of ranks, or in one process — to the bytes of an uninterrupted run.
TEST(CliMpi, AKilledRunResumesOnAnyNumberOfRanks) {
  std::string why;
  if (!mpi::built_with_mpi(&why)) GTEST_SKIP() << why;
  if (std::system("command -v mpirun >/dev/null 2>&1 && command -v setsid >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no mpirun or setsid";
  const std::string config = shipped("spatial_quickstart.toml", "samples = 1_000_000", "200_000");
  const std::string whole = temp_path("mpi_whole");
  const CommandResult w = run_collsweep({"run", config, "--out", whole, "--backend", "cpu", "--threads", "1",
                                         "--checkpoint-every", "0", "--no-plot", "--quiet"});
  ASSERT_EQ(w.exit_code, 0) << w.err;

  const std::string out = temp_path("mpi_killed"), state = out + "/collsweep.state";
  // Every process of mpirun's session killed, and gone, before the folder is copied: the ranks may sit in
  // process groups of their own (a rank that outlived the group's kill renamed the state under cp). Session
  // ids from /proc/PID/stat (field 6); zombies (state Z) are left to their parents; at most 5 s.
  const std::string kill_session_by_proc =
      "for i in $(seq 1 500); do alive=0; for f in /proc/[0-9]*/stat; do "
      "read -r p c st pp pg sid rest < $f 2>/dev/null || continue; "
      "if [ \"$sid\" = \"$pid\" ] && [ \"$st\" != Z ]; then kill -KILL $p 2>/dev/null; alive=1; fi; done; "
      "[ $alive = 0 ] && break; sleep 0.01; done; ";
  // mpirun in a session of its own (its ranks with it), killed with its ranks once a checkpoint exists.
  const std::string cmd =
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 setsid mpirun --oversubscribe -np 2 " +
      testing::shell_quote(testing::collsweep_binary()) + " run " + testing::shell_quote(config) + " --out " +
      testing::shell_quote(out) +
      " --backend cpu --threads 1 --no-plot --quiet --checkpoint-every 0.05 >/dev/null 2>&1 & pid=$!; "
      "for i in $(seq 1 2000); do [ -f " +
      testing::shell_quote(state) +
      " ] && break; kill -0 $pid 2>/dev/null || break; sleep 0.01; done; "
      "kill -KILL -$pid 2>/dev/null; " +
      kill_session_by_proc + "wait $pid 2>/dev/null; exit 0";
  ASSERT_EQ(std::system(("bash -c " + testing::shell_quote(cmd)).c_str()), 0);
  if (!std::filesystem::exists(state)) GTEST_SKIP() << "the run finished before its first checkpoint";

  const std::string copy = temp_path("mpi_killed_copy");
  ASSERT_EQ(std::system(("cp -r " + testing::shell_quote(out) + " " + testing::shell_quote(copy)).c_str()),
            0);
  const std::string err = temp_path("mpi_resume_stderr.txt");
  const std::string resume =
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe -np 3 " +
      testing::shell_quote(testing::collsweep_binary()) + " run --resume " + testing::shell_quote(out) +
      " --backend cpu --threads 1 --no-plot --quiet >/dev/null 2>" + testing::shell_quote(err);
  const int status = std::system(resume.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << testing::read_text_file(err);
  testing::expect_same_results(whole, out);

  const CommandResult one =
      run_collsweep({"run", "--resume", copy, "--threads", "2", "--no-plot", "--quiet"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  testing::expect_same_results(whole, copy);
}

// A stop sent to mpirun alone, as a user's kill or a batch script's trap delivers it, at the default
// checkpoint interval (600 s). mpirun forwards SIGUSR1 at once. SIGTERM it turns into SIGCONT, then after
// OpenMPI's odls_base_sigkill_timeout (1 s by default; 3 s here) SIGTERM to the ranks and one timeout later
// SIGKILL: the ranks stop after the chunk they are sweeping (not at the end of a 30-s epoch) and write the
// checkpoint within that window. The resumed run gives the bytes of an uninterrupted one.
void expect_stop_to_mpirun_checkpoints(const std::string& signal, const std::string& samples) {
  std::string why;
  if (!mpi::built_with_mpi(&why)) GTEST_SKIP() << why;
  if (std::system("command -v mpirun >/dev/null 2>&1 && command -v setsid >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no mpirun or setsid";
  const std::string config = shipped("quickstart.toml", "samples = 4_000_000", samples);
  const std::string out = temp_path("mpi_stopped_" + signal), state = out + "/collsweep.state",
                    err = temp_path("mpi_stopped_" + signal + ".txt");
  const std::string cmd =
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_odls_base_sigkill_timeout=3 "
      "setsid mpirun --oversubscribe -np 2 " +
      testing::shell_quote(testing::collsweep_binary()) + " run " + testing::shell_quote(config) + " --out " +
      testing::shell_quote(out) + " --backend cpu --threads 1 --no-plot --quiet >/dev/null 2>" +
      testing::shell_quote(err) + " & pid=$!; for i in $(seq 1 3000); do [ -f " +
      testing::shell_quote(out + "/collsweep.lock") + " ] && break; sleep 0.01; done; sleep 0.3; kill -" +
      signal +
      " $pid; for i in $(seq 1 6000); do kill -0 $pid 2>/dev/null || break; sleep 0.01; done; "
      "kill -0 $pid 2>/dev/null && { kill -KILL -$pid; exit 3; }; wait $pid; exit 0";
  ASSERT_EQ(std::system(("bash -c " + testing::shell_quote(cmd)).c_str()), 0)
      << "mpirun did not end within 60 s of the signal: " << testing::read_text_file(err);
  const std::string text = testing::read_text_file(err);
  if (std::filesystem::exists(out + "/map.csv")) GTEST_SKIP() << "the run finished before the signal";
  ASSERT_TRUE(std::filesystem::exists(state)) << text;
  EXPECT_NE(text.find("checkpoint written: " + state), std::string::npos) << text;

  const std::string resume =
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe -np 2 " +
      testing::shell_quote(testing::collsweep_binary()) + " run --resume " + testing::shell_quote(out) +
      " --backend cpu --threads 1 --no-plot --quiet >/dev/null 2>" + testing::shell_quote(err);
  const int status = std::system(resume.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << testing::read_text_file(err);
  const std::string whole = temp_path("mpi_unstopped_" + signal);
  const CommandResult w = run_collsweep({"run", config, "--out", whole, "--backend", "cpu", "--threads", "2",
                                         "--checkpoint-every", "0", "--no-plot", "--quiet"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  testing::expect_same_results(whole, out);
}

// (SIGTERM reaches the ranks 3 s after mpirun got it: a run of several seconds.)
TEST(CliMpi, SigtermToMpirunEndsInACheckpoint) { expect_stop_to_mpirun_checkpoints("TERM", "100_000_000"); }

TEST(CliMpi, SigusrOneToMpirunEndsInACheckpoint) { expect_stop_to_mpirun_checkpoints("USR1", "40_000_000"); }

}  // namespace
}  // namespace collsweep

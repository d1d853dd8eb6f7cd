// Test-only comparisons of run folders: the sample-dependent files byte for byte, summary.json without
// the lines that say how (and when, and in how many parts) a run was made.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <set>
#include <sstream>
#include <string>

#include "support/run_command.hpp"

namespace collsweep::testing {

// summary.json less its lines about how the run was made (command, time, backend, device, threads, rate,
// the shards of a merged run, the ranks of an MPI run).
inline std::string sample_dependent_summary(const std::string& json) {
  static const std::set<std::string> dropped = {"command", "started_utc",  "backend",           "device",
                                                "threads", "wall_seconds", "samples_per_second"};
  std::istringstream in(json);
  std::string line, out;
  int skipping = 0;  // depth inside "shards": [...] or "ranks": [...]
  while (std::getline(in, line)) {
    const std::size_t q = line.find('"');
    const std::string key = q == std::string::npos ? "" : line.substr(q + 1, line.find('"', q + 1) - q - 1);
    if (skipping) {
      for (char c : line) skipping += c == '[' ? 1 : c == ']' ? -1 : 0;
      continue;
    }
    if ((key == "shards" || key == "ranks") && line.find('[') != std::string::npos) {
      skipping = 1;
      continue;
    }
    if (dropped.count(key) && line.find(": {") == std::string::npos) continue;
    out += line + "\n";
  }
  return out;
}

// Expects the run folders a and b to hold the same map.csv, witnesses.csv and sample-dependent summary.
inline void expect_same_results(const std::string& a, const std::string& b) {
  for (const char* f : {"map.csv", "witnesses.csv"}) {
    const std::string x = read_text_file(a + "/" + f), y = read_text_file(b + "/" + f);
    EXPECT_FALSE(x.empty()) << a << "/" << f;
    EXPECT_TRUE(x == y) << f << " differs between " << a << " and " << b;
  }
  EXPECT_EQ(sample_dependent_summary(read_text_file(a + "/summary.json")),
            sample_dependent_summary(read_text_file(b + "/summary.json")));
}

// Starts the collsweep binary with args in the background (stderr to err_path); returns its pid.
inline pid_t spawn_collsweep(const std::vector<std::string>& args, const std::string& err_path) {
  std::string cmd = "exec " + shell_quote(collsweep_binary());
  for (const auto& a : args) cmd += " " + shell_quote(a);
  cmd += " </dev/null >/dev/null 2>" + shell_quote(err_path);
  const char* argv[] = {"/bin/sh", "-c", cmd.c_str(), nullptr};
  pid_t pid = 0;
  EXPECT_EQ(posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char* const*>(argv), environ), 0);
  return pid;
}

// Waits for pid; its exit status, or 128 + the signal that ended it.
inline int wait_exit(pid_t pid) {
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace collsweep::testing

// Test-only runner of the collsweep binary capturing stdout, stderr and the exit status.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/paths.hpp"

namespace collsweep::testing {

struct CommandResult {
  int exit_code = -1;  // -1: did not exit normally
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string read_text_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

inline void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
}

// A fresh path in the test's temporary directory.
inline std::string temp_path(const std::string& stem) {
  // One folder of this process's own, made by mkdtemp: a path can never meet a file left by an earlier
  // process (a test run killed, or one whose process id this one reuses).
  static const std::string prefix = [] {
    const std::string flat = ::testing::TempDir() + "collsweep_" + std::to_string(::getpid()) + "_";
    std::string pattern = flat + "XXXXXX";
    return ::mkdtemp(pattern.data()) ? pattern + "/" : flat;  // (flat: mkdtemp failed)
  }();
  static std::atomic<int> counter{0};
  return prefix + std::to_string(counter++) + "_" + stem;
}

// Runs the collsweep binary (collsweep_binary()) with args through popen; stdin_text (when given) is fed from
// a file.
inline CommandResult run_collsweep(const std::vector<std::string>& args,
                                   const std::string* stdin_text = nullptr) {
  std::string cmd = shell_quote(collsweep_binary());
  for (const auto& a : args) cmd += " " + shell_quote(a);
  const std::string err_path = temp_path("stderr.txt");
  cmd += " 2>" + shell_quote(err_path);
  if (stdin_text) {
    const std::string in_path = temp_path("stdin.txt");
    write_text_file(in_path, *stdin_text);
    cmd += " <" + shell_quote(in_path);
  } else {
    cmd += " </dev/null";
  }
  CommandResult r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) {
    ADD_FAILURE() << "popen failed: " << cmd;
    return r;
  }
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = read_text_file(err_path);
  std::remove(err_path.c_str());
  return r;
}

inline int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

}  // namespace collsweep::testing

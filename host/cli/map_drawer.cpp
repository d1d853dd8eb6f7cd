// The plotting process of a run (plotting.hpp): scripts/plot_maps.py --wait on a pipe, told by a line.
#include <signal.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/plotting.hpp"

namespace collsweep::cli {

namespace {

namespace fs = std::filesystem;

// Exit statuses of the plotting command: plot_maps.py's "python3 cannot import matplotlib", the shell's
// "command not found".
constexpr int kNoMatplotlib = 3;
constexpr int kCommandNotFound = 127;

// The script ships in the source tree (COLLSWEEP_SOURCE_DIR, compiled in or from the environment);
// COLLSWEEP_PLOT_SCRIPT overrides it.
std::string plot_script() {
  if (const char* env = std::getenv("COLLSWEEP_PLOT_SCRIPT")) return env;
  return plotting_script("plot_maps.py");
}

// A script that has already ended (no matplotlib) closed its end of the pipe: writing to it must not
// raise SIGPIPE, whose default ends this process.
class NoSigpipe {
 public:
  NoSigpipe() { old_ = signal(SIGPIPE, SIG_IGN); }
  ~NoSigpipe() { signal(SIGPIPE, old_); }
  NoSigpipe(const NoSigpipe&) = delete;
  NoSigpipe& operator=(const NoSigpipe&) = delete;

 private:
  void (*old_)(int) = SIG_DFL;
};

}  // namespace

std::string plotting_script(const std::string& name) {
  const char* src = std::getenv("COLLSWEEP_SOURCE_DIR");
  return std::string(src && *src ? src : COLLSWEEP_SOURCE_DIR) + "/scripts/" + name;
}

// Debian's python3 carries python3-matplotlib; a python3 earlier on PATH (pyenv, venv) may not.
std::string plotting_python() {
  if (const char* env = std::getenv("COLLSWEEP_PYTHON")) return env;
  std::error_code ec;
  return fs::exists("/usr/bin/python3", ec) ? "/usr/bin/python3" : "python3";
}

std::string shell_quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

MapDrawer::MapDrawer(const std::string& run_dir, bool quiet) {
  std::error_code ec;
  if (!fs::exists(plot_script(), ec)) {
    why_not_started_ = "plot script " + plot_script() + " not found";
    return;
  }
  // What this process has printed must come before anything the script prints.
  std::cout.flush();
  const std::string cmd = plotting_python() + " " + shell_quoted(plot_script()) + " " +
                          shell_quoted(run_dir) + " --wait" + (quiet ? " --quiet" : "");
  pipe_ = popen(cmd.c_str(), "w");
  if (!pipe_) why_not_started_ = "cannot start " + plotting_python();
}

MapDrawer::~MapDrawer() {
  if (pipe_) pclose(pipe_);  // end of input without "draw": the script ends without drawing
}

MapsDrawn MapDrawer::draw(std::string* why) {
  if (!pipe_) {
    *why = why_not_started_;
    return MapsDrawn::unavailable;
  }
  std::cout.flush();
  int rc = -1;
  {
    const NoSigpipe no_sigpipe;
    std::fputs("draw\n", pipe_);
    rc = pclose(pipe_);
    pipe_ = nullptr;
  }
  const int exit_status = rc != -1 && WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  why->clear();
  if (exit_status == 0) return MapsDrawn::drawn;
  if (exit_status == kNoMatplotlib) return MapsDrawn::unavailable;  // the script said so, unless quiet
  if (exit_status == kCommandNotFound) {
    *why = plotting_python() + " not found";
    return MapsDrawn::unavailable;
  }
  return MapsDrawn::failed;
}

}  // namespace collsweep::cli

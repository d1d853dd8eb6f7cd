// The plotting process of a run (plotting.hpp): scripts/plot_maps.py --wait on a pipe, told by a line; when
// its interpreter cannot import matplotlib, the next interpreter that may draw runs the script once told.
#include <signal.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/plotting.hpp"

namespace collsweep::cli {

namespace {

namespace fs = std::filesystem;

// scripts/plot_maps.py (plotting_script); COLLSWEEP_PLOT_SCRIPT overrides it.
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

MapDrawer::MapDrawer(const std::string& run_dir, bool quiet)
    : args_(shell_quoted(run_dir) + (quiet ? " --quiet" : "")) {
  const std::string script = plot_script();
  std::error_code ec;
  if (!fs::exists(script, ec)) {
    why_not_started_ = "plot script " + script + " not found";
    return;
  }
  const std::vector<std::string> pythons = plotting_pythons();
  if (pythons.empty()) {
    why_not_started_ = no_plotting_python({});
    return;
  }
  first_.emplace(pythons.front(), script, args_ + " --wait");
  if (!first_->found()) return;  // draw() says so and tries the next interpreter
  // What this process has printed must come before anything the script prints.
  std::cout.flush();
  pipe_ = popen(first_->command().c_str(), "w");
  if (!pipe_) why_not_started_ = "cannot start " + pythons.front();
}

MapDrawer::~MapDrawer() {
  if (pipe_) pclose(pipe_);  // end of input without "draw": the script ends without drawing
}

MapsDrawn MapDrawer::draw(std::string* why) {
  why->clear();
  if (!first_ || !why_not_started_.empty()) {
    *why = why_not_started_;
    return MapsDrawn::unavailable;
  }
  std::cout.flush();
  int status = 127;  // the first interpreter not found: not started
  if (pipe_) {
    const NoSigpipe no_sigpipe;
    std::fputs("draw\n", pipe_);
    status = command_exit_status(pclose(pipe_));
    pipe_ = nullptr;
  }
  if (plotting_unavailable(status)) {
    std::vector<std::string> failures = {first_->failure(status)};
    status = run_plotting_script(plot_script(), args_, plotting_pythons(), 1, &failures);
    if (plotting_unavailable(status)) {
      *why = no_plotting_python(failures);
      return MapsDrawn::unavailable;
    }
  }
  return status == 0 ? MapsDrawn::drawn : MapsDrawn::failed;
}

}  // namespace collsweep::cli

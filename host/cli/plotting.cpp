// Which plotting script and which interpreter draw (plotting.hpp): the interpreters in the order tried, one
// interpreter's run of a script, and why none could draw.
#include "cli/plotting.hpp"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

namespace collsweep::cli {

namespace {

namespace fs = std::filesystem;

// What set_plotting_host() names (empty: not embedded).
std::string& host_scripts_dir() {
  static std::string dir;
  return dir;
}
std::string& host_python() {
  static std::string python;
  return python;
}

bool executable_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
}

// The executable NAME in a folder of PATH, or "".
std::string on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream folders(path ? path : "");
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    const fs::path candidate = fs::path(folder.empty() ? "." : folder) / name;
    if (executable_file(candidate)) return fs::absolute(candidate).string();
  }
  return "";
}

// An interpreter as its messages name it: the path, or a bare name with the file PATH gives it.
std::string python_label(const std::string& python) {
  if (python.find('/') != std::string::npos) return python;
  const std::string found = on_path(python);
  return python + " (" + (found.empty() ? "not on PATH" : found) + ")";
}

// Two names of one interpreter and its packages: the same folder and the same file once links are followed
// (a virtual environment's python and python3). A virtual environment's python and the system's, one file
// in two folders, differ: each has its own site-packages.
std::pair<std::string, std::string> interpreter_identity(const std::string& python) {
  std::error_code ec;
  const fs::path p = fs::absolute(python, ec).lexically_normal();
  const fs::path target = fs::canonical(p, ec);
  return {p.parent_path().string(), ec ? p.string() : target.string()};
}

}  // namespace

void set_plotting_host(const std::string& scripts_dir, const std::string& python) {
  host_scripts_dir() = scripts_dir;
  host_python() = python;
}

std::string plotting_script(const std::string& name) {
  if (!host_scripts_dir().empty()) return (fs::path(host_scripts_dir()) / name).string();
  const char* src = std::getenv("COLLSWEEP_SOURCE_DIR");
  return std::string(src && *src ? src : COLLSWEEP_SOURCE_DIR) + "/scripts/" + name;
}

std::vector<std::string> plotting_pythons() {
  if (const char* env = std::getenv("COLLSWEEP_PYTHON"); env && *env) return {env};
  std::vector<std::string> pythons;
  std::set<std::pair<std::string, std::string>> seen;
  for (const std::string& p : {host_python(), std::string("/usr/bin/python3"), on_path("python3")})
    if (!p.empty() && executable_file(p) && seen.insert(interpreter_identity(p)).second) pythons.push_back(p);
  return pythons;
}

std::string shell_quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

PlottingAttempt::PlottingAttempt(const std::string& python, const std::string& script,
                                 const std::string& args)
    : python_(python) {
  const char* tmp = std::getenv("TMPDIR");
  std::string name = std::string(tmp && *tmp ? tmp : "/tmp") + "/collsweep-plot-XXXXXX";
  const int fd = mkstemp(name.data());
  if (fd >= 0) {
    close(fd);
    report_ = name;
  }
  command_ = shell_quoted(python) + " " + shell_quoted(script) + " " + args;
  // Without a file the script says it on stderr itself.
  if (!report_.empty()) command_ += " --import-error " + shell_quoted(report_);
}

PlottingAttempt::~PlottingAttempt() {
  if (!report_.empty()) std::remove(report_.c_str());
}

bool PlottingAttempt::found() const {
  return python_.find('/') != std::string::npos ? executable_file(python_) : !on_path(python_).empty();
}

std::string PlottingAttempt::failure(int exit_status) const {
  const std::string who = python_label(python_);
  if (exit_status == 127) return who + ": not found";
  if (exit_status == 126) return who + ": cannot be run";
  std::string error;
  if (!report_.empty()) {
    std::ifstream in(report_);
    std::getline(in, error);
  }
  return who + ": " + (error.empty() ? std::string("cannot import what it draws with") : error);
}

bool plotting_unavailable(int exit_status) {
  return exit_status == kCannotImport || exit_status == 126 || exit_status == 127;
}

int command_exit_status(int wait_status) {
  return wait_status != -1 && WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
}

std::string no_plotting_python(const std::vector<std::string>& failures) {
  if (failures.empty()) return "no python3 found (COLLSWEEP_PYTHON, /usr/bin/python3, python3 on PATH)";
  std::string why = failures.size() > 1 ? "no interpreter can draw: " : "";
  bool imports = false;
  for (std::size_t i = 0; i < failures.size(); ++i) {
    why += (i ? "; " : "") + failures[i];
    imports = imports || failures[i].find(": cannot import ") != std::string::npos;
  }
  if (imports)
    why +=
        "; to draw, install matplotlib (it brings NumPy and Pillow, which the maps draw with): pip install "
        "matplotlib in a virtual environment, Debian's python3-matplotlib for /usr/bin/python3 as "
        "scripts/setup.sh does";
  return why;
}

int run_plotting_script(const std::string& script, const std::string& args,
                        const std::vector<std::string>& pythons, std::size_t first,
                        std::vector<std::string>* failures) {
  std::error_code ec;
  if (!fs::exists(script, ec)) {
    failures->push_back("plot script " + script + " not found");
    return kCannotImport;
  }
  for (std::size_t i = first; i < pythons.size(); ++i) {
    const PlottingAttempt attempt(pythons[i], script, args);
    const int status = attempt.found() ? command_exit_status(std::system(attempt.command().c_str())) : 127;
    if (!plotting_unavailable(status)) return status;
    failures->push_back(attempt.failure(status));
  }
  return kCannotImport;
}

}  // namespace collsweep::cli

// collsweep._collsweep.RunHandle: `collsweep run` on a thread of its own, watched from Python (progress,
// a stop asked for on KeyboardInterrupt), and cli(): any command line in process, its output captured.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "bindings.hpp"
#include "cli/commands.hpp"
#include "cli/run_command.hpp"
#include "stream_capture.hpp"

namespace py = pybind11;

namespace collsweep::python {
namespace {

class RunHandle {
 public:
  RunHandle(cli::RunOptions options, std::string command_line)
      : options_(std::move(options)), command_line_(std::move(command_line)) {
    options_.monitor = &monitor_;
    thread_ = std::thread([this] { work(); });
  }
  ~RunHandle() {
    monitor_.stop.store(SIGINT);
    py::gil_scoped_release release;
    if (thread_.joinable()) thread_.join();
  }
  RunHandle(const RunHandle&) = delete;
  RunHandle& operator=(const RunHandle&) = delete;

  // Waits up to `seconds` (without the GIL); true once the run has ended.
  bool wait(double seconds) {
    py::gil_scoped_release release;
    std::unique_lock<std::mutex> lock(mutex_);
    return ended_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return finished_; });
  }
  std::tuple<std::uint64_t, std::uint64_t> progress() const {
    return {monitor_.done.load(), monitor_.total.load()};
  }
  void stop() { monitor_.stop.store(SIGINT); }
  // The exit status and what the command printed; waits for the end.
  std::tuple<int, std::string, std::string> result() {
    {
      py::gil_scoped_release release;
      if (thread_.joinable()) thread_.join();
    }
    return {status_, out_, err_};
  }

 private:
  void work() {
    int status = 1;
    std::string out, err;
    {
      StreamCapture capture;
      try {
        status = cli::run_command(options_, command_line_);
      } catch (const std::exception& e) {
        std::cerr << "collsweep run: " << e.what() << '\n';
      }
      out = capture.out();
      err = capture.err();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    status_ = status;
    out_ = std::move(out);
    err_ = std::move(err);
    finished_ = true;
    ended_.notify_all();
  }

  cli::RunOptions options_;
  std::string command_line_;
  cli::RunMonitor monitor_;
  std::mutex mutex_;
  std::condition_variable ended_;
  bool finished_ = false;
  int status_ = 1;
  std::string out_, err_;
  std::thread thread_;
};

std::unique_ptr<RunHandle> start_run(const std::string& config, const std::string& out,
                                     const std::string& backend, int threads, bool force,
                                     const std::string& resume, double checkpoint_every, bool no_plot) {
  cli::RunOptions o;
  o.config = config;
  o.out = out;
  o.backend = backend;
  o.threads = threads;
  o.force = force;
  o.resume = resume;
  o.checkpoint_every = checkpoint_every > 0 ? checkpoint_every : std::numeric_limits<double>::infinity();
  o.no_plot = no_plot;
  o.quiet = true;  // collsweep.run shows its own progress and returns the results; warnings still come
  std::string line = "collsweep.run(" + (resume.empty() ? config : "resume=" + resume) +
                     ", backend=" + backend + ", threads=" + std::to_string(threads) +
                     (out.empty() ? "" : ", out=" + out) + ")";
  return std::make_unique<RunHandle>(o, line);
}

// `collsweep ARGS...` in this process: (exit status, stdout, stderr).
std::tuple<int, std::string, std::string> cli_call(const std::vector<std::string>& args) {
  std::vector<std::string> argv_text = {"collsweep"};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  py::gil_scoped_release release;
  StreamCapture capture;
  const int status = cli::main(static_cast<int>(argv_text.size()), argv.data());
  return {status, capture.out(), capture.err()};
}

}  // namespace

void bind_run(py::module_& m) {
  py::class_<RunHandle>(m, "RunHandle", "A sweep running on a thread of its own (collsweep.run drives it).")
      .def("wait", &RunHandle::wait, py::arg("seconds"),
           "Waits up to `seconds`; True once the run has ended.")
      .def("progress", &RunHandle::progress, "(samples done, samples this run sweeps)")
      .def("stop", &RunHandle::stop, "Asks the run to stop at its next chunk, writing its checkpoint.")
      .def("result", &RunHandle::result, "(exit status, stdout, stderr) of the run, once it has ended.");
  m.def("start_run", &start_run, py::arg("config"), py::arg("out"), py::arg("backend"), py::arg("threads"),
        py::arg("force"), py::arg("resume"), py::arg("checkpoint_every"), py::arg("no_plot"),
        "Starts `collsweep run` on a thread of its own (checkpoint_every <= 0: a checkpoint only when "
        "stopped).");
  m.def("cli", &cli_call, py::arg("args"),
        "Runs `collsweep ARGS...` in this process; returns (exit status, stdout, stderr).");
}

}  // namespace collsweep::python

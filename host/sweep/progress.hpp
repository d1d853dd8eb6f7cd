// Progress on stderr: a bar with rate and ETA on a terminal (for runs longer than ~2 s), one log line every
// ~30 s elsewhere (batch jobs, logs), nothing with --quiet.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace collsweep {

// A duration for people: "42 s", "3 min 20 s", "2 h 5 min", "3 d 4 h", "2.5 years", "1.4e+04 years" (whole
// units rounded down below the largest; "unknown" for a negative or non-finite one).
std::string format_duration(double seconds);

enum class ProgressStyle {
  none,  // --quiet: every call a no-op
  bar,   // a terminal: the bar redrawn ~4 times a second once the run passes 2 s
  log    // not a terminal: "LABEL: N of M samples (x %), R samples/s, ETA T" every log_interval
};

class Progress {
 public:
  Progress(std::uint64_t total, std::string label, ProgressStyle style,
           std::chrono::milliseconds log_interval = std::chrono::seconds(30));
  // The style for stderr: none when quiet, else bar on a terminal and log lines elsewhere.
  static ProgressStyle style_for_stderr(bool quiet);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void add(std::uint64_t done) {
    done_.fetch_add(done, std::memory_order_relaxed);
    if (mirror_) mirror_->fetch_add(done, std::memory_order_relaxed);
  }
  // Also counts the samples done into *mirror (a program embedding the run watches it there).
  void mirror_to(std::atomic<std::uint64_t>* mirror) { mirror_ = mirror; }
  void finish();  // clears the bar
  // The samples done so far (read by the interrupt report, which may run in a signal handler).
  const std::atomic<std::uint64_t>& done_counter() const { return done_; }

  static bool stderr_is_terminal();

 private:
  void loop();
  void draw();
  void log_line();

  std::uint64_t total_;
  std::string label_;
  ProgressStyle style_;
  std::chrono::milliseconds log_interval_;
  std::atomic<std::uint64_t> done_{0};
  std::atomic<std::uint64_t>* mirror_ = nullptr;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool shown_ = false, stop_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
};

}  // namespace collsweep

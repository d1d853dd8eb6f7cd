// A progress bar with rate and ETA on stderr, shown only on a terminal and for runs longer than ~2 s.
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

class Progress {
 public:
  // enabled = false (--quiet, or stderr is not a terminal) makes every call a no-op.
  Progress(std::uint64_t total, std::string label, bool enabled);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void add(std::uint64_t done) { done_.fetch_add(done, std::memory_order_relaxed); }
  void finish();  // clears the bar

  static bool stderr_is_terminal();

 private:
  void loop();
  void draw(bool final_line);

  std::uint64_t total_;
  std::string label_;
  bool enabled_;
  std::atomic<std::uint64_t> done_{0};
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool shown_ = false, stop_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
};

}  // namespace collsweep

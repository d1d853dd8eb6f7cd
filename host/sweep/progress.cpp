// Progress bar drawing: a background thread redraws ~4 times a second once the run passes 2 seconds.
#include "sweep/progress.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace collsweep {

std::string format_duration(double seconds) {
  if (!(seconds >= 0.0) || !std::isfinite(seconds)) return "unknown";
  constexpr double minute = 60.0, hour = 3600.0, day = 86400.0, year = 365.25 * day;
  char text[64];
  const auto whole = [](double x) { return static_cast<long long>(std::floor(x)); };
  if (seconds < minute) {
    std::snprintf(text, sizeof text, "%lld s", whole(seconds));
  } else if (seconds < hour) {
    std::snprintf(text, sizeof text, "%lld min %lld s", whole(seconds / minute),
                  whole(std::fmod(seconds, minute)));
  } else if (seconds < day) {
    std::snprintf(text, sizeof text, "%lld h %lld min", whole(seconds / hour),
                  whole(std::fmod(seconds, hour) / minute));
  } else if (seconds < year) {
    std::snprintf(text, sizeof text, "%lld d %lld h", whole(seconds / day),
                  whole(std::fmod(seconds, day) / hour));
  } else {
    std::snprintf(text, sizeof text, seconds < 100.0 * year ? "%.1f years" : "%.3g years", seconds / year);
  }
  return text;
}

bool Progress::stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

ProgressStyle Progress::style_for_stderr(bool quiet) {
  if (quiet) return ProgressStyle::none;
  return stderr_is_terminal() ? ProgressStyle::bar : ProgressStyle::log;
}

Progress::Progress(std::uint64_t total, std::string label, ProgressStyle style,
                   std::chrono::milliseconds log_interval)
    : total_(total),
      label_(std::move(label)),
      style_(total > 0 ? style : ProgressStyle::none),
      log_interval_(log_interval) {
  if (style_ != ProgressStyle::none) thread_ = std::thread([this] { loop(); });
}

Progress::~Progress() { finish(); }

void Progress::finish() {
  if (style_ == ProgressStyle::none) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stop_) return;
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  if (shown_) std::fprintf(stderr, "\r\033[K");
}

void Progress::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (style_ == ProgressStyle::log) {
    while (!wake_.wait_for(lock, log_interval_, [this] { return stop_; })) log_line();
    return;
  }
  while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stop_; })) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (elapsed >= 2.0) draw();
  }
}

namespace {

struct Rates {
  std::uint64_t done;
  double fraction, rate, eta;
};

Rates rates(std::uint64_t done, std::uint64_t total, std::chrono::steady_clock::time_point start) {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Rates r{done, total ? static_cast<double>(done) / static_cast<double>(total) : 1.0, 0.0, 0.0};
  r.rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
  r.eta = r.rate > 0 ? static_cast<double>(total - done) / r.rate : 0.0;
  return r;
}

}  // namespace

void Progress::draw() {
  const Rates r = rates(done_.load(std::memory_order_relaxed), total_, start_);
  constexpr int width = 30;
  const int filled = static_cast<int>(r.fraction * width);
  char bar[width + 1];
  for (int i = 0; i < width; ++i) bar[i] = i < filled ? '#' : '.';
  bar[width] = '\0';
  std::fprintf(stderr, "\r%s [%s] %5.1f%%  %.3g samples/s  ETA %s\033[K", label_.c_str(), bar,
               100.0 * r.fraction, r.rate, r.rate > 0 ? format_duration(r.eta).c_str() : "unknown");
  std::fflush(stderr);
  shown_ = true;
}

void Progress::log_line() {
  const Rates r = rates(done_.load(std::memory_order_relaxed), total_, start_);
  std::fprintf(stderr, "%s: %llu of %llu samples (%.1f %%), %.3g samples/s, ETA %s\n", label_.c_str(),
               static_cast<unsigned long long>(r.done), static_cast<unsigned long long>(total_),
               100.0 * r.fraction, r.rate, r.rate > 0 ? format_duration(r.eta).c_str() : "unknown");
  std::fflush(stderr);
}

}  // namespace collsweep

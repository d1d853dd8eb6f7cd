// The SIGINT/SIGTERM report of `collsweep run` (interrupt_report.hpp).
#include "cli/interrupt_report.hpp"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cstring>

namespace collsweep::cli {

namespace {

// Read by the handler: plain words written before the handler is installed, atomics after.
const std::atomic<std::uint64_t>* g_done = nullptr;
std::uint64_t g_total = 0;
char g_dir[4096] = {};
char g_lock[4096] = {};  // the run folder's lock file, removed on the way out (the lock dies with us)
std::atomic<bool> g_writing{false};
std::atomic<int>* g_stop = nullptr;
double g_first_signal_time = 0.0;
// Signals of another kind than SIGINT within this many seconds of the first stop request repeat it.
constexpr double kRepeatedStopSeconds = 10.0;

const char* signal_name(int sig) {
  switch (sig) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGUSR1:
      return "SIGUSR1";
    case SIGUSR2:
      return "SIGUSR2";
    case SIGHUP:
      return "SIGHUP";
  }
  return "a signal";
}

// Appends text to buf[*n] (async-signal-safe: no allocation, no locale).
void append(char* buf, std::size_t cap, std::size_t* n, const char* text) {
  while (*text && *n + 1 < cap) buf[(*n)++] = *text++;
}

void append_number(char* buf, std::size_t cap, std::size_t* n, std::uint64_t x) {
  char digits[24];
  int d = 0;
  do {
    digits[d++] = static_cast<char>('0' + x % 10);
    x /= 10;
  } while (x);
  while (d > 0 && *n + 1 < cap) buf[(*n)++] = digits[--d];
}

double monotonic_seconds() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

extern "C" void on_interrupt(int sig) {
  char msg[512];
  std::size_t n = 0;
  if (g_stop && g_stop->load() == 0 && !g_writing.load()) {
    g_stop->store(sig);
    g_first_signal_time = monotonic_seconds();
    append(msg, sizeof msg, &n, "\r\033[Kcollsweep run: ");
    append(msg, sizeof msg, &n, signal_name(sig));
    append(msg, sizeof msg, &n,
           ": writing a checkpoint at the end of the current chunk (SIGINT again to stop at once)\n");
    ssize_t ignored = write(STDERR_FILENO, msg, n);
    (void)ignored;
    return;
  }
  // A scheduler's repeated stop request (SLURM signals the job step and the batch script, each of which
  // may pass it on) is the same request: only SIGINT, a person's second Ctrl-C, or any signal after the
  // grace time stops at once.
  if (g_stop && g_stop->load() != 0 && !g_writing.load() && sig != SIGINT &&
      monotonic_seconds() - g_first_signal_time < kRepeatedStopSeconds)
    return;
  append(msg, sizeof msg, &n, "\r\033[Kcollsweep run: interrupted (");
  append(msg, sizeof msg, &n, signal_name(sig));
  append(msg, sizeof msg, &n, ")");
  if (g_writing.load()) {
    append(msg, sizeof msg, &n, " while writing the outputs; the run folder is incomplete\n");
  } else if (g_stop) {
    append(msg, sizeof msg, &n,
           " again: stopped at once; the folder and its last checkpoint (if any) are kept\n");
  } else {
    append(msg, sizeof msg, &n, " after ");
    append_number(msg, sizeof msg, &n, g_done ? g_done->load(std::memory_order_relaxed) : 0);
    append(msg, sizeof msg, &n, " of ");
    append_number(msg, sizeof msg, &n, g_total);
    append(msg, sizeof msg, &n, " samples; nothing written\n");
    if (g_lock[0]) unlink(g_lock);
    g_lock[0] = '\0';
    if (g_dir[0]) rmdir(g_dir);  // only if still empty
  }
  ssize_t ignored = write(STDERR_FILENO, msg, n);
  (void)ignored;
  if (g_lock[0]) unlink(g_lock);
  _exit(128 + sig);
}

void install(void (*handler)(int)) {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  // SIGUSR1 and SIGUSR2: what SLURM's --signal sends before a time limit (and what mpirun passes on).
  for (int sig : {SIGINT, SIGTERM, SIGUSR1, SIGUSR2}) sigaction(sig, &sa, nullptr);
}

}  // namespace

void arm_interrupt_report(const std::atomic<std::uint64_t>* done, std::uint64_t total,
                          const std::string& created_dir, std::atomic<int>* stop_request) {
  g_done = done;
  g_stop = stop_request;
  g_total = total;
  g_dir[0] = '\0';
  if (created_dir.size() < sizeof g_dir) std::memcpy(g_dir, created_dir.c_str(), created_dir.size() + 1);
  g_writing.store(false);
  install(on_interrupt);
}

void interrupt_report_writing() { g_writing.store(true); }

const char* stop_signal_name(int sig) { return signal_name(sig); }

void interrupt_report_lock_file(const std::string& path) {
  g_lock[0] = '\0';
  if (path.size() < sizeof g_lock) std::memcpy(g_lock, path.c_str(), path.size() + 1);
}

void disarm_interrupt_report() {
  install(SIG_DFL);
  g_done = nullptr;
  g_stop = nullptr;
}

}  // namespace collsweep::cli

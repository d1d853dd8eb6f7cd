// What `collsweep run` says when a signal stops it (SIGINT, SIGTERM, and SLURM's --signal SIGUSR1, SIGUSR2):
// how far it got and what was (not) written.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace collsweep::cli {

// While armed, SIGINT, SIGTERM, SIGUSR1 and SIGUSR2 print "collsweep run: interrupted (SIGINT) after N of M
// samples; nothing written" (N read from `done`), remove `created_dir` if the run created it and it is still
// empty, and exit with 128 + the signal number (130, 143, 138, 140). Only async-signal-safe calls run in the
// handler. With stop_request (a checkpointed run), the first signal only stores its number there and says
// that a checkpoint follows (the sweep stops at its next chunk boundary); a second SIGINT, or any second
// signal 10 s or more after the first, exits at once, keeping the folder and the last checkpoint (a second
// SIGTERM or SIGUSR sooner is a scheduler repeating its request, and waits for the checkpoint with it).
void arm_interrupt_report(const std::atomic<std::uint64_t>* done, std::uint64_t total,
                          const std::string& created_dir, std::atomic<int>* stop_request = nullptr);

// The sweep is done and the outputs are being written: an interrupt now says the folder is incomplete.
void interrupt_report_writing();

// The run folder's lock file (RunFolderLock), removed when a signal ends the run ("" when none): its lock
// ends with the process; without the file the folder the run created is empty again and removed.
void interrupt_report_lock_file(const std::string& path);

// "SIGTERM", "SIGUSR1" ...: a stop signal's name, for messages.
const char* stop_signal_name(int sig);

// Restores the default handlers.
void disarm_interrupt_report();

}  // namespace collsweep::cli

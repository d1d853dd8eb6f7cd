// What `collsweep run` says when SIGINT or SIGTERM stops it: how far it got and what was (not) written.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace collsweep::cli {

// While armed, SIGINT and SIGTERM print "collsweep run: interrupted (SIGINT) after N of M samples; nothing
// written" (N read from `done`), remove `created_dir` if the run created it and it is still empty, and exit
// with 128 + the signal number (130, 143). Only async-signal-safe calls run in the handler.
// With stop_request (a checkpointed run), the first signal only stores its number there and says that a
// checkpoint follows (the sweep stops at its next chunk boundary); a second one exits at once, keeping the
// folder and the last checkpoint.
void arm_interrupt_report(const std::atomic<std::uint64_t>* done, std::uint64_t total,
                          const std::string& created_dir, std::atomic<int>* stop_request = nullptr);

// The sweep is done and the outputs are being written: an interrupt now says the folder is incomplete.
void interrupt_report_writing();

// The run folder's lock file (RunFolderLock), removed when a signal ends the run ("" when none): its lock
// ends with the process; without the file the folder the run created is empty again and removed.
void interrupt_report_lock_file(const std::string& path);

// Restores the default handlers.
void disarm_interrupt_report();

}  // namespace collsweep::cli

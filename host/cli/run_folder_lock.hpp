// The lock of a run folder: one `collsweep run` writes a folder at a time (flock on DIR/collsweep.lock, which
// the system releases when the holder ends, so a killed run's leftover file never blocks the next one).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>

namespace collsweep::cli {

inline constexpr const char* kLockFileName = "collsweep.lock";

class RunFolderLock {
 public:
  // Takes the lock of `dir` (which exists). Returns nothing and sets *error, naming the folder and the
  // holder (its process id, host and start), when another process holds it, or why the lock file cannot
  // be made (an unwritable folder, found here before any sampling).
  static std::optional<RunFolderLock> acquire(const std::filesystem::path& dir, std::string* error);

  RunFolderLock(RunFolderLock&& other) noexcept;
  RunFolderLock& operator=(RunFolderLock&& other) noexcept;
  RunFolderLock(const RunFolderLock&) = delete;
  ~RunFolderLock();  // removes the file, then releases the lock

  const std::string& path() const { return path_; }

 private:
  RunFolderLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  void release();
  int fd_ = -1;
  std::string path_;
};

}  // namespace collsweep::cli

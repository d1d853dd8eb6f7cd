// RunFolderLock (run_folder_lock.hpp): flock(2) on a file of the folder, its holder written into it.
#include "cli/run_folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <string>
#include <utility>

namespace collsweep::cli {
namespace {

// "pid 1234 on node7 since 2026-11-29T21:03:00Z": what a holder writes into the file.
std::string holder_text() {
  char host[256] = "?";
  gethostname(host, sizeof host - 1);
  const std::time_t t = std::time(nullptr);
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return "pid " + std::to_string(getpid()) + " on " + host + " since " + when;
}

std::string read_holder(int fd) {
  char buf[512];
  const ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  std::string s(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\0')) s.pop_back();
  return s.empty() ? "another process" : s;
}

}  // namespace

std::optional<RunFolderLock> RunFolderLock::acquire(const std::filesystem::path& dir, std::string* error) {
  const std::string path = (dir / kLockFileName).string();
  // A holder that ends removes the file before it releases the lock: a file taken after that is no longer
  // the folder's, so the lock is taken again on the file the path names now.
  for (int attempt = 0; attempt < 16; ++attempt) {
    const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
      *error = "cannot write in output folder " + dir.string() + ": " + path + ": " + std::strerror(errno);
      return std::nullopt;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int why = errno;
      *error = why == EWOULDBLOCK
                   ? "output folder " + dir.string() + " is being written by another collsweep run (" +
                         read_holder(fd) + "; " + path + "): wait for it to end, or choose another --out"
                   : "cannot lock " + path + ": " + std::strerror(why);
      close(fd);
      return std::nullopt;
    }
    struct stat held, named;
    if (fstat(fd, &held) == 0 && stat(path.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
        held.st_dev == named.st_dev) {
      const std::string text = holder_text() + "\n";
      const bool written = ftruncate(fd, 0) == 0 && pwrite(fd, text.data(), text.size(), 0) >= 0;
      (void)written;  // the holder's text is for messages only
      return RunFolderLock(fd, path);
    }
    close(fd);
  }
  *error = "cannot lock " + path + ": the lock file keeps being replaced";
  return std::nullopt;
}

RunFolderLock::RunFolderLock(RunFolderLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

RunFolderLock& RunFolderLock::operator=(RunFolderLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
  }
  return *this;
}

RunFolderLock::~RunFolderLock() { release(); }

void RunFolderLock::release() {
  if (fd_ < 0) return;
  unlink(path_.c_str());
  close(fd_);
  fd_ = -1;
}

}  // namespace collsweep::cli

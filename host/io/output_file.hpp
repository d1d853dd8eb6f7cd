// Opening a run's output file for writing, and the error of a failed write, naming the path and the reason.
#pragma once

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

namespace collsweep::io {

// "cannot write PATH: No space left on device": with the system's reason when the failed call left one of
// the reasons a write fails for in errno (a full disk or quota, a read-only file system, no permission, an
// I/O error, a file too large).
inline std::runtime_error write_error(const std::string& path) {
  const int e = errno;
  const bool telling =
      e == ENOSPC || e == EDQUOT || e == EROFS || e == EACCES || e == EPERM || e == EIO || e == EFBIG;
  return std::runtime_error("cannot write " + path + (telling ? std::string(": ") + std::strerror(e) : ""));
}

inline std::ofstream open_output_file(const std::string& path) {
  errno = 0;
  std::ofstream out(path, std::ios::binary);
  if (!out) throw write_error(path);
  return out;
}

}  // namespace collsweep::io

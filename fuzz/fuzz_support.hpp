// What the fuzz targets share: the input as text, a file holding it for the readers that take a path, and
// the check that a result a reader accepted holds no NaN or infinity.
#pragma once

#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace collsweep::fuzz {

inline std::string as_text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Writes `text` to one file of this process (the same path every call) and returns its path.
inline std::string write_input_file(const std::string& text, const char* extension) {
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("collsweep-fuzz-" + std::to_string(::getpid()) + extension))
          .string();
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  return path;
}

// A finding: a reader accepted an input but its result is not usable. Aborts, so that libFuzzer keeps the
// input and the replay test fails.
[[noreturn]] inline void finding(const char* what) {
  std::fprintf(stderr, "collsweep fuzz finding: %s\n", what);
  std::abort();
}

inline void require_finite(double x, const char* what) {
  if (!std::isfinite(x)) finding(what);
}

}  // namespace collsweep::fuzz

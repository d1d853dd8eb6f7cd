// Opening a run's output file for writing, with an error that names the path.
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>

namespace collsweep::io {

inline std::ofstream open_output_file(const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write " + path);
  return out;
}

}  // namespace collsweep::io

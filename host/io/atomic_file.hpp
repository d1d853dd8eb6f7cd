// Replacing a file so that a crash at any instant leaves either the old or the new contents, never a mix.
#pragma once

#include <string>

namespace collsweep::io {

// Writes bytes to path + ".tmp", fsyncs it, renames it over path and fsyncs the folder. Throws
// std::runtime_error naming the path and the reason on any failure (the temporary file is then removed).
void write_file_atomically(const std::string& path, const std::string& bytes);

}  // namespace collsweep::io

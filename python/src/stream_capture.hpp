// What the command-line code prints to std::cout and std::cerr, captured while it runs inside Python (one
// capture at a time in the process: the streams are global).
#pragma once

#include <iostream>
#include <mutex>
#include <sstream>
#include <string>

namespace collsweep::python {

class StreamCapture {
 public:
  StreamCapture()
      : lock_(mutex()), out_(std::cout.rdbuf(out_text_.rdbuf())), err_(std::cerr.rdbuf(err_text_.rdbuf())) {}
  ~StreamCapture() {
    std::cout.rdbuf(out_);
    std::cerr.rdbuf(err_);
  }
  StreamCapture(const StreamCapture&) = delete;
  StreamCapture& operator=(const StreamCapture&) = delete;
  std::string out() const { return out_text_.str(); }
  std::string err() const { return err_text_.str(); }

 private:
  static std::mutex& mutex() {
    static std::mutex m;
    return m;
  }
  std::ostringstream out_text_, err_text_;
  std::lock_guard<std::mutex> lock_;
  std::streambuf* out_;
  std::streambuf* err_;
};

}  // namespace collsweep::python

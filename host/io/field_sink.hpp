// FieldSink: where a row's fields go, one after the other — a CSV file (io::CsvWriter) or the columns of
// an in-memory table (the Python module's arrays); the eval schemas and witness rows write through it.
#pragma once

#include <string_view>

namespace collsweep::io {

class FieldSink {
 public:
  virtual ~FieldSink() = default;
  virtual void field(std::string_view text) = 0;  // a text field ("ok", a type, a mode)
  virtual void number(double x) = 0;              // a numeric field (CSV: 17 significant digits)
  void empty_field() { field({}); }               // no value (an invalid row's outputs)
};

}  // namespace collsweep::io

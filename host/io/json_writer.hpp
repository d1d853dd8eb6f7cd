// A minimal streaming JSON writer: objects, arrays, escaped strings, numbers with 17 significant digits.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace collsweep::io {

// Escapes a string for JSON (quotes included): '"', '\\' and control characters; other bytes
// (UTF-8) pass through unchanged.
std::string json_quote(std::string_view s);

// Writes one JSON value to a stream as the calls arrive. Inside an object, call key() before each
// value. Misuse (a value without a key in an object, unbalanced end_*) throws std::logic_error.
// indent > 0 pretty-prints with that many spaces per level; indent == 0 writes one line. Arrays whose
// elements are all scalars are written on one line either way.
//
//   JsonWriter j(std::cout);
//   j.begin_object().key("status").string("ok").key("du").begin_array().number(0.1).end_array();
//   j.end_object();  // {"status": "ok", "du": [0.10000000000000001]}
class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out, int indent = 2);

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);

  JsonWriter& string(std::string_view s);
  JsonWriter& number(double x);  // format_double; NaN and +-inf (not JSON) are written as null
  JsonWriter& integer(long long i);
  JsonWriter& boolean(bool b);
  JsonWriter& null();
  JsonWriter& numbers(const std::vector<double>& xs);  // an array of numbers
  // A value that is already serialized JSON (e.g. a nested document written by another JsonWriter),
  // written verbatim with surrounding whitespace trimmed; the caller guarantees it is one valid value.
  JsonWriter& raw(std::string_view json);

  // True when one complete top-level value has been written.
  bool complete() const { return stack_.empty() && wrote_root_; }

 private:
  struct Level {
    bool is_object;
    bool has_items = false;
    bool key_pending = false;
    bool multiline = false;  // an object, or an array holding a container
  };
  void before_value(bool container);
  void newline(std::size_t depth);
  JsonWriter& end(bool is_object);

  std::ostream& out_;
  int indent_;
  std::vector<Level> stack_;
  bool wrote_root_ = false;
};

}  // namespace collsweep::io

// A strict JSON reader (RFC 8259) for the files collsweep writes itself (a run's summary.json).
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace collsweep::io {

// A syntax error at a 1-based line and column of the text.
class JsonError : public std::runtime_error {
 public:
  JsonError(long line, long column, const std::string& message)
      : std::runtime_error("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
                           message),
        line_(line),
        column_(column) {}
  long line() const { return line_; }
  long column() const { return column_; }

 private:
  long line_, column_;
};

struct JsonValue {
  enum class Kind { null, boolean, number, string, array, object };
  Kind kind = Kind::null;
  bool boolean = false;
  double number = 0.0;
  std::string string;
  std::vector<JsonValue> array;
  std::vector<std::pair<std::string, JsonValue>> object;  // in file order
  long line = 0, column = 0;                              // where the value starts

  // The member `key` of an object, or nullptr (also when this is not an object).
  const JsonValue* find(const std::string& key) const;
};

// The kind's name for messages: "a string", "an object", ...
const char* json_kind_name(JsonValue::Kind kind);

// Parses exactly one JSON value (whitespace around it allowed); throws JsonError. Nesting deeper than 256
// levels is an error (no unbounded recursion on hostile input).
JsonValue parse_json(const std::string& text);

}  // namespace collsweep::io

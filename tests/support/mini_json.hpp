// Test-side view of the JSON the CLI prints: the program's own strict reader (io/json_reader.hpp) with
// lookups that throw, so a missing key fails the test with its name.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/json_reader.hpp"

namespace collsweep::testing {

struct JsonValue {
  using Kind = io::JsonValue::Kind;
  Kind kind = Kind::null;
  bool b = false;
  double num = 0.0;
  std::string str;
  std::vector<JsonValue> arr;
  std::map<std::string, JsonValue> obj;

  const JsonValue& at(const std::string& key) const {
    if (kind != Kind::object) throw std::runtime_error("not an object (looking up '" + key + "')");
    const auto it = obj.find(key);
    if (it == obj.end()) throw std::runtime_error("no key '" + key + "'");
    return it->second;
  }
  bool has(const std::string& key) const { return kind == Kind::object && obj.count(key) > 0; }
  double number() const {
    if (kind != Kind::number) throw std::runtime_error("not a number");
    return num;
  }
  const std::string& string() const {
    if (kind != Kind::string) throw std::runtime_error("not a string");
    return str;
  }
};

class JsonParser {
 public:
  // Parses exactly one JSON value (surrounding whitespace allowed); throws std::runtime_error.
  static JsonValue parse(const std::string& text) { return view(io::parse_json(text)); }

 private:
  static JsonValue view(const io::JsonValue& v) {
    JsonValue out;
    out.kind = v.kind;
    out.b = v.boolean;
    out.num = v.number;
    out.str = v.string;
    for (const io::JsonValue& e : v.array) out.arr.push_back(view(e));
    for (const auto& [key, value] : v.object) out.obj.emplace(key, view(value));
    return out;
  }
};

}  // namespace collsweep::testing

// Test-only strict JSON parser (RFC 8259 subset: no \u surrogate pairs) to check the JSON the CLI prints.
#pragma once

#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace collsweep::testing {

struct JsonValue {
  enum class Kind { null, boolean, number, string, array, object } kind = Kind::null;
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
  static JsonValue parse(const std::string& text) {
    JsonParser p(text);
    p.ws();
    JsonValue v = p.value();
    p.ws();
    if (p.i_ != text.size()) p.fail("trailing characters");
    return v;
  }

 private:
  explicit JsonParser(const std::string& t) : t_(t) {}
  [[noreturn]] void fail(const std::string& why) const {
    throw std::runtime_error("JSON: " + why + " at offset " + std::to_string(i_));
  }
  void ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t')) ++i_;
  }
  void expect(char c) {
    if (i_ >= t_.size() || t_[i_] != c) fail(std::string("expected '") + c + "'");
    ++i_;
  }
  bool literal(const char* word) {
    const std::string w(word);
    if (t_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }
  std::string string_value() {
    expect('"');
    std::string s;
    while (true) {
      if (i_ >= t_.size()) fail("unterminated string");
      const char c = t_[i_++];
      if (c == '"') return s;
      if (static_cast<unsigned char>(c) < 0x20) fail("raw control character in string");
      if (c != '\\') {
        s += c;
        continue;
      }
      if (i_ >= t_.size()) fail("bad escape");
      const char e = t_[i_++];
      switch (e) {
        case '"':
          s += '"';
          break;
        case '\\':
          s += '\\';
          break;
        case '/':
          s += '/';
          break;
        case 'b':
          s += '\b';
          break;
        case 'f':
          s += '\f';
          break;
        case 'n':
          s += '\n';
          break;
        case 'r':
          s += '\r';
          break;
        case 't':
          s += '\t';
          break;
        case 'u': {
          if (i_ + 4 > t_.size()) fail("bad \\u escape");
          const unsigned long cp = std::stoul(t_.substr(i_, 4), nullptr, 16);
          i_ += 4;
          if (cp >= 0x80) fail("non-ASCII \\u escape not supported by this test parser");
          s += static_cast<char>(cp);
          break;
        }
        default:
          fail("bad escape");
      }
    }
  }
  JsonValue value() {
    JsonValue v;
    if (i_ >= t_.size()) fail("unexpected end");
    const char c = t_[i_];
    if (c == '{') {
      v.kind = JsonValue::Kind::object;
      ++i_;
      ws();
      if (i_ < t_.size() && t_[i_] == '}') {
        ++i_;
        return v;
      }
      while (true) {
        ws();
        const std::string k = string_value();
        if (v.obj.count(k)) fail("duplicate key '" + k + "'");
        ws();
        expect(':');
        ws();
        v.obj[k] = value();
        ws();
        if (i_ < t_.size() && t_[i_] == ',') {
          ++i_;
          continue;
        }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      v.kind = JsonValue::Kind::array;
      ++i_;
      ws();
      if (i_ < t_.size() && t_[i_] == ']') {
        ++i_;
        return v;
      }
      while (true) {
        ws();
        v.arr.push_back(value());
        ws();
        if (i_ < t_.size() && t_[i_] == ',') {
          ++i_;
          continue;
        }
        expect(']');
        return v;
      }
    }
    if (c == '"') {
      v.kind = JsonValue::Kind::string;
      v.str = string_value();
      return v;
    }
    if (literal("true")) {
      v.kind = JsonValue::Kind::boolean;
      v.b = true;
      return v;
    }
    if (literal("false")) {
      v.kind = JsonValue::Kind::boolean;
      return v;
    }
    if (literal("null")) return v;
    // Number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    const std::size_t start = i_;
    if (t_[i_] == '-') ++i_;
    const auto digits = [&] {
      const std::size_t d = i_;
      while (i_ < t_.size() && t_[i_] >= '0' && t_[i_] <= '9') ++i_;
      if (i_ == d) fail("bad number");
    };
    if (i_ < t_.size() && t_[i_] == '0')
      ++i_;
    else
      digits();
    if (i_ < t_.size() && t_[i_] == '.') {
      ++i_;
      digits();
    }
    if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      ++i_;
      if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      digits();
    }
    v.kind = JsonValue::Kind::number;
    v.num = std::strtod(t_.substr(start, i_ - start).c_str(), nullptr);
    return v;
  }

  const std::string& t_;
  std::size_t i_ = 0;
};

}  // namespace collsweep::testing

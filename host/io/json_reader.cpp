// A strict JSON reader (RFC 8259) for the files collsweep writes itself (a run's summary.json).
#include "io/json_reader.hpp"

#include <cstdint>

#include "io/format.hpp"

namespace collsweep::io {
namespace {

class Parser {
 public:
  explicit Parser(const std::string& t) : t_(t) {}

  JsonValue document() {
    ws();
    JsonValue v = value(0);
    ws();
    if (i_ != t_.size()) fail("unexpected text after the JSON value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const { throw JsonError(line_, col_, why); }

  bool at_end() const { return i_ >= t_.size(); }
  char peek() const { return t_[i_]; }
  void advance() {
    if (t_[i_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++i_;
  }
  void ws() {
    while (!at_end() && (peek() == ' ' || peek() == '\n' || peek() == '\r' || peek() == '\t')) advance();
  }
  void expect(char c) {
    if (at_end() || peek() != c) fail(std::string("expected '") + c + "'");
    advance();
  }
  void word(const char* w) {
    for (const char* p = w; *p; ++p) {
      if (at_end() || peek() != *p) fail(std::string("expected '") + w + "'");
      advance();
    }
  }

  JsonValue value(int depth) {
    if (depth > 256) fail("nesting deeper than 256 levels");
    if (at_end()) fail("unexpected end of the text, a value is expected");
    JsonValue v;
    v.line = line_;
    v.column = col_;
    const char c = peek();
    if (c == '{') {
      v.kind = JsonValue::Kind::object;
      advance();
      ws();
      if (!at_end() && peek() == '}') {
        advance();
        return v;
      }
      for (;;) {
        ws();
        if (at_end() || peek() != '"') fail("expected a string key");
        std::string k = string();
        ws();
        expect(':');
        ws();
        v.object.emplace_back(std::move(k), value(depth + 1));
        ws();
        if (!at_end() && peek() == ',') {
          advance();
          continue;
        }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      v.kind = JsonValue::Kind::array;
      advance();
      ws();
      if (!at_end() && peek() == ']') {
        advance();
        return v;
      }
      for (;;) {
        ws();
        v.array.push_back(value(depth + 1));
        ws();
        if (!at_end() && peek() == ',') {
          advance();
          continue;
        }
        expect(']');
        return v;
      }
    }
    if (c == '"') {
      v.kind = JsonValue::Kind::string;
      v.string = string();
    } else if (c == 't') {
      word("true");
      v.kind = JsonValue::Kind::boolean;
      v.boolean = true;
    } else if (c == 'f') {
      word("false");
      v.kind = JsonValue::Kind::boolean;
    } else if (c == 'n') {
      word("null");
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind = JsonValue::Kind::number;
      v.number = number();
    } else {
      fail(std::string("unexpected character '") + c + "'");
    }
    return v;
  }

  double number() {
    const std::size_t b = i_;
    const auto digits = [&] {
      const std::size_t s = i_;
      while (!at_end() && peek() >= '0' && peek() <= '9') advance();
      if (i_ == s) fail("a digit is expected in the number");
    };
    if (peek() == '-') advance();
    if (!at_end() && peek() == '0')
      advance();
    else
      digits();
    if (!at_end() && peek() == '.') {
      advance();
      digits();
    }
    if (!at_end() && (peek() == 'e' || peek() == 'E')) {
      advance();
      if (!at_end() && (peek() == '+' || peek() == '-')) advance();
      digits();
    }
    double x = 0.0;
    if (!parse_double(t_.substr(b, i_ - b), &x) || !(x - x == 0.0)) fail("number out of range");
    return x;
  }

  void utf8(std::uint32_t cp, std::string& out) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  std::string string() {
    advance();  // the opening quote
    std::string s;
    for (;;) {
      if (at_end()) fail("unterminated string");
      const char c = peek();
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      advance();
      if (c == '"') return s;
      if (c != '\\') {
        s += c;
        continue;
      }
      if (at_end()) fail("unterminated string");
      const char e = peek();
      advance();
      switch (e) {
        case '"':
        case '\\':
        case '/':
          s += e;
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
          std::uint32_t cp = 0;
          for (int k = 0; k < 4; ++k) {
            if (at_end()) fail("unterminated \\u escape");
            const char h = peek();
            const int d = h >= '0' && h <= '9'   ? h - '0'
                          : h >= 'a' && h <= 'f' ? h - 'a' + 10
                          : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                 : -1;
            if (d < 0) fail("bad \\u escape");
            cp = cp * 16 + static_cast<std::uint32_t>(d);
            advance();
          }
          utf8(cp, s);  // (surrogate pairs are kept as two code points: collsweep writes none)
          break;
        }
        default:
          fail(std::string("bad escape '\\") + e + "'");
      }
    }
  }

  const std::string& t_;
  std::size_t i_ = 0;
  long line_ = 1, col_ = 1;
};

}  // namespace

const JsonValue* JsonValue::find(const std::string& key) const {
  if (kind != Kind::object) return nullptr;
  for (const auto& [k, v] : object)
    if (k == key) return &v;
  return nullptr;
}

const char* json_kind_name(JsonValue::Kind kind) {
  switch (kind) {
    case JsonValue::Kind::null:
      return "null";
    case JsonValue::Kind::boolean:
      return "a boolean";
    case JsonValue::Kind::number:
      return "a number";
    case JsonValue::Kind::string:
      return "a string";
    case JsonValue::Kind::array:
      return "an array";
    case JsonValue::Kind::object:
      return "an object";
  }
  return "unknown";
}

JsonValue parse_json(const std::string& text) { return Parser(text).document(); }

}  // namespace collsweep::io

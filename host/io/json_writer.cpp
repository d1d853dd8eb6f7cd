// A minimal streaming JSON writer: objects, arrays, escaped strings, numbers with 17 significant digits.
#include "io/json_writer.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "io/format.hpp"

namespace collsweep::io {

std::string json_quote(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 2);
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

JsonWriter::JsonWriter(std::ostream& out, int indent) : out_(out), indent_(indent < 0 ? 0 : indent) {}

void JsonWriter::newline(std::size_t depth) {
  if (indent_ == 0) return;
  out_ << '\n' << std::string(depth * static_cast<std::size_t>(indent_), ' ');
}

void JsonWriter::before_value(bool container) {
  if (stack_.empty()) {
    if (wrote_root_) throw std::logic_error("JsonWriter: a second top-level value");
    wrote_root_ = true;
    return;
  }
  Level& top = stack_.back();
  if (top.is_object) {
    if (!top.key_pending) throw std::logic_error("JsonWriter: a value in an object needs a key first");
    top.key_pending = false;
    return;  // key() already wrote the separator and the indentation
  }
  if (container && !top.has_items) top.multiline = true;
  if (top.has_items) out_ << (top.multiline || indent_ == 0 ? "," : ", ");
  if (top.multiline) newline(stack_.size());
  top.has_items = true;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  if (stack_.empty() || !stack_.back().is_object || stack_.back().key_pending)
    throw std::logic_error("JsonWriter: key() outside an object or twice in a row");
  Level& top = stack_.back();
  if (top.has_items) out_ << ',';
  newline(stack_.size());
  out_ << json_quote(k) << (indent_ == 0 ? ":" : ": ");
  top.has_items = true;
  top.key_pending = true;
  return *this;
}

JsonWriter& JsonWriter::begin_object() {
  before_value(true);
  out_ << '{';
  stack_.push_back(Level{true});
  stack_.back().multiline = true;
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  before_value(true);
  out_ << '[';
  stack_.push_back(Level{false});
  return *this;
}

JsonWriter& JsonWriter::end(bool is_object) {
  if (stack_.empty() || stack_.back().is_object != is_object || stack_.back().key_pending)
    throw std::logic_error(is_object ? "JsonWriter: unbalanced end_object()"
                                     : "JsonWriter: unbalanced end_array()");
  const Level top = stack_.back();
  stack_.pop_back();
  if (top.has_items && top.multiline) newline(stack_.size());
  out_ << (is_object ? '}' : ']');
  if (stack_.empty() && indent_ > 0) out_ << '\n';
  return *this;
}

JsonWriter& JsonWriter::end_object() { return end(true); }
JsonWriter& JsonWriter::end_array() { return end(false); }

JsonWriter& JsonWriter::string(std::string_view s) {
  before_value(false);
  out_ << json_quote(s);
  return *this;
}

JsonWriter& JsonWriter::number(double x) {
  before_value(false);
  if (std::isfinite(x))
    out_ << format_double(x);
  else
    out_ << "null";
  return *this;
}

JsonWriter& JsonWriter::integer(long long i) {
  before_value(false);
  out_ << i;
  return *this;
}

JsonWriter& JsonWriter::boolean(bool b) {
  before_value(false);
  out_ << (b ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value(false);
  out_ << "null";
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  const auto is_ws = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  while (!json.empty() && is_ws(json.front())) json.remove_prefix(1);
  while (!json.empty() && is_ws(json.back())) json.remove_suffix(1);
  if (json.empty()) throw std::logic_error("JsonWriter: raw() needs a JSON value, got nothing");
  before_value(json.front() == '{' || json.front() == '[');
  out_ << json;
  return *this;
}

JsonWriter& JsonWriter::numbers(const std::vector<double>& xs) {
  begin_array();
  for (double x : xs) number(x);
  return end_array();
}

}  // namespace collsweep::io

// Typed TOML lookups with key paths, did-you-mean suggestions and positioned ConfigErrors.
#include "config/toml_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "config/config_error.hpp"
#include "vocabulary/closest_name.hpp"

namespace collsweep::config {

toml::table parse_toml(std::string_view text, const std::string& source_name) {
  try {
    return toml::parse(text, source_name);
  } catch (const toml::parse_error& err) {
    const toml::source_region& where = err.source();
    std::ostringstream msg;
    msg << source_name;
    if (where.begin.line) msg << ":" << where.begin.line << ":" << where.begin.column;
    msg << ": TOML syntax error: " << err.description();
    throw ConfigError(msg.str());
  }
}

toml::table parse_toml_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_toml(text.str(), path);
}

std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string join_path(std::string_view parent, std::string_view key) {
  std::string p(parent);
  if (!p.empty()) p += '.';
  p += key;
  return p;
}

std::string index_path(std::string_view parent, std::size_t i) {
  return std::string(parent) + "[" + std::to_string(i) + "]";
}

namespace {

std::string position(const toml::source_region& r) {
  if (r.begin.line == 0) return "";
  return std::to_string(r.begin.line) + ":" + std::to_string(r.begin.column);
}

}  // namespace

std::string did_you_mean(std::string_view given, const std::vector<std::string_view>& known) {
  const std::string m = closest_name(given, known);
  return m.empty() ? std::string() : " (did you mean " + toml_string(std::string(m)) + "?)";
}

std::string join_names(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += ", ";
    out += names[i];
  }
  return out;
}

std::string shortest_double(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, x);  // shortest round-trip form
  return std::string(buf, r.ptr);
}

std::string describe_value(const toml::node& n) {
  constexpr std::size_t max_len = 80;
  std::string out;
  switch (n.type()) {
    case toml::node_type::string:
      out = toml_string(n.as_string()->get());
      break;
    case toml::node_type::integer:
      out = std::to_string(n.as_integer()->get());
      break;
    case toml::node_type::floating_point:
      out = shortest_double(n.as_floating_point()->get());
      break;
    case toml::node_type::boolean:
      out = n.as_boolean()->get() ? "true" : "false";
      break;
    case toml::node_type::array: {
      out = "[";
      const toml::array& a = *n.as_array();
      for (std::size_t i = 0; i < a.size(); ++i) out += (i ? ", " : "") + describe_value(a[i]);
      out += "]";
      break;
    }
    case toml::node_type::table: {
      out = "{";
      bool first = true;
      for (auto&& [k, v] : *n.as_table()) {
        out += (first ? " " : ", ") + std::string(k.str()) + " = " + describe_value(v);
        first = false;
      }
      out += first ? "}" : " }";
      break;
    }
    case toml::node_type::date:
      out = "(a date)";
      break;
    case toml::node_type::time:
      out = "(a time)";
      break;
    case toml::node_type::date_time:
      out = "(a date-time)";
      break;
    default:
      out = "(nothing)";
      break;
  }
  if (out.size() > max_len) out = out.substr(0, max_len - 3) + "...";
  return out;
}

std::string describe_type(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a floating-point number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    default:
      return "nothing";
  }
}

namespace {

// A key path as a message shows it: at most 200 bytes (cut at a character's start) and its length, so that a
// generated config's runaway key (or value, fail_value) keeps the message one readable line.
std::string shown_key_path(std::string_view path) {
  constexpr std::size_t kLongest = 200;
  if (path.size() <= kLongest) return std::string(path);
  std::size_t cut = kLongest;
  while (cut > 0 && (static_cast<unsigned char>(path[cut]) & 0xC0) == 0x80) --cut;
  return std::string(path.substr(0, cut)) + "... (" + std::to_string(path.size()) + " bytes)";
}

}  // namespace

void ConfigReader::fail_at(const toml::source_region& where, std::string_view path,
                           std::string_view reason) const {
  std::string msg = source_;
  const std::string pos = position(where);
  if (!pos.empty()) msg += ":" + pos;
  msg += ": ";
  msg += shown_key_path(path);
  msg += ": ";
  msg += reason;
  throw ConfigError(msg);
}

void ConfigReader::fail_value(const toml::node& n, std::string_view path, std::string_view reason) const {
  fail_at(n.source(), std::string(path) + " = " + describe_value(n), reason);
}

void ConfigReader::fail_missing(const toml::node& parent, std::string_view path,
                                std::string_view what) const {
  fail_at(parent.source(), path, "required key is missing (" + std::string(what) + ")");
}

void ConfigReader::check_keys(const toml::table& t, std::string_view path,
                              const std::vector<std::string_view>& known) const {
  for (auto&& [k, v] : t) {
    const std::string_view name = k.str();
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    const toml::source_region& where = k.source().begin.line ? k.source() : v.source();
    std::string reason = "unknown key" + did_you_mean(name, known);
    reason +=
        known.empty() ? std::string("; this table takes no keys") : "; known keys: " + join_names(known);
    fail_at(where, join_path(path, name), reason);
  }
}

const toml::table& ConfigReader::table(const toml::node& n, std::string_view path) const {
  if (const toml::table* t = n.as_table()) return *t;
  fail_value(n, path, "expected a table, got " + describe_type(n));
}

const toml::array& ConfigReader::array(const toml::node& n, std::string_view path) const {
  if (const toml::array* a = n.as_array()) return *a;
  fail_value(n, path, "expected an array, got " + describe_type(n));
}

std::string ConfigReader::string(const toml::node& n, std::string_view path) const {
  if (const auto* s = n.as_string()) return s->get();
  fail_value(n, path, "expected a string, got " + describe_type(n));
}

bool ConfigReader::boolean(const toml::node& n, std::string_view path) const {
  if (const auto* b = n.as_boolean()) return b->get();
  fail_value(n, path, "expected a boolean (true or false), got " + describe_type(n));
}

double ConfigReader::number(const toml::node& n, std::string_view path) const {
  if (const auto* i = n.as_integer()) return static_cast<double>(i->get());
  if (const auto* f = n.as_floating_point()) {
    if (!std::isfinite(f->get())) fail_value(n, path, "must be a finite number");
    return f->get();
  }
  fail_value(n, path, "expected a number, got " + describe_type(n));
}

std::int64_t ConfigReader::integer(const toml::node& n, std::string_view path, std::int64_t lo,
                                   std::int64_t hi) const {
  const auto* i = n.as_integer();
  if (!i) {
    std::string reason = "expected an integer, got " + describe_type(n);
    if (n.is_floating_point()) reason += " (write it without a decimal point or exponent, e.g. 2_000_000)";
    fail_value(n, path, reason);
  }
  const std::int64_t v = i->get();
  if (v < lo || v > hi) {
    std::string reason = "out of range: must be ";
    if (hi == INT64_MAX)
      reason += ">= " + std::to_string(lo);
    else
      reason += "within [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    if (v < 0 && lo >= 0) reason += " (an unsigned integer)";
    fail_value(n, path, reason);
  }
  return v;
}

}  // namespace collsweep::config

// Typed lookups in a parsed TOML document; failures throw ConfigError with key path, value and position.
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "config/config_error.hpp"

namespace collsweep::config {

// A TOML basic string literal: quotes, backslashes and control characters escaped.
std::string toml_string(const std::string& s);

// "parent.key" (or "key" at the root).
std::string join_path(std::string_view parent, std::string_view key);

// "parent[i]".
std::string index_path(std::string_view parent, std::size_t i);

// " (did you mean \"x\"?)" when a known name is close to `given` (vocabulary/closest_name.hpp), else "".
std::string did_you_mean(std::string_view given, const std::vector<std::string_view>& known);

// "a, b, c".
std::string join_names(const std::vector<std::string_view>& names);

// The shortest decimal form of x that reads back to the same double ("0.1", "-0.5", "1e-12").
std::string shortest_double(double x);

// A node's value as it would appear in TOML (strings quoted, long arrays/tables shortened), for messages.
std::string describe_value(const toml::node& n);

// The TOML type of a node in words ("a string", "an integer", "a floating-point number", ...).
std::string describe_type(const toml::node& n);

// A TOML document from text; a syntax error throws ConfigError "SOURCE:LINE:COLUMN: TOML syntax error: ...".
toml::table parse_toml(std::string_view text, const std::string& source_name);

// The same from a file; one that cannot be opened throws ConfigError "PATH: cannot open: REASON".
toml::table parse_toml_file(const std::string& path);

// Reads one parsed document; every failure throws ConfigError with "SOURCE:LINE:COLUMN: PATH ...".
class ConfigReader {
 public:
  explicit ConfigReader(std::string source_name) : source_(std::move(source_name)) {}

  const std::string& source_name() const { return source_; }

  // "SOURCE:LINE:COLUMN: PATH: REASON" (the position is left out when toml++ has none).
  [[noreturn]] void fail_at(const toml::source_region& where, std::string_view path,
                            std::string_view reason) const;
  // "SOURCE:LINE:COLUMN: PATH = VALUE: REASON".
  [[noreturn]] void fail_value(const toml::node& n, std::string_view path, std::string_view reason) const;
  // A required key is missing from `parent` (positioned at the parent table).
  [[noreturn]] void fail_missing(const toml::node& parent, std::string_view path,
                                 std::string_view what) const;

  // Throws for the first key of t not in `known` ("unknown key", with a did-you-mean suggestion).
  void check_keys(const toml::table& t, std::string_view path,
                  const std::vector<std::string_view>& known) const;

  // Typed conversions of a present node (wrong type -> ConfigError naming expected and actual type).
  const toml::table& table(const toml::node& n, std::string_view path) const;
  const toml::array& array(const toml::node& n, std::string_view path) const;
  std::string string(const toml::node& n, std::string_view path) const;
  bool boolean(const toml::node& n, std::string_view path) const;
  // An integer or a float, finite.
  double number(const toml::node& n, std::string_view path) const;
  // An integer (a float, even 2e6, is rejected) within [lo, hi].
  std::int64_t integer(const toml::node& n, std::string_view path, std::int64_t lo, std::int64_t hi) const;

 private:
  std::string source_;
};

}  // namespace collsweep::config

// Parsing of numeric command-line values ("0.5", "a,b,c") with one-line messages naming the option.
#include "cli/parse_numbers.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>

#include "io/format.hpp"

namespace collsweep::cli {

namespace {
std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }
}  // namespace

double parse_number_option(std::string_view option, std::string_view text) {
  double x = 0.0;
  if (!io::parse_double(text, &x))
    throw UsageError(std::string(option) + ": " + quoted(text) + " is not a number");
  return x;
}

std::vector<double> parse_number_list(std::string_view option, std::string_view text, std::size_t expected,
                                      std::string_view layout) {
  std::vector<std::string_view> items;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    items.push_back(
        text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (expected != 0 && items.size() != expected) {
    std::string msg = std::string(option) + ": expected " + std::to_string(expected) +
                      " comma-separated number" + (expected == 1 ? "" : "s");
    if (!layout.empty()) msg += " (" + std::string(layout) + ")";
    msg += ", got " + std::to_string(items.size()) + " in " + quoted(text);
    throw UsageError(msg);
  }
  std::vector<double> values;
  values.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    double x = 0.0;
    if (!io::parse_double(items[i], &x))
      throw UsageError(std::string(option) + ": item " + std::to_string(i + 1) + " of " + quoted(text) +
                       " (" + quoted(items[i]) + ") is not a number");
    values.push_back(x);
  }
  return values;
}

namespace {
void require_finite(std::string_view option, std::string_view text, const std::vector<double>& xs) {
  for (double x : xs)
    if (!(x - x == 0.0))
      throw UsageError(std::string(option) + " " + std::string(text) + ": NaN or inf in the input");
}
}  // namespace

double parse_finite_option(std::string_view option, std::string_view text) {
  const double x = parse_number_option(option, text);
  require_finite(option, text, {x});
  return x;
}

std::vector<double> parse_finite_list(std::string_view option, std::string_view text, std::size_t expected,
                                      std::string_view layout) {
  std::vector<double> xs = parse_number_list(option, text, expected, layout);
  require_finite(option, text, xs);
  return xs;
}

int parse_positive_int(std::string_view option, std::string_view text) {
  const std::string s(text);
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || end != s.c_str() + s.size() || errno == ERANGE || v < 1 || v > INT_MAX)
    throw UsageError(std::string(option) + ": " + quoted(text) + " is not a positive integer");
  return static_cast<int>(v);
}

}  // namespace collsweep::cli

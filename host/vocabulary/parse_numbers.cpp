// Parsing of numeric command-line values ("0.5", "a,b,c") with one-line messages naming the option.
#include "vocabulary/parse_numbers.hpp"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>

#include "io/format.hpp"

namespace collsweep {
inline namespace vocabulary {

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

std::uint64_t parse_sample_count(std::string_view option, std::string_view text, bool index) {
  const double least = index ? 0.0 : 1.0;
  const std::string s(text);
  char* end = nullptr;
  errno = 0;
  const unsigned long long whole = std::strtoull(s.c_str(), &end, 10);
  if (!s.empty() && s[0] != '-' && s[0] != '+' && end == s.c_str() + s.size() && errno != ERANGE &&
      whole >= least && whole < (1ull << 63))
    return whole;
  // Exponent form: exact as a double below 2^53, and integral.
  end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !(x >= least) || !(x < 9007199254740992.0) ||
      x != std::floor(x))
    throw UsageError(std::string(option) + ": " + quoted(text) +
                     (index ? " is not a sample index (a whole number >= 0)"
                            : " is not a whole positive number of samples"));
  return static_cast<std::uint64_t>(x);
}

}  // namespace vocabulary
}  // namespace collsweep

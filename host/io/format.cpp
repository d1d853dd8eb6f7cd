// Number formatting and parsing shared by every writer: 17 significant digits, round-trip exact.
#include "io/format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace collsweep::io {

void append_double(std::string& out, double x) {
  if (std::isnan(x)) {
    out += "nan";  // printf may print "-nan"; one spelling is enough
    return;
  }
  char buf[32];  // "-1.2345678901234567e-308" is 24 characters
  const int n = std::snprintf(buf, sizeof buf, "%.17g", x);
  out.append(buf, static_cast<std::size_t>(n));
}

std::string format_double(double x) {
  std::string s;
  append_double(s, x);
  return s;
}

std::string format_short(double x, int digits) {
  if (std::isnan(x)) return "nan";
  char buf[64];
  const int n = std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return std::string(buf, static_cast<std::size_t>(n));
}

bool parse_double(std::string_view text, double* out) {
  const auto is_blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  if (text.empty()) return false;
  // strtod needs a terminated string and would skip leading whitespace of other kinds itself.
  if (text.front() == '\n' || text.front() == '\r' || text.front() == '\v' || text.front() == '\f')
    return false;
  const std::string s(text);
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);  // errno (ERANGE) ignored: see the header
  if (end != s.c_str() + s.size()) return false;
  *out = x;
  return true;
}

}  // namespace collsweep::io

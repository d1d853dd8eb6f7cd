// Test-only helpers for CSV text the CLI prints: parse it into rows, read numbers, compare bits.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "io/csv.hpp"
#include "io/format.hpp"

namespace collsweep::testing {

using Rows = std::vector<std::vector<std::string>>;

inline std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// A number the CLI printed (17 significant digits); a parse failure is a test failure.
inline double num(const std::string& s) {
  double x = 0.0;
  EXPECT_TRUE(io::parse_double(s, &x)) << "'" << s << "'";
  return x;
}

inline Rows parse_csv(const std::string& text) {
  std::istringstream in(text);
  io::CsvReader r(in);
  Rows rows;
  std::vector<std::string> f;
  while (r.next(f)) rows.push_back(f);
  return rows;
}

}  // namespace collsweep::testing

// The progress bar's durations (ETA) for people: units, rounding down, the limits between units.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "sweep/progress.hpp"

namespace collsweep {
namespace {

TEST(FormatDuration, SecondsBelowAMinute) {
  EXPECT_EQ(format_duration(0.0), "0 s");
  EXPECT_EQ(format_duration(0.9), "0 s");
  EXPECT_EQ(format_duration(59.99), "59 s");
}

TEST(FormatDuration, MinutesHoursAndDaysWithTheNextUnitDown) {
  EXPECT_EQ(format_duration(60.0), "1 min 0 s");
  EXPECT_EQ(format_duration(200.5), "3 min 20 s");
  EXPECT_EQ(format_duration(3599.9), "59 min 59 s");
  EXPECT_EQ(format_duration(3600.0), "1 h 0 min");
  EXPECT_EQ(format_duration(2 * 3600.0 + 5 * 60.0 + 59.0), "2 h 5 min");
  EXPECT_EQ(format_duration(86400.0), "1 d 0 h");
  EXPECT_EQ(format_duration(3 * 86400.0 + 4 * 3600.0 + 3599.0), "3 d 4 h");
}

TEST(FormatDuration, YearsForRunsNobodyMeantToStart) {
  const double year = 365.25 * 86400.0;
  EXPECT_EQ(format_duration(364.0 * 86400.0), "364 d 0 h");
  EXPECT_EQ(format_duration(year), "1.0 years");
  EXPECT_EQ(format_duration(2.5 * year), "2.5 years");
  // 2^63 samples at 2.09e7 per second (a mistyped samples key): 4.4e11 s.
  EXPECT_EQ(format_duration(9223372036854775807.0 / 2.09e7), "1.4e+04 years");
}

TEST(FormatDuration, NegativeOrNonFiniteIsUnknown) {
  EXPECT_EQ(format_duration(-1.0), "unknown");
  EXPECT_EQ(format_duration(std::numeric_limits<double>::infinity()), "unknown");
  EXPECT_EQ(format_duration(std::nan("")), "unknown");
}

}  // namespace
}  // namespace collsweep

// The Wilson score interval (wilson_interval.hpp).
#include "stats/wilson_interval.hpp"

#include <algorithm>
#include <cmath>

namespace collsweep {

ProportionInterval wilson_interval(std::uint64_t successes, std::uint64_t n, double z) {
  if (n == 0 || successes > n) return {};
  const double x = static_cast<double>(successes), m = static_cast<double>(n), z2 = z * z;
  const double centre = x + 0.5 * z2;
  const double half = z * std::sqrt(x * (m - x) / m + 0.25 * z2);
  ProportionInterval i;
  i.lo = successes == 0 ? 0.0 : std::max(0.0, (centre - half) / (m + z2));
  i.hi = successes == n ? 1.0 : std::min(1.0, (centre + half) / (m + z2));
  return i;
}

}  // namespace collsweep

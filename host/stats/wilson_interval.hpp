// The Wilson score interval of a binomial proportion: the 95 % intervals of every fraction in the outputs.
#pragma once

#include <cstdint>

namespace collsweep {

// The two-sided 95 % quantile of the standard normal distribution, Phi^-1(0.975).
inline constexpr double z_95 = 1.959963984540054;

struct ProportionInterval {
  double lo = 0.0, hi = 1.0;
};

// Wilson (1927): the p with |x - n p| <= z sqrt(n p (1 - p)), i.e.
//   (x + z^2/2 -+ z sqrt(x (n - x)/n + z^2/4)) / (n + z^2).
// Unlike the normal-approximation interval it stays inside [0, 1] and is not empty at x = 0 or x = n (the
// energy-gain fraction of most cells), where its ends are exactly 0 and 1. n = 0: [0, 1] (nothing known).
ProportionInterval wilson_interval(std::uint64_t successes, std::uint64_t n, double z = z_95);

}  // namespace collsweep

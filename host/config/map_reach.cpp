// The values a map quantity can take under a sampling plan (map_reach.hpp).
//
// Ranges are supersets: a derived quantity (alpha, rho, kappa, a mean) is widened by a relative 1e-9 for
// the rounding of its computation, and quantities of a random W or G get their mathematical range (rho in
// [-1, 1], kappa and cond unbounded). A map is rejected only when it misses such a range entirely.
#include "config/map_reach.hpp"

#include <cmath>
#include <limits>

#include "collsweep/laws/sequential_impulse_limits.hpp"
#include "config/toml_reader.hpp"

namespace collsweep {

ValueRange of_dist(const ScalarDist& d, const char* key) {
  ValueRange r{d.lo, d.lo, false, key};
  const bool spread = (d.kind == ScalarKind::uniform || d.kind == ScalarKind::log_uniform) && d.lo < d.hi;
  if (spread) {
    r.hi = d.hi;
    r.hi_open = true;  // U[lo, hi) never returns hi
  } else if (d.kind == ScalarKind::grid && d.n > 1u) {
    r.hi = d.hi;
  }
  return r;
}

// Widened for the rounding of a derived quantity; the upper end closed.
ValueRange widened(ValueRange r) {
  r.lo -= 1e-9 * std::fabs(r.lo);
  r.hi += 1e-9 * std::fabs(r.hi);
  r.hi_open = false;
  return r;
}

ValueRange unbounded_above(double lo, const char* why) {
  return ValueRange{lo, std::numeric_limits<double>::infinity(), false, why};
}

ValueRange no_value(const char* why) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return ValueRange{nan, nan, false, why};
}

std::string describe_range(const ValueRange& r) {
  if (is_empty(r)) return "no value";
  const auto num = [](double x) {
    return std::isinf(x) ? std::string(x > 0 ? "inf" : "-inf") : config::shortest_double(x);
  };
  if (r.lo == r.hi) return "{" + num(r.lo) + "}";
  return "[" + num(r.lo) + ", " + num(r.hi) + (r.hi_open ? ")" : "]");
}

ValueRange log2_sweeps_range(const ScalarDist& d, const char* key) {
  const ValueRange k = of_dist(d, key);
  if (!(k.hi >= 1.0)) return no_value("its iterations are 0 (to convergence): log2_iterations is +inf");
  return widened(ValueRange{log2_sweeps(k.lo >= 1.0 ? k.lo : 1.0), log2_sweeps(k.hi), false,
                            "log2 of parameters.iterations (0, to convergence, is outside every map)"});
}

}  // namespace collsweep

// The values a map quantity can take under a sampling plan (map_reach.hpp).
//
// Ranges are supersets: a derived quantity (alpha, rho, kappa, a mean) is widened by a relative 1e-9 for
// the rounding of its computation, and quantities of a random W or G get their mathematical range (rho in
// [-1, 1], kappa and cond unbounded). A map is rejected only when it misses such a range entirely.
#include "config/map_reach.hpp"

#include <cmath>
#include <limits>

#include "config/toml_reader.hpp"

namespace collsweep {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double pi = 3.14159265358979323846;

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

ValueRange unbounded_above(double lo, const char* why) { return ValueRange{lo, inf, false, why}; }

}  // namespace

ValueRange reachable_range(const PlanarSamplePlan& p, Quantity q) {
  const MatrixDist& W = p.W;
  switch (q) {
    case Quantity::theta:
      return of_dist(p.theta_deg, "approach.theta_deg");
    case Quantity::alpha: {
      ValueRange r = of_dist(p.theta_deg, "approach.theta_deg (alpha = tan theta)");
      r.lo = std::tan(r.lo * pi / 180.0);
      r.hi = r.hi >= 90.0 ? inf : std::tan(r.hi * pi / 180.0);
      return widened(r);
    }
    case Quantity::mu:
      return of_dist(p.mu, "parameters.mu");
    case Quantity::e:
      return of_dist(p.e, "parameters.e");
    case Quantity::e_t:
      return of_dist(p.e_t, "parameters.e_t");
    case Quantity::rho:
      if (W.kind == MatrixKind::shape) return widened(of_dist(W.rho, "matrix.rho"));
      if (W.kind == MatrixKind::fixed) {
        const double rho = W.fixed.nt / std::sqrt(W.fixed.nn * W.fixed.tt);
        return widened(ValueRange{rho, rho, false, "matrix.W"});
      }
      return ValueRange{-1.0, 1.0, false, "a random W (|rho| < 1)"};
    case Quantity::kappa:
      if (W.kind == MatrixKind::shape) return widened(of_dist(W.kappa, "matrix.kappa"));
      if (W.kind == MatrixKind::fixed) {
        const double kappa = std::sqrt(W.fixed.nn / W.fixed.tt);
        return widened(ValueRange{kappa, kappa, false, "matrix.W"});
      }
      return unbounded_above(0.0, "a random W (kappa > 0)");
    case Quantity::log10_cond:
      if (W.kind == MatrixKind::direct) return of_dist(W.log10_cond, "matrix.log10_cond");
      return unbounded_above(0.0, "W's condition number (>= 1)");
    default:
      return unbounded_above(-inf, "not a planar quantity");
  }
}

ValueRange reachable_range(const MultiContactSamplePlan& p, Quantity q) {
  switch (q) {
    case Quantity::log10_cond:
      if (p.G_kind == DelassusKind::direct) return of_dist(p.log10_cond, "matrix.log10_cond");
      return unbounded_above(0.0, "G's condition number (>= 1)");
    case Quantity::eps_spread: {
      // eps_T = ratio eps_N <= eps_N, so every coefficient of a sample lies in [0, max eps_N].
      const ValueRange n = of_dist(p.eps_N, "parameters.eps_N");
      return ValueRange{0.0, n.hi, n.hi_open, "parameters.eps_N (spread <= the largest eps_N)"};
    }
    case Quantity::mu:
      return widened(of_dist(p.mu, "parameters.mu (mean over the contacts)"));
    case Quantity::contacts:
      return of_dist(p.contacts, "model.contacts");
    default:
      return unbounded_above(-inf, "not a multi-contact quantity");
  }
}

bool axis_reachable(const MapAxis& a, const ValueRange& r) {
  if (a.hi < r.lo) return false;
  return r.hi_open ? a.lo < r.hi : a.lo <= r.hi;
}

std::string describe_range(const ValueRange& r) {
  const auto num = [](double x) {
    return std::isinf(x) ? std::string(x > 0 ? "inf" : "-inf") : config::shortest_double(x);
  };
  if (r.lo == r.hi) return "{" + num(r.lo) + "}";
  return "[" + num(r.lo) + ", " + num(r.hi) + (r.hi_open ? ")" : "]");
}

}  // namespace collsweep

// The values each planar map quantity can take under a plan (config/map_reach.hpp says how they are used).
#include "config/map_reach.hpp"

#include <cmath>
#include <limits>

#include "families/planar/family.hpp"
#include "families/shared/parameter_rows.hpp"

namespace collsweep {

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double pi = 3.14159265358979323846;
}  // namespace

ValueRange reachable_range(const PlanarSamplePlan& p, PlanarQuantity q) {
  if (const auto r = families::parameter_range<PlanarSweepSpec>(p, q)) return *r;
  const MatrixDist& W = p.W;
  switch (q) {
    case PlanarQuantity::theta:
      return of_dist(p.theta_deg, "approach.theta_deg");
    case PlanarQuantity::alpha: {
      ValueRange r = of_dist(p.theta_deg, "approach.theta_deg (alpha = tan theta)");
      r.lo = std::tan(r.lo * pi / 180.0);
      r.hi = r.hi >= 90.0 ? inf : std::tan(r.hi * pi / 180.0);
      return widened(r);
    }
    case PlanarQuantity::rho:
      if (W.kind == MatrixKind::shape) return widened(of_dist(W.rho, "matrix.rho"));
      if (W.kind == MatrixKind::fixed) {
        const double rho = W.fixed.nt / std::sqrt(W.fixed.nn * W.fixed.tt);
        return widened(ValueRange{rho, rho, false, "matrix.W"});
      }
      return ValueRange{-1.0, 1.0, false, "a random W (|rho| < 1)"};
    case PlanarQuantity::kappa:
      if (W.kind == MatrixKind::shape) return widened(of_dist(W.kappa, "matrix.kappa"));
      if (W.kind == MatrixKind::fixed) {
        const double kappa = std::sqrt(W.fixed.nn / W.fixed.tt);
        return widened(ValueRange{kappa, kappa, false, "matrix.W"});
      }
      return unbounded_above(0.0, "a random W (kappa > 0)");
    case PlanarQuantity::log10_cond:
      if (W.kind == MatrixKind::direct) return of_dist(W.log10_cond, "matrix.log10_cond");
      return unbounded_above(0.0, "W's condition number (>= 1)");
    case PlanarQuantity::log2_iterations:
      return log2_sweeps_range(p.iterations, "parameters.iterations");
    default:
      return unbounded_above(-inf, "not a planar quantity");
  }
}

}  // namespace collsweep

// The values each spatial map quantity can take under a plan (config/map_reach.hpp says how they are used).
#include "config/map_reach.hpp"

#include <cmath>
#include <limits>

#include "collsweep/models/spatial/sampler.hpp"
#include "families/shared/parameter_rows.hpp"
#include "families/spatial/family.hpp"

namespace collsweep {

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
}  // namespace

ValueRange reachable_range(const SpatialSamplePlan& p, SpatialQuantity q) {
  if (const auto r = families::parameter_range<SpatialSweepSpec>(p, q)) return *r;
  const SpatialMatrixDist& W = p.W;
  switch (q) {
    case SpatialQuantity::psi:
      return of_dist(p.psi_deg, "approach.psi_deg");
    case SpatialQuantity::phi:
      return of_dist(p.phi_deg, "approach.phi_deg");
    case SpatialQuantity::mu_ratio:
      // mu / mu_c with mu_c = |b^-1 c| (Elkaranshawy eq. 36): known for a fixed W, else any mu_c >= 0.
      if (W.kind == SpatialMatrixKind::fixed) {
        const double mu_c = critical_friction(W.fixed);
        if (!(mu_c > 0.0)) return ValueRange{inf, inf, false, "matrix.W (mu_c = 0: mu / mu_c is infinite)"};
        ValueRange r = of_dist(p.mu, "parameters.mu over matrix.W's mu_c");
        r.lo /= mu_c;
        r.hi /= mu_c;
        return widened(r);
      }
      return unbounded_above(0.0, "mu over a random W's mu_c >= 0");
    case SpatialQuantity::log10_cond:
      if (W.kind == SpatialMatrixKind::direct) return of_dist(W.log10_cond, "matrix.log10_cond");
      if (W.kind == SpatialMatrixKind::fixed) {
        const double x = spatial_sampling::log10_cond_of(W.fixed);
        return widened(ValueRange{x, x, false, "matrix.W"});
      }
      return unbounded_above(0.0, "W's condition number (>= 1)");
    case SpatialQuantity::log2_iterations:
      return log2_sweeps_range(p.iterations, "parameters.iterations");
    default:
      return unbounded_above(-inf, "not a spatial quantity");
  }
}

}  // namespace collsweep

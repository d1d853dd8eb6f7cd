// The values each multi-contact map quantity can take under a plan (config/map_reach.hpp says how they
// are used).
#include "config/map_reach.hpp"

#include <cmath>
#include <limits>

#include "collsweep/models/multicontact/sampler.hpp"
#include "families/multicontact/family.hpp"

namespace collsweep {

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();
}  // namespace

ValueRange reachable_range(const MultiContactSamplePlan& p, MultiContactQuantity q) {
  if (const auto r = families::parameter_range<MultiContactSweepSpec>(p, q)) return *r;
  switch (q) {
    case MultiContactQuantity::log10_cond:
      if (p.G_kind == DelassusKind::direct) return of_dist(p.log10_cond, "matrix.log10_cond");
      if (p.G_kind == DelassusKind::body) {
        // One value: the body's G, the same for every sample (inf when singular, as for two or more
        // frictional contacts: such samples fall outside every finite axis).
        double G[max_contact_rows][max_contact_rows] = {}, work[max_mechanism_dof][max_mechanism_dof];
        const std::uint32_t k = contact_count_of(p.contacts.lo);
        planar_body_delassus(p.body, k, G);
        const double c = delassus_log10_cond(G, 2u * k, work);
        return ValueRange{c, c, false, "the body's G (matrix.kind = \"body\"), the same for every sample"};
      }
      return unbounded_above(0.0, "G's condition number (>= 1)");
    case MultiContactQuantity::eps_spread: {
      // eps_T = ratio eps_N <= eps_N, so every coefficient of a sample lies in [0, max eps_N].
      const ValueRange n = of_dist(p.eps_N, "parameters.eps_N");
      return ValueRange{0.0, n.hi, n.hi_open, "parameters.eps_N (spread <= the largest eps_N)"};
    }
    case MultiContactQuantity::mu:
      return widened(of_dist(p.mu, "parameters.mu (mean over the contacts)"));
    case MultiContactQuantity::contacts:
      return of_dist(p.contacts, "model.contacts");
    case MultiContactQuantity::v_x:
    case MultiContactQuantity::v_y:
    case MultiContactQuantity::omega: {
      if (p.G_kind != DelassusKind::body)
        return no_value("a body's velocity: only matrix.kind = \"body\" draws one");
      if (q == MultiContactQuantity::v_x) return of_dist(p.v_x, "approach.v_x");
      if (q == MultiContactQuantity::v_y) return of_dist(p.v_y, "approach.v_y");
      return of_dist(p.omega, "approach.omega");
    }
    case MultiContactQuantity::log2_iterations:
      return log2_sweeps_range(p.iterations, "parameters.iterations");
    default:
      return unbounded_above(-inf, "not a multi-contact quantity");
  }
}

}  // namespace collsweep

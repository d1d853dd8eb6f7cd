// Test-only generator of planar collisions stratified over Djerassi's five Cases and five Types.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

#include "collsweep/models/planar/laws/routh_phases.hpp"

namespace collsweep::testing {

// Deterministic (std::mt19937_64 is fully specified; the conversion to doubles is our own).
class Draw {
 public:
  explicit Draw(std::uint64_t seed) : gen_(seed) {}
  double u01() { return (static_cast<double>(gen_() >> 11) + 0.5) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * u01(); }
  double log_uniform(double lo, double hi) { return std::exp(uniform(std::log(lo), std::log(hi))); }
  int pick(int n) { return static_cast<int>(gen_() % static_cast<std::uint64_t>(n)); }

 private:
  std::mt19937_64 gen_;
};

// A collision in a chosen Case (1..5, the signs of Djerassi 2010 Table 1 in rho = m_nt/sqrt(m_nn m_tt) and
// kappa = sqrt(m_nn/m_tt)), with the approach angle drawn so that the thin Type 2/4 bands
// alpha in [r_m, (1+e) r_m] get a third of the samples, random scales of W and v (homogeneity), a
// random tangent sign, and e hitting 0 and 1 exactly now and then.
inline PlanarCollision stratified_collision(Draw& d, int case_no) {
  const double kappa = d.log_uniform(0.1, 10.0);
  double rho = d.uniform(0.001, 0.999);
  double mu = 0.0;
  switch (case_no) {
    case 5:
      mu = rho * kappa * d.uniform(0.0, 1.0);
      break;  // rho > 0, mu < rho kappa
    case 4:
      mu = kappa / rho * d.uniform(1.0, 3.0);
      break;  // rho > 0, mu > kappa/rho
    case 3:
      rho = -rho;
      mu = -rho * kappa * d.uniform(0.0, 1.0);
      break;  // rho < 0, mu < |rho| kappa
    case 2:
      rho = -rho;
      mu = kappa / -rho * d.uniform(1.0, 3.0);
      break;    // rho < 0, mu > kappa/|rho|
    default: {  // |rho| kappa < mu < kappa/|rho|
      if (d.pick(2)) rho = -rho;
      const double lo = std::fabs(rho) * kappa, hi = kappa / std::fabs(rho);
      mu = std::exp(d.uniform(std::log(lo), std::log(hi)));
    }
  }
  const double scale = d.log_uniform(0.01, 100.0);
  PlanarCollision c;
  c.W = {kappa * scale, rho * scale, scale / kappa};
  c.mu = mu;
  const int e_kind = d.pick(10);
  c.e = e_kind == 0 ? 0.0 : e_kind == 1 ? 1.0 : d.u01();
  // alpha: anywhere, below r_m, or inside the Type 2/4 band when r_m > 0.
  const RouthFrame f = make_routh_frame({c.W, {-1.0, 1.0}, mu, c.e, 0.0});
  const double r_m = (f.g > 0.0 && f.h > 0.0) ? f.g / f.h : -1.0;
  double alpha;
  const int region = d.pick(3);
  if (r_m > 0.0 && region == 1)
    alpha = d.uniform(0.0, r_m);
  else if (r_m > 0.0 && region == 2)
    alpha = r_m * d.uniform(1.0, 1.0 + c.e);
  else
    alpha = std::tan(d.uniform(0.0, 0.5 * M_PI * 0.999));
  const double speed = d.log_uniform(0.1, 10.0);
  const double theta = std::atan(alpha);
  c.v = {-speed * std::cos(theta), speed * std::sin(theta)};
  if (d.pick(2)) {  // random tangent sign: flip the tangent of the whole problem
    c.v.t = -c.v.t;
    c.W.nt = -c.W.nt;
  }
  return c;
}

}  // namespace collsweep::testing

// Test-only generator of spatial collisions: random SPD W in (n, t1, t2), approach, mu and e.
#pragma once

#include <cmath>

#include "collsweep/models/spatial/contact.hpp"
#include "support/random_collisions.hpp"

namespace collsweep::testing {

// W = s * [[1, c^T], [c, b]] with b = R(phi) diag(b1, b2) R(phi)^T (b_i log-uniform in [0.1, 10]),
// c = R(phi) (sqrt(b1) r cos psi, sqrt(b2) r sin psi) with r < 0.97 (so c^T b^-1 c = r^2 < 1: SPD),
// s log-uniform in [0.01, 100]. Approach: speed log-uniform in [0.1, 10], incidence up to 85 degrees
// from the normal, any azimuth. mu in [0, 1.5] (exactly 0 one time in 20), e in [0, 1] (0 and 1 exactly
// one time in 10 each).
inline SpatialCollision random_spatial_collision(Draw& d) {
  const double b1 = d.log_uniform(0.1, 10.0), b2 = d.log_uniform(0.1, 10.0);
  const double phi = d.uniform(0.0, 2.0 * M_PI), cp = std::cos(phi), sp = std::sin(phi);
  const double r = d.uniform(0.0, 0.97), psi = d.uniform(0.0, 2.0 * M_PI);
  const double cx = std::sqrt(b1) * r * std::cos(psi), cy = std::sqrt(b2) * r * std::sin(psi);
  const double s = d.log_uniform(0.01, 100.0);
  SpatialCollision c;
  c.W.a = s;
  c.W.c1 = s * (cp * cx - sp * cy);
  c.W.c2 = s * (sp * cx + cp * cy);
  c.W.b11 = s * (cp * cp * b1 + sp * sp * b2);
  c.W.b12 = s * cp * sp * (b1 - b2);
  c.W.b22 = s * (sp * sp * b1 + cp * cp * b2);
  const double speed = d.log_uniform(0.1, 10.0), inc = d.uniform(0.0, 85.0 * M_PI / 180.0);
  const double az = d.uniform(0.0, 2.0 * M_PI);
  c.v = Vec3n{-speed * std::cos(inc), speed * std::sin(inc) * std::cos(az),
              speed * std::sin(inc) * std::sin(az)};
  c.mu = d.pick(20) == 0 ? 0.0 : d.uniform(0.0, 1.5);
  const int ek = d.pick(10);
  c.e = ek == 0 ? 0.0 : ek == 1 ? 1.0 : d.u01();
  return c;
}

// Relative distance of two outcomes' impulses and final velocities (scaled by |I| and |v1|).
inline double outcome_distance(const SpatialCollision& c, const SpatialOutcome& a, const SpatialOutcome& b) {
  const double vs = std::sqrt(c.v.n * c.v.n + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
  const double is = std::sqrt(a.I.n * a.I.n + a.I.t1 * a.I.t1 + a.I.t2 * a.I.t2);
  double m = std::fabs(a.I.n - b.I.n) / is;
  m = std::fmax(m, std::fabs(a.I.t1 - b.I.t1) / is);
  m = std::fmax(m, std::fabs(a.I.t2 - b.I.t2) / is);
  m = std::fmax(m, std::fabs(a.vf.n - b.vf.n) / vs);
  m = std::fmax(m, std::fabs(a.vf.t1 - b.vf.t1) / vs);
  m = std::fmax(m, std::fabs(a.vf.t2 - b.vf.t2) / vs);
  return m;
}

}  // namespace collsweep::testing

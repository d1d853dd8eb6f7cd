// Test-only embedding of a planar collision in 3D, and the comparison of a spatial outcome with a planar one.
#pragma once

#include <cmath>

#include "collsweep/models/planar/contact.hpp"
#include "collsweep/models/spatial/contact.hpp"

namespace collsweep::testing {

// The planar collision in the plane (n, u), u = (cos phi, sin phi) in (t1, t2); the other tangent direction
// u' = (-sin phi, cos phi) gets the stiffness b_perp and no coupling. swap = true puts u on t2 exactly
// (no rounding from a rotation).
struct Embedding {
  double u1 = 1.0, u2 = 0.0;
};

inline SpatialCollision embed(const PlanarCollision& p, double b_perp, double phi, bool swap, Embedding* e) {
  const double c = swap ? 0.0 : std::cos(phi), s = swap ? 1.0 : std::sin(phi);
  SpatialCollision x;
  x.W.a = p.W.nn;
  x.W.c1 = c * p.W.nt;
  x.W.c2 = s * p.W.nt;
  x.W.b11 = c * c * p.W.tt + s * s * b_perp;
  x.W.b12 = c * s * (p.W.tt - b_perp);
  x.W.b22 = s * s * p.W.tt + c * c * b_perp;
  x.v = Vec3n{p.v.n, c * p.v.t, s * p.v.t};
  x.mu = p.mu;
  x.e = p.e;
  x.e_t = p.e_t;
  e->u1 = c;
  e->u2 = s;
  return x;
}

// Largest relative difference between a spatial outcome and a planar one in the embedding's plane, with
// the out-of-plane components (which must vanish) included; relative to |P| and |v1| + |v2|, and dE_rel
// relative to max(1, |dE_rel|).
inline double embedded_distance(const PlanarCollision& p, const Embedding& e, const PlanarOutcome& po,
                                const SpatialOutcome& so) {
  const double It = so.I.t1 * e.u1 + so.I.t2 * e.u2, It_perp = -so.I.t1 * e.u2 + so.I.t2 * e.u1;
  const double vt = so.vf.t1 * e.u1 + so.vf.t2 * e.u2, vt_perp = -so.vf.t1 * e.u2 + so.vf.t2 * e.u1;
  const double is = std::hypot(po.I_n, po.I_t);
  const double vs = std::hypot(p.v.n, p.v.t) + std::hypot(po.v_n2, po.v_t2);
  double m = std::fabs(so.I.n - po.I_n) / is;
  m = std::fmax(m, std::fabs(It - po.I_t) / is);
  m = std::fmax(m, std::fabs(It_perp) / is);
  m = std::fmax(m, std::fabs(so.vf.n - po.v_n2) / vs);
  m = std::fmax(m, std::fabs(vt - po.v_t2) / vs);
  m = std::fmax(m, std::fabs(vt_perp) / vs);
  return std::fmax(m, std::fabs(so.dE_rel - po.dE_rel) / std::fmax(1.0, std::fabs(po.dE_rel)));
}

}  // namespace collsweep::testing

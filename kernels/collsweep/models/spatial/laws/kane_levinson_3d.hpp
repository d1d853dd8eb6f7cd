// Kane & Levinson's (Whittaker's) law in 3D as an algebraic law (thesis §5.1.2 and §5).
//
// Parameters: e in [0, 1] (v_n2 = e w), mu >= 0. The outcome has v_n2 = e w and either
//   (stick) v_T2 = 0, |P_T| <= mu P_n:  P_S = M (k, -v_T), M = W^-1, k = (1 + e) w          (type 1)
//   (slip)  P = P_n (n - mu sigma), sigma = v_T2 / |v_T2| (friction from the POST-impact slip):
//           P_n = k / q(sigma), q = a - mu c.sigma > 0, and v_T2 = v_T + P_n (c - mu b sigma) = F / q with
//           F(sigma) = q v_T + k (c - mu b sigma) parallel to sigma, same sense  (type 2: v_T2.v_T >= 0,
//                                                                                  type 3: reversed)
// Slip directions are the zeros of g(sigma) = sigma x F(sigma) (2D cross product) with sigma.F > 0 and
// q > 0. On sigma = (cos th, sin th), g is a trigonometric polynomial of degree 2 (terms in 1, cos th,
// sin th, cos 2th, sin 2th), so at most 4 zeros. They are found on a grid of 48 arcs: a sign change of g
// over an arc is bisected (on the arc: sigma_mid = (sigma_a + sigma_b)/|...|, no trigonometry after the
// grid); an arc where g keeps its sign but g' changes sign is searched for an extremum of g beyond zero
// (two close zeros). Zeros closer than one arc to a third are not resolved (a near-triple root).
// Counting, rule and ties as in the planar law (models/planar/laws/kane_levinson.hpp): stick if
// consistent (the stick test accepts |P_T| <= mu P_n (1 + 64 eps); a slip with |v_T2| <= 1e-10 |v1| is
// that sticking state); else the slip with the least kinetic energy after (the first in angle from v_T's
// direction on a tie). Unlike the planar law, several slips can be consistent in 3D; `solutions` counts
// them. Status::no_consistent_solution when no state is consistent. A planar collision embedded in 3D has
// the planar law's solution among its own (sigma in the plane); out-of-plane slips, in mirrored pairs, are
// possible in principle (none turned up in 20000 embedded samples, tests/property/test_spatial_kane_levinson.cpp).
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/models/spatial/laws/algebraic_outcome.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

namespace kl3_detail {

inline constexpr int kArcs = 48;
inline constexpr double kTie = 64.0 * 2.220446049250313e-16;
inline constexpr double kTieV = 1e-10;

struct SlipEquation {
  Delassus3 W;
  double v1, v2, k, mu;
  // F(sigma) = (a - mu c.sigma) v_T + k (c - mu b sigma).
  COLLSWEEP_HD_INLINE void F(double s1, double s2, double* f1, double* f2) const {
    const double q = W.a - mu * (W.c1 * s1 + W.c2 * s2);
    *f1 = q * v1 + k * (W.c1 - mu * (W.b11 * s1 + W.b12 * s2));
    *f2 = q * v2 + k * (W.c2 - mu * (W.b12 * s1 + W.b22 * s2));
  }
  COLLSWEEP_HD_INLINE double g(double s1, double s2) const {
    double f1, f2;
    F(s1, s2, &f1, &f2);
    return s1 * f2 - s2 * f1;
  }
  // dg/dth = sigma_perp x F + sigma x (dF/dsigma sigma_perp), sigma_perp = (-s2, s1).
  COLLSWEEP_HD_INLINE double dg(double s1, double s2) const {
    double f1, f2;
    F(s1, s2, &f1, &f2);
    const double p1 = -s2, p2 = s1;
    const double cq = -mu * (W.c1 * p1 + W.c2 * p2);
    const double d1 = cq * v1 - k * mu * (W.b11 * p1 + W.b12 * p2);
    const double d2 = cq * v2 - k * mu * (W.b12 * p1 + W.b22 * p2);
    return (p1 * f2 - p2 * f1) + (s1 * d2 - s2 * d1);
  }
};

COLLSWEEP_HD_INLINE void mid(double a1, double a2, double b1, double b2, double* m1, double* m2) {
  const double x = a1 + b1, y = a2 + b2, r = ::sqrt(x * x + y * y);
  *m1 = x / r;
  *m2 = y / r;
}

// Bisection on the arc from a to b (shorter than pi) of a function with values of opposite signs at its
// ends; `deriv` selects dg instead of g.
COLLSWEEP_HD_INLINE void bisect_arc(const SlipEquation& e, bool deriv, double a1, double a2, double b1,
                                    double b2, double* r1, double* r2) {
  double fa = deriv ? e.dg(a1, a2) : e.g(a1, a2);
  for (int it = 0; it < 64; ++it) {
    double m1, m2;
    mid(a1, a2, b1, b2, &m1, &m2);
    if ((m1 == a1 && m2 == a2) || (m1 == b1 && m2 == b2)) break;
    const double fm = deriv ? e.dg(m1, m2) : e.g(m1, m2);
    if (fm == 0.0) {
      a1 = b1 = m1;
      a2 = b2 = m2;
      break;
    }
    if ((fm < 0.0) == (fa < 0.0)) {
      a1 = m1;
      a2 = m2;
      fa = fm;
    } else {
      b1 = m1;
      b2 = m2;
    }
  }
  mid(a1, a2, b1, b2, r1, r2);
}

// The zeros of g on the unit circle, in angle order from (1, 0); at most 8 kept.
struct SlipZeros {
  int count = 0;
  double s1[8] = {}, s2[8] = {};
  COLLSWEEP_HD_INLINE void add(double a, double b) {
    if (count < 8) {
      s1[count] = a;
      s2[count] = b;
      ++count;
    }
  }
};

COLLSWEEP_HD_INLINE SlipZeros slip_zeros(const SlipEquation& e) {
  SlipZeros z;
  double a1 = 1.0, a2 = 0.0;
  double ga = e.g(a1, a2), da = e.dg(a1, a2);
  for (int i = 0; i < kArcs; ++i) {
    double b1 = 1.0, b2 = 0.0;
    if (i + 1 < kArcs) detmath::sincos(2.0 * 3.14159265358979323846 * (i + 1) / kArcs, &b2, &b1);
    const double gb = e.g(b1, b2), db = e.dg(b1, b2);
    if (ga == 0.0) {
      z.add(a1, a2);
    } else if (gb != 0.0 && (ga < 0.0) != (gb < 0.0)) {
      double r1, r2;
      bisect_arc(e, false, a1, a2, b1, b2, &r1, &r2);
      z.add(r1, r2);
    } else if (gb != 0.0 && (da < 0.0) != (db < 0.0)) {
      double m1, m2;
      bisect_arc(e, true, a1, a2, b1, b2, &m1, &m2);  // the extremum of g on the arc
      const double gm = e.g(m1, m2);
      if (gm == 0.0) {
        z.add(m1, m2);
      } else if ((gm < 0.0) != (ga < 0.0)) {
        double r1, r2;
        bisect_arc(e, false, a1, a2, m1, m2, &r1, &r2);
        z.add(r1, r2);
        bisect_arc(e, false, m1, m2, b1, b2, &r1, &r2);
        z.add(r1, r2);
      }
    }
    a1 = b1;
    a2 = b2;
    ga = gb;
    da = db;
  }
  return z;
}

}  // namespace kl3_detail

struct KaneLevinson3d : LawDefaults {
  static constexpr const char* name = "kane-levinson-3d";
  static constexpr bool thesis = true;
  static constexpr bool counts_solutions = true;
  // No theorem: Kane's paradox (Chatterjee 1997 §5.1.2) gains energy.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return false; }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return slip_type_label(type); }
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, LawReport* report = nullptr) {
    using namespace kl3_detail;
    set_report(report, 0, 0);
    const Status st = validate_spatial(c);
    if (st != Status::ok) return invalid_spatial_outcome(st);
    const Delassus3& W = c.W;
    const double w = -c.v.n, k = (1.0 + c.e) * w;
    const double vmag = ::sqrt(c.v.n * c.v.n + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
    const Vec3n S = solve_delassus(W, Vec3n{k, -c.v.t1, -c.v.t2});
    const bool stick_test = S.n >= 0.0 && ::sqrt(S.t1 * S.t1 + S.t2 * S.t2) <= c.mu * S.n * (1.0 + kTie);
    SlipEquation eq{W, c.v.t1, c.v.t2, k, c.mu};
    const SlipZeros z = slip_zeros(eq);
    // Classify the zeros: tie (sticking state on the cone), consistent slip, or neither.
    int tie = -1, best = -1, slips = 0;
    double best_ke = 0.0, best_ang = 0.0;
    Vec3n P[8], V[8];
    const double vt = ::sqrt(c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
    const double u1 = vt > 0.0 ? c.v.t1 / vt : 1.0, u2 = vt > 0.0 ? c.v.t2 / vt : 0.0;
    for (int i = 0; i < z.count; ++i) {
      const double s1 = z.s1[i], s2 = z.s2[i];
      const double q = W.a - c.mu * (W.c1 * s1 + W.c2 * s2);
      if (!(q > 0.0)) continue;
      const double Pn = k / q;
      P[i] = Vec3n{Pn, -c.mu * Pn * s1, -c.mu * Pn * s2};
      const Vec3n dv = apply_delassus(W, P[i]);
      V[i] = Vec3n{c.e * w, c.v.t1 + dv.t1, c.v.t2 + dv.t2};
      const double vt2 = ::sqrt(V[i].t1 * V[i].t1 + V[i].t2 * V[i].t2);
      if (vt2 <= kTieV * vmag) {
        if (tie < 0) tie = i;
        continue;
      }
      if (!(V[i].t1 * s1 + V[i].t2 * s2 > 0.0)) continue;
      ++slips;
      const double ke =
          P[i].n * (c.v.n + V[i].n) + P[i].t1 * (c.v.t1 + V[i].t1) + P[i].t2 * (c.v.t2 + V[i].t2);
      // Angle from v_T's direction, in [0, 2 pi), for the tie-break.
      double ang = detmath::atan2(u1 * s2 - u2 * s1, u1 * s1 + u2 * s2);
      if (ang < 0.0) ang += 2.0 * 3.14159265358979323846;
      if (best < 0 || ke < best_ke || (ke == best_ke && ang < best_ang)) {
        best = i;
        best_ke = ke;
        best_ang = ang;
      }
    }
    const bool stick = stick_test || tie >= 0;
    const int count = (stick ? 1 : 0) + slips;
    if (count == 0) return invalid_spatial_outcome(Status::no_consistent_solution);
    SpatialOutcome o;
    std::uint8_t type = 1;
    if (stick_test) {
      o = finish_algebraic_outcome(c, S, Vec3n{c.e * w, 0.0, 0.0});
    } else if (stick) {
      o = finish_algebraic_outcome(c, P[tie], V[tie]);
    } else {
      type = V[best].t1 * c.v.t1 + V[best].t2 * c.v.t2 >= 0.0 ? 2 : 3;
      o = finish_algebraic_outcome(c, P[best], V[best]);
    }
    if (o.status == Status::ok)
      set_report(report, type, static_cast<std::uint8_t>(count > 255 ? 255 : count));
    return o;
  }
  // The law's parameters from the sample's.
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, const SpatialThesisParams& p,
                                                     LawReport* report) {
    (void)p;
    return evaluate(c, report);
  }
};

}  // namespace collsweep

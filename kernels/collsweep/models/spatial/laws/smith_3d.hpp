// Smith's law in 3D by continuation from mu = 0 (thesis §5.1.3, §5, existence §10.3).
//
// Parameters: e in [0, 1] (v_n2 = e w), mu >= 0. Unknown x = v_T2 (a 2-vector); P(x) = M (k, x - v_T)
// with M = W^-1, k = (1 + e) w, affine in x: P = S + x1 m1 + x2 m2 (S the sticking impulse, m_i = M e_ti).
// Smith's friction weighs the pre- and post-impact slips, P_T = -mu P_n (|v_T| v_T + |x| x)/(|v_T|^2 +
// |x|^2), so the law is G(x) = 0 with
//   G(x; mu) = P_T(x) (|v_T|^2 + |x|^2) + mu P_n(x) (|v_T| v_T + |x| x),
// C^1 in x (d(|x| x)/dx = |x| 1 + x x^T/|x|, 0 at x = 0). Admissible when P_n > 0; then |P_T| <= mu P_n
// and no energy is gained (Smith's theorem: (v_T + x).(|v_T| v_T + |x| x) >= (|v_T| + |x|)(|v_T| - |x|)^2).
// Solve as the planar law (models/planar/laws/smith.hpp): x(0) = v_T + c k / a, Euler predictor along
// mu' = tau / (1 - tau), tau: 0 -> mu / (1 + mu) (dx/dtau = -G_x^-1 G_mu / (1 - tau)^2), Newton corrector
// (2x2), the same step control, caps and failures (Status::not_converged), polishing at mu, and the outcome
// formed from the root as there: omega = (|v_T| v_T + |x| x)/(|v_T|^2 + |x|^2), P_n = k / (a - mu c.omega),
// P_T = -mu P_n omega, vf_T = v_T + c P_n + b P_T.
// Count: distinct admissible roots FOUND (a lower bound; existence is proved, uniqueness is open): the
// continuation's end plus Newton (at most 40 iterations, to 1e-12 s) at mu from 11 more starts: x(0), v_T,
// -v_T, and |v_T| (or s when v_T = 0) times the 8 directions at multiples of 45 degrees from v_T; roots
// closer than 1e-8 s are one. v_T = 0 is Kane-Levinson's law (as in the planar law): kane_levinson_3d.hpp.
// Types: 1 stick (v_T = 0 only), 2 v_T2.v_T >= 0, 3 reversed (v_T2.v_T < 0).
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/spatial/laws/algebraic_outcome.hpp"
#include "collsweep/models/spatial/laws/kane_levinson_3d.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

namespace smith3_detail {

struct Problem {
  Vec3n S, m1, m2;        // P(x) = S + x1 m1 + x2 m2
  double v1, v2, vv, vm;  // v_T, |v_T|^2, |v_T|
  COLLSWEEP_HD_INLINE Vec3n P(double x1, double x2) const {
    return Vec3n{S.n + x1 * m1.n + x2 * m2.n, S.t1 + x1 * m1.t1 + x2 * m2.t1, S.t2 + x1 * m1.t2 + x2 * m2.t2};
  }
  // G and, when J != nullptr, its Jacobian (row-major 2x2) at mu.
  COLLSWEEP_HD_INLINE void G(double x1, double x2, double mu, double* g, double* J) const {
    const Vec3n p = P(x1, x2);
    const double xx = x1 * x1 + x2 * x2, xm = ::sqrt(xx);
    const double w1 = vm * v1 + xm * x1, w2 = vm * v2 + xm * x2;  // |v|v + |x|x
    const double r = vv + xx;
    g[0] = p.t1 * r + mu * p.n * w1;
    g[1] = p.t2 * r + mu * p.n * w2;
    if (!J) return;
    // d(|x| x)/dx = |x| 1 + x x^T / |x|.
    const double d11 = xm > 0.0 ? xm + x1 * x1 / xm : 0.0, d12 = xm > 0.0 ? x1 * x2 / xm : 0.0;
    const double d22 = xm > 0.0 ? xm + x2 * x2 / xm : 0.0;
    J[0] = m1.t1 * r + 2.0 * p.t1 * x1 + mu * (w1 * m1.n + p.n * d11);
    J[1] = m2.t1 * r + 2.0 * p.t1 * x2 + mu * (w1 * m2.n + p.n * d12);
    J[2] = m1.t2 * r + 2.0 * p.t2 * x1 + mu * (w2 * m1.n + p.n * d12);
    J[3] = m2.t2 * r + 2.0 * p.t2 * x2 + mu * (w2 * m2.n + p.n * d22);
  }
  COLLSWEEP_HD_INLINE void Gmu(double x1, double x2, double* g) const {
    const double xm = ::sqrt(x1 * x1 + x2 * x2), pn = P(x1, x2).n;
    g[0] = pn * (vm * v1 + xm * x1);
    g[1] = pn * (vm * v2 + xm * x2);
  }
};

// y = J^-1 b (2x2, Cramer); false when J is singular or the result is not finite.
COLLSWEEP_HD_INLINE bool solve2(const double* J, const double* b, double* y) {
  const double det = J[0] * J[3] - J[1] * J[2];
  if (!(det != 0.0)) return false;
  y[0] = (J[3] * b[0] - J[1] * b[1]) / det;
  y[1] = (J[0] * b[1] - J[2] * b[0]) / det;
  return is_finite_d(y[0]) && is_finite_d(y[1]);
}

// Newton on G(., mu) as the planar law's: stop at a step <= stop, success iff the last step <= accept.
COLLSWEEP_HD_INLINE bool newton(const Problem& p, double mu, double* x, double stop, double accept,
                                int max_it, int* used) {
  double last = 0.0;
  for (int it = 0; it < max_it; ++it) {
    double g[2], J[4], d[2];
    p.G(x[0], x[1], mu, g, J);
    if (!solve2(J, g, d)) return false;
    x[0] -= d[0];
    x[1] -= d[1];
    ++*used;
    last = ::sqrt(d[0] * d[0] + d[1] * d[1]);
    if (last <= stop) return true;
  }
  return last <= accept;
}

}  // namespace smith3_detail

struct Smith3d : LawDefaults {
  static constexpr const char* name = "smith-3d";
  static constexpr bool thesis = true;
  static constexpr bool counts_solutions = true;
  static constexpr bool reports_iterations = true;
  // Smith's theorem (Chatterjee 1997 §5.1.3, §10.3): an admissible solution never gains energy.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return true; }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return slip_type_label(type); }
  static constexpr int kMaxIterations = 2000;
  static constexpr double kMaxStep = 0.25;
  static constexpr double kMinStep = 1e-12;
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, LawReport* report = nullptr) {
    using namespace smith3_detail;
    set_report(report, 0, 0);
    const Status st = validate_spatial(c);
    if (st != Status::ok) return invalid_spatial_outcome(st);
    if (c.v.t1 == 0.0 && c.v.t2 == 0.0) return KaneLevinson3d::evaluate(c, report);
    const Delassus3& W = c.W;
    const double w = -c.v.n, k = (1.0 + c.e) * w;
    Problem p;
    p.S = solve_delassus(W, Vec3n{k, -c.v.t1, -c.v.t2});
    p.m1 = solve_delassus(W, Vec3n{0.0, 1.0, 0.0});
    p.m2 = solve_delassus(W, Vec3n{0.0, 0.0, 1.0});
    p.v1 = c.v.t1;
    p.v2 = c.v.t2;
    p.vv = c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2;
    p.vm = ::sqrt(p.vv);
    const double x0[2] = {c.v.t1 + W.c1 * k / W.a, c.v.t2 + W.c2 * k / W.a};
    const double s = ::sqrt(w * w + p.vv) + ::sqrt(x0[0] * x0[0] + x0[1] * x0[1]);
    double x[2] = {x0[0], x0[1]}, tau = 0.0;
    const double tau_end = c.mu / (1.0 + c.mu);  // homotopy mu' = tau / (1 - tau)
    int used = 0;
    bool ok = true;
    while (tau < tau_end && ok) {
      double g[2], J[4], sl[2];
      p.G(x[0], x[1], tau / (1.0 - tau), g, J);
      p.Gmu(x[0], x[1], g);
      if (!solve2(J, g, sl)) {
        ok = false;
        break;
      }
      const double dm = -1.0 / ((1.0 - tau) * (1.0 - tau));  // -dmu'/dtau
      sl[0] *= dm;
      sl[1] *= dm;  // dx/dtau
      const double speed = ::sqrt(sl[0] * sl[0] + sl[1] * sl[1]);
      double h = min_d(tau_end - tau, kMaxStep);
      if (speed * h > 0.05 * s) h = 0.05 * s / speed;
      for (;;) {
        const double tn = h >= tau_end - tau ? tau_end : tau + h;
        const double mn = tn == tau_end ? c.mu : tn / (1.0 - tn);
        double xn[2] = {x[0] + (tn - tau) * sl[0], x[1] + (tn - tau) * sl[1]};
        const double tol = 1e-10 * s;
        if (newton(p, mn, xn, tol, tol, 8, &used) &&
            ::sqrt((xn[0] - x[0]) * (xn[0] - x[0]) + (xn[1] - x[1]) * (xn[1] - x[1])) <= 0.25 * s &&
            p.P(xn[0], xn[1]).n > 0.0) {
          x[0] = xn[0];
          x[1] = xn[1];
          tau = tn;
          break;
        }
        h *= 0.5;
        if (h < kMinStep || used > kMaxIterations) {
          ok = false;
          break;
        }
      }
      if (used > kMaxIterations) ok = false;
    }
    if (ok) ok = newton(p, c.mu, x, 4.0 * 2.220446049250313e-16 * s, 1e-12 * s, 24, &used);
    if (ok) ok = p.P(x[0], x[1]).n > 0.0;
    // Distinct admissible roots found from the continuation's end and 11 more starts.
    double r1[12], r2[12];
    int n = 0;
    if (ok) {
      r1[n] = x[0];
      r2[n] = x[1];
      ++n;
    }
    const double u1 = c.v.t1 / p.vm, u2 = c.v.t2 / p.vm;
    for (int j = 0; j < 11; ++j) {
      double y[2];
      if (j == 0) {
        y[0] = x0[0];
        y[1] = x0[1];
      } else if (j <= 2) {
        const double sg = j == 1 ? 1.0 : -1.0;
        y[0] = sg * c.v.t1;
        y[1] = sg * c.v.t2;
      } else {
        const double h2 = 0.70710678118654752440;  // cos 45 degrees
        const double dirs[8][2] = {{1, 0},  {h2, h2},   {0, 1},  {-h2, h2},
                                   {-1, 0}, {-h2, -h2}, {0, -1}, {h2, -h2}};
        const double* d = dirs[j - 3];
        y[0] = p.vm * (d[0] * u1 - d[1] * u2);
        y[1] = p.vm * (d[0] * u2 + d[1] * u1);
      }
      int spent = 0;
      if (!newton(p, c.mu, y, 1e-12 * s, 1e-12 * s, 40, &spent)) continue;
      if (!(p.P(y[0], y[1]).n > 0.0)) continue;
      bool known = false;
      for (int i = 0; i < n; ++i)
        known =
            known || ::sqrt((y[0] - r1[i]) * (y[0] - r1[i]) + (y[1] - r2[i]) * (y[1] - r2[i])) <= 1e-8 * s;
      if (!known) {
        r1[n] = y[0];
        r2[n] = y[1];
        ++n;
      }
    }
    const std::uint16_t its = static_cast<std::uint16_t>(used);
    if (!ok) {
      if (report) {
        report->solutions = static_cast<std::uint8_t>(n);
        report->iterations = its;
      }
      return invalid_spatial_outcome(Status::not_converged);
    }
    // The impulse from the root without cancellation (as the planar law): omega = (|v_T| v_T + |x| x) /
    // (|v_T|^2 + |x|^2), P_T = -mu P_n omega, P_n = k / (a - mu c.omega), vf_T = v_T + c P_n + b P_T.
    const double xm = ::sqrt(x[0] * x[0] + x[1] * x[1]), r = p.vv + xm * xm;
    const double o1 = (p.vm * c.v.t1 + xm * x[0]) / r, o2 = (p.vm * c.v.t2 + xm * x[1]) / r;
    const double hs = W.a - c.mu * (W.c1 * o1 + W.c2 * o2);
    if (!(hs > 0.0)) {
      if (report) {
        report->solutions = static_cast<std::uint8_t>(n);
        report->iterations = its;
      }
      return invalid_spatial_outcome(Status::not_converged);
    }
    const double Pn = k / hs;
    const Vec3n I{Pn, -c.mu * Pn * o1, -c.mu * Pn * o2};
    const Vec3n dv = apply_delassus(W, I);
    const Vec3n vf{c.e * w, c.v.t1 + dv.t1, c.v.t2 + dv.t2};
    const SpatialOutcome o = finish_algebraic_outcome(c, I, vf);
    const std::uint8_t type = vf.t1 * c.v.t1 + vf.t2 * c.v.t2 >= 0.0 ? 2 : 3;
    if (o.status == Status::ok) set_report(report, type, static_cast<std::uint8_t>(n), its);
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

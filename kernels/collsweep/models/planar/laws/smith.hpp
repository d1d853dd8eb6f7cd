// Smith's law (thesis §5.1.3, existence §10.3), planar, by continuation from mu = 0.
//
// Parameters: e in [0, 1] (kinematic: v_n2 = e w), mu >= 0. Unknown x = v_t2; P = M (v2 - v1), M = W^-1,
// v2 = (e w, x), and the friction impulse weighs the pre- and post-impact slips:
//   P_t = -mu P_n (|v_t| v_t + |x| x) / (v_t^2 + x^2).
// Flipping the tangent so that v_t > 0 (W_nt -> -W_nt, back at the end), with k = (1 + e) w, det P_n =
// B - W_nt x, det P_t = W_nn x + A (A = -W_nn v_t - W_nt k, B = W_tt k + W_nt v_t), the law is F(x) = 0,
//   F(x; mu) = (W_nn x + A)(v_t^2 + x^2) + mu (B - W_nt x)(v_t^2 + |x| x),
// C^1 in x. A solution is admissible when P_n > 0; then |P_t| <= mu P_n and it never gains energy (Smith's
// theorem): the normal impulse's work is -(1 - e) w P_n / 2 and the friction's -mu P_n (v_t + x)/2 for
// x >= 0, -mu P_n (v_t + x)^2 (v_t - x) / (2 (v_t^2 + x^2)) for x < 0, both <= 0.
// Solve: x(0) = v_t + W_nt k / W_nn (Newton's frictionless outcome), then x is followed along the
// homotopy mu' = tau / (1 - tau), tau: 0 -> mu / (1 + mu) (so that mu = 1e7 resolves the features at
// mu' ~ 1 as finely as mu = 1 does), by an Euler predictor (dx/dtau = -F_mu / (F_x (1 - tau)^2)) and a
// Newton corrector (at most 8 iterations per step, to a step of 1e-10 s, s = |v1| + |x(0)| the scale of
// x). The step is at most 1/4 and short enough that the predicted move is <= s/20; a corrector that fails,
// moves x by more than s/4 or ends where P_n <= 0 (it jumped to another branch) halves the step. The end
// is polished at mu (at most 24 iterations, to a step of 4 eps s). Status::not_converged when a step falls
// below 1e-12, more than 2000 Newton iterations are spent, F_x = 0 on the path (a fold: natural-parameter
// continuation cannot pass it), or the last polishing step is above 1e-12 s.
// Count: every admissible root is enumerated exactly and independently of the continuation. For x >= 0,
// |v_t| v_t + |x| x = v_t^2 + x^2 and F = (v_t^2 + x^2)((W_nn - mu W_nt) x + A + mu B): one linear root
// (forward sliding, P_t = -mu P_n, Kane-Levinson's slip); for x < 0, F is the cubic
//   (W_nn + mu W_nt) x^3 + (A - mu B) x^2 + v_t^2 (W_nn - mu W_nt) x + v_t^2 (A + mu B),
// whose real roots in [-X, 0) are bracketed exactly (math/cubic_roots.hpp). X = 2 sqrt(2 T_acc tr W)
// bounds |x| of any admissible root (it cannot gain energy: x^2 / tr W <= v2^T M v2 <= 2 T_acc). The
// continuation's end is one of them (else it counts as one more).
// Outcome: from the root x, omega = (|v_t| v_t + |x| x)/(v_t^2 + x^2), P_n = k / (W_nn - mu W_nt omega)
// (v_n2 = e w), P_t = -mu P_n omega, v_t2 = v_t + W_nt P_n + W_tt P_t (= x at the root): Smith's relation
// and Coulomb's inequality hold to rounding, with no cancellation near grazing (where M (v2 - v1) loses
// digits); a denominator <= 0 there is Status::not_converged.
// v_t = 0: Smith's weighting is Coulomb's with the post-impact slip, i.e. Kane-Levinson's law (thesis:
// "try stick first"): that law's outcome, types and count are returned.
// Types: 1 stick (v_t = 0 only), 2 slides without reversal (v_t2 v_t >= 0), 3 the slip reverses.
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/math/cubic_roots.hpp"
#include "collsweep/models/planar/contact.hpp"
#include "collsweep/models/planar/laws/kane_levinson.hpp"

namespace collsweep {

namespace smith_detail {

struct Problem {
  double nn, nt, tt, A, B, v2, mu;  // v2 = v_t^2 (tangent flipped so v_t > 0)
  COLLSWEEP_HD_INLINE double f(double x, double m) const {
    return (nn * x + A) * (v2 + x * x) + m * (B - nt * x) * (v2 + abs_d(x) * x);
  }
  COLLSWEEP_HD_INLINE double fx(double x, double m) const {
    return nn * (v2 + x * x) + 2.0 * x * (nn * x + A) +
           m * (-nt * (v2 + abs_d(x) * x) + 2.0 * abs_d(x) * (B - nt * x));
  }
  COLLSWEEP_HD_INLINE double fm(double x) const { return (B - nt * x) * (v2 + abs_d(x) * x); }
};

// Newton on F(., m) from x, at most max_it iterations, stopping once a step is <= stop; true when the last
// step was <= accept (a root to within rounding: F's own rounding can keep steps above `stop`).
COLLSWEEP_HD_INLINE bool newton(const Problem& p, double m, double* x, double stop, double accept, int max_it,
                                int* used) {
  double last = 0.0;
  for (int it = 0; it < max_it; ++it) {
    const double d = p.fx(*x, m);
    if (!(d != 0.0) || !is_finite_d(d)) return false;
    const double dx = p.f(*x, m) / d;
    if (!is_finite_d(dx)) return false;
    *x -= dx;
    ++*used;
    last = abs_d(dx);
    if (last <= stop) return true;
  }
  return last <= accept;
}

}  // namespace smith_detail

struct Smith : LawDefaults {
  static constexpr const char* name = "smith";
  static constexpr bool thesis = true;
  static constexpr bool counts_solutions = true;
  static constexpr bool reports_iterations = true;
  // Smith's theorem (Chatterjee 1997 §10.3): an admissible solution never gains energy.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision&) { return true; }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return slip_type_label(type); }
  static constexpr int kMaxIterations = 2000;  // Newton iterations in all
  static constexpr double kMaxStep = 0.25;     // largest step in tau = mu' / (1 + mu')
  static constexpr double kMinStep = 1e-12;    // a step halved below this fails
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, LawReport* report = nullptr) {
    set_report(report, 0, 0);
    const Status st = validate_planar(c);
    if (st != Status::ok) return invalid_outcome(st);
    if (c.v.t == 0.0) return KaneLevinson::evaluate(c, report);
    const double sg = c.v.t < 0.0 ? -1.0 : 1.0, vt = abs_d(c.v.t);
    const double w = -c.v.n, k = (1.0 + c.e) * w;
    smith_detail::Problem p;
    p.nn = c.W.nn;
    p.nt = sg * c.W.nt;
    p.tt = c.W.tt;
    p.A = -p.nn * vt - p.nt * k;
    p.B = p.tt * k + p.nt * vt;
    p.v2 = vt * vt;
    p.mu = c.mu;
    // Continuation in tau = mu' / (1 + mu') from 0 to tau_end = mu / (1 + mu). The scale of x: |v1| plus
    // the frictionless slip |x(0)|.
    double x = vt + p.nt * k / p.nn, tau = 0.0;
    const double tau_end = c.mu / (1.0 + c.mu);
    const double vmag = ::sqrt(w * w + vt * vt) + abs_d(x);
    int used = 0;
    bool ok = true;
    while (tau < tau_end && ok) {
      const double d = p.fx(x, tau / (1.0 - tau));
      if (!(d != 0.0) || !is_finite_d(d)) {
        ok = false;
        break;
      }
      const double slope = -p.fm(x) / (d * (1.0 - tau) * (1.0 - tau));  // dx/dtau
      // The predicted move is at most s/20.
      double h = min_d(tau_end - tau, kMaxStep);
      if (abs_d(slope) * h > 0.05 * vmag) h = 0.05 * vmag / abs_d(slope);
      for (;;) {
        const double tn = h >= tau_end - tau ? tau_end : tau + h;
        const double mn = tn == tau_end ? c.mu : tn / (1.0 - tn);
        double xn = x + (tn - tau) * slope;
        const double tol = 1e-10 * vmag;
        // A corrector that lands more than s/4 away or where P_n <= 0 has jumped branches: shorter step.
        if (smith_detail::newton(p, mn, &xn, tol, tol, 8, &used) && abs_d(xn - x) <= 0.25 * vmag &&
            p.B - p.nt * xn > 0.0) {
          x = xn;
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
    if (ok) {
      const double scale = vmag;
      ok = smith_detail::newton(p, c.mu, &x, 4.0 * 2.220446049250313e-16 * scale, 1e-12 * scale, 24, &used);
    }
    if (ok) ok = p.B - p.nt * x > 0.0;
    // Every admissible root, for the count.
    const double X = 2.0 * ::sqrt(2.0 * accessible_energy(c.W, c.v) * (c.W.nn + c.W.tt));
    double roots[4];
    int n = 0;
    const double hp = p.nn - c.mu * p.nt;
    if (hp != 0.0) {
      const double r = -(p.A + c.mu * p.B) / hp;
      if (r >= 0.0 && p.B - p.nt * r > 0.0) roots[n++] = r;
    }
    const double cub[4] = {p.v2 * (p.A + c.mu * p.B), p.v2 * hp, p.A - c.mu * p.B, p.nn + c.mu * p.nt};
    const CubicRoots cr = cubic_roots_in(cub, -X, 0.0);
    for (int i = 0; i < cr.count; ++i)
      if (cr.x[i] < 0.0 && p.B - p.nt * cr.x[i] > 0.0) roots[n++] = cr.x[i];
    if (ok) {
      bool matched = false;
      for (int i = 0; i < n; ++i) matched = matched || abs_d(roots[i] - x) <= 1e-8 * vmag;  // vmag = s
      if (!matched) ++n;
    }
    const std::uint16_t its = static_cast<std::uint16_t>(used);
    if (!ok) {
      if (report) {
        report->solutions = static_cast<std::uint8_t>(n);
        report->iterations = its;
      }
      return invalid_outcome(Status::not_converged);
    }
    // The impulse from the root without cancellation: omega = (v_t^2 + |x| x)/(v_t^2 + x^2), P_t = -mu P_n
    // omega, and v_n2 = e w gives P_n = k / (W_nn - mu W_nt omega) (positive at an admissible root).
    const double omega = (p.v2 + abs_d(x) * x) / (p.v2 + x * x);
    const double hs = p.nn - c.mu * p.nt * omega;
    if (!(hs > 0.0)) {
      if (report) {
        report->solutions = static_cast<std::uint8_t>(n);
        report->iterations = its;
      }
      return invalid_outcome(Status::not_converged);
    }
    const double I_n = k / hs, I_t = -c.mu * I_n * omega;
    const double v_t2 = vt + p.nt * I_n + p.tt * I_t;
    const std::uint8_t type = v_t2 >= 0.0 ? 2 : 3;
    const PlanarOutcome o = finish_outcome(c, type, I_n, sg * I_t, c.e * w, sg * v_t2);
    if (o.status == Status::ok) set_report(report, type, static_cast<std::uint8_t>(n), its);
    return o;
  }
};

}  // namespace collsweep

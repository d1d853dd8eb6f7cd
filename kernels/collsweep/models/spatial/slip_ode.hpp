// Slip with swerve: the spatial Routh equations integrated in a desingularised time, with event location.
//
// While slipping (Elkaranshawy 2002, eq. 15): dI_t/dp = -mu sigma, dv_n/dp = a - mu c^T sigma,
// dv_t/dp = c - mu b sigma, sigma = v_t/|v_t|, dW_n/dp = v_n, dW_t/dp = -mu |v_t|. The direction field is
// singular where the slip halts (|v_t| -> 0). With tau defined by dp = |v_t| dtau the system becomes smooth
// and homogeneous in v_t:
//   dv_t/dtau = |v_t| c - mu b v_t,   dp/dtau = |v_t|,   dI_t/dtau = -mu v_t,
//   dv_n/dtau = a |v_t| - mu c^T v_t, dW_n/dtau = v_n |v_t|, dW_t/dtau = -mu |v_t|^2,
// and a halt lies at tau = infinity, approached exponentially (|v_t| ~ exp(lambda_I tau), lambda_I < 0 the
// rate of the attracting invariant direction). Integration: DOP853 steps with error control (scales from
// the path: |v1| for v_n, |v_t| but at least vt_floor times its peak for v_t, |v1|/a for impulses). A jam
// (dv_n/dp <= 0) is tested on the arc of directions each step sweeps. Events (end of compression,
// termination) are located by re-stepping from the accepted step's start (Newton on the step length from the
// root of the step's cubic Hermite interpolant). Once the
// direction is close enough to an attracting invariant direction with lambda < 0, the rest of the slip to
// its halt is summed in closed form by the halt series (halt_series.hpp) unless an event lies in it; a slip
// that still reaches |v_t| below halt_rel times its peak is finished as a constant-rate phase along the
// limit direction (its contributions are of that relative size).
#pragma once

#include "collsweep/models/spatial/dop853.hpp"
#include "collsweep/models/spatial/halt_series.hpp"
#include "collsweep/models/spatial/invariant_directions.hpp"
#include "collsweep/models/spatial/routh_path.hpp"

namespace collsweep {

// Integration settings of the spatial incremental laws (the defaults reach 1e-10 relative accuracy).
struct SpatialOptions {
  double tol = 1e-13;        // DOP853 tolerance relative to the path's scales
  double halt_rel = 1e-13;   // |v_t| / peak |v_t| at which the halt is finished analytically
  double halt_early = 1e-2;  // below this |v_t| / peak, finished once |v_t| x (angle to the attracting
                             // invariant direction) / peak < halt_rel (1.6x fewer steps, same accuracy)
  double vt_floor = 1e-2;    // error scale of v_t: tol * (|v_t| + vt_floor * peak |v_t|)
  bool halt_series = true;   // finish a converging slip by the halt series (halt_series.hpp)
  int max_steps = 50000;     // accepted + rejected steps of one slip phase; beyond: numerical_failure
                             // (a slow halt with mu just above mu_c, lambda -> 0, can take ~3e4 steps)
};

namespace spatial {

struct SlipRhs {
  Delassus3 W;
  double mu;
  COLLSWEEP_HD_INLINE void operator()(const double* y, double* f) const {
    const double v1 = y[kV1], v2 = y[kV2];
    const double s = ::sqrt(v1 * v1 + v2 * v2);
    f[kVn] = W.a * s - mu * (W.c1 * v1 + W.c2 * v2);
    f[kV1] = W.c1 * s - mu * (W.b11 * v1 + W.b12 * v2);
    f[kV2] = W.c2 * s - mu * (W.b12 * v1 + W.b22 * v2);
    f[kP] = s;
    f[kI1] = -mu * v1;
    f[kI2] = -mu * v2;
    f[kWn] = y[kVn] * s;
    f[kWt] = -mu * s * s;
  }
};

// How a slip phase ended.
enum class SlipEnd : std::uint8_t { done, halted, failed };

struct SlipResult {
  SlipEnd end = SlipEnd::failed;
  double h1 = 0.0, h2 = 0.0;  // halt direction: the attracting invariant direction reached
};

// Re-steps from (y, k) to the point of the step where y[idx] = target (y[idx] - target < 0 at the start,
// >= 0 at the step's end y1 with derivative k1); writes that state into yo (with y[idx] = target exactly)
// and its derivative into ko. The first guess is the root of the cubic Hermite interpolant of y[idx] on the
// step; each Newton iteration re-steps to the guess (the event component's tau-derivative as slope).
COLLSWEEP_HD_INLINE void locate_event(const SlipRhs& f, const double* y, const double* k, const double* y1,
                                      const double* k1, double h_hi, int idx, double target, double scale,
                                      double tol, const double* base, double* yo, double* ko) {
  constexpr double kEps = 2.220446049250313e-16;
  const double g0 = y[idx] - target, g1 = y1[idx] - target;
  double h = h_hi;
  {  // Hermite cubic in x = h/h_hi: H(x) = g0 H00 + d0 H10 + g1 H01 + d1 H11, a bracketed Newton on it
    const double d0 = h_hi * k[idx], d1 = h_hi * k1[idx];
    double lo = 0.0, hi = 1.0, x = g1 > g0 ? -g0 / (g1 - g0) : 0.5;
    for (int it = 0; it < 40; ++it) {
      const double x2 = x * x, x3 = x2 * x;
      const double H = g0 * (2.0 * x3 - 3.0 * x2 + 1.0) + d0 * (x3 - 2.0 * x2 + x) +
                       g1 * (-2.0 * x3 + 3.0 * x2) + d1 * (x3 - x2);
      const double dH = g0 * (6.0 * x2 - 6.0 * x) + d0 * (3.0 * x2 - 4.0 * x + 1.0) +
                        g1 * (6.0 * x - 6.0 * x2) + d1 * (3.0 * x2 - 2.0 * x);
      if (H >= 0.0)
        hi = x;
      else
        lo = x;
      double xn = dH > 0.0 ? x - H / dH : 0.5 * (lo + hi);
      if (!(xn > lo && xn < hi)) xn = 0.5 * (lo + hi);
      if (abs_d(xn - x) <= 1e-12) {
        x = xn;
        break;
      }
      x = xn;
    }
    if (x > 0.0 && x < 1.0) h = h_hi * x;
  }
  double lo = 0.0, hi = h_hi;
  double yt[kN], kt[kN];
  for (int j = 0; j < kN; ++j) {
    yt[j] = y1[j];
    kt[j] = k1[j];
  }
  for (int it = 0; it < 80; ++it) {
    dop853_step<kN>(f, y, k, h, tol, base, yt, kt);
    const double g = yt[idx] - target;
    if (g >= 0.0)
      hi = h;
    else
      lo = h;
    if (abs_d(g) <= 4.0 * kEps * scale) break;
    double hn = kt[idx] > 0.0 ? h - g / kt[idx] : 0.5 * (lo + hi);
    if (!(hn > lo && hn < hi)) hn = 0.5 * (lo + hi);
    if (hn == h || hi - lo <= 4.0 * kEps * hi) break;
    h = hn;
  }
  for (int j = 0; j < kN; ++j) {
    yo[j] = yt[j];
    ko[j] = kt[j];
  }
  yo[idx] = target;
}

// dv_n/dp while slipping with velocity (v1, v2), |v| = s > 0.
COLLSWEEP_HD_INLINE double slide_normal_rate(const Delassus3& W, double mu, double v1, double v2, double s) {
  return W.a - mu * (W.c1 * v1 + W.c2 * v2) / s;
}

// Jam on a step: dv_n/dp = a - mu c^T sigma <= 0 somewhere on the short arc of slip directions from v to w.
// The direction turns monotonically between invariant directions (dtheta/dp = G/|v_t| keeps its sign), so
// the step sweeps exactly that arc; c^T sigma is largest on it at c/|c| if the arc contains it, else at
// an end. This makes the jam test independent of where the steps fall.
COLLSWEEP_HD_INLINE bool jams_on_arc(const Delassus3& W, double mu, const double* v, const double* w) {
  const double sv = ::sqrt(v[kV1] * v[kV1] + v[kV2] * v[kV2]), sw = ::sqrt(w[kV1] * w[kV1] + w[kV2] * w[kV2]);
  if (!(slide_normal_rate(W, mu, w[kV1], w[kV2], sw) > 0.0)) return true;
  const double cn = ::sqrt(W.c1 * W.c1 + W.c2 * W.c2);
  if (!(mu * cn >= W.a)) return false;  // a - mu |c| > 0: no direction jams
  const double a1 = v[kV1] / sv, a2 = v[kV2] / sv, b1 = w[kV1] / sw, b2 = w[kV2] / sw;
  const double x1 = W.c1 / cn, x2 = W.c2 / cn;
  const double ab = a1 * b2 - a2 * b1, ax = a1 * x2 - a2 * x1, xb = x1 * b2 - x2 * b1;
  const bool between = ab >= 0.0 ? (ax >= 0.0 && xb >= 0.0) : (ax <= 0.0 && xb <= 0.0);
  return between && x1 * (a1 + b1) + x2 * (a2 + b2) > 0.0;
}

// Finishes the slip by the halt series (halt_series.hpp) when the direction is within their convergence of
// an attracting invariant direction and neither the end of compression nor the law's termination lies in
// the rest (v_n, and W_n once compressed, grow monotonically along it, so comparing their values at the
// halt decides). Returns true when it finished (the state is then at the halt, v_t = 0) or found a jam on
// the arc to the halt direction (r->status set).
COLLSWEEP_HD_INLINE bool finish_by_halt_series(RouthRun* r, const Delassus3& W, double mu,
                                               const InvariantDirections& dirs, HaltSeries* hs,
                                               const double* checked, SlipResult* res) {
  double* y = r->y;
  const double s = ::sqrt(y[kV1] * y[kV1] + y[kV2] * y[kV2]);
  if (!(s > 0.0)) return false;
  const double u1 = y[kV1] / s, u2 = y[kV2] / s;
  int best = -1;
  double delta = 0.0, nearest = 0.75;  // radians: farther, the series are not tried
  for (int i = 0; i < dirs.count; ++i) {
    if (!(dirs.lambda[i] < 0.0)) continue;
    const double d = ::atan2(dirs.s1[i] * u2 - dirs.s2[i] * u1, dirs.s1[i] * u1 + dirs.s2[i] * u2);
    if (abs_d(d) < nearest) {
      nearest = abs_d(d);
      delta = d;
      best = i;
    }
  }
  if (best < 0) return false;
  if (hs->index != best) build_halt_series(W, mu, dirs, best, hs);
  double p_rest, wt_rest;
  if (!halt_rest(*hs, mu, s, delta, &p_rest, &wt_rest)) return false;
  // The halt: v_t + c p_rest + b I_rest = 0, and the rest's work from the work-energy identity.
  const double x1 = -(y[kV1] + W.c1 * p_rest), x2 = -(y[kV2] + W.c2 * p_rest), db = det_b(W);
  const double i1 = (W.b22 * x1 - W.b12 * x2) / db, i2 = (W.b11 * x2 - W.b12 * x1) / db;
  const double dvn = W.a * p_rest + W.c1 * i1 + W.c2 * i2;
  const double dv1 = W.c1 * p_rest + W.b11 * i1 + W.b12 * i2, dv2 = W.c2 * p_rest + W.b12 * i1 + W.b22 * i2;
  const double work =
      p_rest * y[kVn] + i1 * y[kV1] + i2 * y[kV2] + 0.5 * (p_rest * dvn + i1 * dv1 + i2 * dv2);
  const double wn_rest = work - wt_rest, vn_end = y[kVn] + dvn;
  if (!r->compressed) {
    if (!(vn_end < 0.0)) return false;
  } else {
    const double target = termination_target(*r);
    const double reached = r->law == SpatialLaw::poisson3d  ? y[kP] + p_rest
                           : r->law == SpatialLaw::newton3d ? vn_end
                                                            : y[kWn] + wn_rest;
    if (!(reached < target)) return false;
  }
  double limit[kN] = {};
  limit[kV1] = dirs.s1[best];
  limit[kV2] = dirs.s2[best];
  if (jams_on_arc(W, mu, checked, limit)) {
    r->status = Status::jam;
    return true;
  }
  y[kVn] = vn_end;
  y[kV1] = y[kV2] = 0.0;
  y[kP] += p_rest;
  y[kI1] += i1;
  y[kI2] += i2;
  y[kWn] += wn_rest;
  y[kWt] += wt_rest;
  res->h1 = dirs.s1[best];
  res->h2 = dirs.s2[best];
  res->end = SlipEnd::halted;
  return true;
}

// Integrates slip from r's state (|v_t| > 0, not on an invariant direction) until the impact ends or the
// slip halts (the state is then at the halt, v_t = 0 exactly). Sets r->status on jam or failure.
COLLSWEEP_HD_INLINE SlipResult integrate_slip(RouthRun* r, const Delassus3& W, double mu,
                                              const InvariantDirections& dirs, const SpatialOptions& opt) {
  SlipResult res;
  const SlipRhs f{W, mu};
  double* y = r->y;
  const double s0 = ::sqrt(y[kV1] * y[kV1] + y[kV2] * y[kV2]);
  const double V = ::sqrt(y[kVn] * y[kVn] + s0 * s0);
  const double P = V / W.a;
  double base[kN] = {V, opt.vt_floor * s0, opt.vt_floor * s0, P, mu * P, mu * P, V * P, mu * V * P};
  double s_peak = s0;
  if (!(slide_normal_rate(W, mu, y[kV1], y[kV2], s0) > 0.0)) {
    r->status = Status::jam;
    return res;
  }
  double h = 0.05 / (::sqrt(W.c1 * W.c1 + W.c2 * W.c2) + mu * (W.b11 + W.b22));
  double k[kN], y1[kN], k1[kN];
  double checked[kN] = {};  // v_t of the last direction tested for jam
  checked[kV1] = y[kV1];
  checked[kV2] = y[kV2];
  f(y, k);
  HaltSeries hs;
  bool fresh = true;  // the state changed since the halt series were last tried
  for (int steps = 0; steps < opt.max_steps; ++steps) {
    if (fresh && opt.halt_series && finish_by_halt_series(r, W, mu, dirs, &hs, checked, &res)) return res;
    fresh = false;
    const double err = dop853_step<kN>(f, y, k, h, opt.tol, base, y1, k1);
    if (!(err <= 1.0)) {
      if (!is_finite_d(err)) break;
      h *= max_d(0.2, 0.9 / ::sqrt(::sqrt(::sqrt(err))));
      continue;
    }
    if (!r->compressed && y1[kVn] >= 0.0) {  // end of compression inside the step
      locate_event(f, y, k, y1, k1, h, kVn, 0.0, V, opt.tol, base, y1, k1);
      if (jams_on_arc(W, mu, checked, y1)) {
        r->status = Status::jam;
        return res;
      }
      for (int j = 0; j < kN; ++j) {
        y[j] = y1[j];
        k[j] = k1[j];
      }
      mark_compression_end(r);
      fresh = true;
      if (r->e == 0.0) {
        r->done = true;
        res.end = SlipEnd::done;
        return res;
      }
      continue;
    }
    if (r->compressed) {
      const int idx = termination_index(*r);
      const double target = termination_target(*r);
      if (y1[idx] >= target) {
        const double scale = idx == kP ? y1[kP] : idx == kVn ? V : abs_d(r->W_nc);
        locate_event(f, y, k, y1, k1, h, idx, target, scale, opt.tol, base, y1, k1);
        if (jams_on_arc(W, mu, checked, y1)) {
          r->status = Status::jam;
          return res;
        }
        for (int j = 0; j < kN; ++j) y[j] = y1[j];
        r->done = true;
        res.end = SlipEnd::done;
        return res;
      }
    }
    // Jam test on the step's arc while the direction is accurate (|v_t| >= 1e-6 peak: direction error
    // below ~1e-9); closer to the halt the arc from the last tested direction to the limit is tested below.
    const double s1 = ::sqrt(y1[kV1] * y1[kV1] + y1[kV2] * y1[kV2]);
    if (s1 >= 1e-6 * s_peak) {
      if (jams_on_arc(W, mu, checked, y1)) {
        r->status = Status::jam;
        return res;
      }
      checked[kV1] = y1[kV1];
      checked[kV2] = y1[kV2];
    }
    for (int j = 0; j < kN; ++j) {
      y[j] = y1[j];
      k[j] = k1[j];
    }
    fresh = true;
    if (s1 > s_peak) {
      s_peak = s1;
      base[kV1] = base[kV2] = opt.vt_floor * s1;
    }
    // Near a halt the slip direction converges to an attracting invariant direction (lambda < 0) and the
    // rest of the slip runs along it with constant rates (Elkaranshawy 2002, Sect. 7-8). The rest is taken
    // in closed form once its error is negligible: when |v_t| < halt_rel peak |v_t| (whatever the
    // direction), or, below halt_early peak |v_t|, when |v_t| times the angle to that direction is (the
    // rest's impulse is |v_t| / |lambda|, its direction error that angle).
    bool near_halt = s1 < opt.halt_rel * s_peak;
    int best = -1;
    if (s1 < opt.halt_early * s_peak) {
      const double u1 = y[kV1] / s1, u2 = y[kV2] / s1;
      double best_dot = -2.0;
      for (int i = 0; i < dirs.count; ++i) {
        const double dot = u1 * dirs.s1[i] + u2 * dirs.s2[i];
        if (dirs.lambda[i] < 0.0 && dot > best_dot) {
          best_dot = dot;
          best = i;
        }
      }
      if (best >= 0 && !near_halt) {
        const double angle = abs_d(u1 * dirs.s2[best] - u2 * dirs.s1[best]);
        near_halt = best_dot > 0.0 && s1 * angle < opt.halt_rel * s_peak;
      }
    }
    if (near_halt) {
      if (best < 0) break;  // (no attracting direction: cannot happen with s1 > 0 shrinking)
      res.h1 = dirs.s1[best];
      res.h2 = dirs.s2[best];
      double limit[kN] = {};
      limit[kV1] = res.h1;
      limit[kV2] = res.h2;
      if (jams_on_arc(W, mu, checked, limit)) {
        r->status = Status::jam;
        return res;
      }
      const double L = s1 / -dirs.lambda[best];
      LinearRates q;  // the rest along the limit direction (error below halt_rel relative, see above)
      q.k = W.a - mu * (W.c1 * res.h1 + W.c2 * res.h2);
      q.g1 = -mu * res.h1;
      q.g2 = -mu * res.h2;
      q.d1 = -y[kV1] / L;
      q.d2 = -y[kV2] / L;
      if (run_linear(r, q, true, L)) {
        res.end = SlipEnd::done;
        return res;
      }
      if (r->status != Status::ok) return res;
      y[kV1] = y[kV2] = 0.0;
      res.end = SlipEnd::halted;
      return res;
    }
    h *= err > 0.0 ? min_d(5.0, max_d(0.2, 0.9 / ::sqrt(::sqrt(::sqrt(err))))) : 5.0;
  }
  r->status = Status::numerical_failure;
  res.end = SlipEnd::failed;
  return res;
}

}  // namespace spatial
}  // namespace collsweep

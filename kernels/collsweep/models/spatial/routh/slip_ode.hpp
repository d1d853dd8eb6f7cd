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
// termination) are located by re-stepping from the accepted step's start (Newton on the step length from
// the root of the step's cubic Hermite interpolant). Once the direction is within the convergence of the
// power series about an attracting invariant direction (slip_series.hpp), the rest of the slip follows in
// closed form (follow_slip_series): events located on the series path, the halt summed. A slip that still
// reaches |v_t| below halt_rel times its peak (or, below halt_early of it, |v_t| times the angle to the
// attracting direction) is finished as a constant-rate phase along the limit direction (its contributions
// are of that relative size); so is a slip that creeps, nearly halted, along an attracting direction with a
// rate lambda >= 0 near zero (mu just below mu_c: creeps_on_direction), and one whose direction the series
// find on the invariant direction to its rounding.
#pragma once

#include "collsweep/models/spatial/routh/dop853.hpp"
#include "collsweep/models/spatial/routh/invariant_directions.hpp"
#include "collsweep/models/spatial/routh/routh_path.hpp"
#include "collsweep/models/spatial/routh/slip_series.hpp"

namespace collsweep {

// Integration settings of the spatial incremental laws (the defaults reach 1e-10 relative accuracy).
struct SpatialOptions {
  double tol = 1e-13;        // DOP853 tolerance relative to the path's scales
  double halt_rel = 1e-13;   // |v_t| / peak |v_t| at which the halt is finished analytically
  double halt_early = 1e-2;  // below this |v_t| / peak, finished once |v_t| x (angle to the attracting
                             // invariant direction) / peak < halt_rel (1.6x fewer steps, same accuracy)
  double vt_floor = 1e-2;    // error scale of v_t: tol * (|v_t| + vt_floor * peak |v_t|)
  bool slip_series = true;   // follow the slip near an attracting invariant direction by its series
                             // (slip_series.hpp) instead of integrating it
  int max_steps = 50000;     // accepted + rejected steps of one slip phase; beyond: numerical_failure
                             // (a slow halt with mu just above mu_c, lambda -> 0, can take ~3e4 steps)
};

namespace spatial {

// The right-hand side in tau, written once for any lane type R (one sample: R = double; SIMD lanes of
// independent samples on the CPU, each with its own W and mu).
template <class R>
struct SlipRhsOf {
  R a, c1, c2, b11, b12, b22, mu;
  COLLSWEEP_HD_INLINE void operator()(const R* y, R* f) const {
    const R v1 = y[kV1], v2 = y[kV2];
    const R s = LaneOps<R>::sqrt(v1 * v1 + v2 * v2);
    f[kVn] = a * s - mu * (c1 * v1 + c2 * v2);
    f[kV1] = c1 * s - mu * (b11 * v1 + b12 * v2);
    f[kV2] = c2 * s - mu * (b12 * v1 + b22 * v2);
    f[kP] = s;
    f[kI1] = -mu * v1;
    f[kI2] = -mu * v2;
    f[kWn] = y[kVn] * s;
    f[kWt] = -mu * s * s;
  }
};
using SlipRhs = SlipRhsOf<double>;

COLLSWEEP_HD_INLINE SlipRhs slip_rhs(const Delassus3& W, double mu) {
  return SlipRhs{W.a, W.c1, W.c2, W.b11, W.b12, W.b22, mu};
}

// How a slip phase ended.
enum class SlipEnd : std::uint8_t { done, halted, failed };

struct SlipResult {
  SlipEnd end = SlipEnd::failed;
  double h1 = 0.0, h2 = 0.0;  // halt direction: the attracting invariant direction reached
};

// An event's location inside an accepted step from (y, k): y[idx] - target < 0 at the start, >= 0 at the
// step's end y1 (derivative k1). The first guess is the root of the cubic Hermite interpolant of y[idx] on
// the step; each Newton iteration re-steps from (y, k) to the guess h (the event component's tau-derivative
// as slope), the last one, once the correction is below kLinear of the re-step, as a first-order Taylor step
// instead. The search is resumable (event_search_start, then a re-step to h and event_after_restep until it
// says located), so that the CPU's SIMD lanes take the re-steps of several samples at once (integrate_slip
// runs them in a loop for one sample).
struct EventSearch {
  bool active = false;
  int idx = 0;
  double target = 0.0, scale = 0.0;
  double lo = 0.0, hi = 0.0, h = 0.0;  // the bracket in tau and the next re-step
  int restep = 0;                      // re-steps so far (at most kMaxResteps)
};

inline constexpr int kMaxResteps = 80;

COLLSWEEP_HD_INLINE void event_search_start(const double* y, const double* k, const double* y1,
                                            const double* k1, double h_hi, int idx, double target,
                                            double scale, EventSearch* es) {
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
  es->active = true;
  es->idx = idx;
  es->target = target;
  es->scale = scale;
  es->lo = 0.0;
  es->hi = h_hi;
  es->h = h;
  es->restep = 0;
}

// After the re-step to es->h gave (yt, kt): true when the event is located (yt, kt then hold its state,
// yt[idx] = target exactly, and the search is no longer active), else es->h is the next re-step.
COLLSWEEP_HD_INLINE bool event_after_restep(const SlipRhs& f, EventSearch* es, double* yt, double* kt) {
  constexpr double kEps = 2.220446049250313e-16;
  // A Newton correction dtau below kLinear of the re-step's length h is taken as the first-order Taylor
  // step y + f dtau instead of another re-step: its error y'' dtau^2 / 2 is ~kLinear^2 of the state's
  // change over the re-step (h^2 |y''|), far below the step's own error.
  constexpr double kLinear = 1e-7;
  const int idx = es->idx;
  const double h = es->h;
  const double g = yt[idx] - es->target;
  if (g >= 0.0)
    es->hi = h;
  else
    es->lo = h;
  bool located = abs_d(g) <= 4.0 * kEps * es->scale;
  if (!located) {
    const double lo = es->lo, hi = es->hi;
    double hn = kt[idx] > 0.0 ? h - g / kt[idx] : 0.5 * (lo + hi);
    if (!(hn > lo && hn < hi)) hn = 0.5 * (lo + hi);
    if (hn == h || hi - lo <= 4.0 * kEps * hi) {
      located = true;
    } else if (abs_d(hn - h) <= kLinear * h) {  // the last Newton correction as a first-order step
      for (int j = 0; j < kN; ++j) yt[j] += kt[j] * (hn - h);
      f(yt, kt);
      located = true;
    } else {
      es->h = hn;
      located = ++es->restep >= kMaxResteps;
    }
  }
  if (located) {
    yt[idx] = es->target;
    es->active = false;
  }
  return located;
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

// Jam on the arc of slip directions from checked's to the unit direction (d1, d2) on which the rest of the
// slip is to run (jams_on_arc with that direction as the arc's end).
COLLSWEEP_HD_INLINE bool jams_before_direction(const Delassus3& W, double mu, const double* checked,
                                               double d1, double d2) {
  double limit[kN] = {};
  limit[kV1] = d1;
  limit[kV2] = d2;
  return jams_on_arc(W, mu, checked, limit);
}

// How following the slip series ended.
enum class SeriesEnd : std::uint8_t { none, moved, done, halted, jam };

// The state where the series path from y (its start a) has run to w (halt: to its end), into yn; the
// formulas are slip_series.hpp's. (d1, d2) is the invariant direction.
COLLSWEEP_HD_INLINE void series_state(const Delassus3& W, double mu, const SlipSeries& ss, double d1,
                                      double d2, const double* y, const SlipSeriesStart& a, bool halt,
                                      double w, double* yn) {
  const SlipSeriesStep st = slip_series_step(ss, mu, a, halt, w);
  double sn = 0.0, cs = 1.0;
  if (!halt) detmath::sincos(st.delta2, &sn, &cs);
  const double r1 = -d2, r2 = d1;                                           // R sigma*
  const double A1 = st.ac * d1 + st.as * r1, A2 = st.ac * d2 + st.as * r2;  // int sigma dp
  // int (p - p_start) sigma dp = s Phi(delta) A - int s^2 Phi sigma dtau
  const double phi_s = a.s * a.phi;
  const double B1 = phi_s * A1 - (st.bc * d1 + st.bs * r1), B2 = phi_s * A2 - (st.bc * d2 + st.bs * r2);
  const double i1 = -mu * A1, i2 = -mu * A2;
  yn[kVn] = y[kVn] + (W.a * st.dp + W.c1 * i1 + W.c2 * i2);
  yn[kV1] = st.s2 * (cs * d1 + sn * r1);
  yn[kV2] = st.s2 * (cs * d2 + sn * r2);
  yn[kP] = y[kP] + st.dp;
  yn[kI1] = y[kI1] + i1;
  yn[kI2] = y[kI2] + i2;
  yn[kWn] = y[kWn] + st.dp * (y[kVn] + 0.5 * W.a * st.dp) -
            mu * (W.c1 * (st.dp * A1 - B1) + W.c2 * (st.dp * A2 - B2));
  yn[kWt] = y[kWt] + st.dwt;
}

// d(y[idx])/dw along the series path at state yn (angle delta2, speed |v_t| > 0): dp/dw = -s delta2 / G
// (dtau = dtheta / G, dp = s dtau, dtheta = -delta2 dw), times dy/dp (1 for p, v_n for W_n, dv_n/dp).
COLLSWEEP_HD_INLINE double series_event_slope(const Delassus3& W, double mu, int idx, const double* yn,
                                              double delta2) {
  const double s2 = ::sqrt(yn[kV1] * yn[kV1] + yn[kV2] * yn[kV2]);
  const double dpdw = -s2 * delta2 / swerve_rate(W, mu, yn[kV1] / s2, yn[kV2] / s2);
  if (idx == kP) return dpdw;
  if (idx == kWn) return yn[kVn] * dpdw;
  return slide_normal_rate(W, mu, yn[kV1], yn[kV2], s2) * dpdw;
}

// The rest of the slip run on the invariant direction (d1, d2) at its constant rates (Elkaranshawy 2002,
// Sect. 8), from y's speed: to the halt at p + s/|lambda| when lambda < 0, else unbounded.
COLLSWEEP_HD_INLINE SeriesEnd run_on_direction(RouthRun* r, const Delassus3& W, double mu, double d1,
                                               double d2, double lambda, SlipResult* res) {
  double* y = r->y;
  const double s = ::sqrt(y[kV1] * y[kV1] + y[kV2] * y[kV2]);
  y[kV1] = s * d1;
  y[kV2] = s * d2;
  const bool halts = lambda < 0.0;
  if (run_linear(r, slide_rates(W, mu, d1, d2, lambda), halts, halts ? s / -lambda : 0.0)) {
    res->end = SlipEnd::done;
    return SeriesEnd::done;
  }
  if (r->status != Status::ok) return SeriesEnd::jam;
  y[kV1] = y[kV2] = 0.0;
  res->h1 = d1;
  res->h2 = d2;
  res->end = SlipEnd::halted;
  return SeriesEnd::halted;
}

// Follows the slip on the series of the attracting invariant direction nearest to the current direction
// (slip_series.hpp) when they converge there: to the end of compression and the law's termination located
// on the series path (in w = -ln(delta'/delta), along which the event components grow monotonically), or
// to the halt when none of them lies before it. All of this holds while dv_n/dp > 0 on the arc of
// directions passed (v_n, and W_n once compressed, then grow monotonically): where the arc meets
// dv_n/dp <= 0 the integrator takes over and decides between a jam and an earlier event. An event is taken
// from the series only where the path's normal impulse is at least 1/kMaxCancel of the invariant s Phi it is
// the difference of (at most that factor lost to cancellation); nearer events are left to the integrator.
// Returns none when the series do not apply, moved when the state advanced to the end of compression and the
// rest is left to the integrator, done, halted or jam.
COLLSWEEP_HD_INLINE SeriesEnd follow_slip_series(RouthRun* r, const Delassus3& W, double mu,
                                                 const InvariantDirections& dirs, double V, SlipSeries* ss,
                                                 double* checked, SlipResult* res) {
  constexpr double kEps = 2.220446049250313e-16, kOnDirection = 1e-13, kMaxCancel = 16.0;
  constexpr double kNearest = 0.7316888688738209;  // cos 0.75: directions farther than 0.75 rad are not tried
  double* y = r->y;
  double s = ::sqrt(y[kV1] * y[kV1] + y[kV2] * y[kV2]);
  if (!(s > 0.0)) return SeriesEnd::none;
  const double u1 = y[kV1] / s, u2 = y[kV2] / s;
  int best = -1;
  double best_cos = kNearest, best_sin = 0.0;
  for (int i = 0; i < dirs.count; ++i) {
    const double c = dirs.s1[i] * u1 + dirs.s2[i] * u2;
    if (c > best_cos && swerve_slope(W, mu, dirs.s1[i], dirs.s2[i]) < 0.0) {
      best_cos = c;
      best_sin = dirs.s1[i] * u2 - dirs.s2[i] * u1;
      best = i;
    }
  }
  if (best < 0 || best_sin == 0.0) return SeriesEnd::none;
  if (ss->index != best) start_slip_series(W, mu, dirs, best, ss);
  const double far = abs_d(best_sin);  // grows with |delta| (< 0.75 rad)
  if (!ss->usable || !(far < ss->too_far)) return SeriesEnd::none;
  double delta = 0.0;
  bool converged = phi_converged(*ss, best_sin);  // |sin delta| <= |delta|: a necessary test first
  if (converged) {
    delta = detmath::atan2(best_sin, best_cos);
    converged = phi_converged(*ss, delta);
  }
  if (converged && !ss->complete) complete_slip_series(W, mu, dirs, ss);
  if (!converged || !ss->usable || !slip_series_converged(*ss, delta, false)) {
    ss->too_far = far;
    return SeriesEnd::none;
  }
  const double d1 = dirs.s1[best], d2 = dirs.s2[best];
  const bool halts = ss->alpha > 0.0;  // lambda < 0
  bool moved = false;
  double yn[kN];
  for (int phase = 0; phase < 2; ++phase) {
    const int idx = r->compressed ? termination_index(*r) : kVn;
    const double target = r->compressed ? termination_target(*r) : 0.0;
    const double scale = idx == kP ? abs_d(target) : idx == kVn ? V : abs_d(r->W_nc);
    const double e0 = y[idx] - target;
    if (!(e0 < 0.0)) break;
    const SlipSeriesStart a = slip_series_start(*ss, s, delta);
    if (halts) {
      series_state(W, mu, *ss, d1, d2, y, a, true, 0.0, yn);
      if (yn[idx] - target < 0.0) {  // no event before the halt
        if (jams_before_direction(W, mu, checked, d1, d2)) return moved ? SeriesEnd::moved : SeriesEnd::none;
        for (int j = 0; j < kN; ++j) y[j] = yn[j];
        res->h1 = d1;
        res->h2 = d2;
        res->end = SlipEnd::halted;
        return SeriesEnd::halted;
      }
    }
    if (!slip_series_converged(*ss, delta, true)) break;
    // The event must lie beyond the cancellation limit: a first Newton step from w = 0 predicts it.
    const double p_min = abs_d(s * a.phi) / kMaxCancel;
    const double slope0 = series_event_slope(W, mu, idx, y, delta);
    if (!(slope0 > 0.0)) break;
    // Below kOnDirection radians from the direction (the direction's own rounding) the rest runs on it at
    // constant rates.
    const double w_cap = detmath::log(abs_d(delta) / kOnDirection);
    if (!(w_cap > 0.0)) {  // already on the direction to its rounding: no series path before it
      if (jams_before_direction(W, mu, checked, d1, d2)) return moved ? SeriesEnd::moved : SeriesEnd::none;
      return run_on_direction(r, W, mu, d1, d2, dirs.lambda[best], res);
    }
    double lo = 0.0, hi = -e0 / slope0;
    if (!(hi < w_cap)) hi = w_cap;
    // Bracket: the event lies where y[idx] reaches target, before w_cap or on the direction after it.
    for (;;) {
      series_state(W, mu, *ss, d1, d2, y, a, false, hi, yn);
      if (yn[idx] - target >= 0.0) break;
      if (hi >= w_cap) {
        if (!(yn[kP] - y[kP] >= p_min)) return moved ? SeriesEnd::moved : SeriesEnd::none;
        if (jams_before_direction(W, mu, checked, d1, d2)) return moved ? SeriesEnd::moved : SeriesEnd::none;
        for (int j = 0; j < kN; ++j) y[j] = yn[j];
        return run_on_direction(r, W, mu, d1, d2, dirs.lambda[best], res);
      }
      lo = hi;
      hi = min_d(2.0 * hi + 1e-3, w_cap);
    }
    if (lo == 0.0 && !(yn[kP] - y[kP] >= p_min)) {  // probe the cancellation limit's side first
      // (the event lies at or before hi; when even hi is too near, no point locating it)
      return moved ? SeriesEnd::moved : SeriesEnd::none;
    }
    // Safeguarded Newton from the bracket's end at hi (its state is in yn).
    double w = hi;
    for (int it = 0; it < 60; ++it) {
      const double e = yn[idx] - target;
      if (e >= 0.0)
        hi = w;
      else
        lo = w;
      if (abs_d(e) <= 4.0 * kEps * scale || hi - lo <= 16.0 * kEps * hi) break;
      const double slope = series_event_slope(W, mu, idx, yn, delta * detmath::exp(-w));
      double wn = slope > 0.0 ? w - e / slope : 0.5 * (lo + hi);
      if (!(wn > lo && wn < hi)) wn = 0.5 * (lo + hi);
      w = wn;
      series_state(W, mu, *ss, d1, d2, y, a, false, w, yn);
    }
    if (!(yn[kP] - y[kP] >= p_min)) return moved ? SeriesEnd::moved : SeriesEnd::none;
    if (jams_on_arc(W, mu, checked, yn)) return moved ? SeriesEnd::moved : SeriesEnd::none;
    for (int j = 0; j < kN; ++j) y[j] = yn[j];
    y[idx] = target;
    checked[kV1] = y[kV1];
    checked[kV2] = y[kV2];
    if (r->compressed) {
      r->done = true;
      res->end = SlipEnd::done;
      return SeriesEnd::done;
    }
    mark_compression_end(r);
    moved = true;
    if (r->e == 0.0) {
      r->done = true;
      res->end = SlipEnd::done;
      return SeriesEnd::done;
    }
    s = ::sqrt(y[kV1] * y[kV1] + y[kV2] * y[kV2]);
    delta = delta * detmath::exp(-w);
  }
  return moved ? SeriesEnd::moved : SeriesEnd::none;
}

// A slip that nearly halted and now creeps along an attracting invariant direction (G' < 0) whose rate
// lambda >= 0 is about zero (mu just below mu_c, Elkaranshawy 2002 Sect. 7): the slip grows as exp(lambda
// tau), so the integrator would crawl on for thousands of steps (their length bound by the direction's
// attraction, not by the path), and the series' increments along it cancel (p + s Phi stays constant while
// Phi(0) = -1/lambda is huge). Once the speed s is below halt_early times its peak and its component across
// the direction, s |sin delta|, below halt_rel of the peak (times the attraction |G'| where that is below 1:
// the component decays at that rate, so the neglected impulse is about s |sin delta| / |G'|), the rest runs
// on the direction at constant rates (run_on_direction): what is neglected is of the size of the halt's bound
// (halt_rel relative). True when the slip phase ended so (res->end done; r->status on a jam).
COLLSWEEP_HD_INLINE bool creeps_on_direction(RouthRun* r, const Delassus3& W, double mu,
                                             const InvariantDirections& dirs, const SpatialOptions& opt,
                                             double s_peak, double s, const double* checked,
                                             SlipResult* res) {
  const double u1 = r->y[kV1] / s, u2 = r->y[kV2] / s;
  for (int i = 0; i < dirs.count; ++i) {
    const double d1 = dirs.s1[i], d2 = dirs.s2[i];
    const double attraction = -swerve_slope(W, mu, d1, d2);
    if (!(dirs.lambda[i] >= 0.0) || !(attraction > 0.0) || !(u1 * d1 + u2 * d2 > 0.0)) continue;
    if (!(s * abs_d(u1 * d2 - u2 * d1) < opt.halt_rel * s_peak * min_d(1.0, attraction))) continue;
    if (jams_before_direction(W, mu, checked, d1, d2))
      r->status = Status::jam;
    else
      run_on_direction(r, W, mu, d1, d2, dirs.lambda[i], res);
    return true;
  }
  return false;
}

// A slip phase between two DOP853 steps: what the integration carries from one step to the next. The phase
// is slip_begin and slip_next_step (the slip series' closed form where it applies, else: is a step needed?),
// then a loop of the step itself (dop853_step of slip_step_length from r->y and k) and slip_advance
// (slip_after_step: acceptance, events, jam, halt; slip_after_restep: an event's re-steps; then
// slip_next_step); the loop is run_slip's for one sample, and the CPU's SIMD lanes run the steps of
// several samples at once between the same functions (host/backend/spatial_routh_lanes.cpp).
struct SlipIntegration {
  SlipRhs f;
  double V = 0.0;           // |v1| at the start: the scale of v_n
  double base[kN] = {};     // the error scales' floors
  double s_peak = 0.0;      // largest |v_t| so far
  double h = 0.0;           // next step in tau
  double k[kN] = {};        // f(y)
  double checked[kN] = {};  // v_t of the last direction tested for jam
  SlipSeries ss;
  bool fresh = true;   // the state changed since the slip series were last tried
  int steps = 0;       // accepted + rejected steps so far
  EventSearch search;  // an event being located inside the last accepted step (its re-steps from y, k)
  SlipResult res;
};

// Ends a slip phase as a numerical failure.
COLLSWEEP_HD_INLINE bool slip_failed(RouthRun* r, SlipResult* res) {
  r->status = Status::numerical_failure;
  res->end = SlipEnd::failed;
  return false;
}

// Starts a slip phase from r's state (|v_t| > 0, not on an invariant direction). False when it ended at once
// (a jam: r->status set).
COLLSWEEP_HD_INLINE bool slip_begin(RouthRun* r, const Delassus3& W, double mu, const SpatialOptions& opt,
                                    SlipIntegration* si) {
  const double* y = r->y;
  si->f = slip_rhs(W, mu);
  const double s0 = ::sqrt(y[kV1] * y[kV1] + y[kV2] * y[kV2]);
  si->V = ::sqrt(y[kVn] * y[kVn] + s0 * s0);
  const double P = si->V / W.a;
  const double base[kN] = {si->V,  opt.vt_floor * s0, opt.vt_floor * s0, P, mu * P,
                           mu * P, si->V * P,         mu * si->V * P};
  for (int j = 0; j < kN; ++j) si->base[j] = base[j];
  si->s_peak = s0;
  if (!(slide_normal_rate(W, mu, y[kV1], y[kV2], s0) > 0.0)) {
    r->status = Status::jam;
    return false;
  }
  si->h = 0.05 / (::sqrt(W.c1 * W.c1 + W.c2 * W.c2) + mu * (W.b11 + W.b22));
  si->checked[kV1] = y[kV1];
  si->checked[kV2] = y[kV2];
  si->f(y, si->k);
  return true;
}

// Before each step: the slip series where they apply (they may end the phase), and the step budget. True
// when the phase goes on with a step from (r->y, si->k, si->h).
COLLSWEEP_HD_INLINE bool slip_next_step(RouthRun* r, const Delassus3& W, double mu,
                                        const InvariantDirections& dirs, const SpatialOptions& opt,
                                        SlipIntegration* si) {
  if (!(si->steps < opt.max_steps)) return slip_failed(r, &si->res);
  ++si->steps;
  if (si->fresh && opt.slip_series) {
    const SeriesEnd se = follow_slip_series(r, W, mu, dirs, si->V, &si->ss, si->checked, &si->res);
    if (se == SeriesEnd::jam || se == SeriesEnd::done || se == SeriesEnd::halted) return false;
    if (se == SeriesEnd::moved) si->f(r->y, si->k);
  }
  si->fresh = false;
  return true;
}

// The factors of the next step's length after a step with error norm err (DOP853's rule, exponent 1/8):
// shrink after a rejected step, grow after an accepted one (5 for a zero error). Written once for any lane
// type (the CPU's SIMD lanes compute them for all their samples at once).
template <class R>
struct StepFactors {
  R shrink, grow;
};
template <class R>
COLLSWEEP_HD_LANES StepFactors<R> step_factors(R err) {
  const R q = 0.9 / LaneOps<R>::sqrt(LaneOps<R>::sqrt(LaneOps<R>::sqrt(err)));
  const R shrink = max_r(LaneOps<R>::splat(0.2), q);
  return StepFactors<R>{shrink, err > 0.0 ? min_r(LaneOps<R>::splat(5.0), shrink) : LaneOps<R>::splat(5.0)};
}

// After a step from (r->y, si->k, si->h) to (y1, k1) with error norm err (and its step_factors fac):
// rejects or accepts it, locates the end of compression and the termination inside it, tests the jam,
// finishes a halt. True when the phase goes on (slip_next_step next); else si->res says how it ended
// (r->status on a jam or a failure).
COLLSWEEP_HD_INLINE bool slip_after_step(RouthRun* r, const Delassus3& W, double mu,
                                         const InvariantDirections& dirs, const SpatialOptions& opt,
                                         SlipIntegration* si, double err, const StepFactors<double>& fac,
                                         double* y1, double* k1) {
  SlipResult& res = si->res;
  double* y = r->y;
  double* k = si->k;
  double* checked = si->checked;
  const double h = si->h, V = si->V;
  if (!(err <= 1.0)) {
    if (!is_finite_d(err)) return slip_failed(r, &res);
    si->h = h * fac.shrink;
    return true;
  }
  if (!r->compressed && y1[kVn] >= 0.0) {  // end of compression inside the step: located by re-steps
    event_search_start(y, k, y1, k1, h, kVn, 0.0, V, &si->search);
    return true;
  }
  if (r->compressed) {
    const int idx = termination_index(*r);
    const double target = termination_target(*r);
    if (y1[idx] >= target) {  // the law's termination inside the step: likewise
      const double scale = idx == kP ? y1[kP] : idx == kVn ? V : abs_d(r->W_nc);
      event_search_start(y, k, y1, k1, h, idx, target, scale, &si->search);
      return true;
    }
  }
  // Jam test on the step's arc while the direction is accurate (|v_t| >= 1e-6 peak: direction error
  // below ~1e-9); closer to the halt the arc from the last tested direction to the limit is tested below.
  const double s1 = ::sqrt(y1[kV1] * y1[kV1] + y1[kV2] * y1[kV2]);
  if (s1 >= 1e-6 * si->s_peak) {
    if (jams_on_arc(W, mu, checked, y1)) {
      r->status = Status::jam;
      return false;
    }
    checked[kV1] = y1[kV1];
    checked[kV2] = y1[kV2];
  }
  for (int j = 0; j < kN; ++j) {
    y[j] = y1[j];
    k[j] = k1[j];
  }
  si->fresh = true;
  if (s1 > si->s_peak) {
    si->s_peak = s1;
    si->base[kV1] = si->base[kV2] = opt.vt_floor * s1;
  }
  // Near a halt the slip direction converges to an attracting invariant direction (lambda < 0) and the
  // rest of the slip runs along it with constant rates (Elkaranshawy 2002, Sect. 7-8). The rest is taken
  // in closed form once its error is negligible: when |v_t| < halt_rel peak |v_t| (whatever the
  // direction), or, below halt_early peak |v_t|, when |v_t| times the angle to that direction is (the
  // rest's impulse is |v_t| / |lambda|, its direction error that angle).
  bool near_halt = s1 < opt.halt_rel * si->s_peak;
  int best = -1;
  if (s1 < opt.halt_early * si->s_peak) {
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
      near_halt = best_dot > 0.0 && s1 * angle < opt.halt_rel * si->s_peak;
    }
  }
  if (!near_halt && s1 < opt.halt_early * si->s_peak &&
      creeps_on_direction(r, W, mu, dirs, opt, si->s_peak, s1, checked, &res))
    return false;
  if (near_halt) {
    if (best < 0)
      return slip_failed(r, &res);  // (no attracting direction: cannot happen with s1 > 0 shrinking)
    res.h1 = dirs.s1[best];
    res.h2 = dirs.s2[best];
    if (jams_before_direction(W, mu, checked, res.h1, res.h2)) {
      r->status = Status::jam;
      return false;
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
      return false;
    }
    if (r->status != Status::ok) return false;
    y[kV1] = y[kV2] = 0.0;
    res.end = SlipEnd::halted;
    return false;
  }
  si->h = h * fac.grow;
  return true;
}

// After a re-step of the event search (si->search active) to (yt, kt): once the event is located, the end of
// compression (the phase goes on) or the law's termination (the impact ends), each after the jam test on the
// arc swept. True when the phase goes on: more re-steps while si->search is active, else slip_next_step.
COLLSWEEP_HD_INLINE bool slip_after_restep(RouthRun* r, const Delassus3& W, double mu, SlipIntegration* si,
                                           double* yt, double* kt) {
  if (!event_after_restep(si->f, &si->search, yt, kt)) return true;
  if (jams_on_arc(W, mu, si->checked, yt)) {
    r->status = Status::jam;
    return false;
  }
  double* y = r->y;
  if (!r->compressed) {
    for (int j = 0; j < kN; ++j) {
      y[j] = yt[j];
      si->k[j] = kt[j];
    }
    mark_compression_end(r);
    si->fresh = true;
    if (r->e == 0.0) {
      r->done = true;
      si->res.end = SlipEnd::done;
      return false;
    }
    return true;
  }
  for (int j = 0; j < kN; ++j) y[j] = yt[j];
  r->done = true;
  si->res.end = SlipEnd::done;
  return false;
}

// The length in tau of the next step from (r->y, si.k): an event's re-step while one is being located, else
// the step size control's.
COLLSWEEP_HD_INLINE double slip_step_length(const SlipIntegration& si) {
  return si.search.active ? si.search.h : si.h;
}

// After the step (or re-step) of slip_step_length from (r->y, si->k) to (y1, k1), with its error norm and
// step_factors: the phase's one state machine, for one sample (integrate_slip) and for each of the CPU's
// SIMD lanes. True when another step of slip_step_length follows; else si->res says how the phase ended.
COLLSWEEP_HD_INLINE bool slip_advance(RouthRun* r, const Delassus3& W, double mu,
                                      const InvariantDirections& dirs, const SpatialOptions& opt,
                                      SlipIntegration* si, double err, const StepFactors<double>& fac,
                                      double* y1, double* k1) {
  const bool goes_on = si->search.active ? slip_after_restep(r, W, mu, si, y1, k1)
                                         : slip_after_step(r, W, mu, dirs, opt, si, err, fac, y1, k1);
  if (!goes_on) return false;
  return si->search.active || slip_next_step(r, W, mu, dirs, opt, si);
}

// The slip phase from r's state for one sample, in si: slip_begin, then DOP853 steps and slip_advance until
// the phase ends (si->res says how; si->steps counts its steps).
COLLSWEEP_HD_INLINE void run_slip(RouthRun* r, const Delassus3& W, double mu, const InvariantDirections& dirs,
                                  const SpatialOptions& opt, SlipIntegration* si) {
  if (!slip_begin(r, W, mu, opt, si) || !slip_next_step(r, W, mu, dirs, opt, si)) return;
  for (;;) {
    double y1[kN], k1[kN];
    const double err = dop853_step<kN>(si->f, r->y, si->k, slip_step_length(*si), opt.tol, si->base, y1, k1);
    if (!slip_advance(r, W, mu, dirs, opt, si, err, step_factors(err), y1, k1)) return;
  }
}

// Integrates slip from r's state (|v_t| > 0, not on an invariant direction) until the impact ends or the
// slip halts (the state is then at the halt, v_t = 0 exactly). Sets r->status on jam or failure.
COLLSWEEP_HD_INLINE SlipResult integrate_slip(RouthRun* r, const Delassus3& W, double mu,
                                              const InvariantDirections& dirs, const SpatialOptions& opt) {
  SlipIntegration si;
  run_slip(r, W, mu, dirs, opt, &si);
  return si.res;
}

}  // namespace spatial
}  // namespace collsweep

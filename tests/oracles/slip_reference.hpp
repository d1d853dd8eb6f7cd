// Oracle of the spatial Routh laws (stronge-3d, poisson-3d, newton-3d): the Taylor slip reference.
//
// A second method for those laws: Taylor-series integration of the slip equations with polynomial event
// location, and its own stick / resume logic. Independent of slip_ode.hpp, dop853.hpp,
// routh_path.hpp's phases and invariant_directions.hpp (only the data types and the SpatialLaw names are
// shared).
//
// Physics (Elkaranshawy 2002, eqs 13-18; Sypniewska-Kaminska & Rosinski 2008, eq. 16), p = I_n:
//   slip (v_t != 0, sigma = v_t/|v_t|): dI_t/dp = -mu sigma, dv_n/dp = a - mu c.sigma,
//     dv_t/dp = c - mu b sigma, dW_n/dp = v_n, dW_t/dp = -mu |v_t|;
//   after a halt: stick when mu >= mu_c = |b^-1 c| (eq. 36): dI_t/dp = -b^-1 c, dv_t = 0,
//     dv_n/dp = a - c.b^-1 c; else slide on along sigma_F, the invariant direction (G(sigma) = 0, eq. 32)
//     with the positive rate lambda_F = sigma_F.(c - mu b sigma_F) (Sect. 7), at constant rates;
//   compression ends at v_n = 0 (I_nc, W_nc); termination: stronge W_n = (1 - e^2) W_nc, poisson
//   p = (1 + e) I_nc, newton v_n = e w.
// Slip is integrated in tau, dp = |v_t| dtau (the halt, at p finite, moves to tau = infinity and the
// system is analytic while |v_t| > 0), by a Taylor series of order kOrder about each step's start: the
// coefficients follow from the recurrences of the equations (s = |v_t| from s^2 = v_t.v_t), the step is
// the radius where the last two terms of v_t's and s's series fall below 1e-18 of |v_t|, and events are
// roots of the series polynomials (Newton with bisection) inside the step. Once |v_t| < 1e-13 of its peak
// the slip counts as halted (the rest, within |v_t|/|F| of p, is run at the current direction's constant
// rates when that decelerates, else dropped: a relative contribution ~1e-13). A path may only graze
// v_t = 0 (|v_t| dips by many orders, then grows along sigma_F): below that level it is a halt here, as in
// the production path; s_min_rel reports how close it came. dv_n/dp <= 0 while slipping is recorded with
// the slip level where it was met (jam_rel) and the path goes on; in a constant-rate phase it ends the
// path (jam). The invariant direction sigma_F is found by scanning G(theta) on 4096 angles and bisecting
// each sign change to the last bit.
#pragma once

#include <cmath>

#include "collsweep/models/spatial/contact.hpp"
#include "collsweep/models/spatial/routh/routh_path.hpp"  // SpatialLaw only

namespace collsweep::testing {

// F(theta) = sigma.(c - mu b sigma) = d|v_t|/dp and G(theta) = (R sigma).(c - mu b sigma) = |v_t| dtheta/dp
// while slipping along sigma = (cos theta, sin theta) (Elkaranshawy eqs 15, 32).
inline double slip_F(const Delassus3& W, double mu, double th) {
  const double s1 = std::cos(th), s2 = std::sin(th);
  return s1 * (W.c1 - mu * (W.b11 * s1 + W.b12 * s2)) + s2 * (W.c2 - mu * (W.b12 * s1 + W.b22 * s2));
}
inline double slip_G(const Delassus3& W, double mu, double th) {
  const double s1 = std::cos(th), s2 = std::sin(th);
  return -s2 * (W.c1 - mu * (W.b11 * s1 + W.b12 * s2)) + s1 * (W.c2 - mu * (W.b12 * s1 + W.b22 * s2));
}

// The invariant directions (roots of G) in increasing angle, from a scan of kScan angles whose sign
// changes are bisected to the last bit; falling[i]: G turns from + to - there, so the direction attracts
// the slip direction (dtheta/dtau = G).
struct InvariantAngles {
  int count = 0;
  double theta[8] = {}, rate[8] = {};
  bool falling[8] = {};
};

inline InvariantAngles invariant_angles(const Delassus3& W, double mu, int kScan = 4096) {
  const double step = 2.0 * M_PI / kScan;
  InvariantAngles r;
  double g_prev = slip_G(W, mu, 0.0);
  for (int i = 1; i <= kScan && r.count < 8; ++i) {
    const double th = i * step, g = slip_G(W, mu, th);
    if ((g_prev < 0.0) != (g < 0.0)) {
      const bool rising = g_prev < 0.0;
      double lo = th - step, hi = th;
      for (int it = 0; it < 200; ++it) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        ((slip_G(W, mu, mid) < 0.0) == rising ? lo : hi) = mid;
      }
      r.theta[r.count] = 0.5 * (lo + hi);
      r.rate[r.count] = slip_F(W, mu, r.theta[r.count]);
      r.falling[r.count] = !rising;
      ++r.count;
    }
    g_prev = g;
  }
  return r;
}

struct ReferenceOutcome {
  bool ok = false;
  bool jam = false;  // dv_n/dp <= 0 met on the path
  SpatialMode mode = SpatialMode::none;
  Vec3n I, vf;
  double I_nc = 0.0, I_nh = 0.0;  // compression end; halt (0 if none)
  double W_n = 0.0, W_t = 0.0;
  long steps = 0;          // Taylor steps
  double s_min_rel = 1.0;  // least |v_t| / its peak over the slip (at step ends)
  double jam_rel = 0.0;    // largest |v_t| / its peak where dv_n/dp <= 0 was met while slipping (0: none)
};

class SlipReference {
 public:
  static constexpr int kOrder = 28;
  static constexpr double kHaltRel = 1e-13;  // |v_t| / its peak below which the slip counts as halted

  SlipReference(SpatialLaw law, const SpatialCollision& c) : law_(law), c_(c), W_(c.W), mu_(c.mu) {
    vn_ = c.v.n;
    x1_ = c.v.t1;
    x2_ = c.v.t2;
    w_ = -c.v.n;
  }

  ReferenceOutcome run() {
    ReferenceOutcome out;
    const double s0 = std::hypot(x1_, x2_);
    bool halted = false;
    if (mu_ == 0.0) {
      linear(W_.a, 0.0, 0.0, W_.c1, W_.c2, -1.0);
    } else if (s0 == 0.0) {
      halted = true;
    } else {
      halted = slip();
    }
    if (jam_ || failed_) {
      out.jam = jam_;
      return out;
    }
    bool stick = false;
    if (halted) {
      out.I_nh = p_;
      compressed_at_halt_ = compressed_;
      x1_ = x2_ = 0.0;
      double g1, g2;
      b_inverse_c(&g1, &g2);
      stick = mu_ >= std::hypot(g1, g2);
      if (stick) {
        linear(W_.a - (W_.c1 * g1 + W_.c2 * g2), -g1, -g2, 0.0, 0.0, -1.0);
      } else {
        double f1, f2, lambda = 0.0;
        if (!sigma_F(&f1, &f2, &lambda)) return out;
        linear(W_.a - mu_ * (W_.c1 * f1 + W_.c2 * f2), -mu_ * f1, -mu_ * f2, lambda * f1, lambda * f2, -1.0);
      }
      if (jam_ || failed_) {
        out.jam = jam_;
        return out;
      }
    }
    if (!done_) return out;
    out.ok = true;
    out.mode = !halted                ? SpatialMode::A
               : !compressed_at_halt_ ? (stick ? SpatialMode::B : SpatialMode::C)
                                      : (stick ? SpatialMode::D : SpatialMode::E);
    out.I = Vec3n{p_, I1_, I2_};
    out.vf = Vec3n{vn_, x1_, x2_};
    out.I_nc = p_c_;
    out.W_n = Wn_;
    out.W_t = Wt_;
    out.steps = steps_;
    out.s_min_rel = s_min_rel_;
    out.jam_rel = jam_rel_;
    return out;
  }

 private:
  // The termination as y(component) >= target once compressed; 0 p, 1 v_n, 2 W_n.
  int term_component() const {
    return law_ == spatial_law<Poisson3d> ? 0 : law_ == spatial_law<Newton3d> ? 1 : 2;
  }
  double term_target() const {
    return law_ == spatial_law<Poisson3d>  ? (1.0 + c_.e) * p_c_
           : law_ == spatial_law<Newton3d> ? c_.e * w_
                                          : (1.0 - c_.e * c_.e) * W_nc_;
  }

  void end_compression() {
    vn_ = 0.0;
    compressed_ = true;
    p_c_ = p_;
    W_nc_ = Wn_;
    if (c_.e == 0.0) done_ = true;  // every law ends where compression does
  }

  // Constant rates dv_n/dp = k, dI_t/dp = g, dv_t/dp = d for at most L in p (L < 0: unbounded), with
  // the events on the way; returns true when the impact ended.
  bool linear(double k, double g1, double g2, double d1, double d2, double L) {
    if (!(k > 0.0)) {
      jam_ = true;
      return false;
    }
    const auto move = [&](double dp) {
      Wn_ += vn_ * dp + 0.5 * k * dp * dp;
      Wt_ += (x1_ * g1 + x2_ * g2) * dp + 0.5 * (d1 * g1 + d2 * g2) * dp * dp;
      vn_ += k * dp;
      x1_ += d1 * dp;
      x2_ += d2 * dp;
      p_ += dp;
      I1_ += g1 * dp;
      I2_ += g2 * dp;
    };
    if (!compressed_) {
      const double dc = -vn_ / k;
      if (L >= 0.0 && dc >= L) {
        move(L);
        return false;
      }
      move(dc);
      end_compression();
      if (done_) return true;
      if (L >= 0.0) L -= dc;
    }
    double de;
    const double target = term_target();
    switch (term_component()) {
      case 0:
        de = target - p_;
        break;
      case 1:
        de = (target - vn_) / k;
        break;
      default: {  // v_n x + k x^2/2 = R >= 0
        const double R = target - Wn_;
        de = R > 0.0 ? 2.0 * R / (vn_ + std::sqrt(vn_ * vn_ + 2.0 * k * R)) : 0.0;
      }
    }
    if (de < 0.0) de = 0.0;
    if (L >= 0.0 && de >= L) {
      move(L);
      return false;
    }
    move(de);
    if (term_component() == 0) p_ = target;
    if (term_component() == 1) vn_ = target;
    done_ = true;
    return true;
  }

  void b_inverse_c(double* g1, double* g2) const {
    const double det = W_.b11 * W_.b22 - W_.b12 * W_.b12;
    *g1 = (W_.b22 * W_.c1 - W_.b12 * W_.c2) / det;
    *g2 = (W_.b11 * W_.c2 - W_.b12 * W_.c1) / det;
  }

  // sigma_F: the invariant direction with F > 0 (unique when mu < mu_c; the largest rate if rounding
  // finds more).
  bool sigma_F(double* f1, double* f2, double* lambda) const {
    const InvariantAngles r = invariant_angles(W_, mu_);
    int best = -1;
    for (int i = 0; i < r.count; ++i)
      if (r.rate[i] > 0.0 && (best < 0 || r.rate[i] > r.rate[best])) best = i;
    if (best < 0) return false;
    *f1 = std::cos(r.theta[best]);
    *f2 = std::sin(r.theta[best]);
    *lambda = r.rate[best];
    return true;
  }

  // Horner evaluation of a series at t.
  static double eval(const double* a, double t) {
    double r = a[kOrder];
    for (int k = kOrder - 1; k >= 0; --k) r = r * t + a[k];
    return r;
  }
  static double eval_derivative(const double* a, double t) {
    double r = kOrder * a[kOrder];
    for (int k = kOrder - 1; k >= 1; --k) r = r * t + k * a[k];
    return r;
  }

  // Taylor coefficients (in tau) of v_t, s = |v_t|, v_n, p, I_t, W_n, W_t at the current state.
  void series() {
    X1[0] = x1_, X2[0] = x2_, VN[0] = vn_, P[0] = p_, J1[0] = I1_, J2[0] = I2_, WN[0] = Wn_, WT[0] = Wt_;
    S[0] = std::hypot(x1_, x2_);
    for (int k = 0; k <= kOrder; ++k) {  // (k = kOrder: S's last coefficient only, which the step reads)
      // Coefficient k of v_t.v_t, and of s^2 without its two S_0 S_k terms (symmetric sums, halved).
      double q = 0.0, ss = 0.0;
      for (int j = 0; 2 * j < k; ++j) q += X1[j] * X1[k - j] + X2[j] * X2[k - j];
      for (int j = 1; 2 * j < k; ++j) ss += S[j] * S[k - j];
      q *= 2.0;
      ss *= 2.0;
      if (k % 2 == 0) {
        q += X1[k / 2] * X1[k / 2] + X2[k / 2] * X2[k / 2];
        if (k > 0) ss += S[k / 2] * S[k / 2];
      }
      if (k > 0) S[k] = (q - ss) / (2.0 * S[0]);
      if (k == kOrder) break;
      double vs = 0.0;  // coefficient k of v_n s
      for (int j = 0; j <= k; ++j) vs += VN[j] * S[k - j];
      const double r = 1.0 / (k + 1);
      X1[k + 1] = (W_.c1 * S[k] - mu_ * (W_.b11 * X1[k] + W_.b12 * X2[k])) * r;
      X2[k + 1] = (W_.c2 * S[k] - mu_ * (W_.b12 * X1[k] + W_.b22 * X2[k])) * r;
      VN[k + 1] = (W_.a * S[k] - mu_ * (W_.c1 * X1[k] + W_.c2 * X2[k])) * r;
      P[k + 1] = S[k] * r;
      J1[k + 1] = -mu_ * X1[k] * r;
      J2[k + 1] = -mu_ * X2[k] * r;
      WN[k + 1] = vs * r;
      WT[k + 1] = -mu_ * q * r;
    }
  }

  void state_at(double t) {
    x1_ = eval(X1, t), x2_ = eval(X2, t), vn_ = eval(VN, t), p_ = eval(P, t);
    I1_ = eval(J1, t), I2_ = eval(J2, t), Wn_ = eval(WN, t), Wt_ = eval(WT, t);
  }

  // The first t in (0, h] where series y reaches target (y(0) < target <= y(h), y increasing).
  static double root(const double* y, double target, double h) {
    double lo = 0.0, hi = h;
    const double g0 = y[0] - target, gh = eval(y, h) - target;
    double t = gh > g0 ? h * (-g0) / (gh - g0) : 0.5 * h;
    for (int it = 0; it < 100; ++it) {
      const double g = eval(y, t) - target;
      (g >= 0.0 ? hi : lo) = t;
      if (g == 0.0) break;
      const double d = eval_derivative(y, t);
      double tn = d > 0.0 ? t - g / d : 0.5 * (lo + hi);
      if (!(tn > lo && tn < hi)) tn = 0.5 * (lo + hi);
      if (tn == t || hi - lo <= 1e-16 * hi) break;
      t = tn;
    }
    return hi;
  }

  // Slip from the current state until the impact ends (false) or the slip halts (true, state at the halt).
  bool slip() {
    double s_peak = std::hypot(x1_, x2_);
    s_min_rel_ = 1.0;
    const double rate =
        std::hypot(W_.c1, W_.c2) + mu_ * (std::fabs(W_.b11) + std::fabs(W_.b22) + 2.0 * std::fabs(W_.b12));
    for (;;) {
      if (++steps_ > 2000000) {
        failed_ = true;
        return false;
      }
      const double s = std::hypot(x1_, x2_);
      if (!(W_.a - mu_ * (W_.c1 * x1_ + W_.c2 * x2_) / s > 0.0))  // jam: recorded, the path goes on
        jam_rel_ = std::fmax(jam_rel_, s / s_peak);
      series();
      // Step: the last two terms of the series of v_t and of |v_t| below 1e-18 |v_t| (|v_t|'s carries the
      // branch points of |v_t| = sqrt(v_t.v_t), which v_n, p and W_n inherit through a |v_t| terms).
      double h = 10.0 / rate;
      for (int k = kOrder - 1; k <= kOrder; ++k) {
        const double ck = (std::fabs(X1[k]) + std::fabs(X2[k]) + std::fabs(S[k])) / s;
        if (ck > 0.0) h = std::fmin(h, std::pow(1e-18 / ck, 1.0 / k));
      }
      if (!compressed_ && eval(VN, h) >= 0.0) {
        state_at(root(VN, 0.0, h));
        end_compression();
        if (done_) return false;
        continue;
      }
      if (compressed_) {
        const int comp = term_component();
        const double* y = comp == 0 ? P : comp == 1 ? VN : WN;
        const double target = term_target();
        if (eval(y, h) >= target) {
          state_at(root(y, target, h));
          if (comp == 0) p_ = target;
          if (comp == 1) vn_ = target;
          done_ = true;
          return false;
        }
      }
      state_at(h);
      const double s1 = std::hypot(x1_, x2_);
      s_peak = std::fmax(s_peak, s1);
      s_min_rel_ = std::fmin(s_min_rel_, s1 / s_peak);
      if (s1 < kHaltRel * s_peak) {
        // A halt. When the current direction decelerates (F < 0, dv_n/dp > 0) the rest, within
        // |v_t|/|F| of p, is run at its constant rates; otherwise (the path only grazes v_t = 0 and
        // turns on) the rest is below kHaltRel of the path and dropped.
        const double u1 = x1_ / s1, u2 = x2_ / s1;
        const double lambda = u1 * (W_.c1 - mu_ * (W_.b11 * u1 + W_.b12 * u2)) +
                              u2 * (W_.c2 - mu_ * (W_.b12 * u1 + W_.b22 * u2));
        const double k = W_.a - mu_ * (W_.c1 * u1 + W_.c2 * u2);
        if (lambda < 0.0 && k > 0.0) {
          const double L = s1 / -lambda;
          if (linear(k, -mu_ * u1, -mu_ * u2, -x1_ / L, -x2_ / L, L)) return false;
        }
        return true;
      }
    }
  }

  SpatialLaw law_;
  SpatialCollision c_;
  Delassus3 W_;
  double mu_;
  double vn_ = 0.0, x1_ = 0.0, x2_ = 0.0, p_ = 0.0, I1_ = 0.0, I2_ = 0.0, Wn_ = 0.0, Wt_ = 0.0;
  double w_ = 0.0;
  bool compressed_ = false, compressed_at_halt_ = false, done_ = false, jam_ = false, failed_ = false;
  double p_c_ = 0.0, W_nc_ = 0.0;
  double s_min_rel_ = 1.0, jam_rel_ = 0.0;
  long steps_ = 0;
  double X1[kOrder + 1], X2[kOrder + 1], S[kOrder + 1], VN[kOrder + 1], P[kOrder + 1], J1[kOrder + 1],
      J2[kOrder + 1], WN[kOrder + 1], WT[kOrder + 1];
};

inline ReferenceOutcome reference_routh(SpatialLaw law, const SpatialCollision& c) {
  return SlipReference(law, c).run();
}

}  // namespace collsweep::testing

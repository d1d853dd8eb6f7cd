// Invariant slip directions of the spatial Routh model: c - mu b sigma = lambda sigma, |sigma| = 1.
//
// While slipping in direction sigma (Elkaranshawy 2002, eqs 13-15) dv_t/dI_n = c - mu b sigma. A direction
// is invariant when this is parallel to sigma (eqs 32-33); lambda = d|v_t|/dI_n is then constant along it.
// (mu b + lambda 1) sigma = c with |sigma| = 1 is a trust-region secular equation: in the eigenbasis
// b = Q diag(beta1 <= beta2) Q^T, c' = Q^T c,
//   f(lambda) = c'_1^2/(mu beta1 + lambda)^2 + c'_2^2/(mu beta2 + lambda)^2 - 1 = 0,
// f convex on each interval between its poles: one root right of -mu beta1 (the largest, lambda_4), one
// left of -mu beta2 (lambda_1), and 0 or 2 between the poles, so 2 or 4 directions (at most 4, eq. 33).
// Each root is found by monotone Newton from a bound where f >= 0 (no overshoot on a convex branch). The
// exact degenerate cases (mu = 0, c'_i = 0, beta1 = beta2) have closed forms instead. Exactly one rate is
// positive iff mu < mu_c = |b^-1 c|: that direction, sigma_F, is where slip resumes after a halt (Sect. 7).
#pragma once

#include "collsweep/math/det_math.hpp"
#include "collsweep/models/spatial/contact.hpp"

namespace collsweep {

struct InvariantDirections {
  int count = 0;          // 2 or 4; 0 when every direction is invariant (c = 0 with mu = 0 or b isotropic)
  double lambda[4] = {};  // rates d|v_t|/dI_n, ascending
  double s1[4] = {}, s2[4] = {};  // unit directions (t1, t2 components)
  int index_F = -1;               // the direction with lambda > 0 (sigma_F), -1 when mu >= mu_c
};

// F(sigma) = sigma^T (c - mu b sigma): d|v_t|/dI_n while slipping along sigma.
COLLSWEEP_HD_INLINE double slip_rate(const Delassus3& W, double mu, double s1, double s2) {
  const double g1 = W.c1 - mu * (W.b11 * s1 + W.b12 * s2);
  const double g2 = W.c2 - mu * (W.b12 * s1 + W.b22 * s2);
  return s1 * g1 + s2 * g2;
}

// G(sigma) = (R sigma)^T (c - mu b sigma), R the rotation by +90 degrees: |v_t| dtheta/dI_n (zero on an
// invariant direction).
COLLSWEEP_HD_INLINE double swerve_rate(const Delassus3& W, double mu, double s1, double s2) {
  const double g1 = W.c1 - mu * (W.b11 * s1 + W.b12 * s2);
  const double g2 = W.c2 - mu * (W.b12 * s1 + W.b22 * s2);
  return -s2 * g1 + s1 * g2;
}

namespace spatial_detail {

// Eigen-decomposition of the symmetric 2x2 b: beta1 <= beta2, q2 the unit eigenvector of beta2 (formed
// without cancellation), q1 = (q2_2, -q2_1). Returns false when b is isotropic (b11 = b22, b12 = 0).
COLLSWEEP_HD_INLINE bool eigen_b(const Delassus3& W, double* beta1, double* beta2, double* q1, double* q2) {
  const double dl = W.b11 - W.b22;
  const double r = ::sqrt(dl * dl + 4.0 * W.b12 * W.b12);
  if (r == 0.0) return false;
  *beta2 = 0.5 * (W.b11 + W.b22 + r);
  *beta1 = det_b(W) / *beta2;
  double x, y;
  if (dl >= 0.0) {
    x = 0.5 * (r + dl);
    y = W.b12;
  } else {
    x = W.b12;
    y = 0.5 * (r - dl);
  }
  const double nr = ::sqrt(x * x + y * y);
  q2[0] = x / nr;
  q2[1] = y / nr;
  q1[0] = q2[1];
  q1[1] = -q2[0];
  return true;
}

struct Secular {
  double A1, A2, m1, m2;  // c'_i^2, mu beta_i
  COLLSWEEP_HD_INLINE double f(double l) const {
    const double x1 = m1 + l, x2 = m2 + l;
    return A1 / (x1 * x1) + A2 / (x2 * x2) - 1.0;
  }
  COLLSWEEP_HD_INLINE double df(double l) const {
    const double x1 = m1 + l, x2 = m2 + l;
    return -2.0 * A1 / (x1 * x1 * x1) - 2.0 * A2 / (x2 * x2 * x2);
  }
  // Monotone Newton on a convex branch from a point x0 with f(x0) >= 0, moving in direction dir (+1/-1):
  // the tangent root never passes the root, so the iterates move one way and stop when they no longer do.
  COLLSWEEP_HD_INLINE double newton(double x, double dir) const {
    for (int it = 0; it < 200; ++it) {
      const double fx = f(x);
      if (!(fx > 0.0)) break;
      const double xn = x - fx / df(x);
      if (!((xn - x) * dir > 0.0)) break;
      x = xn;
    }
    return x;
  }
};

COLLSWEEP_HD_INLINE void push(InvariantDirections* d, double lambda, double s1, double s2) {
  d->lambda[d->count] = lambda;
  d->s1[d->count] = s1;
  d->s2[d->count] = s2;
  ++d->count;
}

// Unit direction from eigenbasis components (normalised to remove the root's rounding).
COLLSWEEP_HD_INLINE void push_eigen(InvariantDirections* d, double lambda, double p1, double p2,
                                    const double* q1, const double* q2) {
  double s1 = p1 * q1[0] + p2 * q2[0], s2 = p1 * q1[1] + p2 * q2[1];
  const double nr = ::sqrt(s1 * s1 + s2 * s2);
  push(d, lambda, s1 / nr, s2 / nr);
}

}  // namespace spatial_detail

// All real invariant directions, sorted by rate, with sigma_F marked.
COLLSWEEP_HD_INLINE InvariantDirections invariant_directions(const Delassus3& W, double mu) {
  using namespace spatial_detail;
  InvariantDirections d;
  const double cn = ::sqrt(W.c1 * W.c1 + W.c2 * W.c2);
  double beta1 = 0.0, beta2 = 0.0, q1[2] = {1.0, 0.0}, q2[2] = {0.0, 1.0};
  const bool aniso = eigen_b(W, &beta1, &beta2, q1, q2);
  if (mu == 0.0 || !aniso) {
    // G = (R sigma)^T c: the directions +-c/|c| with lambda = +-|c| - mu beta (b = beta 1 or mu = 0).
    if (cn == 0.0) return d;
    const double mb = mu * W.b11;
    push(&d, -cn - mb, -W.c1 / cn, -W.c2 / cn);
    push(&d, cn - mb, W.c1 / cn, W.c2 / cn);
  } else {
    const double c1p = q1[0] * W.c1 + q1[1] * W.c2, c2p = q2[0] * W.c1 + q2[1] * W.c2;
    const double m1 = mu * beta1, m2 = mu * beta2, gap = m2 - m1;
    const double a1 = c1p < 0.0 ? -c1p : c1p, a2 = c2p < 0.0 ? -c2p : c2p;
    if (c1p == 0.0 && c2p == 0.0) {  // c = 0: the eigenvectors, lambda = -mu beta_i
      push(&d, -m2, q2[0], q2[1]);
      push(&d, -m2, -q2[0], -q2[1]);
      push(&d, -m1, q1[0], q1[1]);
      push(&d, -m1, -q1[0], -q1[1]);
    } else if (c1p == 0.0) {  // c along q2: +-q2 with lambda = -m2 -+ |c|, and lambda = -m1 if |c| < gap
      const double sg = c2p > 0.0 ? 1.0 : -1.0;
      push(&d, -m2 - a2, -sg * q2[0], -sg * q2[1]);
      push(&d, -m2 + a2, sg * q2[0], sg * q2[1]);
      if (a2 < gap) {
        const double p2 = c2p / gap, p1 = ::sqrt((1.0 - p2) * (1.0 + p2));
        push_eigen(&d, -m1, p1, p2, q1, q2);
        push_eigen(&d, -m1, -p1, p2, q1, q2);
      }
    } else if (c2p == 0.0) {  // c along q1: +-q1 with lambda = -m1 -+ |c|, and lambda = -m2 if |c| < gap
      const double sg = c1p > 0.0 ? 1.0 : -1.0;
      push(&d, -m1 - a1, -sg * q1[0], -sg * q1[1]);
      push(&d, -m1 + a1, sg * q1[0], sg * q1[1]);
      if (a1 < gap) {
        const double p1 = -c1p / gap, p2 = ::sqrt((1.0 - p1) * (1.0 + p1));
        push_eigen(&d, -m2, p1, p2, q1, q2);
        push_eigen(&d, -m2, p1, -p2, q1, q2);
      }
    } else {
      const Secular s{c1p * c1p, c2p * c2p, m1, m2};
      // lambda_1 left of -m2 (f increasing there), lambda_4 right of -m1 (f decreasing).
      const double l1 = s.newton(-m2 - a2, -1.0);
      push_eigen(&d, l1, c1p / (m1 + l1), c2p / (m2 + l1), q1, q2);
      // Between the poles f is convex with its minimum where |x1|/x2 = (|c'_1|/|c'_2|)^(2/3), x_i = m_i + l.
      const double rho = detmath::exp((2.0 / 3.0) * (detmath::log(a1) - detmath::log(a2)));
      const double x2 = gap / (1.0 + rho), lmin = -m2 + x2;
      if (s.f(lmin) < 0.0) {
        const double l2 = s.newton(-m2 + a2, 1.0);   // f(-m2 + |c'_2|) >= 0, left of the minimum
        const double l3 = s.newton(-m1 - a1, -1.0);  // f(-m1 - |c'_1|) >= 0, right of the minimum
        push_eigen(&d, l2, c1p / (m1 + l2), c2p / (m2 + l2), q1, q2);
        push_eigen(&d, l3, c1p / (m1 + l3), c2p / (m2 + l3), q1, q2);
      }
      const double l4 = s.newton(-m1 + a1, 1.0);
      push_eigen(&d, l4, c1p / (m1 + l4), c2p / (m2 + l4), q1, q2);
    }
  }
  // Insertion sort by rate (at most 4 entries).
  for (int i = 1; i < d.count; ++i)
    for (int j = i; j > 0 && d.lambda[j] < d.lambda[j - 1]; --j) {
      double t = d.lambda[j];
      d.lambda[j] = d.lambda[j - 1];
      d.lambda[j - 1] = t;
      t = d.s1[j];
      d.s1[j] = d.s1[j - 1];
      d.s1[j - 1] = t;
      t = d.s2[j];
      d.s2[j] = d.s2[j - 1];
      d.s2[j - 1] = t;
    }
  if (d.count > 0 && d.lambda[d.count - 1] > 0.0) d.index_F = d.count - 1;
  return d;
}

// Coefficients [t^4, t^3, t^2, t, 1] of G(theta) (1 + t^2)^2 with t = tan(theta/2) (Elkaranshawy eqs 32-33
// as a polynomial): roots are the invariant directions; t = inf (theta = pi) when the t^4 one vanishes.
COLLSWEEP_HD_INLINE void invariant_t_quartic(const Delassus3& W, double mu, double* k) {
  const double dl = W.b11 - W.b22;
  k[0] = -W.c2 - mu * W.b12;
  k[1] = -2.0 * W.c1 - 2.0 * mu * dl;
  k[2] = 6.0 * mu * W.b12;
  k[3] = -2.0 * W.c1 + 2.0 * mu * dl;
  k[4] = W.c2 - mu * W.b12;
}

// Coefficients [l^4, l^3, l^2, l, 1] of the rate quartic P(lambda) = d(lambda)^2 f(lambda) with
// d(lambda) = det(mu b + lambda 1): its real roots are the rates of the invariant directions.
COLLSWEEP_HD_INLINE void invariant_lambda_quartic(const Delassus3& W, double mu, double* k) {
  const double tb = W.b11 + W.b22, db = det_b(W), cc = W.c1 * W.c1 + W.c2 * W.c2;
  double x1, x2;
  b_inv_c(W, &x1, &x2);
  const double cbc = W.c1 * x1 + W.c2 * x2, mc2 = x1 * x1 + x2 * x2;
  k[0] = 1.0;
  k[1] = 2.0 * mu * tb;
  k[2] = mu * mu * tb * tb + 2.0 * mu * mu * db - cc;
  k[3] = 2.0 * mu * mu * mu * tb * db - 2.0 * mu * db * cbc;
  k[4] = mu * mu * db * db * (mu * mu - mc2);
}

}  // namespace collsweep

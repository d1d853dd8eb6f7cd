// Every real root of a polynomial of degree <= 3 in a closed interval, by monotone bracketing (no heap).
#pragma once

#include "collsweep/hd.hpp"

namespace collsweep {

// p(x) = c[0] + c[1] x + c[2] x^2 + c[3] x^3 (Horner).
COLLSWEEP_HD_INLINE double cubic_value(const double* c, double x) {
  return ((c[3] * x + c[2]) * x + c[1]) * x + c[0];
}

struct CubicRoots {
  int count = 0;
  double x[3] = {0.0, 0.0, 0.0};  // ascending
};

namespace cubic_detail {

// The root of p in [a, b] where p is monotone and p(a) p(b) <= 0, by bisection to the last bit.
COLLSWEEP_HD_INLINE double bisect(const double* c, double a, double b, double fa) {
  for (int it = 0; it < 200; ++it) {
    const double m = 0.5 * (a + b);
    if (!(m > a && m < b)) break;
    const double fm = cubic_value(c, m);
    if (fm == 0.0) return m;
    if ((fm < 0.0) == (fa < 0.0)) {
      a = m;
      fa = fm;
    } else {
      b = m;
    }
  }
  return 0.5 * (a + b);
}

}  // namespace cubic_detail

// The real roots of p in [lo, hi] (lo < hi finite): the interval is cut at the real stationary points of p
// (roots of p' = c1 + 2 c2 x + 3 c3 x^2, by the cancellation-free quadratic formula), and each piece, on
// which p is monotone, holds a root iff p changes sign over it (a stationary point where p vanishes is a
// double root and counted once). p must not vanish identically.
COLLSWEEP_HD_INLINE CubicRoots cubic_roots_in(const double* c, double lo, double hi) {
  double cut[4] = {lo, 0.0, 0.0, 0.0};
  int n = 1;
  const double qa = 3.0 * c[3], qb = 2.0 * c[2], qc = c[1];
  double s[2];
  int ns = 0;
  if (qa != 0.0) {
    const double disc = qb * qb - 4.0 * qa * qc;
    if (disc >= 0.0) {
      const double q = -0.5 * (qb + (qb < 0.0 ? -::sqrt(disc) : ::sqrt(disc)));
      if (q != 0.0) {
        s[ns++] = q / qa;
        s[ns++] = qc / q;
      } else {
        s[ns++] = 0.0;  // qb = 0 and qc = 0: p' = qa x^2
      }
    }
  } else if (qb != 0.0) {
    s[ns++] = -qc / qb;
  }
  if (ns == 2 && s[1] < s[0]) {
    const double t = s[0];
    s[0] = s[1];
    s[1] = t;
  }
  for (int i = 0; i < ns; ++i)
    if (s[i] > lo && s[i] < hi && s[i] > cut[n - 1]) cut[n++] = s[i];
  cut[n++] = hi;
  CubicRoots r;
  double fa = cubic_value(c, cut[0]);
  if (fa == 0.0) r.x[r.count++] = cut[0];
  for (int i = 0; i + 1 < n; ++i) {
    const double a = cut[i], b = cut[i + 1];
    const double fb = cubic_value(c, b);
    if (fb == 0.0) {
      if (r.count < 3 && (r.count == 0 || r.x[r.count - 1] < b)) r.x[r.count++] = b;
    } else if (fa != 0.0 && (fa < 0.0) != (fb < 0.0)) {
      if (r.count < 3) r.x[r.count++] = cubic_detail::bisect(c, a, b, fa);
    }
    fa = fb;
  }
  return r;
}

}  // namespace collsweep

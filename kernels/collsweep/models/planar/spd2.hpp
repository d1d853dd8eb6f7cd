// 2x2 SPD Delassus draws (direct, wishart, shape) and W's derived numbers (rho, kappa, log10 cond).
//
// Every draw here is scale-free (only W's shape matters: each law is homogeneous of degree -1 in W's
// scale, Chatterjee 1997, §3.6) and takes its randomness from the caller's matrix-stream SampleRng in the
// order documented on each function.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/models/planar/contact.hpp"
#include "collsweep/random/philox.hpp"

namespace collsweep {

// The entries of R(phi) diag(1, lam2) R(phi)^T from c = cos phi, s = sin phi (any lane type: the CPU's
// SIMD sampler computes eight at once with the same operations).
template <class R>
COLLSWEEP_HD_INLINE void rotated_diagonal_entries(R c, R s, R lam2, R* nn, R* nt, R* tt) {
  *nn = c * c + s * s * lam2;
  *nt = c * s * (1.0 - lam2);
  *tt = s * s + c * c * lam2;
}

// W = R(phi) diag(1, 10^-x) R(phi)^T with R(phi) the rotation by phi: eigenvalues 1 and 10^-x exactly (up
// to the rounding of the entries), eigenvector of 1 at angle phi from the normal direction.
COLLSWEEP_HD_INLINE Delassus2 rotated_diagonal(double phi, double log10_cond) {
  double c, s;
  detmath::sincos(phi, &s, &c);
  const double lam2 = detmath::pow10(-log10_cond);
  Delassus2 W;
  rotated_diagonal_entries(c, s, lam2, &W.nn, &W.nt, &W.tt);
  return W;
}

inline constexpr double direct_phi_range = 3.14159265358979323846;  // phi = pi u

// direct kind: phi = pi u with u = rng.uniform() (one u01; phi in (0, pi), which covers every eigenvector
// orientation once), then rotated_diagonal(phi, log10_cond).
COLLSWEEP_HD_INLINE Delassus2 draw_direct(SampleRng& rng, double log10_cond) {
  const double phi = direct_phi_range * rng.uniform();
  return rotated_diagonal(phi, log10_cond);
}

// wishart kind: W = A A^T / dof, A a 2 x dof matrix of standard normals; column i of A is one Box-Muller
// pair (a_0i, a_1i) = rng.normal_pair(), i = 0 .. dof-1. E[W] = I; SPD with probability 1 for dof >= 2.
// dof = 0 gives W = 0 (flagged downstream as not SPD; the config validator requires dof >= 2).
COLLSWEEP_HD_INLINE Delassus2 draw_wishart(SampleRng& rng, std::uint32_t dof) {
  double snn = 0.0, snt = 0.0, stt = 0.0;
  for (std::uint32_t i = 0; i < dof; ++i) {
    double a0, a1;
    rng.normal_pair(a0, a1);
    snn += a0 * a0;
    snt += a0 * a1;
    stt += a1 * a1;
  }
  const double inv = dof > 0u ? 1.0 / static_cast<double>(dof) : 0.0;
  return Delassus2{snn * inv, snt * inv, stt * inv};
}

// shape kind: m_nn = kappa, m_tt = 1/kappa, m_nt = rho, so that rho = m_nt / sqrt(m_nn m_tt) and
// kappa = sqrt(m_nn / m_tt) up to the rounding of 1/kappa (the sampler reports the exact rho and kappa).
// SPD iff kappa > 0 and |rho| < 1.
COLLSWEEP_HD_INLINE Delassus2 shape_matrix(double rho, double kappa) {
  return Delassus2{kappa, rho, 1.0 / kappa};
}

// det W = m_nn m_tt - m_nt^2 with Kahan's fma scheme: w = m_nt^2 rounded, e = w - m_nt^2 exactly,
// det = fma(m_nn, m_tt, -w) + e, accurate to a few ulps of det even when det << m_nn m_tt (where the
// plain formula loses about log10(m_nn m_tt / det) digits). fma is an explicit, correctly rounded call,
// so the result is the same on host and device and independent of -ffp-contract.
COLLSWEEP_HD_INLINE double determinant_accurate(const Delassus2& W) {
  const double w = W.nt * W.nt;
  const double e = ::fma(-W.nt, W.nt, w);
  const double f = ::fma(W.nn, W.tt, -w);
  return f + e;
}

// log10 of W's condition number lambda_max / lambda_min = lambda_max^2 / det, with
// lambda_max = (tr + sqrt((m_nn - m_tt)^2 + 4 m_nt^2)) / 2 (no cancellation) and det from
// determinant_accurate (lambda_min = det / lambda_max is never formed by a cancelling subtraction).
// Clamped below at 0 (cond >= 1); +infinity when W is not positive definite (det <= 0, m_nn <= 0) or not
// finite, so such a sample falls outside every finite map axis instead of producing a NaN bin.
COLLSWEEP_HD_INLINE double log10_condition(const Delassus2& W) {
  const double det = determinant_accurate(W);
  const double d = W.nn - W.tt;
  const double lmax = 0.5 * (W.nn + W.tt + ::sqrt(d * d + 4.0 * W.nt * W.nt));
  if (!(det > 0.0) || !(W.nn > 0.0) || !is_finite_d(det) || !is_finite_d(lmax))
    return std::numeric_limits<double>::infinity();
  return max_d(0.0, 2.0 * detmath::log10(lmax) - detmath::log10(det));
}

// rho = m_nt / sqrt(m_nn m_tt) (the normal-tangential coupling, |rho| < 1 for SPD W), formed as
// m_nt / (sqrt(m_nn) sqrt(m_tt)) so that no product over- or underflows. NaN when m_nn or m_tt <= 0.
COLLSWEEP_HD_INLINE double coupling_rho(const Delassus2& W) { return W.nt / (::sqrt(W.nn) * ::sqrt(W.tt)); }

// kappa = sqrt(m_nn / m_tt), the square root of the normal-to-tangential inverse-mass ratio.
COLLSWEEP_HD_INLINE double shape_kappa(const Delassus2& W) { return ::sqrt(W.nn / W.tt); }

}  // namespace collsweep

// Random n-DOF mechanisms for the mechanism kind of W: M = Q diag(m) Q^T, J 2 x n Gaussian, W = J M^-1 J^T.
//
// Draw (all from the caller's matrix-stream SampleRng, in this order):
//   1. x = log10 of M's eigenvalue ratio, from MatrixDist::log10_cond_M (one u01 unless grid/constant);
//   2. eigenvalues m_0 = 1, m_{n-1} = 10^-x and, between, m_i = 10^(-x u_i), i = 1 .. n-2, u_i = u01:
//      log-uniform in [10^-x, 1], so m_max / m_min = 10^x exactly whatever n (unsorted: Q is Haar, so the
//      order carries no information);
//   3. G, an n x n matrix of standard normals, column by column (column-major), then J, 2 x n, row by row;
//      the normals come from successive Box-Muller pairs (z0 then z1) shared across G and J, and the
//      second normal of the last pair is dropped when 2n + n^2 is odd;
//   4. Q = the orthogonal factor of G = Q R with R's diagonal positive: modified Gram-Schmidt with a
//      second orthogonalisation pass ("twice is enough", orthogonal to working precision). The positive
//      diagonal is the sign fix that makes Q Haar-distributed (Mezzadri 2007);
//   5. M = Q diag(m) Q^T (symmetric by construction), L = chol(M), Y = L^-1 J^T (forward substitution),
//      W = Y^T Y: m_nn = |y_0|^2, m_tt = |y_1|^2, m_nt = y_0 . y_1.
// When M is not positive definite to working precision (a Cholesky pivot <= 0 or not finite: x beyond
// ~15) the draw is NOT repeated: W = 0 is returned with cholesky_ok = false, and the laws flag the sample
// as delassus_not_spd so that the sweep counts it.
//
// Fixed-size arrays of max_mechanism_dof; only the leading n x n block is used. On the GPU the two
// 12 x 12 buffers live in local memory (about 2.5 KB per thread).
#pragma once

#include "collsweep/math/det_math.hpp"
#include <cmath>
#include <cstdint>

#include "collsweep/contact/planar.hpp"
#include "collsweep/hd.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/plan.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

// A drawn mechanism: what the test needs to recompute W independently (row-major M and J).
struct MechanismDraw {
  std::uint32_t n = 0;        // degrees of freedom actually used (2 .. max_mechanism_dof)
  double log10_cond_M = 0.0;  // x: M's eigenvalue ratio is 10^x
  double m[max_mechanism_dof] = {};
  double M[max_mechanism_dof][max_mechanism_dof] = {};
  double J[2][max_mechanism_dof] = {};
  bool cholesky_ok = false;
  Delassus2 W;
};

// Standard normals from successive Box-Muller pairs of one SampleRng: z0, z1, z0, z1, ... (the spare lives
// here, on the caller's stack, not in the RNG).
class NormalSequence {
 public:
  COLLSWEEP_HD_INLINE explicit NormalSequence(SampleRng& rng) : rng_(rng) {}
  COLLSWEEP_HD_INLINE double next() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    double z0;
    rng_.normal_pair(z0, spare_);
    has_spare_ = true;
    return z0;
  }

 private:
  SampleRng& rng_;
  double spare_ = 0.0;
  bool has_spare_ = false;
};

// Draws a mechanism with d.mechanism_dof DOF (clamped to [2, max_mechanism_dof]) into out, see above.
// cond_M_digit is the grid digit of d.log10_cond_M (ignored unless it is a grid).
COLLSWEEP_HD_INLINE void draw_mechanism(const MatrixDist& d, SampleRng& rng, std::uint32_t cond_M_digit,
                                        MechanismDraw& out) {
  std::uint32_t n = d.mechanism_dof;
  if (n < 2u) n = 2u;
  if (n > static_cast<std::uint32_t>(max_mechanism_dof)) n = max_mechanism_dof;
  out.n = n;

  // 1-2. eigenvalue ratio and eigenvalues.
  const double x = draw_scalar(d.log10_cond_M, rng, cond_M_digit);
  out.log10_cond_M = x;
  out.m[0] = 1.0;
  for (std::uint32_t i = 1; i + 1 < n; ++i) out.m[i] = detmath::pow10(-x * rng.uniform());
  out.m[n - 1] = detmath::pow10(-x);

  // 3. G (column-major into Q[col][row]) and J.
  double Q[max_mechanism_dof][max_mechanism_dof];  // Q[j] = column j
  NormalSequence z(rng);
  for (std::uint32_t j = 0; j < n; ++j)
    for (std::uint32_t i = 0; i < n; ++i) Q[j][i] = z.next();
  for (std::uint32_t r = 0; r < 2u; ++r)
    for (std::uint32_t i = 0; i < n; ++i) out.J[r][i] = z.next();

  // 4. Modified Gram-Schmidt, two passes, in place: column j loses its components along columns < j.
  for (std::uint32_t j = 0; j < n; ++j) {
    for (int pass = 0; pass < 2; ++pass)
      for (std::uint32_t p = 0; p < j; ++p) {
        double proj = 0.0;
        for (std::uint32_t i = 0; i < n; ++i) proj += Q[p][i] * Q[j][i];
        for (std::uint32_t i = 0; i < n; ++i) Q[j][i] -= proj * Q[p][i];
      }
    double norm2 = 0.0;
    for (std::uint32_t i = 0; i < n; ++i) norm2 += Q[j][i] * Q[j][i];
    const double inv = 1.0 / ::sqrt(norm2);
    for (std::uint32_t i = 0; i < n; ++i) Q[j][i] *= inv;
  }

  // 5a. M = Q diag(m) Q^T: M_ab = sum_j m_j Q_aj Q_bj (upper triangle, then mirrored).
  for (std::uint32_t a = 0; a < n; ++a)
    for (std::uint32_t b = a; b < n; ++b) {
      double s = 0.0;
      for (std::uint32_t j = 0; j < n; ++j) s += out.m[j] * Q[j][a] * Q[j][b];
      out.M[a][b] = s;
      out.M[b][a] = s;
    }

  // 5b. Cholesky M = L L^T, L (lower, row-major) overwriting the Q buffer.
  double(&L)[max_mechanism_dof][max_mechanism_dof] = Q;
  out.cholesky_ok = true;
  for (std::uint32_t j = 0; j < n; ++j) {
    double djj = out.M[j][j];
    for (std::uint32_t p = 0; p < j; ++p) djj -= L[j][p] * L[j][p];
    if (!(djj > 0.0) || !is_finite_d(djj)) {
      out.cholesky_ok = false;
      break;
    }
    const double ljj = ::sqrt(djj);
    L[j][j] = ljj;
    for (std::uint32_t i = j + 1; i < n; ++i) {
      double s = out.M[i][j];
      for (std::uint32_t p = 0; p < j; ++p) s -= L[i][p] * L[j][p];
      L[i][j] = s / ljj;
    }
  }
  if (!out.cholesky_ok) {
    out.W = Delassus2{0.0, 0.0, 0.0};
    return;
  }

  // 5c. Y = L^-1 J^T by forward substitution, one column per row of J, and W = Y^T Y.
  double y0[max_mechanism_dof], y1[max_mechanism_dof];
  for (std::uint32_t i = 0; i < n; ++i) {
    double s0 = out.J[0][i], s1 = out.J[1][i];
    for (std::uint32_t p = 0; p < i; ++p) {
      s0 -= L[i][p] * y0[p];
      s1 -= L[i][p] * y1[p];
    }
    y0[i] = s0 / L[i][i];
    y1[i] = s1 / L[i][i];
  }
  double nn = 0.0, nt = 0.0, tt = 0.0;
  for (std::uint32_t i = 0; i < n; ++i) {
    nn += y0[i] * y0[i];
    nt += y0[i] * y1[i];
    tt += y1[i] * y1[i];
  }
  out.W = Delassus2{nn, nt, tt};
}

}  // namespace collsweep

// The multi-contact G draw (direct, wishart, mechanism kinds) and its log10_cond, once for any lane type.
//
// R is double (one sample: sampler.hpp, the CPU's scalar path and the GPU) or the CPU's SIMD vector
// (host/backend/multicontact_sample_lanes.cpp, eight samples), through SampleLanes<R>
// (sampling/sample_lanes.hpp). Every word comes from the delassus stream of the lanes' samples, rng, in this
// order (the layout of sampler.hpp's top):
//   direct     x = draw_scalar(log10_cond) (one u01 unless constant or grid), the spectrum's 2k - 2 u01
//              (lambda_0 = 1, lambda_i = 10^(-x u_i), lambda_{2k-1} = 10^-x), then (2k)^2 normals in
//              Box-Muller pairs (two u01 each, z0 then z1) filling the Gaussian column by column.
//   wishart    dof = 2k + extra columns of 2k normals, one Box-Muller pair after another (the spare of a
//              pair carries over to the next column; that of the last pair of an odd total is dropped).
//   mechanism  x = draw_scalar(log10_cond_M), then sampling/mechanism.hpp's spectrum (n - 2 u01) and
//              normals (n x n then 2k x n, in pairs).
//   body       nothing: G is the plan's body's (planar_body.hpp), the same for every sample.
// A vector lane whose 10^x or Box-Muller leaves the lanes' common path, or whose mechanism M has no
// Cholesky factor, is marked in bad (its caller draws it again one sample at a time); double never marks.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/lcp/small_matrix.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/models/multicontact/planar_body.hpp"
#include "collsweep/models/multicontact/sample_inputs.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "collsweep/sampling/sample_lanes.hpp"

namespace collsweep {

inline constexpr int max_contact_rows = 2 * max_contacts;  // G's capacity (8 x 8)

// log10_cond of a sample drawn without it (a quiet NaN: outside every map axis, should one read it).
inline constexpr double kLog10CondNotComputed = __builtin_nan("");

// Lane l of x (x itself for one sample).
template <class R>
COLLSWEEP_HD_INLINE double lane_value(const R& x, int l) {
  if constexpr (LaneOps<R>::width == 1) {
    (void)l;
    return x;
  } else {
    return x[l];
  }
}

// direct kind: x = log10_cond drawn from rng (its grid digit from g), then G = Q diag(lambda) Q^T with Q
// Haar of size r = 2k (sampler.hpp's top); Q is the scratch buffer (any capacity D >= r). Returns x.
template <class R, class Normals = PairwiseNormals, int D>
COLLSWEEP_HD_INLINE R draw_delassus_direct_lanes(const MultiContactSamplePlan& p, LaneRng<R>& rng,
                                                 const MultiGridDigits (&g)[LaneOps<R>::width],
                                                 std::uint32_t r, R (&Q)[D][D],
                                                 R (&G)[max_contact_rows][max_contact_rows],
                                                 LaneMask<R>* bad) {
  expect_uniforms<R>(rng, 1u + (r - 2u) + r * r);  // x's (if it takes one), the spectrum's, the normals'
  const R x = draw_scalar_lanes<R>(p.log10_cond, rng, g, &MultiGridDigits::log10_cond, bad);
  R lambda[max_contact_rows];
  draw_log_uniform_spectrum_lanes<R>(rng, r, x, pow10_neg_of<R>(p.log10_cond, x, bad), lambda, bad,
                                     &p.log10_cond);
  NormalSequence<Normals, R> z(rng, r * r, bad);
  draw_gaussian_columns(z, r, Q);  // Q[j] = column j
  orthonormalize_columns(Q, r);
  rotate_spectrum(Q, lambda, r, G);
  return x;
}

// wishart kind: G = A A^T / dof with A r x dof Gaussian drawn column by column (see the top). dof = 0
// gives G = 0 (not SPD; reported by the law). G += a a^T for one column a of A (upper triangle), then
// G /= dof with the upper triangle mirrored.
template <class T>
COLLSWEEP_HD_INLINE void wishart_add_column(T (&G)[max_contact_rows][max_contact_rows], const T* col,
                                            std::uint32_t r) {
  for (std::uint32_t a = 0; a < r; ++a)
    for (std::uint32_t b = a; b < r; ++b) G[a][b] += col[a] * col[b];
}
template <class T>
COLLSWEEP_HD_INLINE void wishart_finish(T (&G)[max_contact_rows][max_contact_rows], std::uint32_t r,
                                        std::uint32_t dof) {
  const double inv = dof > 0u ? 1.0 / static_cast<double>(dof) : 0.0;
  for (std::uint32_t a = 0; a < r; ++a)
    for (std::uint32_t b = a; b < r; ++b) {
      G[a][b] *= inv;
      G[b][a] = G[a][b];
    }
}

template <class R, class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE void draw_delassus_wishart_lanes(LaneRng<R>& rng, std::uint32_t r, std::uint32_t dof,
                                                     R (&G)[max_contact_rows][max_contact_rows],
                                                     LaneMask<R>* bad) {
  for (std::uint32_t a = 0; a < r; ++a)
    for (std::uint32_t b = 0; b < r; ++b) G[a][b] = LaneOps<R>::splat(0.0);
  expect_uniforms<R>(rng, 2u * ((r * dof + 1u) / 2u));
  NormalSequence<Normals, R> z(rng, r * dof, bad);
  for (std::uint32_t c = 0; c < dof; ++c) {
    R col[max_contact_rows];
    for (std::uint32_t a = 0; a < r; ++a) col[a] = z.next();
    wishart_add_column(G, col, r);
  }
  wishart_finish(G, r, dof);
}

// mechanism kind with n DOF: x = log10_cond_M drawn from rng (its grid digit from g), m, M and J (rows
// N1..Nk, T1..Tk) by sampling/mechanism.hpp's steps, then G = Y^T Y with Y = L^-1 J^T, L = chol(M) in work
// (Y may be J itself, overwritten). Returns the mask of the lanes whose M has a Cholesky factor (G = 0 for
// one sample without; meaningless in such a vector lane, which is also marked in bad).
template <class R, class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE LaneMask<R> draw_delassus_mechanism_lanes(
    const MultiContactSamplePlan& p, LaneRng<R>& rng, const MultiGridDigits (&g)[LaneOps<R>::width],
    std::uint32_t n, std::uint32_t r, R& x, R (&m)[max_mechanism_dof],
    R (&M)[max_mechanism_dof][max_mechanism_dof], R (&J)[max_contact_rows][max_mechanism_dof],
    R (&Y)[max_contact_rows][max_mechanism_dof], R (&work)[max_mechanism_dof][max_mechanism_dof],
    R (&G)[max_contact_rows][max_contact_rows], LaneMask<R>* bad) {
  expect_uniforms<R>(rng, 1u + mechanism_matrix_uniforms(n, r));  // x's (if it takes one), the matrices'
  x = draw_scalar_lanes<R>(p.log10_cond_M, rng, g, &MultiGridDigits::log10_cond_M, bad);
  draw_mechanism_matrices_lanes<R, Normals>(rng, n, x, pow10_neg_of<R>(p.log10_cond_M, x, bad), r, m, M, J,
                                            work, bad);
  const LaneMask<R> ok = mechanism_delassus_of(n, r, M, J, Y, work, G);
  if constexpr (LaneOps<R>::width > 1) *bad |= LaneOps<R>::lnot(ok);
  return ok;
}

// log10 cond(G) of the leading r x r block from its Jacobi eigenvalues (smallmat::jacobi_run on a copy of
// G in the scratch buffer work, every lane its own run): log10 lambda_max - log10 lambda_min, clamped below
// at 0; +inf when lambda_min <= 0 or a value is not finite (so the sample falls outside every finite map
// axis). Jacobi is accurate to a few ulps of ||G||, so the condition number is good to about eps cond(G)
// relative. log10_cond_of_eigenvalues is its last step, from the eigenvalues eig[0 .. r-1] in Jacobi's
// order (per lane: the scalar log10).
COLLSWEEP_HD_INLINE double log10_cond_of_eigenvalues(const double* eig, std::uint32_t r) {
  double lmin = eig[0], lmax = eig[0];
  for (std::uint32_t a = 1; a < r; ++a) {
    lmin = min_d(lmin, eig[a]);
    lmax = max_d(lmax, eig[a]);
  }
  if (!(lmin > 0.0) || !is_finite_d(lmin) || !is_finite_d(lmax)) return smallmat::kInfinity;
  return max_d(0.0, detmath::log10(lmax) - detmath::log10(lmin));
}

// Not computed (kLog10CondNotComputed) unless needed.
template <class R>
COLLSWEEP_HD_INLINE void delassus_log10_cond_lanes(const R (&G)[max_contact_rows][max_contact_rows],
                                                   std::uint32_t r, bool needed,
                                                   R (&work)[max_mechanism_dof][max_mechanism_dof],
                                                   double (&log10_cond)[LaneOps<R>::width]) {
  if (!needed) {
    for (int l = 0; l < LaneOps<R>::width; ++l) log10_cond[l] = kLog10CondNotComputed;
    return;
  }
  for (std::uint32_t a = 0; a < r; ++a)
    for (std::uint32_t b = 0; b < r; ++b) work[a][b] = G[a][b];  // G is exactly symmetric
  double eig[max_mechanism_dof];
  if constexpr (LaneOps<R>::width == 1) {
    smallmat::jacobi_eigenvalues(work, eig, static_cast<int>(r));  // (the GPU's out-of-line call)
    log10_cond[0] = log10_cond_of_eigenvalues(eig, r);
  } else {
    smallmat::jacobi_run(work, static_cast<int>(r));
    for (int l = 0; l < LaneOps<R>::width; ++l) {
      for (std::uint32_t a = 0; a < r; ++a) eig[a] = work[a][a][l];
      log10_cond[l] = log10_cond_of_eigenvalues(eig, r);
    }
  }
}

COLLSWEEP_HD_INLINE double delassus_log10_cond(const double (&G)[max_contact_rows][max_contact_rows],
                                               std::uint32_t r,
                                               double (&work)[max_mechanism_dof][max_mechanism_dof]) {
  double c[1];
  delassus_log10_cond_lanes<double>(G, r, true, work, c);
  return c[0];
}

// G of the lanes' samples (delassus stream rng) by p.G_kind, r = 2k rows, n the mechanism's DOF
// (multicontact_mechanism_dof), and each lane's log10_cond: the direct kind's x exactly, otherwise from
// the Jacobi eigenvalues when log10_cond_needed (else kLog10CondNotComputed). work is the one 12 x 12
// scratch buffer: Q (direct, mechanism), L (mechanism), then the copy of G that Jacobi diagonalises.
template <class R, class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE void draw_multicontact_delassus(
    const MultiContactSamplePlan& p, LaneRng<R>& rng, const MultiGridDigits (&g)[LaneOps<R>::width],
    std::uint32_t r, std::uint32_t n, bool log10_cond_needed, R (&work)[max_mechanism_dof][max_mechanism_dof],
    R (&G)[max_contact_rows][max_contact_rows], double (&log10_cond)[LaneOps<R>::width], LaneMask<R>* bad) {
  constexpr int W = LaneOps<R>::width;
  switch (p.G_kind) {
    case DelassusKind::direct: {
      const R x = draw_delassus_direct_lanes<R, Normals>(p, rng, g, r, work, G, bad);
      for (int l = 0; l < W; ++l) log10_cond[l] = lane_value(x, l);  // exact by construction
      break;
    }
    case DelassusKind::wishart:
      draw_delassus_wishart_lanes<R, Normals>(rng, r, r + p.wishart_extra_dof, G, bad);
      delassus_log10_cond_lanes<R>(G, r, log10_cond_needed, work, log10_cond);
      break;
    case DelassusKind::mechanism: {
      R x, m[max_mechanism_dof], M[max_mechanism_dof][max_mechanism_dof];
      R JY[max_contact_rows][max_mechanism_dof];  // J, then Y = L^-1 J^T in place
      draw_delassus_mechanism_lanes<R, Normals>(p, rng, g, n, r, x, m, M, JY, JY, work, G, bad);
      delassus_log10_cond_lanes<R>(G, r, log10_cond_needed, work, log10_cond);
      break;
    }
    case DelassusKind::body: {
      double Gb[max_contact_rows][max_contact_rows] = {};
      planar_body_delassus(p.body, r / 2u, Gb);
      for (std::uint32_t a = 0; a < r; ++a)
        for (std::uint32_t b = 0; b < r; ++b) G[a][b] = LaneOps<R>::splat(Gb[a][b]);
      delassus_log10_cond_lanes<R>(G, r, log10_cond_needed, work, log10_cond);
      break;
    }
  }
}

}  // namespace collsweep

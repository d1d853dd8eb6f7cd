// Random n-DOF mechanisms, M = Q diag(m) Q^T and J r x n Gaussian, giving the Delassus matrix J M^-1 J^T.
//
// Shared by the families' mechanism kinds: the planar one (r = 2, W = J M^-1 J^T; draw_planar_mechanism_lanes
// in models/planar/mechanism_draw.hpp), the CPU's SIMD samplers (the same templates on their vector lanes)
// and the multi-contact one (r = 2k Jacobian rows, G = J M^-1 J^T;
// models/multicontact/sampler.hpp).
//
// Draw (all from the caller's matrix-stream SampleRng, in this order):
//   1. x = log10 of M's eigenvalue ratio, from the plan's log10_cond_M (one u01 unless grid/constant; the
//      family's sampler draws it);
//   2. eigenvalues m_0 = 1, m_{n-1} = 10^-x and, between, m_i = 10^(-x u_i), i = 1 .. n-2, u_i = u01:
//      log-uniform in [10^-x, 1], so m_max / m_min = 10^x exactly whatever n (unsorted: Q is Haar, so the
//      order carries no information);
//   3. G, an n x n matrix of standard normals, column by column (column-major), then J, r x n, row by row;
//      the normals come from successive Box-Muller pairs (z0 then z1) shared across G and J, and the
//      second normal of the last pair is dropped when r n + n^2 is odd;
//   4. Q = the orthogonal factor of G = Q R with R's diagonal positive: modified Gram-Schmidt with a
//      second orthogonalisation pass ("twice is enough", orthogonal to working precision). The positive
//      diagonal is the sign fix that makes Q Haar-distributed (Mezzadri 2007);
//   5. M = Q diag(m) Q^T (symmetric by construction), L = chol(M), Y = L^-1 J^T (forward substitution),
//      D = Y^T Y (r x r; planar: m_nn = |y_0|^2, m_tt = |y_1|^2, m_nt = y_0 . y_1).
// When M is not positive definite to working precision (a Cholesky pivot <= 0 or not finite: x beyond
// ~15) the draw is NOT repeated: D = 0 is returned (with cholesky_ok = false), and the laws flag the
// sample as delassus_not_spd so that the sweep counts it.
//
// Fixed-size arrays of max_mechanism_dof; only the leading n x n block is used. On the GPU the two
// 12 x 12 buffers (M and the scratch that holds Q, then L) live in local memory (about 2.5 KB per thread).
#pragma once

#include <cmath>
#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/sample_lanes.hpp"

namespace collsweep {

inline constexpr int max_mechanism_dof = 12;  // the largest n (the capacity of every buffer below)

// Where a NormalSequence takes its normals. The kernels' default, PairwiseNormals: one Box-Muller pair at a
// time as next() needs it (the GPU's way: no buffer in local memory). A batching policy (the host's SIMD one,
// SimdNormals in host/backend/normal_lanes.hpp) has a batch_capacity > 0 and a static
//   draw_normal_pairs(SampleRng& rng, std::uint32_t pairs, double* z)
// that writes z0, z1 of `pairs` Box-Muller pairs in turn: the values and the words of rng.normal_pair called
// `pairs` times.
struct PairwiseNormals {
  static constexpr std::uint32_t batch_capacity = 0;  // normals drawn ahead (0: none)
};

namespace detail {
// NormalSequence's buffer of normals drawn ahead: none without a batch capacity.
template <std::uint32_t Capacity>
struct NormalBatch {
  double z[Capacity + 1];
  std::uint32_t drawn = 0, taken = 0;
};
template <>
struct NormalBatch<0> {};
}  // namespace detail

// Standard normals from successive Box-Muller pairs of one stream: z0, z1, z0, z1, ... (the spare lives
// here, on the caller's stack, not in the RNG). `total` is how many the caller takes: with a batching policy
// (see PairwiseNormals) and total <= its batch_capacity, the uniforms of all their pairs are drawn at once
// and transformed together, which gives the same values and leaves the RNG where taking them one at a time
// would (the spare of an odd total included); PairwiseNormals takes them one at a time. Taking more than
// `total` goes on one pair at a time. R: the lane type (sampling/sample_lanes.hpp); vector lanes take their
// pairs one at a time (normal_pair_lanes), marking in bad the lanes whose Box-Muller leaves their path.
template <class Normals = PairwiseNormals, class R = double>
class NormalSequence : private detail::NormalBatch<LaneOps<R>::width == 1 ? Normals::batch_capacity : 0u> {
  static constexpr std::uint32_t capacity = LaneOps<R>::width == 1 ? Normals::batch_capacity : 0u;

 public:
  COLLSWEEP_HD_INLINE NormalSequence(LaneRng<R>& rng, std::uint32_t total, LaneMask<R>* bad = nullptr)
      : rng_(rng), bad_(bad) {
    if constexpr (capacity > 0) {
      if (total <= capacity) {
        const std::uint32_t pairs = (total + 1u) / 2u;
        Normals::draw_normal_pairs(rng_, pairs, this->z);
        this->drawn = 2u * pairs;
      }
    } else {
      (void)total;
    }
  }

  COLLSWEEP_HD_INLINE R next() {
    if constexpr (capacity > 0) {
      if (this->taken < this->drawn) return this->z[this->taken++];
    }
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    R z0;
    normal_pair_lanes<R>(rng_, &z0, &spare_, bad_);
    has_spare_ = true;
    return z0;
  }

 private:
  LaneRng<R>& rng_;
  LaneMask<R>* bad_;
  R spare_{};
  bool has_spare_ = false;
};

// ---- Shared pieces (also used by the multi-contact sampler, models/multicontact/sampler.hpp) ----
// Square buffers are row-major C arrays of capacity D; only the leading n x n block is read or written.

// Eigenvalues m_0 = 1, m_{n-1} = 10^-x and m_i = 10^(-x u_i), u_i = rng.uniform() for i = 1 .. n-2 in
// this order (n >= 2): log-uniform in [10^-x, 1], largest / smallest = 10^x exactly whatever n; n = 1 gives
// m_0 = 1 alone (one eigenvalue has no ratio; the multi-contact mechanism kind's dof = 1). Any lane
// type; m_last = 10^-x from the caller (on vector lanes pow10_neg_of of x's distribution). x_dist: x's
// distribution where vector lanes should take a grid's 10^(-x u_i) lane by lane with the scalar function
// (its x = 0 takes pow10's exact branch; the multi-contact direct kind), else null.
template <class R>
COLLSWEEP_HD_INLINE void draw_log_uniform_spectrum_lanes(LaneRng<R>& rng, std::uint32_t n, R x, R m_last,
                                                         R* m, LaneMask<R>* bad,
                                                         const ScalarDist* x_dist = nullptr) {
  m[0] = LaneOps<R>::splat(1.0);
  if (n < 2u) return;
  if constexpr (LaneOps<R>::width > 1) {
    if (x_dist != nullptr && x_dist->kind == ScalarKind::grid) {
      for (std::uint32_t i = 1; i + 1 < n; ++i) {
        const R e = -x * rng.uniform();
        for (int l = 0; l < LaneOps<R>::width; ++l) m[i][l] = detmath::pow10(e[l]);
      }
      m[n - 1] = m_last;
      return;
    }
  } else {
    (void)x_dist;
  }
  for (std::uint32_t i = 1; i + 1 < n; ++i) m[i] = SampleLanes<R>::pow10(-x * rng.uniform(), bad);
  m[n - 1] = m_last;
}

COLLSWEEP_HD_INLINE void draw_log_uniform_spectrum(SampleRng& rng, std::uint32_t n, double x, double* m) {
  bool bad = false;
  draw_log_uniform_spectrum_lanes<double>(rng, n, x, detmath::pow10(-x), m, &bad);
}

// An n x n matrix of standard normals drawn column by column (column-major): Q[j][i] = entry (i, j),
// i.e. Q[j] holds column j.
template <int D, class Normals, class R>
COLLSWEEP_HD_INLINE void draw_gaussian_columns(NormalSequence<Normals, R>& z, std::uint32_t n, R (&Q)[D][D]) {
  for (std::uint32_t j = 0; j < n; ++j)
    for (std::uint32_t i = 0; i < n; ++i) Q[j][i] = z.next();
}

// Column c -= (column p . column c) column p: one modified Gram-Schmidt step (the dot product summed in
// ascending i).
template <int D, class T>
COLLSWEEP_HD_INLINE void remove_projection(T (&Q)[D][D], std::uint32_t n, std::uint32_t p, std::uint32_t c) {
  T proj{};
  for (std::uint32_t i = 0; i < n; ++i) proj += Q[p][i] * Q[c][i];
  for (std::uint32_t i = 0; i < n; ++i) Q[c][i] -= proj * Q[p][i];
}

// In place, the orthogonal factor of A = Q R with R's diagonal positive (Q[j] = column j, as above):
// modified Gram-Schmidt with a second orthogonalisation pass ("twice is enough", orthogonal to working
// precision); dividing by the positive norm is the sign fix that makes Q Haar-distributed when A is
// Gaussian (Mezzadri 2007).
// Each column j gets exactly the steps of the textbook (left-looking) order, in that order: the first pass
// against columns 0 .. j-1, the second pass against them, the normalisation; so the bits are the same. But
// the first-pass step against column p is applied to every later column as soon as p is final (right-
// looking), so those independent steps overlap instead of forming one long chain of dependent sums.
// T = double, or the CPU's SIMD lanes (the multi-contact lanes sampler): the same operations in every lane.
template <int D, class T>
COLLSWEEP_HD_INLINE void orthonormalize_columns(T (&Q)[D][D], std::uint32_t n) {
  for (std::uint32_t j = 0; j < n; ++j) {
    for (std::uint32_t p = 0; p < j; ++p) remove_projection(Q, n, p, j);  // second pass
    T norm2{};
    for (std::uint32_t i = 0; i < n; ++i) norm2 += Q[j][i] * Q[j][i];
    const T inv = 1.0 / LaneOps<T>::sqrt(norm2);
    for (std::uint32_t i = 0; i < n; ++i) Q[j][i] *= inv;
    for (std::uint32_t c = j + 1; c < n; ++c) remove_projection(Q, n, j, c);  // first pass of later columns
  }
}

// S = Q diag(m) Q^T with Q[j] = column j: S_ab = sum_j (m_j Q_aj) Q_bj, j ascending, upper triangle computed
// and mirrored (exactly symmetric).
template <int DQ, int DS, class T>
COLLSWEEP_HD_INLINE void rotate_spectrum(const T (&Q)[DQ][DQ], const T* m, std::uint32_t n, T (&S)[DS][DS]) {
  for (std::uint32_t a = 0; a < n; ++a)
    for (std::uint32_t b = a; b < n; ++b) {
      T s{};
      for (std::uint32_t j = 0; j < n; ++j) s += m[j] * Q[j][a] * Q[j][b];
      S[a][b] = s;
      S[b][a] = s;
    }
}

// The uniforms that draw_mechanism_matrices_lanes reads: the spectrum's n - 2, then two for each Box-Muller
// pair of the n x n + rows x n normals.
COLLSWEEP_HD_INLINE std::uint32_t mechanism_matrix_uniforms(std::uint32_t n, std::uint32_t rows) {
  return (n >= 2u ? n - 2u : 0u) + 2u * ((n * n + rows * n + 1u) / 2u);
}

// Steps 2-5a of a mechanism with `rows` Jacobian rows, x already drawn from rng, on any lane type T: the
// spectrum m (m_last = 10^-x, see draw_log_uniform_spectrum_lanes), then the normals (n x n Gaussian column
// by column, then J row by row, one NormalSequence, the spare of the last pair dropped), Q by
// orthonormalize_columns and M = Q diag(m) Q^T. work is scratch (it holds Q). Normals: NormalSequence's
// policy (PairwiseNormals, or the host's SIMD batches of one sample's normals). bad as sample_lanes.hpp.
template <class T, class Normals = PairwiseNormals, int R>
COLLSWEEP_HD_INLINE void draw_mechanism_matrices_lanes(LaneRng<T>& rng, std::uint32_t n, T x, T m_last,
                                                       std::uint32_t rows, T (&m)[max_mechanism_dof],
                                                       T (&M)[max_mechanism_dof][max_mechanism_dof],
                                                       T (&J)[R][max_mechanism_dof],
                                                       T (&work)[max_mechanism_dof][max_mechanism_dof],
                                                       LaneMask<T>* bad) {
  expect_uniforms<T>(rng, mechanism_matrix_uniforms(n, rows));
  draw_log_uniform_spectrum_lanes<T>(rng, n, x, m_last, m, bad);
  NormalSequence<Normals, T> z(rng, n * n + rows * n, bad);
  draw_gaussian_columns(z, n, work);
  for (std::uint32_t r = 0; r < rows; ++r)
    for (std::uint32_t i = 0; i < n; ++i) J[r][i] = z.next();
  orthonormalize_columns(work, n);
  rotate_spectrum(work, m, n, M);
}

// The same for one sample.
template <class Normals = PairwiseNormals, int R>
COLLSWEEP_HD_INLINE void draw_mechanism_matrices(SampleRng& rng, std::uint32_t n, double x,
                                                 std::uint32_t rows, double (&m)[max_mechanism_dof],
                                                 double (&M)[max_mechanism_dof][max_mechanism_dof],
                                                 double (&J)[R][max_mechanism_dof],
                                                 double (&work)[max_mechanism_dof][max_mechanism_dof]) {
  bool bad = false;
  draw_mechanism_matrices_lanes<double, Normals>(rng, n, x, detmath::pow10(-x), rows, m, M, J, work, &bad);
}

// Step 5b: L = chol(M), lower and row-major, into L (only its lower triangle is written). Returns false
// when a pivot is <= 0 or not finite (M not positive definite to working precision).
// T = double, or the CPU's SIMD lanes (the multi-contact lanes sampler): a mask of the lanes that succeed;
// the others go on with meaningless values (their caller draws them again one at a time). N is the arrays'
// capacity (max_mechanism_dof in the samplers; `solve`'s mechanism form takes more), n <= N.
template <int N, class T>
COLLSWEEP_HD_INLINE LaneMask<T> mechanism_cholesky(std::uint32_t n, const T (&M)[N][N], T (&L)[N][N]) {
  using Ops = LaneOps<T>;
  LaneMask<T> ok = Ops::true_mask();
  for (std::uint32_t j = 0; j < n; ++j) {
    T djj = M[j][j];
    for (std::uint32_t p = 0; p < j; ++p) djj -= L[j][p] * L[j][p];
    ok = ok & (djj > 0.0) & finite_r(djj);
    if constexpr (Ops::width == 1) {
      if (!ok) return ok;
    }
    const T ljj = Ops::sqrt(djj);
    L[j][j] = ljj;
    for (std::uint32_t i = j + 1; i < n; ++i) {
      T s = M[i][j];
      for (std::uint32_t p = 0; p < j; ++p) s -= L[i][p] * L[j][p];
      L[i][j] = s / ljj;
    }
  }
  return ok;
}

// Step 5b-c for `rows` Jacobian rows: L = chol(M) into work, Y = L^-1 J^T by forward substitution (row r
// of Y is column r of L^-1 J^T; Y may be J itself, overwritten in place) and Dl = Y^T Y = J M^-1 J^T (rows x
// rows; Dl_ab = sum_i y_ai y_bi, i ascending, upper triangle mirrored). Returns false, with Dl's leading
// block zero, when M is not positive definite to working precision (T = lanes: the mask of the lanes that
// succeed, Dl meaningless in the others). The one W = J M^-1 J^T of collsweep: the samplers' mechanisms and
// `solve`'s mechanism form (host/families/planar/mechanism.cpp) both come here. N: the arrays' capacity.
template <int R, int N, class T>
COLLSWEEP_HD_INLINE LaneMask<T> mechanism_delassus_of(std::uint32_t n, std::uint32_t rows, const T (&M)[N][N],
                                                      const T (&J)[R][N], T (&Y)[R][N], T (&work)[N][N],
                                                      T (&Dl)[R][R]) {
  T(&L)[N][N] = work;
  const LaneMask<T> ok = mechanism_cholesky(n, M, L);
  if constexpr (LaneOps<T>::width == 1) {
    if (!ok) {
      for (std::uint32_t a = 0; a < rows; ++a)
        for (std::uint32_t b = 0; b < rows; ++b) Dl[a][b] = 0.0;
      return ok;
    }
  }
  // Each row's substitution is its own chain of dependent operations; the rows advance together (i
  // outermost) so that those chains overlap. Every row gets the same operations in the same order.
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t r = 0; r < rows; ++r) {
      T s = J[r][i];
      for (std::uint32_t p = 0; p < i; ++p) s -= L[i][p] * Y[r][p];
      Y[r][i] = s / L[i][i];
    }
  for (std::uint32_t a = 0; a < rows; ++a)
    for (std::uint32_t b = a; b < rows; ++b) {
      T s{};
      for (std::uint32_t i = 0; i < n; ++i) s += Y[a][i] * Y[b][i];
      Dl[a][b] = s;
      Dl[b][a] = s;
    }
  return ok;
}

// mechanism_delassus_of with Y = J: JY holds J on entry and Y on return.
template <int R, class T>
COLLSWEEP_HD_INLINE LaneMask<T> mechanism_delassus(std::uint32_t n, std::uint32_t rows,
                                                   const T (&M)[max_mechanism_dof][max_mechanism_dof],
                                                   T (&JY)[R][max_mechanism_dof],
                                                   T (&work)[max_mechanism_dof][max_mechanism_dof],
                                                   T (&Dl)[R][R]) {
  return mechanism_delassus_of(n, rows, M, JY, JY, work, Dl);
}

// ---- Both families ----

// n: the configured degrees of freedom clamped to [2, max_mechanism_dof].
COLLSWEEP_HD_INLINE std::uint32_t clamp_mechanism_dof(std::uint32_t n) {
  if (n < 2u) n = 2u;
  if (n > static_cast<std::uint32_t>(max_mechanism_dof)) n = max_mechanism_dof;
  return n;
}

}  // namespace collsweep

// Every solution of one phase of the Glocker impact LCP, by enumerating contact modes in physical variables.
//
// The phase LCP (the 3k form of lcp_laws.hpp, z = (X_N, s^R, rho^L), w = (gamma_N, rho^R, s^L)) with
// gamma = G X + c and the friction radius r_j = mu_j X_Nj + b_j has, per contact, 2 x 3 complementary
// bases whose principal block can be nonsingular (a basis holding rho^L_j without s^R_j is structurally
// singular). Eliminating s^R = X_T + r and rho^L (unit pivots, so the determinants agree up to sign), each
// is a physical mode of the contact, the paper's case laws (50)/(52) and (72)-(75):
//   normal   open    X_N = 0,          gamma_N >= 0   (w: gamma_N)
//            closed  gamma_N = 0,      X_N >= 0       (z: X_N)
//   tangent  L       X_T = -r,         gamma_T >= 0,  r >= 0   (w: rho^R = gamma_T, s^L = 2r)
//            S       gamma_T = 0,      |X_T| <= r              (z: s^R = X_T + r, w: s^L = r - X_T)
//            R       X_T = +r,         gamma_T <= 0,  r >= 0   (z: s^R = 2r, rho^L = -gamma_T)
// A mode combination fixes a linear system in the unknowns u = (X_Nj of closed j, X_Tj of stick j), at most
// 2k of them (k = 2: at most 4, against 6 in the 3k basis): the rows gamma_i = 0 of those unknowns, with
// the columns G_{:,Nj} -/+ mu_j G_{:,Tj} for a closed slipping contact and the shift c -/+ b_j G_{:,Tj}.
// Its solution is a solution of the LCP exactly when the signs above hold; they are tested with the 3k
// enumeration's tolerances (reference/lcp_enumerate.hpp), so both find the same solution set in (X, gamma).
//
// Redundant modes are skipped: with r_j = 0 identically (an open contact with b_j = 0, every compression;
// a closed frictionless contact, mu_j = b_j = 0) L, S and R all give X_Tj = 0 and together admit any
// gamma_Tj, so one mode "free" (X_T = 0, no tangential sign condition) replaces the three. A compression
// with two frictional contacts thus has 4^2 = 16 modes and a decompression 6^2 = 36 (docs/multicontact.md,
// 'Solvers'), instead of the 2^6 = 64 bases of the 3k form.
//
// Cost: the unknowns of a mode never exceed 2k; the columns G_{:,N} -/+ mu G_{:,T} are formed once per
// sample (init) and serve both phases; each pivot of the small systems is inverted once (one division).
// No heap, fixed sizes, one solution streamed at a time to the sink.
//
// Written for any lane type R (math/lanes.hpp): R = double solves one sample (the scalar CPU path and the
// GPU); the CPU's SIMD path (host/backend/multicontact_lanes.cpp) runs the same code on four (AVX2) or two
// (SSE2) samples at once, every data-dependent choice (pivot rows, contacts with r_j = 0, feasibility) a
// lane mask instead of a branch, so that each lane gets the bits of the scalar solver. k >= 3 (runtime mode
// loops, Gaussian elimination beyond 2 unknowns) is compiled for R = double only.
//
// Code layout (ModeLayout): the same operations in the same order, hence the same bits, either unrolled into
// straight-line code (the CPU) or as loops over the modes (the GPU, where code size costs instruction fetch).
#pragma once

#include <type_traits>

#include "collsweep/lcp/lcp_common.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/models/multicontact/contact.hpp"

namespace collsweep {

// How the enumeration of k <= 2 contacts is compiled; both layouts run the same operations in the same
// order, so both give the same solutions, bit for bit, in the same order (k >= 3 always loops):
//   unrolled  each of the 3^k tangential assignments and of the 2^k normal subsets a compile-time
//             constant, so that their index logic folds away (the CPU: faster on its SIMD lanes,
//             bench/results/notes.md 'Last figures');
//   loops     loops over the assignments and the subsets, the code of one assignment and one subset (the
//             GPU, where code size costs instruction fetch: docs/gpu.md 'Profiles').
enum class ModeLayout { unrolled, loops };

// This compilation's layout: the CPU's unrolled, the GPU's loops.
#if defined(__CUDA_ARCH__)
#define COLLSWEEP_MODE_LAYOUT ::collsweep::ModeLayout::loops
#else
#define COLLSWEEP_MODE_LAYOUT ::collsweep::ModeLayout::unrolled
#endif

// a X = B for NR right-hand sides (the columns of b, overwritten by X), n <= N: closed forms for n = 1, 2
// with the pivots of partial pivoting, each pivot inverted once; Gaussian elimination with partial pivoting
// beyond (R = double only). Returns the lanes whose pivots exceed pivot_tol in absolute value (elsewhere b
// is meaningless).
template <class R, int N, int NR>
COLLSWEEP_HD_ALWAYS_INLINE LaneMask<R> solve_small_lanes(R (&a)[N][N], R (&b)[N][NR], int n, R pivot_tol) {
  using Ops = LaneOps<R>;
  if (n == 0) return Ops::true_mask();
  if (n == 1) {
    const R inv = 1.0 / a[0][0];
    for (int r = 0; r < NR; ++r) b[0][r] = b[0][r] * inv;
    return abs_r(a[0][0]) > pivot_tol;
  }
  if constexpr (N >= 2) {
    if (n == 2) {
      const LaneMask<R> p = abs_r(a[1][0]) > abs_r(a[0][0]);  // row 1 is the pivot row
      const R a00 = p ? a[1][0] : a[0][0], a01 = p ? a[1][1] : a[0][1];
      const R a10 = p ? a[0][0] : a[1][0], a11 = p ? a[0][1] : a[1][1];
      const R inv0 = 1.0 / a00;
      const R f = a10 * inv0;
      const R u11 = a11 - f * a01;
      const R inv1 = 1.0 / u11;
      for (int r = 0; r < NR; ++r) {
        const R b0 = p ? b[1][r] : b[0][r];
        const R b1 = (p ? b[0][r] : b[1][r]) - f * b0;
        const R x1 = b1 * inv1;
        b[0][r] = (b0 - a01 * x1) * inv0;
        b[1][r] = x1;
      }
      return (abs_r(a00) > pivot_tol) & (abs_r(u11) > pivot_tol);
    }
  }
  if constexpr (std::is_same<R, double>::value) {
    return smallmat::small_solve(a, b, n, pivot_tol);
  } else {
    return LaneMask<R>{};  // (never: the SIMD path serves k <= 2, at most 2 unknowns per system)
  }
}

template <int K, class R = double>
struct GlockerModeSolver {
  using Ops = LaneOps<R>;
  using M = LaneMask<R>;
  static constexpr int n = 2 * K;

  const MultiContactCollision<K, R>* c = nullptr;
  R h[K][2][n];  // G_{:,Nj} - mu_j G_{:,Tj} (L) and G_{:,Nj} + mu_j G_{:,Tj} (R)
  R scale_a{};   // max|A| of the 3k matrix (tolerance scale, as in the basis enumeration)
  R pivot_tol{};
  R q_floor{};  // 1e-4 max|gamma^-|, see scale_q
  double feasibility = 1e-9;

  COLLSWEEP_HD_LANES void init(const MultiContactCollision<K, R>& cc, const LcpTolerance& tol) {
    c = &cc;
    feasibility = tol.feasibility;
    R s = Ops::splat(1.0);  // the unit entries of the 3k matrix
    for (int j = 0; j < K; ++j) {
      s = max_r(s, 2.0 * abs_r(cc.mu[j]));
      for (int i = 0; i < n; ++i) {
        const R gn = cc.G[i][j], gt = cc.G[i][K + j];
        h[j][0][i] = gn - cc.mu[j] * gt;
        h[j][1][i] = gn + cc.mu[j] * gt;
        s = max_r(s, max_r(abs_r(h[j][0][i]), abs_r(gt)));
      }
    }
    scale_a = s;
    pivot_tol = tol.pivot * s;
    q_floor = 1e-4 * smallmat::max_abs(cc.gamma_minus);
  }

  // Size of the 3k right-hand side q = (c_N - G_NT b ; c_T - G_TT b ; 2 b), the scale of the w tolerance,
  // floored at 1e-4 max|gamma^-| (so the tolerance never drops below 1e-13 max|gamma^-|, the rounding of
  // c = gamma° + ... when q vanishes, e.g. a compression that ends in stick everywhere).
  COLLSWEEP_HD_LANES R scale_q(const R (&cv)[n], const R (&b)[K]) const {
    R sq = q_floor;
    for (int j = 0; j < K; ++j) sq = max_r(sq, 2.0 * abs_r(b[j]));
    for (int i = 0; i < n; ++i) {
      R s = cv[i];
      for (int j = 0; j < K; ++j) s -= c->G[i][K + j] * b[j];
      sq = max_r(sq, abs_r(s));
    }
    return sq;
  }

  // Whether X = 0 solves the phase (for a decompression: Delta = 0, pure Poisson). At X = 0, r = b and
  // gamma = c: every gamma_Nj >= 0, and per contact either b_j = 0 (X_T = 0 is the whole friction set) or
  // b_j > 0 with gamma_Tj = 0 (X_T = 0 inside the set: stick), to the tolerance of the enumeration.
  COLLSWEEP_HD_LANES M zero_is_solution(const R (&cv)[n], const R (&b)[K]) const {
    const R wtol = feasibility * scale_q(cv, b);
    M ok = Ops::true_mask();
    for (int j = 0; j < K; ++j) {
      ok = ok & (cv[j] >= -wtol) & (b[j] >= 0.0);
      ok = ok & (Ops::lnot(b[j] > 0.0) | (abs_r(cv[K + j]) <= wtol));
    }
    return ok;
  }

  // Every feasible mode combination of the phase (cv, b), in the lanes of `active`: emit(ok, x, gamma) for
  // each combination that some active lane admits, ok the lanes that admit it, x = (X_N, X_T) cleaned as
  // the 3k path does (X_N >= 0, X_T clamped into [-r, r]) and gamma = G x + cv. The same physical solution
  // can come from several modes on degenerate data: the sink deduplicates. kZeroB: b = 0 in every lane
  // (a compression, Newton's phase), which fixes the contacts with r_j = 0 at compile time.
  //
  // Order of work: for each of the 3^k tangential assignments t (L, S, R per contact) the stick unknowns
  // X_T,S are eliminated once (Schur complement of the SPD block G_SS), leaving the normal problem
  //   gamma_N = M X_N + m,   y = Y X_N + y0   (y_j = X_Tj for a stick contact, gamma_Tj for a slipping one),
  // a k-variable mixed LCP whose 2^k complementary subsets are solved in closed form (k <= 2); the
  // tangential signs are tested only for the normal-feasible subsets.
  template <bool kZeroB, class Emit>
  COLLSWEEP_HD_LANES_OUTLINE void solve_lanes(const R (&cv)[n], const R (&b)[K], M active, Emit& emit) const {
    solve_lanes_as<kZeroB, COLLSWEEP_MODE_LAYOUT>(cv, b, active, emit);
  }

  // solve_lanes in a given code layout (the tests compare them on the CPU).
  template <bool kZeroB, ModeLayout kLayout, class Emit>
  COLLSWEEP_HD_ALWAYS_INLINE void solve_lanes_as(const R (&cv)[n], const R (&b)[K], M active,
                                                 Emit& emit) const {
    const R sq = scale_q(cv, b);
    if constexpr (K <= 2 && kLayout == ModeLayout::unrolled) {  // every assignment a compile-time constant
      tangential_static<0, kZeroB, kLayout>(cv, b, sq, active, emit);
    } else {  // t_j = digit j of the assignment's number in base 3, in the order of tangential_static
      int t[K];
      for (int j = 0; j < K; ++j) t[j] = 0;
      while (true) {
        tangential<kZeroB, kLayout>(t, cv, b, sq, active, emit);
        int j = 0;
        while (j < K && ++t[j] == 3) t[j++] = 0;
        if (j == K) break;
      }
    }
  }

  // One sample (R = double): sink(x, gamma) for every feasible mode combination; returns how many. kLayout:
  // this compilation's unless given (the tests compare the layouts).
  template <ModeLayout kLayout = COLLSWEEP_MODE_LAYOUT, class Sink>
  COLLSWEEP_HD int solve(const double (&cv)[n], const double (&b)[K], Sink& sink) const {
    static_assert(std::is_same<R, double>::value, "solve() takes one sample; lanes use solve_lanes()");
    int found = 0;
    auto emit = [&](bool ok, const double(&x)[n], const double(&g)[n]) {
      if (!ok) return;
      ++found;
      sink(x, g);
    };
    bool zero_b = true;
    for (int j = 0; j < K; ++j) zero_b = zero_b && b[j] == 0.0;
    if (zero_b)
      solve_lanes_as<true, kLayout>(cv, b, true, emit);
    else
      solve_lanes_as<false, kLayout>(cv, b, true, emit);
    return found;
  }

 private:
  // Whether to go on after an intermediate test: one sample stops as soon as it fails; lanes go on (their
  // lanes rarely all fail there, and the test costs a reduction and a branch); the final feasibility test
  // before a solution is emitted is exact in both.
  COLLSWEEP_HD_ALWAYS_INLINE static bool keep_going(M ok) {
    if constexpr (Ops::width == 1) {
      return Ops::any(ok);
    } else {
      (void)ok;
      return true;
    }
  }

  // Column of X_Nj in gamma under tangential mode tj: G_{:,Nj} (stick) or G_{:,Nj} -/+ mu_j G_{:,Tj}.
  COLLSWEEP_HD_ALWAYS_INLINE R col(int j, int tj, int row) const {
    return tj == 1 ? c->G[row][j] : h[j][tj == 0 ? 0 : 1][row];
  }

  // Tangential assignment number Code (t_j = digit j of Code in base 3), then the next one (k <= 2).
  template <int Code, bool kZeroB, ModeLayout kLayout, class Emit>
  COLLSWEEP_HD_ALWAYS_INLINE void tangential_static(const R (&cv)[n], const R (&b)[K], R sq, M active,
                                                    Emit& emit) const {
    if constexpr (Code < (K == 1 ? 3 : 9)) {
      int t[K];
      for (int j = 0, p = 1; j < K; ++j, p *= 3) t[j] = (Code / p) % 3;
      tangential<kZeroB, kLayout>(t, cv, b, sq, active, emit);
      tangential_static<Code + 1, kZeroB, kLayout>(cv, b, sq, active, emit);
    }
  }

  // Affine readouts of one tangential assignment: gamma_N = M X_N + m and y = Y X_N + y0 (last column).
  struct Readout {
    const int (&t)[K];
    const R (&mm)[K][K + 1];
    const R (&yy)[K][K + 1];
    const M (&forbid_open)[K];
    const M (&forbid_closed)[K];
    R qa, sq;
  };

  // Every normal subset under the tangential assignment t.
  template <bool kZeroB, ModeLayout kLayout, class Emit>
  COLLSWEEP_HD_ALWAYS_INLINE void tangential(const int (&t)[K], const R (&cv)[n], const R (&b)[K], R sq,
                                             M active, Emit& emit) const {
    const MultiContactCollision<K, R>& cc = *c;
    // Contacts whose r_j = 0 identically keep only L (as "free"): forbid them open (b_j = 0) or closed
    // (mu_j = b_j = 0) under S or R.
    M forbid_open[K], forbid_closed[K];
    for (int j = 0; j < K; ++j) {
      const M zero_b = kZeroB ? Ops::true_mask() : (b[j] == 0.0);
      forbid_open[j] = t[j] == 0 ? M{} : zero_b;
      forbid_closed[j] = t[j] == 0 ? M{} : zero_b & (cc.mu[j] == 0.0);
    }
    // Shifted velocity c' = c -/+ b_j G_{:,Tj} of the slipping contacts (X_T = -/+ (mu X_N + b)).
    R cs[n];
    for (int i = 0; i < n; ++i) cs[i] = cv[i];
    if constexpr (!kZeroB) {
      for (int j = 0; j < K; ++j) {
        if (t[j] == 1) continue;
        const R sb = t[j] == 0 ? -b[j] : b[j];
        for (int i = 0; i < n; ++i) cs[i] += sb * cc.G[i][K + j];
      }
    }
    // Stick unknowns: G_SS X_T,S = -(C_SN X_N + c'_S), i.e. X_T,S = E X_N + e with [E | e] in e_s.
    int st[K];
    int ns = 0;
    for (int j = 0; j < K; ++j)
      if (t[j] == 1) st[ns++] = j;
    R e_s[K][K + 1];
    M ok = active;
    if (ns > 0) {
      R gss[K][K];
      for (int a = 0; a < ns; ++a) {
        const int ra = K + st[a];
        for (int q = 0; q < ns; ++q) gss[a][q] = cc.G[ra][K + st[q]];
        for (int j = 0; j < K; ++j) e_s[a][j] = -col(j, t[j], ra);
        e_s[a][K] = -cs[ra];
      }
      ok = ok & solve_small_lanes(gss, e_s, ns, pivot_tol);
      if (!keep_going(ok)) return;
    }
    // Readouts, affine in X_N (last column: the constant): gamma_N = M X_N + m, y = Y X_N + y0.
    R mm[K][K + 1], yy[K][K + 1];
    for (int i = 0; i < K; ++i) {
      for (int j = 0; j <= K; ++j) {
        R v = j < K ? col(j, t[j], i) : cs[i];
        for (int a = 0; a < ns; ++a) v += cc.G[i][K + st[a]] * e_s[a][j];
        mm[i][j] = v;
      }
    }
    int a_of[K] = {};  // (read only where t[jt] == 1, which set it)
    for (int a = 0; a < ns; ++a) a_of[st[a]] = a;
    for (int jt = 0; jt < K; ++jt) {
      if (t[jt] == 1) {
        for (int j = 0; j <= K; ++j) yy[jt][j] = e_s[a_of[jt]][j];
        continue;
      }
      const int row = K + jt;
      for (int j = 0; j <= K; ++j) {
        R v = j < K ? col(j, t[j], row) : cs[row];
        for (int a = 0; a < ns; ++a) v += cc.G[row][K + st[a]] * e_s[a][j];
        yy[jt][j] = v;
      }
    }
    const Readout rd{t, mm, yy, forbid_open, forbid_closed, sq / scale_a, sq};
    if constexpr (K <= 2 && kLayout == ModeLayout::unrolled) {  // each subset a compile-time constant
      normal_subsets_static<0, kZeroB>(rd, cv, b, ok, emit);
    } else {
      for (unsigned mask = 0; mask < (1u << K); ++mask) normal_subset<kZeroB>(mask, rd, cv, b, ok, emit);
    }
  }

  template <unsigned Mask, bool kZeroB, class Emit>
  COLLSWEEP_HD_ALWAYS_INLINE void normal_subsets_static(const Readout& rd, const R (&cv)[n], const R (&b)[K],
                                                        M ok, Emit& emit) const {
    if constexpr (Mask < (1u << K)) {
      normal_subset<kZeroB>(std::integral_constant<unsigned, Mask>{}, rd, cv, b, ok, emit);
      normal_subsets_static<Mask + 1, kZeroB>(rd, cv, b, ok, emit);
    }
  }

  // The normal subset mask (unsigned, or a compile-time integral_constant) unless b = 0 excludes it: an
  // open contact under S or R is then excluded in every lane.
  template <bool kZeroB, class MaskT, class Emit>
  COLLSWEEP_HD_ALWAYS_INLINE void normal_subset(MaskT mask, const Readout& rd, const R (&cv)[n],
                                                const R (&b)[K], M ok, Emit& emit) const {
    bool excluded = false;
    for (int j = 0; j < K; ++j) excluded = excluded || (kZeroB && !((mask >> j) & 1u) && rd.t[j] != 0);
    if (!excluded) normal_case(mask, rd, cv, b, ok, emit);
  }

  // The normal subset mask (bit j: contact j closed) of a tangential assignment.
  template <class MaskT, class Emit>
  COLLSWEEP_HD_ALWAYS_INLINE void normal_case(MaskT mask, const Readout& rd, const R (&cv)[n],
                                              const R (&b)[K], M ok, Emit& emit) const {
    const MultiContactCollision<K, R>& cc = *c;
    const int(&t)[K] = rd.t;
    const R(&mm)[K][K + 1] = rd.mm;
    const R(&yy)[K][K + 1] = rd.yy;
    const R qa = rd.qa, sq = rd.sq;
    for (int j = 0; j < K; ++j)
      ok = ok & Ops::lnot(((mask >> j) & 1u) ? rd.forbid_closed[j] : rd.forbid_open[j]);
    if (!keep_going(ok)) return;
    // X_N,Z = -M_ZZ^-1 m_Z.
    R xn[K];
    for (int j = 0; j < K; ++j) xn[j] = R{};
    {
      int z[K];
      int nz = 0;
      for (int j = 0; j < K; ++j)
        if ((mask >> j) & 1u) z[nz++] = j;
      R mz[K][K], rz[K][1];
      for (int a = 0; a < nz; ++a) {
        for (int q = 0; q < nz; ++q) mz[a][q] = mm[z[a]][z[q]];
        rz[a][0] = -mm[z[a]][K];
      }
      ok = ok & solve_small_lanes(mz, rz, nz, pivot_tol);
      if (!keep_going(ok)) return;
      for (int a = 0; a < nz; ++a) xn[z[a]] = rz[a][0];
    }
    R gn[K], y[K], rad[K];
    R zmax{};
    for (int i = 0; i < K; ++i) {  // (the terms of open contacts, X_Nj = 0, are left out)
      R v = mm[i][K], w = yy[i][K];
      for (int j = 0; j < K; ++j) {
        if (!((mask >> j) & 1u)) continue;
        v += mm[i][j] * xn[j];
        w += yy[i][j] * xn[j];
      }
      gn[i] = v;
      y[i] = w;
      rad[i] = ((mask >> i) & 1u) ? cc.mu[i] * xn[i] + b[i] : b[i];
      if ((mask >> i) & 1u) zmax = max_r(zmax, abs_r(xn[i]));
      if (t[i] == 1) zmax = max_r(zmax, abs_r(y[i] + rad[i]));
      if (t[i] == 2) zmax = max_r(zmax, max_r(2.0 * abs_r(rad[i]), abs_r(y[i])));
    }
    ok = ok & (zmax <= 1.7976931348623157e308);  // finite (zmax >= 0, or NaN: false)
    const R ztol = -feasibility * max_r(zmax, qa);
    const R wtol = -feasibility * max_r(sq, scale_a * zmax);
    for (int j = 0; j < K; ++j) {
      const bool closed = (mask >> j) & 1u;
      ok = ok & (closed ? xn[j] >= ztol : gn[j] >= wtol);
      if (t[j] == 0) {
        // gamma_T free when r_j = 0 identically (open with b_j = 0, or frictionless with b_j = 0).
        const M free_t = closed ? (b[j] == 0.0) & (cc.mu[j] == 0.0) : (b[j] == 0.0);
        ok = ok & (2.0 * rad[j] >= wtol) & (free_t | (y[j] >= wtol));
      } else if (t[j] == 1) {
        ok = ok & (y[j] + rad[j] >= ztol) & (rad[j] - y[j] >= wtol);
      } else {
        ok = ok & (2.0 * rad[j] >= ztol) & (-y[j] >= ztol);
      }
    }
    if (!Ops::any(ok)) return;
    // Clean as the 3k path does (X_N >= 0, X_T into [-r, r]), then gamma = G x + c.
    R x[n], g[n];
    for (int j = 0; j < K; ++j) {
      const R xnj = max_r(xn[j], R{});
      const R r = max_r(cc.mu[j] * xnj + b[j], R{});
      x[j] = xnj;
      x[K + j] = t[j] == 0 ? -r : t[j] == 2 ? r : min_r(max_r(y[j], -r), r);
    }
    phase_velocity(cc, cv, x, g);
    emit(ok, x, g);
  }
};

}  // namespace collsweep

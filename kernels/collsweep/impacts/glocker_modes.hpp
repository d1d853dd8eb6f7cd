// Every solution of one phase of the Glocker impact LCP, by enumerating contact modes in physical variables.
//
// The phase LCP (reference note §2.3, 3k form, z = (X_N, s^R, rho^L), w = (gamma_N, rho^R, s^L)) with
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
// enumeration's tolerances (enumerate.hpp), so both find the same solution set in (X, gamma).
//
// Redundant modes are skipped: with r_j = 0 identically (an open contact with b_j = 0, every compression;
// a closed frictionless contact, mu_j = b_j = 0) L, S and R all give X_Tj = 0 and together admit any
// gamma_Tj, so one mode "free" (X_T = 0, no tangential sign condition) replaces the three. A compression
// with two frictional contacts thus has 4^2 = 16 modes and a decompression 6^2 = 36 (the note's §6 mode
// enumeration), instead of the 2^6 = 64 bases of the 3k form.
//
// Cost: the unknowns of a mode never exceed 2k; the columns G_{:,N} -/+ mu G_{:,T} are formed once per
// sample (init) and serve both phases. No heap, fixed sizes, one solution streamed at a time to the sink.
#pragma once

#include "collsweep/impacts/multicontact.hpp"
#include "collsweep/lcp/lcp_common.hpp"

namespace collsweep {

template <int K>
struct GlockerModeSolver {
  static constexpr int n = 2 * K;
  enum : int { kOpenL = 0, kOpenS, kOpenR, kClosedL, kClosedS, kClosedR, kModes };

  const MultiContactCollision<K>* c = nullptr;
  double h[K][2][n];     // G_{:,Nj} - mu_j G_{:,Tj} (L) and G_{:,Nj} + mu_j G_{:,Tj} (R)
  double scale_a = 0.0;  // max|A| of the 3k matrix (tolerance scale, as in the basis enumeration)
  double pivot_tol = 0.0;
  double q_floor = 0.0;  // 1e-4 max|gamma^-|, see scale_q
  double feasibility = 1e-9;

  COLLSWEEP_HD void init(const MultiContactCollision<K>& cc, const LcpTolerance& tol) {
    c = &cc;
    feasibility = tol.feasibility;
    double s = 1.0;  // the unit entries of the 3k matrix
    for (int j = 0; j < K; ++j) {
      s = max_d(s, 2.0 * abs_d(cc.mu[j]));
      for (int i = 0; i < n; ++i) {
        const double gn = cc.G[i][j], gt = cc.G[i][K + j];
        h[j][0][i] = gn - cc.mu[j] * gt;
        h[j][1][i] = gn + cc.mu[j] * gt;
        s = max_d(s, max_d(abs_d(h[j][0][i]), abs_d(gt)));
      }
    }
    scale_a = s;
    pivot_tol = tol.pivot * s;
    q_floor = 1e-4 * smallmat::max_abs(cc.gamma_minus);
  }

  // Size of the 3k right-hand side q = (c_N - G_NT b ; c_T - G_TT b ; 2 b), the scale of the w tolerance,
  // floored at 1e-4 max|gamma^-| (so the tolerance never drops below 1e-13 max|gamma^-|, the rounding of
  // c = gamma° + ... when q vanishes, e.g. a compression that ends in stick everywhere).
  COLLSWEEP_HD double scale_q(const double (&cv)[n], const double (&b)[K]) const {
    double sq = q_floor;
    for (int j = 0; j < K; ++j) sq = max_d(sq, 2.0 * abs_d(b[j]));
    for (int i = 0; i < n; ++i) {
      double s = cv[i];
      for (int j = 0; j < K; ++j) s -= c->G[i][K + j] * b[j];
      sq = max_d(sq, abs_d(s));
    }
    return sq;
  }

  // Whether X = 0 solves the phase (for a decompression: Delta = 0, pure Poisson). At X = 0, r = b and
  // gamma = c: every gamma_Nj >= 0, and per contact either b_j = 0 (X_T = 0 is the whole friction set) or
  // b_j > 0 with gamma_Tj = 0 (X_T = 0 inside the set: stick), to the tolerance of the enumeration.
  COLLSWEEP_HD bool zero_is_solution(const double (&cv)[n], const double (&b)[K]) const {
    const double wtol = feasibility * scale_q(cv, b);
    for (int j = 0; j < K; ++j) {
      if (!(cv[j] >= -wtol) || !(b[j] >= 0.0)) return false;
      if (b[j] > 0.0 && !(abs_d(cv[K + j]) <= wtol)) return false;
    }
    return true;
  }

  // Calls sink(x, gamma) for every feasible mode combination, x = (X_N, X_T) cleaned as the 3k path does
  // (X_N >= 0, X_T clamped into [-r, r]) and gamma = G x + cv; returns how many there were. The same
  // physical solution can come from several modes on degenerate data: the sink deduplicates.
  //
  // Order of work: for each of the 3^k tangential assignments t (L, S, R per contact) the stick unknowns
  // X_T,S are eliminated once (Schur complement of the SPD block G_SS), leaving the normal problem
  //   gamma_N = M X_N + m,   y = Y X_N + y0   (y_j = X_Tj for a stick contact, gamma_Tj for a slipping one),
  // a k-variable mixed LCP whose 2^k complementary subsets are solved in closed form (k <= 2); the
  // tangential signs are tested only for the normal-feasible subsets.
  template <class Sink>
  COLLSWEEP_HD int solve(const double (&cv)[n], const double (&b)[K], Sink& sink) const {
    const double sq = scale_q(cv, b);
    int found = 0;
    if constexpr (K <= 2) {  // every assignment and subset a compile-time constant: straight-line code
      tangential_static<0>(cv, b, sq, sink, found);
    } else {
      int t[K];
      for (int j = 0; j < K; ++j) t[j] = 0;
      while (true) {
        found += tangential(t, cv, b, sq, sink);
        int j = 0;
        while (j < K && ++t[j] == 3) t[j++] = 0;
        if (j == K) break;
      }
    }
    return found;
  }

 private:
  // Column of X_Nj in gamma under tangential mode tj: G_{:,Nj} (stick) or G_{:,Nj} -/+ mu_j G_{:,Tj}.
  COLLSWEEP_HD_INLINE double col(int j, int tj, int row) const {
    return tj == 1 ? c->G[row][j] : h[j][tj == 0 ? 0 : 1][row];
  }

  // Tangential assignment number Code (t_j = digit j of Code in base 3), then the next one (k <= 2).
  template <int Code, class Sink>
  COLLSWEEP_HD_INLINE void tangential_static(const double (&cv)[n], const double (&b)[K], double sq,
                                             Sink& sink, int& found) const {
    if constexpr (Code < (K == 1 ? 3 : 9)) {
      int t[K];
      for (int j = 0, p = 1; j < K; ++j, p *= 3) t[j] = (Code / p) % 3;
      found += tangential(t, cv, b, sq, sink);
      tangential_static<Code + 1>(cv, b, sq, sink, found);
    }
  }

  // Every normal subset under the tangential assignment t.
  template <class Sink>
  COLLSWEEP_HD_INLINE int tangential(const int (&t)[K], const double (&cv)[n], const double (&b)[K],
                                     double sq, Sink& sink) const {
    const MultiContactCollision<K>& cc = *c;
    // Contacts whose r_j = 0 identically keep only L (as "free"): forbid them open (b_j = 0) or closed
    // (mu_j = b_j = 0) under S or R.
    unsigned forbid_open = 0u, forbid_closed = 0u;
    for (int j = 0; j < K; ++j) {
      if (t[j] == 0 || b[j] != 0.0) continue;
      forbid_open |= 1u << j;
      if (cc.mu[j] == 0.0) forbid_closed |= 1u << j;
    }
    if ((forbid_open & forbid_closed) != 0u) return 0;
    // Shifted velocity c' = c -/+ b_j G_{:,Tj} of the slipping contacts (X_T = -/+ (mu X_N + b)).
    double cs[n];
    for (int i = 0; i < n; ++i) cs[i] = cv[i];
    for (int j = 0; j < K; ++j) {
      if (t[j] == 1 || b[j] == 0.0) continue;
      const double sb = t[j] == 0 ? -b[j] : b[j];
      for (int i = 0; i < n; ++i) cs[i] += sb * cc.G[i][K + j];
    }
    // Stick unknowns: G_SS X_T,S = -(C_SN X_N + c'_S), i.e. X_T,S = E X_N + e with [E | e] in e_s.
    int st[K];
    int ns = 0;
    for (int j = 0; j < K; ++j)
      if (t[j] == 1) st[ns++] = j;
    double e_s[K][K + 1];
    if (ns > 0) {
      double gss[K][K];
      for (int a = 0; a < ns; ++a) {
        const int ra = K + st[a];
        for (int q = 0; q < ns; ++q) gss[a][q] = cc.G[ra][K + st[q]];
        for (int j = 0; j < K; ++j) e_s[a][j] = -col(j, t[j], ra);
        e_s[a][K] = -cs[ra];
      }
      if (!smallmat::small_solve(gss, e_s, ns, pivot_tol)) return 0;
    }
    // Readouts, affine in X_N (last column: the constant): gamma_N = M X_N + m, y = Y X_N + y0.
    double mm[K][K + 1], yy[K][K + 1];
    for (int i = 0; i < K; ++i) {
      for (int j = 0; j <= K; ++j) {
        double v = j < K ? col(j, t[j], i) : cs[i];
        for (int a = 0; a < ns; ++a) v += cc.G[i][K + st[a]] * e_s[a][j];
        mm[i][j] = v;
      }
    }
    int a_of[K];
    for (int a = 0; a < ns; ++a) a_of[st[a]] = a;
    for (int jt = 0; jt < K; ++jt) {
      if (t[jt] == 1) {
        for (int j = 0; j <= K; ++j) yy[jt][j] = e_s[a_of[jt]][j];
        continue;
      }
      const int row = K + jt;
      for (int j = 0; j <= K; ++j) {
        double v = j < K ? col(j, t[j], row) : cs[row];
        for (int a = 0; a < ns; ++a) v += cc.G[row][K + st[a]] * e_s[a][j];
        yy[jt][j] = v;
      }
    }
    const double qa = sq / scale_a;
    const Readout rd{t, mm, yy, forbid_open, forbid_closed, qa, sq};
    int found = 0;
    if constexpr (K <= 2) {
      found += normal_case(0u, rd, cv, b, sink);
      found += normal_case(1u, rd, cv, b, sink);
      if constexpr (K == 2) {
        found += normal_case(2u, rd, cv, b, sink);
        found += normal_case(3u, rd, cv, b, sink);
      }
    } else {
      for (unsigned mask = 0; mask < (1u << K); ++mask) found += normal_case(mask, rd, cv, b, sink);
    }
    return found;
  }

  // Affine readouts of one tangential assignment: gamma_N = M X_N + m and y = Y X_N + y0 (last column).
  struct Readout {
    const int (&t)[K];
    const double (&mm)[K][K + 1];
    const double (&yy)[K][K + 1];
    unsigned forbid_open, forbid_closed;
    double qa, sq;
  };

  // The normal subset mask (bit j: contact j closed) of a tangential assignment; 1 if it is a solution.
  template <class Sink>
  COLLSWEEP_HD_INLINE int normal_case(unsigned mask, const Readout& rd, const double (&cv)[n],
                                      const double (&b)[K], Sink& sink) const {
    const MultiContactCollision<K>& cc = *c;
    const int(&t)[K] = rd.t;
    const double(&mm)[K][K + 1] = rd.mm;
    const double(&yy)[K][K + 1] = rd.yy;
    const double qa = rd.qa, sq = rd.sq;
    const unsigned all = (1u << K) - 1u;
    if ((mask & rd.forbid_closed) != 0u || (~mask & all & rd.forbid_open) != 0u) return 0;
    {
      // X_N,Z = -M_ZZ^-1 m_Z.
      double xn[K];
      for (int j = 0; j < K; ++j) xn[j] = 0.0;
      {
        int z[K];
        int nz = 0;
        for (int j = 0; j < K; ++j)
          if ((mask >> j) & 1u) z[nz++] = j;
        double mz[K][K], rz[K][1];
        for (int a = 0; a < nz; ++a) {
          for (int q = 0; q < nz; ++q) mz[a][q] = mm[z[a]][z[q]];
          rz[a][0] = -mm[z[a]][K];
        }
        if (!smallmat::small_solve(mz, rz, nz, pivot_tol)) return 0;
        for (int a = 0; a < nz; ++a) xn[z[a]] = rz[a][0];
      }
      double gn[K], y[K], rad[K];
      double zmax = 0.0;
      for (int i = 0; i < K; ++i) {
        double v = mm[i][K], w = yy[i][K];
        for (int j = 0; j < K; ++j) {
          v += mm[i][j] * xn[j];
          w += yy[i][j] * xn[j];
        }
        gn[i] = v;
        y[i] = w;
        rad[i] = cc.mu[i] * xn[i] + b[i];
        if ((mask >> i) & 1u) zmax = max_d(zmax, abs_d(xn[i]));
        if (t[i] == 1) zmax = max_d(zmax, abs_d(y[i] + rad[i]));
        if (t[i] == 2) zmax = max_d(zmax, max_d(2.0 * abs_d(rad[i]), abs_d(y[i])));
      }
      if (!is_finite_d(zmax)) return 0;
      const double ztol = -feasibility * max_d(zmax, qa);
      const double wtol = -feasibility * max_d(sq, scale_a * zmax);
      bool ok = true;
      for (int j = 0; j < K && ok; ++j) {
        const bool closed = (mask >> j) & 1u;
        ok = closed ? xn[j] >= ztol : gn[j] >= wtol;
        if (!ok) break;
        if (t[j] == 0) {
          // gamma_T free when r_j = 0 identically (open with b_j = 0, or frictionless with b_j = 0).
          const bool free_t = b[j] == 0.0 && (!closed || cc.mu[j] == 0.0);
          ok = 2.0 * rad[j] >= wtol && (free_t || y[j] >= wtol);
        } else if (t[j] == 1) {
          ok = y[j] + rad[j] >= ztol && rad[j] - y[j] >= wtol;
        } else {
          ok = 2.0 * rad[j] >= ztol && -y[j] >= ztol;
        }
      }
      if (!ok) return 0;
      // Clean as the 3k path does (X_N >= 0, X_T into [-r, r]), then gamma = G x + c.
      double x[n], g[n];
      for (int j = 0; j < K; ++j) {
        const double xnj = max_d(xn[j], 0.0);
        const double r = max_d(cc.mu[j] * xnj + b[j], 0.0);
        x[j] = xnj;
        x[K + j] = t[j] == 0 ? -r : t[j] == 2 ? r : min_d(max_d(y[j], -r), r);
      }
      for (int i = 0; i < n; ++i) {
        double v = cv[i];
        for (int k = 0; k < n; ++k) v += cc.G[i][k] * x[k];
        g[i] = v;
      }
      sink(x, g);
      return 1;
    }
  }
};

}  // namespace collsweep

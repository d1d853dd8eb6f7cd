// poisson-lcp and newton-lcp on a singular positive semidefinite G (one rigid body on dependent contacts):
// the law's outcome as the limit eps -> 0+ of the same law on G + eps D, computed exactly by a mode
// enumeration to first order in eps (docs/multicontact.md, "Semidefinite G").
//
// A phase of the regularised problem, (G + eps D) X + c(eps) = gamma, friction radius r = mu X_N + b(eps),
// with c = c0 + eps c1, b = b0 + eps b1, has in each contact mode (normal open / closed, tangential L / S / R
// as in glocker_modes.hpp) the linear system (A0 + eps A1) X = r0 + eps r1: the rows gamma_i = 0 of a closed
// normal or sticking tangent carry G's row in A0 and D's in A1. Its solution branch X(eps) = X0 + eps X1 +
// O(eps^2) follows from first_order_solve (lcp/first_order_solve.hpp), which accepts a mode exactly when the
// branch tends to a fixed X0; the mode's sign conditions f0 + eps f1 >= 0 hold for small eps when f0 > 0, or
// f0 = 0 and f1 >= 0 (to the enumeration's tolerances). The limits of all such branches are the limits of
// the regularised problem's solutions. Poisson's decompression starts from the regularised compression's
// Lambda^-(eps) = L0 + eps L1, so its data are expanded too:
//   c0 = gamma^- + G L0 + G E L0,  c1 = G L1 + D L0 + G E L1 + D E L0,
//   b0 = mu (E_N - E_T) L0_N,      b1 = mu (E_N - E_T) L1_N.
// Where X1 is not fixed (the next order decides it) the least-norm X1 is taken. The law's choices (maximal
// dissipation, Delta = 0 whenever it solves, the least W) apply to the limits as they would to the
// regularised solutions. Equal compliances (D = I) give the outcome; the outcome depends on the contacts'
// compliances, and the sample is refused (indeterminate_outcome), when one contact four times as compliant
// as the others (D = compliance_weights(w), w = 1 .. k) chooses another gamma^+ or has no limit. Where no
// branch tends to a limit (the regularised impulses grow like 1 / eps: the rigid problem has no solution,
// e.g. Newton's (I + E) gamma^- outside the range of G), the status is no_solution.
#pragma once

#include "collsweep/lcp/first_order_solve.hpp"
#include "collsweep/models/multicontact/laws/law_steps.hpp"

namespace collsweep {

// The row weights D of the contacts' compliances: w = 0 equal compliances (the identity, the law's own
// limit), w = 1 .. k contact w - 1 four times as compliant as the others (its normal and tangent rows).
template <int K>
COLLSWEEP_HD_INLINE void compliance_weights(int w, double (&d)[2 * K]) {
  for (int i = 0; i < 2 * K; ++i) d[i] = 1.0;
  if (w >= 1 && w <= K) d[w - 1] = d[K + w - 1] = 4.0;
}

// Distinct first-order solutions (X0, X1) of one phase, deduplicated on both to a relative 1e-8.
template <int K>
struct LimitSolutions {
  static constexpr int n = 2 * K;
  int count = 0;
  bool truncated = false;
  double X0[kMaxPhaseSolutions][n], X1[kMaxPhaseSolutions][n];

  COLLSWEEP_HD void insert(const double (&x0)[n], const double (&x1)[n], double xs) {
    for (int k = 0; k < count; ++k) {
      const double s1 = max_d(xs, max_d(smallmat::max_abs(x1), smallmat::max_abs(X1[k])));
      bool same = true;
      for (int i = 0; i < n && same; ++i)
        same = abs_d(X0[k][i] - x0[i]) <= 1e-8 * xs && abs_d(X1[k][i] - x1[i]) <= 1e-8 * s1;
      if (same) return;
    }
    if (count == kMaxPhaseSolutions) {
      truncated = true;
      return;
    }
    for (int i = 0; i < n; ++i) {
      X0[count][i] = x0[i];
      X1[count][i] = x1[i];
    }
    ++count;
  }
};

// One phase's data to first order in eps: c = c0 + eps c1, b = b0 + eps b1, and the regularisation's weights
// d.
template <int K>
struct PhaseExpansion {
  double c0[2 * K], c1[2 * K], b0[K], b1[K], d[2 * K];
};

// A phase whose data do not depend on eps and have no friction offset (b = 0): Poisson's compression
// (c0 = gamma^-), Newton's one phase (c0 = (I + E) gamma^-).
template <int K>
COLLSWEEP_HD_INLINE PhaseExpansion<K> fixed_phase(const double (&c0)[2 * K], const double (&d)[2 * K]) {
  PhaseExpansion<K> p;
  for (int i = 0; i < 2 * K; ++i) {
    p.c0[i] = c0[i];
    p.c1[i] = 0.0;
    p.d[i] = d[i];
  }
  for (int j = 0; j < K; ++j) p.b0[j] = p.b1[j] = 0.0;
  return p;
}

// Whether a sign condition f0 + eps f1 >= 0 holds for every small eps > 0: f0 positive beyond rounding
// (above tol0 / 1000), or f0 zero to the feasibility tolerance tol0 and f1 >= 0 to tol1.
COLLSWEEP_HD_INLINE bool holds_to_first_order(double f0, double f1, double tol0, double tol1) {
  return f0 > 1e-3 * tol0 || (f0 >= -tol0 && f1 >= -tol1);
}

// The contact modes of one phase (index sum_j mode_j 6^j, modes as in limit_phase) worth solving for any
// compliance weights D: every mode but those whose zeroth order fails, which A0 and r0 decide alone, not D:
// A0 X0 = r0 without a solution, or A0 nonsingular and X0 = A0^-1 r0 failing a sign condition's leading term
// (f0 < -tol0, whatever the first order). Recorded with D = I, used for the other weights on a phase with the
// same c0 and b0 (and the same contacts whose radius vanishes: their modes are other systems).
template <int K>
struct ModeMask {
  static constexpr int kModes = K == 1 ? 6 : K == 2 ? 36 : K == 3 ? 216 : 1296;
  static constexpr int kWords = (kModes + 63) / 64;
  unsigned long long bits[kWords];
  unsigned radius_vanishes;  // bit j: b0_j = b1_j = 0 in the recorded phase

  COLLSWEEP_HD_INLINE void fill(unsigned vanishes) {
    for (int i = 0; i < kWords; ++i) bits[i] = ~0ull;
    radius_vanishes = vanishes;
  }
  COLLSWEEP_HD_INLINE bool has(int mode) const { return (bits[mode >> 6] >> (mode & 63)) & 1ull; }
  COLLSWEEP_HD_INLINE void drop(int mode) { bits[mode >> 6] &= ~(1ull << (mode & 63)); }
};

// The masks of a law's phases over its k + 1 limits: the first phase (Poisson's compression, Newton's one
// phase, whose data do not depend on D) and Poisson's decompression from each compression limit of D = I
// (its data follow from that limit's X0).
template <int K>
struct LimitModeMasks {
  bool recorded = false;
  ModeMask<K> first;
  int decompressions = 0;
  double compression_x0[kMaxPhaseSolutions][2 * K];
  ModeMask<K> decompression[kMaxPhaseSolutions];

  // The recorded decompression mask of a compression limit with this X0 (bit for bit), or null.
  COLLSWEEP_HD_INLINE const ModeMask<K>* decompression_of(const double (&x0)[2 * K]) const {
    for (int r = 0; r < decompressions; ++r) {
      bool same = true;
      for (int i = 0; i < 2 * K && same; ++i) same = compression_x0[r][i] == x0[i];
      if (same) return &decompression[r];
    }
    return nullptr;
  }
};

// Bit j set where phase p's friction radius vanishes to first order (b0_j = b1_j = 0).
template <int K>
COLLSWEEP_HD_INLINE unsigned radius_vanishes(const PhaseExpansion<K>& p) {
  unsigned bits = 0;
  for (int j = 0; j < K; ++j)
    if (p.b0[j] == 0.0 && p.b1[j] == 0.0) bits |= 1u << j;
  return bits;
}

// Every first-order limit of the regularised phase p, into sols. Per contact 6 modes (normal open / closed x
// tangential L / S / R), one ("free": X_T = 0, no tangential condition) where the friction radius vanishes to
// first order (open with b0 = b1 = 0; closed and frictionless with b0 = b1 = 0). only: the modes to solve
// (a mask recorded on a phase with p's c0 and b0; null: all); record: filled with the modes worth solving.
template <int K>
COLLSWEEP_HD COLLSWEEP_LCP_NOINLINE void limit_phase(const MultiContactCollision<K>& c,
                                                     const PhaseExpansion<K>& p, const MultiContactScales& s,
                                                     const LcpTolerance& tol, LimitSolutions<K>& sols,
                                                     const ModeMask<K>* only, ModeMask<K>* record) {
  constexpr int n = 2 * K;
  // Velocity and impulse scales of the zeroth order (as the enumeration's, floored at 1e-4 max|gamma^-|).
  const double floor_v = 1e-4 * s.gamma_scale;
  const unsigned vanishes = radius_vanishes(p);
  if (only && only->radius_vanishes != vanishes) only = nullptr;
  if (record) record->fill(vanishes);
  int mode[K];  // per contact: 0 .. 2 open, 3 .. 5 closed; tangential L, S, R (mode % 3)
  for (int j = 0; j < K; ++j) mode[j] = 0;
  auto free_tangent = [&](int j) {  // the friction radius vanishes to first order
    return ((vanishes >> j) & 1u) && (mode[j] < 3 || c.mu[j] == 0.0);
  };
  for (int index = 0;; ++index) {
    bool redundant = only && !only->has(index);
    for (int j = 0; j < K; ++j) redundant = redundant || (free_tangent(j) && mode[j] % 3 != 0);
    if (!redundant) {
      // The mode's rows, impulse rows scaled by max|G| so that every row is a velocity.
      double a0[n][n], a1[n][n], r0[n], r1[n];
      for (int i = 0; i < n; ++i) {
        for (int q = 0; q < n; ++q) a0[i][q] = a1[i][q] = 0.0;
        r0[i] = r1[i] = 0.0;
      }
      double rhs = floor_v;
      for (int j = 0; j < K; ++j) {
        const bool closed = mode[j] >= 3, free_t = free_tangent(j);
        const int t = mode[j] % 3;
        if (closed) {
          for (int q = 0; q < n; ++q) a0[j][q] = c.G[j][q];
          a1[j][j] = p.d[j];
          r0[j] = -p.c0[j];
          r1[j] = -p.c1[j];
        } else {
          a0[j][j] = s.g_scale;
        }
        const int row = K + j;
        if (free_t) {
          a0[row][row] = s.g_scale;
        } else if (t == 1) {  // S: gamma_T = 0
          for (int q = 0; q < n; ++q) a0[row][q] = c.G[row][q];
          a1[row][row] = p.d[row];
          r0[row] = -p.c0[row];
          r1[row] = -p.c1[row];
        } else {  // L: X_T = -(mu X_N + b); R: X_T = mu X_N + b
          const double sign = t == 0 ? 1.0 : -1.0;
          a0[row][row] = s.g_scale;
          a0[row][j] = sign * c.mu[j] * s.g_scale;
          r0[row] = -sign * p.b0[j] * s.g_scale;
          r1[row] = -sign * p.b1[j] * s.g_scale;
        }
      }
      for (int i = 0; i < n; ++i) rhs = max_d(rhs, abs_d(r0[i]));  // A0 X0 = r0's scale
      // The mode's sign conditions f0 + eps f1 >= 0 on X and the velocities g: with x1 and g1 to first order,
      // without them their leading terms only (f0 >= -tol0, which any first order needs).
      double g0[n], w0 = 0.0, z0 = 0.0, w1 = 0.0, z1 = 0.0;
      auto signs_hold = [&](const double(&x0)[n], const double* x1, const double* g1) {
        auto holds = [&](double f0, double f1, double tol0, double tol1) {
          return x1 ? holds_to_first_order(f0, f1, tol0, tol1) : f0 >= -tol0;
        };
        bool ok = true;
        for (int j = 0; j < K && ok; ++j) {
          const bool closed = mode[j] >= 3, free_t = free_tangent(j);
          const int t = mode[j] % 3;
          const double xn1 = x1 ? x1[j] : 0.0, gn1 = g1 ? g1[j] : 0.0;
          ok = closed ? holds(x0[j], xn1, z0, z1) : holds(g0[j], gn1, w0, w1);
          if (free_t || !ok) continue;
          const double rad0 = c.mu[j] * x0[j] + p.b0[j], rad1 = x1 ? c.mu[j] * x1[j] + p.b1[j] : 0.0;
          const double xt0 = x0[K + j], xt1 = x1 ? x1[K + j] : 0.0;
          if (t == 1) {
            ok = holds(rad0 + xt0, rad1 + xt1, z0, z1) && holds(rad0 - xt0, rad1 - xt1, z0, z1);
          } else {
            const double sign = t == 0 ? 1.0 : -1.0;  // L: gamma_T >= 0; R: gamma_T <= 0
            ok = holds(rad0, rad1, z0, z1) && holds(sign * g0[K + j], g1 ? sign * g1[K + j] : 0.0, w0, w1);
          }
        }
        return ok;
      };
      // The zeroth order's velocities g0 and tolerances (velocities w0, impulses z0), then its signs.
      auto zeroth_order_holds = [&](const double(&x0)[n]) {
        double vs0 = floor_v;
        for (int i = 0; i < n; ++i) {
          double v0 = p.c0[i];
          for (int q = 0; q < n; ++q) v0 += c.G[i][q] * x0[q];
          g0[i] = v0;
          vs0 = max_d(vs0, max_d(abs_d(p.c0[i]), s.g_scale * abs_d(x0[i])));
        }
        w0 = tol.feasibility * vs0;
        z0 = w0 / s.g_scale;
        return signs_hold(x0, nullptr, nullptr);
      };
      const FirstOrderSolution<n> x =
          first_order_solve(a0, a1, r0, r1, 1e-10, tol.feasibility * rhs, zeroth_order_holds);
      if (record && x.zeroth_order_fails) record->drop(index);
      if (x.ok) {
        double g1[n];
        double vs1 = 1e-300;
        for (int i = 0; i < n; ++i) {
          double v1 = p.c1[i] + p.d[i] * x.x0[i];
          for (int q = 0; q < n; ++q) v1 += c.G[i][q] * x.x1[q];
          g1[i] = v1;
          vs1 = max_d(vs1, max_d(max_d(abs_d(p.c1[i]), abs_d(v1)), s.g_scale * abs_d(x.x1[i])));
        }
        w1 = tol.feasibility * vs1;
        z1 = w1 / s.g_scale;
        const bool ok = signs_hold(x.x0, x.x1, g1);
        if (ok) {
          // Cleaned as the enumeration's solutions: X_N >= 0, X_T in the friction set [-r, r].
          double x0[n];
          for (int j = 0; j < K; ++j) {
            x0[j] = max_d(x.x0[j], 0.0);
            const double r = max_d(c.mu[j] * x0[j] + p.b0[j], 0.0);
            x0[K + j] = min_d(max_d(x.x0[K + j], -r), r);
          }
          sols.insert(x0, x.x1, max_d(smallmat::max_abs(x0), s.gamma_scale / s.g_scale));
        }
      }
    }
    int j = 0;
    while (j < K && ++mode[j] == 6) mode[j++] = 0;
    if (j == K) break;
  }
}

// Whether a phase solution is zero to first order (Poisson's Delta = 0: no inequality impulse).
template <int K>
COLLSWEEP_HD_INLINE bool zero_limit(const LimitSolutions<K>& sols, int i, const MultiContactScales& s) {
  const double tiny = 1e-12 * s.gamma_scale / s.g_scale;
  return smallmat::max_abs(sols.X0[i]) <= tiny && smallmat::max_abs(sols.X1[i]) <= tiny;
}

// poisson-lcp as the limit of G + eps D (o as LaneLawState::start left it; status set here, not finished);
// chosen: the chosen compression's and decompression's indices among those listed. masks: recorded by the
// first call (D = I), used by the later ones.
template <int K, class Listener>
COLLSWEEP_HD COLLSWEEP_LCP_NOINLINE void poisson_limit(const MultiContactCollision<K>& c,
                                                       const MultiContactOptions& opt,
                                                       const MultiContactScales& s, const double (&d)[2 * K],
                                                       MultiContactOutcome<K>& o, Listener& listen,
                                                       int (&chosen)[2], LimitModeMasks<K>& masks) {
  constexpr int n = 2 * K;
  (void)listen;
  const bool recording = !masks.recorded;
  masks.recorded = true;
  LimitSolutions<K> comp;
  limit_phase(c, fixed_phase<K>(c.gamma_minus, d), s, opt.tol, comp, recording ? nullptr : &masks.first,
              recording ? &masks.first : nullptr);
  PoissonChoice<K> choice;
  int chosen_solution = -1;
  for (int r = 0; r < comp.count; ++r) {
    const double(&lm)[n] = comp.X0[r];
    const double(&l1)[n] = comp.X1[r];
    PhaseExpansion<K> p;
    double g0[n], v1[n];
    phase_velocity(c, c.gamma_minus, lm, g0);
    decompression_data(c, lm, g0, p.c0, p.b0);
    for (int j = 0; j < K; ++j) {  // D L0 + D E L0 + G L1, then + G E L1 (decompression_data)
      v1[j] = d[j] * lm[j] * (1.0 + c.eps_N[j]);
      v1[K + j] = d[K + j] * lm[K + j] * (1.0 + c.eps_T[j]);
    }
    for (int i = 0; i < n; ++i) {
      for (int q = 0; q < n; ++q) v1[i] += c.G[i][q] * l1[q];
      p.d[i] = d[i];
    }
    decompression_data(c, l1, v1, p.c1, p.b1);
    const double wm = impact_energy(c, lm);
    if constexpr (Listener::kActive) listen.compression(r, lm, g0, wm);
    LimitSolutions<K> dec;
    if (recording) {
      for (int i = 0; i < n; ++i) masks.compression_x0[r][i] = lm[i];
      masks.decompressions = r + 1;
      limit_phase<K>(c, p, s, opt.tol, dec, nullptr, &masks.decompression[r]);
    } else {
      limit_phase<K>(c, p, s, opt.tol, dec, masks.decompression_of(lm), nullptr);
    }
    bool zero[kMaxPhaseSolutions], pure = false;
    for (int i = 0; i < dec.count; ++i) {
      zero[i] = zero_limit(dec, i, s);
      pure = pure || zero[i];
    }
    PoissonDecompression<K> dd;
    dd.begin(c, lm, p.c0, pure);
    for (int i = 0; i < dec.count; ++i) {
      double x[n], g[n];
      for (int q = 0; q < n; ++q) x[q] = zero[i] ? 0.0 : dec.X0[i][q];
      phase_velocity(c, p.c0, x, g);
      const int before = dd.count;
      dd.add(c, s, lm, x, g, choice.outcomes);
      if constexpr (Listener::kActive) {
        if (dd.count > before) list_decompression(listen, c, s, r, before, lm, p.c0, dd, x, g);
      } else {
        (void)before;
      }
    }
    dd.dec.truncated = dd.dec.truncated || dec.truncated;
    choice.add(c, s, lm, g0, wm, dd, o);
    if (choice.chosen == r) chosen_solution = dd.chosen >= 0 ? dd.chosen : pure_solution_index(c, s, dd);
  }
  DistinctSolutions<K> listed;
  listed.count = comp.count;
  listed.truncated = comp.truncated;
  for (int r = 0; r < comp.count; ++r)
    for (int i = 0; i < n; ++i) listed.X[r][i] = comp.X0[r][i];
  if (!choice.finish(listed, o)) return;  // no bounded compression branch: no_solution
  chosen[0] = choice.chosen;
  chosen[1] = chosen_solution;
}

// newton-lcp as the limit of G + eps D: one phase, c = (I + E) gamma^-, b = 0 (chosen and masks as for
// poisson_limit).
template <int K, class Listener>
COLLSWEEP_HD COLLSWEEP_LCP_NOINLINE void newton_limit(const MultiContactCollision<K>& c,
                                                      const MultiContactOptions& opt,
                                                      const MultiContactScales& s, const double (&d)[2 * K],
                                                      MultiContactOutcome<K>& o, Listener& listen,
                                                      int (&chosen)[2], LimitModeMasks<K>& masks) {
  constexpr int n = 2 * K;
  (void)listen;
  double cv[n];
  newton_velocity(c, cv);
  const bool recording = !masks.recorded;
  masks.recorded = true;
  LimitSolutions<K> sols;
  limit_phase(c, fixed_phase<K>(cv, d), s, opt.tol, sols, recording ? nullptr : &masks.first,
              recording ? &masks.first : nullptr);
  NewtonChoice<K> choice;
  for (int i = 0; i < sols.count; ++i) {
    const int before = choice.sol.count;
    choice.add(c, s, sols.X0[i], o);
    if constexpr (Listener::kActive) {
      if (choice.sol.count > before) list_newton_solution(listen, c, before, sols.X0[i]);
    } else {
      (void)before;
    }
  }
  choice.sol.truncated = choice.sol.truncated || sols.truncated;
  if (!choice.finish(o)) return;  // no bounded branch: no_solution
  chosen[0] = 0;
  chosen[1] = choice.chosen;
}

// Whether the rigid problem's solutions may run off along a ray: a d != 0 with G d = 0 inside every
// contact's friction cone (d_N >= 0, |d_T| <= mu d_N), the directions in which a phase's solution set (for
// any c and b) can be unbounded. Decided for a null space of dimension 1 (+-its vector); a larger one counts
// as a ray.
template <int K>
COLLSWEEP_HD bool friction_cone_ray(const MultiContactCollision<K>& c) {
  constexpr int n = 2 * K;
  double v[n];
  if (!null_vector(c.G, 1e-10, v)) return true;
  const double tol = 1e-9 * smallmat::max_abs(v);
  for (int side = 0; side < 2; ++side) {
    const double sign = side == 0 ? 1.0 : -1.0;
    bool inside = true;
    for (int j = 0; j < K; ++j)
      inside = inside && sign * v[j] >= -tol && abs_d(v[K + j]) <= c.mu[j] * sign * v[j] + tol;
    if (inside) return true;
  }
  return false;
}

// (listener only) The rigid problem's solutions with the chosen outcome, whose spread is the impulse that the
// rigid bodies leave indeterminate (`solve` prints its range): the vertices of each phase (glocker_modes.hpp)
// with the chosen gamma° (Poisson) and gamma^+, as total impulses Lambda, to listen.rigid_impulse.
template <bool kPoisson, int K, class Listener>
COLLSWEEP_HD void list_rigid_impulses(const MultiContactCollision<K>& c, const MultiContactOptions& opt,
                                      const MultiContactScales& s, const MultiContactOutcome<K>& o,
                                      Listener& listen) {
  constexpr int n = 2 * K;
  GlockerModeSolver<K> modes;
  modes.init(c, opt.tol);
  double zero_b[K];
  for (int j = 0; j < K; ++j) zero_b[j] = 0.0;
  if constexpr (kPoisson) {
    auto on_compression = [&](const double(&lm)[n], const double(&g0)[n]) {
      if (!same_outcome(g0, o.gamma_0, n, s.gamma_scale)) return;
      double cv[n], b[K], lam[n];
      decompression_data(c, lm, g0, cv, b);
      if (modes.zero_is_solution(cv, b) && same_outcome(cv, o.gamma_plus, n, s.gamma_scale)) {
        double zero[n];
        for (int i = 0; i < n; ++i) zero[i] = 0.0;
        total_impulse(c, lm, zero, lam);
        listen.rigid_impulse(lam);
      }
      auto on_decompression = [&](const double(&d)[n], const double(&g)[n]) {
        if (!same_outcome(g, o.gamma_plus, n, s.gamma_scale)) return;
        total_impulse(c, lm, d, lam);
        listen.rigid_impulse(lam);
      };
      modes.solve(cv, b, on_decompression);
    };
    modes.solve(c.gamma_minus, zero_b, on_compression);
  } else {
    double cv[n];
    newton_velocity(c, cv);
    auto on_solution = [&](const double(&x)[n], const double(&)[n]) {  // gamma^+ = gamma^- + G Lambda
      double gp[n];
      phase_velocity(c, c.gamma_minus, x, gp);
      if (same_outcome(gp, o.gamma_plus, n, s.gamma_scale)) listen.rigid_impulse(x);
    };
    modes.solve(cv, zero_b, on_solution);
  }
}

// The law (kPoisson: poisson-lcp, else newton-lcp) on a singular G: the limit of G + eps I, refused where
// the compliances decide the outcome (the file comment). o as LaneLawState::start left it; finished here.
template <bool kPoisson, int K, class Listener>
COLLSWEEP_HD void singular_delassus_limit(const MultiContactCollision<K>& c, const MultiContactOptions& opt,
                                          const MultiContactScales& s, MultiContactOutcome<K>& o,
                                          Listener& listen) {
  constexpr int n = 2 * K;
  const MultiContactOutcome<K> start = o;
  double d[n];
  int chosen[2] = {-1, -1}, other_chosen[2];
  LimitModeMasks<K> masks;  // the modes the other weights need not solve
  compliance_weights<K>(0, d);
  if constexpr (kPoisson) {
    poisson_limit(c, opt, s, d, o, listen, chosen, masks);
  } else {
    newton_limit(c, opt, s, d, o, listen, chosen, masks);
  }
  if (o.status != Status::ok) return;
  for (int w = 1; w <= K; ++w) {
    MultiContactOutcome<K> other = start;
    NoSolutionListener none;
    compliance_weights<K>(w, d);
    if constexpr (kPoisson) {
      poisson_limit(c, opt, s, d, other, none, other_chosen, masks);
    } else {
      newton_limit(c, opt, s, d, other, none, other_chosen, masks);
    }
    if (other.status != Status::ok || !same_outcome(other.gamma_plus, o.gamma_plus, n, s.gamma_scale)) {
      o = fail_multicontact(o, Status::indeterminate_outcome);
      return;
    }
  }
  if constexpr (Listener::kActive) {
    list_rigid_impulses<kPoisson>(c, opt, s, o, listen);
    listen.chosen(chosen[0], chosen[1]);
  }
  finish_multicontact(o);
}

}  // namespace collsweep

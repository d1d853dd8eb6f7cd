// Glocker 2014's Poisson-type multi-contact impact law (poisson-lcp) and the Newton-type law (newton-lcp)
// for k planar frictional contacts, as complementarity problems in the 3k form (Glocker 2014, eq. (45):
// both phases share one matrix; docs/multicontact.md).
//
// One LCP matrix for both phases and both laws (z = (X_N, s^R, rho^L), w = (gamma_N, rho^R, s^L)):
//
//        | G_NN - G_NT mu    G_NT    0 |
//    A = | G_TN - G_TT mu    G_TT    I |      w = A z + q,  z >= 0,  w >= 0,  z^T w = 0,
//        | 2 mu              -I      0 |
//
//   q = (c_N - G_NT b ; c_T - G_TT b ; 2 b), and a phase solution gives X_N = z_N,
//   X_T = s^R - mu X_N - b (|X_T| <= mu X_N + b is the friction set), gamma = G X + c.
// Poisson (paper (29)-(45), (75)):
//   compression    c = gamma^-, b = 0                      -> Lambda^- = X, gamma° = gamma
//   decompression  c = gamma° + G eps Lambda^-, b = mu (E_N - E_T) Lambda_N^-  -> Delta = X, gamma^+ = gamma
//                  Lambda^+ = Delta + eps Lambda^- (Delta = Lambda^+ - eps Lambda^-, (35), (42))
//   Lambda = Lambda^- + Lambda^+, W = T^+ - T^- = Lambda^T gamma^- + Lambda^T G Lambda / 2.
// Newton (Part I, (12)-(15)): c = (I + eps) gamma^-, b = 0 -> Lambda = X, gamma^+ = gamma^- + G Lambda.
//
// Solutions may be non-unique (the paper proves no uniqueness, Sect. 9). Per sample we report the
// number of distinct solutions (deduplicated on Lambda and gamma to a relative 1e-8, never on the LCP
// variables: with X_N = 0 the split of gamma_T into rho^R, rho^L is not unique), W_min, W_max, and one
// chosen solution by this project convention (not the paper's):
//   poisson-lcp, compression:   maximal dissipation, the least W^- = T° - T^- (paper Sect. 3.3, (296)-(307));
//                               among equal W^- (within 1e-9 T_acc) the one whose chosen decompression has
//                               the least W, then the first in the solver's deterministic order.
//   poisson-lcp, decompression: Delta = 0 (pure Poisson, Lambda^+ = eps Lambda^-, no inequality impulse)
//                               whenever it is a solution of the decompression LCP; otherwise the least W.
//     Reason: the inequality impulse Delta of (35), (36) exists to prevent penetration, so it acts only
//     when Poisson's impulse alone would violate the contact conditions. The literal rule "least W in
//     decompression" breaks the paper's Sect. 8.3 property that all eps = 0 ends the impact after
//     compression (Lambda^+ = 0): with eps = 0, Delta = 0 always solves the decompression, but frictional
//     samples can have further solutions Delta != 0 with W < W^-. Of the 10 000 eps = 0 samples of
//     test_glocker_properties (seed 606), 76 have several decompression solutions, and the literal rule
//     chose Delta != 0 on 18 of them; this rule chooses Lambda^+ = 0 on all. On 20 000 samples of the
//     general test distribution the two rules never differ; on 20 000 "extreme" ones (eps_N in {0, 1})
//     they differ on 23 (the count of chosen W > 0 is 148 under both).
//     "Delta = 0 is a solution" is decided by GlockerModeSolver::zero_is_solution (c_N >= 0, and per contact
//     b_j = 0 or gamma_Tj = c_Tj = 0, to the enumeration's tolerance), identically for both solvers.
//   newton-lcp: the solution of least W (ties as above). It has one phase and no Delta, so the issue does
//     not arise; with all eps = 0 its LCP is Poisson's compression and it chooses the same solution.
// With the Lemke solver each phase yields one solution, so solutions = 1 and W_min = W_max = W; the
// decompression takes Delta = 0 without running Lemke when it is a solution (the convention above). Lemke
// runs on the 3k form and, when it ends on a ray there (the 3k matrix is not copositive; about 2 in 10^4
// phases of the test distribution), on the equivalent copositive 4k Stewart-Trinkle form of the phase
// (see stewart_trinkle_matrix). The enumeration is the mode enumeration of glocker_modes.hpp: all
// solutions of the 3k form (2^(3k) bases) from at most 6^k small systems in the physical unknowns, the
// compression from 4^k; it streams (each distinct compression solution is decompressed as soon as found).
#pragma once

#include "collsweep/lcp/lemke.hpp"
#include "collsweep/models/multicontact/contact.hpp"
#include "collsweep/models/multicontact/glocker_conditions.hpp"
#include "collsweep/models/multicontact/glocker_modes.hpp"
#include "collsweep/models/multicontact/solution_listener.hpp"

namespace collsweep {

// Distinct solutions stored per phase (beyond that they are counted in solutions_truncated).
inline constexpr int kMaxPhaseSolutions = 8;

struct MultiContactOptions {
  LcpSolver solver = LcpSolver::automatic;
  bool theorem_predicates = true;  // evaluate (111), (117), (121) and cond(G) (Jacobi eigenvalues)
  bool check_coefficients = true;  // enforce 0 <= eps_T <= eps_N <= 1 (off: e.g. the paper's cradle, eps = 2)
  LcpTolerance tol{};
};

// Result of poisson-lcp or newton-lcp on one sample. Every number is zero unless status == ok
// (conditions are filled whenever the input is valid and theorem_predicates is set).
template <int K>
struct MultiContactOutcome {
  Status status = Status::ok;
  LcpSolver solver = LcpSolver::automatic;  // the solver that ran (automatic resolved)
  std::uint8_t solutions = 0;               // distinct solutions (Lambda, gamma^+) of the whole impact
  std::uint8_t compression_solutions = 0;   // poisson-lcp: distinct (Lambda^-, gamma°); newton-lcp: 0
  bool solutions_truncated = false;         // more than kMaxPhaseSolutions distinct in some phase
  double W = 0.0;                           // T^+ - T^- of the chosen solution
  double W_min = 0.0, W_max = 0.0;          // over all solutions found
  double W_compression = 0.0;               // poisson-lcp: T° - T^- of the chosen compression
  double T_acc = 0.0;                       // gamma^-T G^-1 gamma^- / 2 (least T^- compatible with gamma^-)
  double W_rel = 0.0;                       // W / T_acc
  double Lam[2 * K] = {};                   // total impulse of the chosen solution
  double Lam_minus[2 * K] = {};             // poisson-lcp: compression impulse (newton-lcp: 0)
  double Lam_plus[2 * K] = {};              // poisson-lcp: decompression impulse (newton-lcp: 0)
  double gamma_0[2 * K] = {};               // poisson-lcp: gamma° after compression (newton-lcp: 0)
  double gamma_plus[2 * K] = {};            // post-impact contact velocities
  GlockerConditions conditions;
};

// The 3k x 3k matrix A above (same for both phases and both laws).
template <int K>
COLLSWEEP_HD void glocker_lcp_matrix(const MultiContactCollision<K>& c, double (&a)[3 * K][3 * K]) {
  for (int i = 0; i < 3 * K; ++i)
    for (int j = 0; j < 3 * K; ++j) a[i][j] = 0.0;
  for (int i = 0; i < 2 * K; ++i) {
    for (int j = 0; j < K; ++j) {
      a[i][j] = c.G[i][j] - c.G[i][K + j] * c.mu[j];
      a[i][K + j] = c.G[i][K + j];
    }
  }
  for (int i = 0; i < K; ++i) {
    a[K + i][2 * K + i] = 1.0;
    a[2 * K + i][i] = 2.0 * c.mu[i];
    a[2 * K + i][K + i] = -1.0;
  }
}

// q = (c_N - G_NT b ; c_T - G_TT b ; 2 b).
template <int K>
COLLSWEEP_HD_INLINE void glocker_lcp_rhs(const MultiContactCollision<K>& c, const double (&cv)[2 * K],
                                         const double (&b)[K], double (&q)[3 * K]) {
  for (int i = 0; i < 2 * K; ++i) {
    double s = cv[i];
    for (int j = 0; j < K; ++j) s -= c.G[i][K + j] * b[j];
    q[i] = s;
  }
  for (int j = 0; j < K; ++j) q[2 * K + j] = 2.0 * b[j];
}

// The Stewart-Trinkle / Anitescu-Potra 4k form of the same phase (docs/multicontact.md), used by Lemke:
// z = (X_N, f+, f-, beta), X_T = f+ - f-, w = (gamma_N, beta + gamma_T, beta - gamma_T, mu X_N + b - f+ -
// f-),
//
//        | G_NN   G_NT   -G_NT   0 |
//   A4 = | G_TN   G_TT   -G_TT   I |        q4 = (c_N ; c_T ; -c_T ; b).
//        |-G_TN  -G_TT    G_TT   I |
//        | mu     -I      -I     0 |
// z^T A4 z = X^T G X + beta^T mu X_N >= 0: A4 is copositive, which Lemke's method needs (Cottle, Pang &
// Stone Thm 4.4.13; Anitescu & Potra 1997); the 3k matrix is not, and Lemke ends on a secondary ray on
// it for large mu (seen for mu > 2.5 with tests/glocker_samples.hpp's samples). Both forms have the same
// solution set in (X, gamma).
template <int K>
COLLSWEEP_HD void stewart_trinkle_matrix(const MultiContactCollision<K>& c, double (&a)[4 * K][4 * K]) {
  for (int i = 0; i < 4 * K; ++i)
    for (int j = 0; j < 4 * K; ++j) a[i][j] = 0.0;
  for (int i = 0; i < K; ++i) {
    for (int j = 0; j < K; ++j) {
      const double nn = c.G[i][j], nt = c.G[i][K + j], tn = c.G[K + i][j], tt = c.G[K + i][K + j];
      a[i][j] = nn;
      a[i][K + j] = nt;
      a[i][2 * K + j] = -nt;
      a[K + i][j] = tn;
      a[K + i][K + j] = tt;
      a[K + i][2 * K + j] = -tt;
      a[2 * K + i][j] = -tn;
      a[2 * K + i][K + j] = -tt;
      a[2 * K + i][2 * K + j] = tt;
    }
    a[K + i][3 * K + i] = 1.0;
    a[2 * K + i][3 * K + i] = 1.0;
    a[3 * K + i][i] = c.mu[i];
    a[3 * K + i][K + i] = -1.0;
    a[3 * K + i][2 * K + i] = -1.0;
  }
}

// Distinct phase solutions X of one phase, deduplicated to a relative 1e-8 on X and on gamma = G X + c
// (gamma is not stored: two solutions of the same phase differ in gamma by G (X1 - X2)).
template <int K>
struct DistinctSolutions {
  static constexpr int n = 2 * K;
  int count = 0;
  bool truncated = false;
  double X[kMaxPhaseSolutions][n];

  // The first stored solution that x duplicates, or -1.
  COLLSWEEP_HD int find(const double (&g)[n][n], const double (&x)[n], double gamma_scale,
                        double g_scale) const {
    const double xs = max_d(smallmat::max_abs(x), gamma_scale / g_scale);
    for (int k = 0; k < count; ++k) {
      bool same = true;
      for (int i = 0; i < n && same; ++i) same = abs_d(X[k][i] - x[i]) <= 1e-8 * max_d(xs, abs_d(X[k][i]));
      for (int i = 0; i < n && same; ++i) {
        double d = 0.0;
        for (int j = 0; j < n; ++j) d += g[i][j] * (X[k][j] - x[j]);
        same = abs_d(d) <= 1e-8 * gamma_scale;
      }
      if (same) return k;
    }
    return -1;
  }

  // True when x is new and was stored; false for a duplicate and when the list is full (truncated).
  COLLSWEEP_HD bool insert(const double (&g)[n][n], const double (&x)[n], double gamma_scale,
                           double g_scale) {
    if (find(g, x, gamma_scale, g_scale) >= 0) return false;
    if (count == kMaxPhaseSolutions) {
      truncated = true;
      return false;
    }
    for (int i = 0; i < n; ++i) X[count][i] = x[i];
    ++count;
    return true;
  }
};

// Physical solution of a phase from the unknowns (X_N, X_T): X_T clamped into the friction set [-r, r],
// r = mu X_N + b (the LCP satisfies it only to rounding; a frictionless contact gets X_T = 0 exactly), and
// gamma = G X + c.
template <int K>
COLLSWEEP_HD_INLINE void phase_solution(const MultiContactCollision<K>& c, const double (&cv)[2 * K],
                                        const double (&b)[K], double (&x)[2 * K], double (&g)[2 * K]) {
  for (int j = 0; j < K; ++j) {
    const double r = max_d(c.mu[j] * x[j] + b[j], 0.0);
    x[K + j] = min_d(max_d(x[K + j], -r), r);
  }
  phase_velocity(c, cv, x, g);
}

// One solution of the phase (cv, b) by Lemke: on the 3k form first, and when that ends on a ray or at the
// pivot cap, on the copositive 4k form. False when both fail. The matrices are built here, in separate
// scopes, so that only one of them is alive at a time (GPU stack).
template <int K>
COLLSWEEP_HD COLLSWEEP_LCP_NOINLINE bool glocker_lemke_phase(const MultiContactCollision<K>& c,
                                                             const double (&cv)[2 * K], const double (&b)[K],
                                                             const LcpTolerance& tol, double (&x)[2 * K],
                                                             double (&g)[2 * K]) {
  bool ok = false;
  {
    double a3[3 * K][3 * K], q3[3 * K];
    glocker_lcp_matrix(c, a3);
    glocker_lcp_rhs(c, cv, b, q3);
    const LemkeResult<3 * K> r3 = lcp_lemke(a3, q3, tol);
    if (r3.status == LemkeStatus::ok) {
      for (int j = 0; j < K; ++j) {  // 3k form: z = (X_N, s^R, rho^L), X_T = s^R - mu X_N - b
        x[j] = r3.z[j];
        x[K + j] = r3.z[K + j] - c.mu[j] * r3.z[j] - b[j];
      }
      ok = true;
    }
  }
  if (!ok) {
    double a4[4 * K][4 * K], q4[4 * K];
    stewart_trinkle_matrix(c, a4);
    for (int j = 0; j < K; ++j) {
      q4[j] = cv[j];
      q4[K + j] = cv[K + j];
      q4[2 * K + j] = -cv[K + j];
      q4[3 * K + j] = b[j];
    }
    const LemkeResult<4 * K> r4 = lcp_lemke(a4, q4, tol);
    if (r4.status != LemkeStatus::ok) return false;
    for (int j = 0; j < K; ++j) {  // 4k form: z = (X_N, f+, f-, beta), X_T = f+ - f-
      x[j] = r4.z[j];
      x[K + j] = r4.z[K + j] - r4.z[2 * K + j];
    }
  }
  phase_solution(c, cv, b, x, g);
  return true;
}

template <int K>
COLLSWEEP_HD_INLINE LcpSolver resolve_solver(LcpSolver s) {
  if (s != LcpSolver::automatic) return s;
  return K <= 2 ? LcpSolver::enumeration : LcpSolver::lemke;
}

// Common start of both laws: validation, T_acc, predicates, solver. Returns false if invalid.
template <int K>
COLLSWEEP_HD bool start_multicontact(const MultiContactCollision<K>& c, const MultiContactOptions& opt,
                                     MultiContactOutcome<K>& o) {
  double l[2 * K][2 * K];
  o.status = validate_multicontact(c, opt.check_coefficients, l);
  if (o.status != Status::ok) return false;
  o.T_acc = 0.5 * smallmat::inverse_quadratic_form(l, c.gamma_minus);
  if (opt.theorem_predicates) o.conditions = glocker_conditions(c);
  o.solver = resolve_solver<K>(opt.solver);
  return true;
}

// Clears the numbers of a failed outcome (status and conditions are kept).
template <int K>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> fail_multicontact(const MultiContactOutcome<K>& o, Status s) {
  MultiContactOutcome<K> f;
  f.status = s;
  f.solver = o.solver;
  f.conditions = o.conditions;
  return f;
}

template <int K>
COLLSWEEP_HD_INLINE bool multicontact_finite(const MultiContactOutcome<K>& o) {
  bool ok = is_finite_d(o.W) && is_finite_d(o.W_min) && is_finite_d(o.W_max) && is_finite_d(o.W_rel);
  for (int i = 0; i < 2 * K; ++i) ok = ok && is_finite_d(o.Lam[i]) && is_finite_d(o.gamma_plus[i]);
  return ok;
}

// Decompression data after the compression solution (Lambda^-, gamma°): c = gamma° + G eps Lambda^-,
// b = mu (E_N - E_T) Lambda_N^-, so that the decompression friction radius mu (Lambda_N^+ - E_T Lambda_N^-)
// of Glocker 2014, eq. (75), is mu Delta_N + b. Any lane type R.
template <int K, class R>
COLLSWEEP_HD_INLINE void decompression_data(const MultiContactCollision<K, R>& c, const R (&lm)[2 * K],
                                            const R (&g0)[2 * K], R (&cv)[2 * K], R (&b)[K]) {
  for (int i = 0; i < 2 * K; ++i) {
    R t = g0[i];
    for (int j = 0; j < K; ++j) t += c.G[i][j] * c.eps_N[j] * lm[j] + c.G[i][K + j] * c.eps_T[j] * lm[K + j];
    cv[i] = t;
  }
  for (int j = 0; j < K; ++j) b[j] = c.mu[j] * (c.eps_N[j] - c.eps_T[j]) * lm[j];
}

// Lambda = Lambda^- + Delta + eps Lambda^- (Lambda^+ = Delta + eps Lambda^-).
template <int K, class R>
COLLSWEEP_HD_INLINE void total_impulse(const MultiContactCollision<K, R>& c, const R (&lm)[2 * K],
                                       const R (&d)[2 * K], R (&lam)[2 * K]) {
  for (int j = 0; j < K; ++j) {
    lam[j] = lm[j] + d[j] + c.eps_N[j] * lm[j];
    lam[K + j] = lm[K + j] + d[K + j] + c.eps_T[j] * lm[K + j];
  }
}

// Lambda^+ = Delta + eps Lambda^- (formed from Delta, not as Lambda - Lambda^-: no cancellation).
template <int K>
COLLSWEEP_HD_INLINE void rebound_impulse(const MultiContactCollision<K>& c, const double (&lm)[2 * K],
                                         const double (&d)[2 * K], double (&lp)[2 * K]) {
  for (int j = 0; j < K; ++j) {
    lp[j] = d[j] + c.eps_N[j] * lm[j];
    lp[K + j] = d[K + j] + c.eps_T[j] * lm[K + j];
  }
}

// Writes the chosen Poisson solution into the outcome.
template <int K>
COLLSWEEP_HD_INLINE void set_poisson_choice(const MultiContactCollision<K>& c, const double (&lm)[2 * K],
                                            const double (&g0)[2 * K], const double (&d)[2 * K],
                                            const double (&gp)[2 * K], MultiContactOutcome<K>& o) {
  total_impulse(c, lm, d, o.Lam);
  for (int i = 0; i < 2 * K; ++i) {
    o.Lam_minus[i] = lm[i];
    o.gamma_0[i] = g0[i];
    o.gamma_plus[i] = gp[i];
  }
  rebound_impulse(c, lm, d, o.Lam_plus);
}

// Dedup scales of a sample: deduplication is relative to max|gamma^-| and max|G|; ties of W within
// 1e-9 T_acc.
struct MultiContactScales {
  double gamma_scale, g_scale, tol_w;
};

template <int K>
COLLSWEEP_HD_INLINE MultiContactScales multicontact_scales(const MultiContactCollision<K>& c, double T_acc) {
  return {max_d(smallmat::max_abs(c.gamma_minus), 1e-300), max_d(smallmat::max_abs(c.G), 1e-300),
          1e-9 * T_acc};
}

// poisson-lcp, the decompression of one compression solution Lambda^-, folded as its solutions arrive: the
// count of distinct Delta, their W range and the chosen Delta (0 when it is a solution, otherwise the least
// W). One sample; the SIMD path runs one per lane.
template <int K>
struct PoissonDecompression {
  static constexpr int n = 2 * K;
  bool pure = false, dhave = false;
  double dw = 0.0, d[n] = {}, gp[n] = {};
  DistinctSolutions<K> dec;
  int count = 0;
  int chosen = -1;  // the chosen Delta's index in dec; -1 while it is the pure Delta = 0 (or none)
  double wmin = 0.0, wmax = 0.0;

  // pure: Delta = 0 solves the decompression (GlockerModeSolver::zero_is_solution).
  COLLSWEEP_HD_INLINE void begin(const MultiContactCollision<K>& c, const double (&lm)[n],
                                 const double (&cv)[n], bool is_pure) {
    pure = is_pure;
    dhave = is_pure;
    if (is_pure) {
      for (int i = 0; i < n; ++i) {
        d[i] = 0.0;
        gp[i] = cv[i];
      }
      double lam[n];
      total_impulse(c, lm, d, lam);
      dw = impact_energy(c, lam);
    }
    wmin = wmax = dw;
  }

  COLLSWEEP_HD_INLINE void add(const MultiContactCollision<K>& c, const MultiContactScales& s,
                               const double (&lm)[n], const double (&x)[n], const double (&g)[n]) {
    if (!dec.insert(c.G, x, s.gamma_scale, s.g_scale)) return;
    double lam[n];
    total_impulse(c, lm, x, lam);
    const double w = impact_energy(c, lam);
    wmin = count == 0 && !pure ? w : min_d(wmin, w);
    wmax = count == 0 && !pure ? w : max_d(wmax, w);
    ++count;
    if (pure || (dhave && !(w < dw - s.tol_w))) return;
    dhave = true;
    chosen = count - 1;
    dw = w;
    for (int i = 0; i < n; ++i) {
      d[i] = x[i];
      gp[i] = g[i];
    }
  }
};

// poisson-lcp over the distinct compression solutions in the solver's order: totals, W range and the
// chosen solution (maximal dissipation, then the least W; see the file comment).
template <int K>
struct PoissonChoice {
  static constexpr int n = 2 * K;
  int total = 0;
  int rounds = 0, chosen = -1;  // compression solutions added; the chosen one's index among them
  bool have = false;
  double best_wm = 0.0, best_w = 0.0;

  // Compression solution (lm, g0) with W^- = wm and its folded decompression dd (called once per distinct
  // compression solution, in their order).
  COLLSWEEP_HD_INLINE void add(const MultiContactCollision<K>& c, const MultiContactScales& s,
                               const double (&lm)[n], const double (&g0)[n], double wm,
                               PoissonDecompression<K>& dd, MultiContactOutcome<K>& o) {
    const int round = rounds++;
    o.solutions_truncated = o.solutions_truncated || dd.dec.truncated;
    if (dd.pure && dd.count == 0) dd.count = 1;  // (never: the enumeration finds X = 0 as well)
    if (dd.count == 0) return;
    o.W_min = total == 0 ? dd.wmin : min_d(o.W_min, dd.wmin);
    o.W_max = total == 0 ? dd.wmax : max_d(o.W_max, dd.wmax);
    total += dd.count;
    // Compression of maximal dissipation (least W^-); among equal W^-, the least W.
    if (have && !(wm < best_wm - s.tol_w) && (wm > best_wm + s.tol_w || !(dd.dw < best_w - s.tol_w))) return;
    have = true;
    chosen = round;
    best_wm = wm;
    best_w = dd.dw;
    set_poisson_choice(c, lm, g0, dd.d, dd.gp, o);
  }

  // The outcome once every compression solution is in; false (o failed) without any solution.
  COLLSWEEP_HD_INLINE bool finish(const DistinctSolutions<K>& comp, MultiContactOutcome<K>& o) const {
    o.compression_solutions = static_cast<std::uint8_t>(comp.count);
    o.solutions_truncated = o.solutions_truncated || comp.truncated;
    if (total == 0) {
      o = fail_multicontact(o, Status::no_solution);
      return false;
    }
    o.solutions = static_cast<std::uint8_t>(total < 255 ? total : 255);
    o.W = best_w;
    o.W_compression = best_wm;
    return true;
  }
};

// The end of both laws: W / T_acc and the finiteness check.
template <int K>
COLLSWEEP_HD_INLINE void finish_multicontact(MultiContactOutcome<K>& o) {
  o.W_rel = o.W / o.T_acc;
  if (!multicontact_finite(o)) o = fail_multicontact(o, Status::numerical_failure);
}

// The index in dd.dec of the stored decompression solution that is Delta = 0 (the enumeration finds it
// whenever dd.pure), or -1.
template <int K>
COLLSWEEP_HD_INLINE int pure_solution_index(const MultiContactCollision<K>& c, const MultiContactScales& s,
                                            const PoissonDecompression<K>& dd) {
  double zero[2 * K];
  for (int i = 0; i < 2 * K; ++i) zero[i] = 0.0;
  return dd.pure ? dd.dec.find(c.G, zero, s.gamma_scale, s.g_scale) : -1;
}

// Lists the i-th distinct decompression solution (x, g = gamma^+) of compression r with the listener. The
// one that is Delta = 0 where the law takes the pure Poisson solution is listed as the law takes it
// (Delta = 0 exactly, gamma^+ = c), so that the chosen solution's numbers are the outcome's.
template <int K, class Listener>
COLLSWEEP_HD_INLINE void list_decompression(Listener& listen, const MultiContactCollision<K>& c,
                                            const MultiContactScales& s, int r, int i,
                                            const double (&lm)[2 * K], const double (&cv)[2 * K],
                                            const PoissonDecompression<K>& dd, const double (&x)[2 * K],
                                            const double (&g)[2 * K]) {
  constexpr int n = 2 * K;
  const bool zero = pure_solution_index(c, s, dd) == i;
  double d[n], gp[n], lp[n], lam[n];
  for (int m = 0; m < n; ++m) {
    d[m] = zero ? 0.0 : x[m];
    gp[m] = zero ? cv[m] : g[m];
  }
  rebound_impulse(c, lm, d, lp);
  total_impulse(c, lm, d, lam);
  listen.solution(r, i, lp, lam, gp, impact_energy(c, lam));
}

// poisson-lcp: Glocker's Poisson-type inequality impact law, two LCP phases (see the file comment). The
// enumeration finds the distinct compression solutions, then decompresses each in the order found; only
// the distinct X of the phases (for deduplication), the tallies and the chosen solution are kept.
// host/backend/multicontact_lanes.cpp runs the same steps on four (AVX2) or two (SSE2) samples at once.
// `listen` receives every distinct solution (impacts/solution_listener.hpp).
template <int K, class Listener>
COLLSWEEP_HD MultiContactOutcome<K> evaluate_poisson_lcp(const MultiContactCollision<K>& c,
                                                         const MultiContactOptions& opt, Listener& listen) {
  constexpr int n = 2 * K;
  (void)listen;  // (NoSolutionListener: every call compiles away)
  MultiContactOutcome<K> o;
  if (!start_multicontact(c, opt, o)) return fail_multicontact(o, o.status);
  GlockerModeSolver<K> modes;
  modes.init(c, opt.tol);
  const MultiContactScales scales = multicontact_scales(c, o.T_acc);
  double zero_b[K];
  for (int j = 0; j < K; ++j) zero_b[j] = 0.0;

  if (o.solver == LcpSolver::lemke) {
    double lm[n], g0[n], cv[n], b[K], d[n], gp[n];
    if (!glocker_lemke_phase(c, c.gamma_minus, zero_b, opt.tol, lm, g0))
      return fail_multicontact(o, Status::solver_failure);
    decompression_data(c, lm, g0, cv, b);
    if (modes.zero_is_solution(cv, b)) {  // the convention: Delta = 0 whenever it is a solution
      for (int i = 0; i < n; ++i) {
        d[i] = 0.0;
        gp[i] = cv[i];
      }
    } else if (!glocker_lemke_phase(c, cv, b, opt.tol, d, gp)) {
      return fail_multicontact(o, Status::solver_failure);
    }
    set_poisson_choice(c, lm, g0, d, gp, o);
    o.compression_solutions = 1;
    o.solutions = 1;
    o.W_compression = impact_energy(c, lm);
    o.W = o.W_min = o.W_max = impact_energy(c, o.Lam);
    if constexpr (Listener::kActive) {
      listen.compression(0, o.Lam_minus, o.gamma_0, o.W_compression);
      listen.solution(0, 0, o.Lam_plus, o.Lam, o.gamma_plus, o.W);
      listen.chosen(0, 0);
    }
  } else {
    DistinctSolutions<K> comp;
    auto on_compression = [&](bool ok, const double(&lm)[n], const double(&)[n]) {
      if (ok) comp.insert(c.G, lm, scales.gamma_scale, scales.g_scale);
    };
    modes.template solve_lanes<true>(c.gamma_minus, zero_b, true, on_compression);
    PoissonChoice<K> choice;
    int chosen_solution = -1;  // (listener only) the chosen decompression's index
    (void)chosen_solution;
    for (int r = 0; r < comp.count; ++r) {
      const double(&lm)[n] = comp.X[r];
      double g0[n], cv[n], b[K];
      phase_velocity(c, c.gamma_minus, lm, g0);  // the compression's gamma°, as the solver gave it
      decompression_data(c, lm, g0, cv, b);
      const double wm = impact_energy(c, lm);
      if constexpr (Listener::kActive) listen.compression(r, lm, g0, wm);
      PoissonDecompression<K> dd;
      dd.begin(c, lm, cv, modes.zero_is_solution(cv, b));
      auto on_decompression = [&](bool ok, const double(&x)[n], const double(&g)[n]) {
        if constexpr (Listener::kActive) {
          const int i = dd.count;
          if (ok) dd.add(c, scales, lm, x, g);
          if (dd.count > i) list_decompression(listen, c, scales, r, i, lm, cv, dd, x, g);
        } else {
          if (ok) dd.add(c, scales, lm, x, g);
        }
      };
      modes.template solve_lanes<false>(cv, b, true, on_decompression);
      choice.add(c, scales, lm, g0, wm, dd, o);
      if constexpr (Listener::kActive)
        if (choice.chosen == r)
          chosen_solution = dd.chosen >= 0 ? dd.chosen : pure_solution_index(c, scales, dd);
    }
    if (!choice.finish(comp, o)) return o;
    if constexpr (Listener::kActive) listen.chosen(choice.chosen, chosen_solution);
  }
  finish_multicontact(o);
  return o;
}

// poisson-lcp without a listener (the sweeps, `eval`).
template <int K>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> evaluate_poisson_lcp(
    const MultiContactCollision<K>& c, const MultiContactOptions& opt = MultiContactOptions{}) {
  NoSolutionListener none;
  return evaluate_poisson_lcp(c, opt, none);
}

// newton-lcp: Newton-type law from the same matrix, q = ((I + E_N) gamma_N^- ; (I + E_T) gamma_T^- ; 0).
// One phase, so no Delta: the chosen solution is the least W (maximal dissipation). With all eps = 0 this
// LCP is Poisson's compression and the choice coincides with Poisson's (Lambda = Lambda^-, Lambda^+ = 0).
// newton-lcp's right-hand side c = (I + eps) gamma^- (b = 0). Any lane type R.
template <int K, class R>
COLLSWEEP_HD_INLINE void newton_velocity(const MultiContactCollision<K, R>& c, R (&cv)[2 * K]) {
  for (int j = 0; j < K; ++j) {
    cv[j] = (1.0 + c.eps_N[j]) * c.gamma_minus[j];
    cv[K + j] = (1.0 + c.eps_T[j]) * c.gamma_minus[K + j];
  }
}

// newton-lcp's solution Lambda = x: gamma^+ = gamma^- + G Lambda (= xi - eps gamma^-).
template <int K>
COLLSWEEP_HD_INLINE void set_newton_choice(const MultiContactCollision<K>& c, const double (&x)[2 * K],
                                           MultiContactOutcome<K>& o) {
  for (int i = 0; i < 2 * K; ++i) o.Lam[i] = x[i];
  phase_velocity(c, c.gamma_minus, x, o.gamma_plus);
}

// newton-lcp, its solutions folded as they arrive: count, W range, the least W (ties: the first). One
// sample; the SIMD path runs one per lane.
template <int K>
struct NewtonChoice {
  static constexpr int n = 2 * K;
  DistinctSolutions<K> sol;
  int chosen = -1;  // the chosen solution's index in sol

  COLLSWEEP_HD_INLINE void add(const MultiContactCollision<K>& c, const MultiContactScales& s,
                               const double (&x)[n], MultiContactOutcome<K>& o) {
    if (!sol.insert(c.G, x, s.gamma_scale, s.g_scale)) return;
    const double w = impact_energy(c, x);
    const bool first = sol.count == 1;
    o.W_min = first ? w : min_d(o.W_min, w);
    o.W_max = first ? w : max_d(o.W_max, w);
    if (!first && !(w < o.W - s.tol_w)) return;
    chosen = sol.count - 1;
    o.W = w;
    set_newton_choice(c, x, o);
  }

  // False (o failed) without any solution.
  COLLSWEEP_HD_INLINE bool finish(MultiContactOutcome<K>& o) const {
    if (sol.count == 0) {
      o = fail_multicontact(o, Status::no_solution);
      return false;
    }
    o.solutions_truncated = sol.truncated;
    o.solutions = static_cast<std::uint8_t>(sol.count);
    return true;
  }
};

// Lists newton-lcp's i-th distinct solution Lambda = x with the listener (gamma^+ and W as the law forms
// them for its choice).
template <int K, class Listener>
COLLSWEEP_HD_INLINE void list_newton_solution(Listener& listen, const MultiContactCollision<K>& c, int i,
                                              const double (&x)[2 * K]) {
  double gp[2 * K];
  phase_velocity(c, c.gamma_minus, x, gp);
  listen.solution(0, i, x, x, gp, impact_energy(c, x));
}

// newton-lcp: Newton-type law from the same matrix, q = ((I + E_N) gamma_N^- ; (I + E_T) gamma_T^- ; 0).
// One phase, so no Delta: the chosen solution is the least W (maximal dissipation). With all eps = 0 this
// LCP is Poisson's compression and the choice coincides with Poisson's (Lambda = Lambda^-, Lambda^+ = 0).
// `listen` receives every distinct solution (impacts/solution_listener.hpp).
template <int K, class Listener>
COLLSWEEP_HD MultiContactOutcome<K> evaluate_newton_lcp(const MultiContactCollision<K>& c,
                                                        const MultiContactOptions& opt, Listener& listen) {
  constexpr int n = 2 * K;
  (void)listen;  // (NoSolutionListener: every call compiles away)
  MultiContactOutcome<K> o;
  if (!start_multicontact(c, opt, o)) return fail_multicontact(o, o.status);
  double cv[n], zero_b[K];
  newton_velocity(c, cv);
  for (int j = 0; j < K; ++j) zero_b[j] = 0.0;
  if (o.solver == LcpSolver::lemke) {
    double x[n], xi[n];
    if (!glocker_lemke_phase(c, cv, zero_b, opt.tol, x, xi))
      return fail_multicontact(o, Status::solver_failure);
    set_newton_choice(c, x, o);
    o.W = o.W_min = o.W_max = impact_energy(c, x);
    o.solutions = 1;
    if constexpr (Listener::kActive) {
      list_newton_solution(listen, c, 0, x);
      listen.chosen(0, 0);
    }
  } else {
    GlockerModeSolver<K> modes;
    modes.init(c, opt.tol);
    const MultiContactScales scales = multicontact_scales(c, o.T_acc);
    NewtonChoice<K> choice;
    auto on_solution = [&](bool ok, const double(&x)[n], const double(&)[n]) {
      if constexpr (Listener::kActive) {
        const int i = choice.sol.count;
        if (ok) choice.add(c, scales, x, o);
        if (choice.sol.count > i) list_newton_solution(listen, c, i, x);
      } else {
        if (ok) choice.add(c, scales, x, o);
      }
    };
    modes.template solve_lanes<true>(cv, zero_b, true, on_solution);
    if (!choice.finish(o)) return o;
    if constexpr (Listener::kActive) listen.chosen(0, choice.chosen);
  }
  finish_multicontact(o);
  return o;
}

// newton-lcp without a listener (the sweeps, `eval`).
template <int K>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> evaluate_newton_lcp(
    const MultiContactCollision<K>& c, const MultiContactOptions& opt = MultiContactOptions{}) {
  NoSolutionListener none;
  return evaluate_newton_lcp(c, opt, none);
}

// The laws as parameter structs with evaluate(), like the planar laws.
template <int K>
struct PoissonLcp {
  static constexpr const char* name = "poisson-lcp";
  MultiContactOptions options{};
  COLLSWEEP_HD MultiContactOutcome<K> evaluate(const MultiContactCollision<K>& c) const {
    return evaluate_poisson_lcp(c, options);
  }
};

template <int K>
struct NewtonLcp {
  static constexpr const char* name = "newton-lcp";
  MultiContactOptions options{};
  COLLSWEEP_HD MultiContactOutcome<K> evaluate(const MultiContactCollision<K>& c) const {
    return evaluate_newton_lcp(c, options);
  }
};

}  // namespace collsweep

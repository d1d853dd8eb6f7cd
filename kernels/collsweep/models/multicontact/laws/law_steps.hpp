// The steps of Glocker 2014's multi-contact LCP laws (lcp_laws.hpp): options and outcome, the 3k and 4k LCP
// forms, one Lemke phase, the common start and end, and the per-sample folds of the phases' solutions.
#pragma once

#include "collsweep/lcp/lemke.hpp"
#include "collsweep/models/multicontact/contact.hpp"
#include "collsweep/models/multicontact/laws/glocker_conditions.hpp"
#include "collsweep/models/multicontact/laws/glocker_modes.hpp"
#include "collsweep/models/multicontact/laws/solution_listener.hpp"

namespace collsweep {

// Distinct solutions stored per phase (beyond that they are counted in solutions_truncated).
inline constexpr int kMaxPhaseSolutions = 8;

struct MultiContactOptions {
  LcpSolver solver = LcpSolver::automatic;
  bool theorem_predicates = true;  // evaluate (111), (117), (121) and cond(G) (Jacobi eigenvalues)
  bool check_coefficients = true;  // enforce 0 <= eps_T <= eps_N <= 1 (off: e.g. the paper's cradle, eps = 2)
  bool order_spread = true;        // the engine law: evaluate every order of the normal impulses too
  LcpTolerance tol{};
};

// Result of poisson-lcp or newton-lcp on one sample. Every number is zero unless status == ok
// (conditions are filled whenever the input is valid and theorem_predicates is set).
template <int K>
struct MultiContactOutcome {
  Status status = Status::ok;
  LcpSolver solver = LcpSolver::automatic;  // the solver that ran (automatic resolved)
  std::uint8_t solutions = 0;               // distinct outcomes gamma^+ of the whole impact
  std::uint8_t compression_solutions = 0;   // poisson-lcp: distinct compression outcomes gamma°; newton: 0
  bool solutions_truncated = false;         // more solutions than are stored (kMaxPhaseSolutions in a phase,
                                            // kMaxImpactOutcomes outcomes)
  std::uint8_t delassus_rank = 0;           // the numerical rank of G (2k unless G is singular)
  double W = 0.0;                           // T^+ - T^- of the chosen solution
  double W_min = 0.0, W_max = 0.0;          // over all solutions found
  double W_compression = 0.0;               // poisson-lcp: T° - T^- of the chosen compression
  double T_acc = 0.0;                       // gamma^-T G^+ gamma^- / 2 (least T^- compatible with gamma^-)
  double W_rel = 0.0;                       // W / T_acc
  double Lam[2 * K] = {};                   // total impulse of the chosen solution
  double Lam_minus[2 * K] = {};             // poisson-lcp: compression impulse (newton-lcp: 0)
  double Lam_plus[2 * K] = {};              // poisson-lcp: decompression impulse (newton-lcp: 0)
  double gamma_0[2 * K] = {};               // poisson-lcp: gamma° after compression (newton-lcp: 0)
  double gamma_plus[2 * K] = {};            // post-impact contact velocities
  GlockerConditions conditions;
  // The engine law (laws/sequential_impulse.hpp; 0 for the LCP laws): its Gauss-Seidel sweeps, whether the
  // last reached the fixed point, and the spread of the outcome over the orders of the normal impulses (the
  // orders compared, max - min of W over them / T_acc, the largest max - min of a gamma^+ row /
  // max|gamma^-|).
  std::uint32_t iterations = 0;
  bool converged = false;
  std::uint8_t orders = 0;
  double order_spread_W = 0.0;
  double order_spread_gamma = 0.0;
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
// it for large mu (seen for mu > 2.5 with tests/support/glocker_samples.hpp's samples). Both forms have the
// same solution set in (X, gamma).
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

// Distinct outcomes of poisson-lcp stored per sample: those of every decompression of every compression.
inline constexpr int kMaxImpactOutcomes = 2 * kMaxPhaseSolutions;

// Distinct outcomes: contact velocities gamma (gamma^+ of the whole impact, gamma° of a compression) that
// differ by more than 1e-8 max|gamma^-| in some row. This is what the laws count as solutions. Two impulses
// that differ by a null vector of a singular G (how rigid bodies on dependent contacts split the impulse
// between them, which they leave indeterminate) give one outcome; so do two neighbouring vertices that the
// solver's feasibility tolerance (1e-9) admits on a nearly singular G, whose velocities then differ by less
// than that tolerance. (The outcome also fixes W: with gamma^- in the range of G, W = T^+ - T^- depends on
// Lambda only through G Lambda = gamma^+ - gamma^-.)
// Whether contact velocities a and b (n rows) are one outcome (DistinctOutcomes; `solve` groups its listed
// solutions by it).
COLLSWEEP_HD_INLINE bool same_outcome(const double* a, const double* b, int n, double gamma_scale) {
  for (int i = 0; i < n; ++i)
    if (!(abs_d(a[i] - b[i]) <= 1e-8 * gamma_scale)) return false;
  return true;
}

template <int K, int Capacity = kMaxPhaseSolutions>
struct DistinctOutcomes {
  static constexpr int n = 2 * K;
  int count = 0;
  bool truncated = false;
  double gamma[Capacity][n];

  // The first stored outcome within the tolerance of g, or -1.
  COLLSWEEP_HD int find(const double (&g)[n], double gamma_scale) const {
    for (int k = 0; k < count; ++k)
      if (same_outcome(gamma[k], g, n, gamma_scale)) return k;
    return -1;
  }

  // Stores g unless it repeats an outcome (or the list is full: truncated).
  COLLSWEEP_HD void insert(const double (&g)[n], double gamma_scale) {
    if (find(g, gamma_scale) >= 0) return;
    if (count == Capacity) {
      truncated = true;
      return;
    }
    for (int i = 0; i < n; ++i) gamma[count][i] = g[i];
    ++count;
  }
};

// The least-norm point of the convex hull of p[0 .. m): over every subset S of the points, the least-norm
// point of S's affine hull, x = sum_S v_i p_i with sum_S v_i = 1 (the system [P_S^T P_S, 1; 1^T, 0]
// [v; -lambda] = [0; 1]), kept when every v_i >= 0; the least of those. m <= 8, so at most 255 systems of at
// most 9 unknowns (and only for a nearly singular G, where several vertices share one outcome).
template <int N>
COLLSWEEP_HD void least_norm_in_hull(const double (&p)[kMaxPhaseSolutions][N], int m, double (&x)[N]) {
  constexpr int S = kMaxPhaseSolutions + 1;
  double best = -1.0;
  for (unsigned subset = 1; subset < (1u << m); ++subset) {
    int idx[kMaxPhaseSolutions], s = 0;
    for (int i = 0; i < m; ++i)
      if (subset & (1u << i)) idx[s++] = i;
    double a[S][S], b[S][1];
    double scale = 0.0;
    for (int i = 0; i < s; ++i) {
      for (int j = 0; j < s; ++j) {
        double d = 0.0;
        for (int r = 0; r < N; ++r) d += p[idx[i]][r] * p[idx[j]][r];
        a[i][j] = d;
        scale = max_d(scale, abs_d(d));
      }
      a[i][s] = 1.0;
      a[s][i] = 1.0;
      b[i][0] = 0.0;
    }
    a[s][s] = 0.0;
    b[s][0] = 1.0;
    if (!smallmat::small_solve(a, b, s + 1, 1e-12 * max_d(scale, 1.0))) continue;
    bool inside = true;
    for (int i = 0; i < s; ++i) inside = inside && b[i][0] >= 0.0;
    if (!inside) continue;
    double y[N], norm = 0.0;
    for (int r = 0; r < N; ++r) {
      double v = 0.0;
      for (int i = 0; i < s; ++i) v += b[i][0] * p[idx[i]][r];
      y[r] = v;
      norm += v * v;
    }
    if (best >= 0.0 && !(norm < best)) continue;
    best = norm;
    for (int r = 0; r < N; ++r) x[r] = y[r];
  }
}

// Poisson's compression solutions with one outcome gamma° = gamma^- + G Lambda^- (same_outcome), merged into
// one, the least-norm point of their convex hull: on a nearly singular G, neighbouring vertices that the
// feasibility tolerance admits share an outcome, and Poisson's decompression, which starts from
// eps Lambda^-, takes one point for them. The order of first appearance is kept; a list without shared
// outcomes (any SPD G that is not nearly singular) is left as it is, bit for bit. (A singular G takes the
// limit of G + eps I instead: regularised_limit.hpp.)
template <int K>
COLLSWEEP_HD void merge_compression_outcomes(const MultiContactCollision<K>& c, double gamma_scale,
                                             DistinctSolutions<K>& comp) {
  constexpr int n = 2 * K;
  if (comp.count < 2) return;  // (most samples: nothing to merge)
  double g[kMaxPhaseSolutions][n];
  for (int k = 0; k < comp.count; ++k) phase_velocity(c, c.gamma_minus, comp.X[k], g[k]);
  bool merged[kMaxPhaseSolutions] = {};
  int out = 0;
  for (int k = 0; k < comp.count; ++k) {
    if (merged[k]) continue;
    double group[kMaxPhaseSolutions][n];
    int m = 0;
    for (int j = k; j < comp.count; ++j) {
      if (merged[j] || !same_outcome(g[k], g[j], n, gamma_scale)) continue;
      merged[j] = true;
      for (int i = 0; i < n; ++i) group[m][i] = comp.X[j][i];
      ++m;
    }
    double x[n];
    if (m == 1) {
      for (int i = 0; i < n; ++i) x[i] = group[0][i];
    } else {
      least_norm_in_hull(group, m, x);
    }
    for (int i = 0; i < n; ++i) comp.X[out][i] = x[i];
    ++out;
  }
  comp.count = out;
}

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

// Clears the numbers of a failed outcome (status and conditions are kept).
template <int K>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> fail_multicontact(const MultiContactOutcome<K>& o, Status s) {
  MultiContactOutcome<K> f;
  f.status = s;
  f.solver = o.solver;
  f.delassus_rank = o.delassus_rank;
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
                               const double (&lm)[n], const double (&x)[n], const double (&g)[n],
                               DistinctOutcomes<K, kMaxImpactOutcomes>& outcomes) {
    if (!dec.insert(c.G, x, s.gamma_scale, s.g_scale)) return;
    outcomes.insert(g, s.gamma_scale);
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
  DistinctOutcomes<K, kMaxImpactOutcomes> outcomes;  // gamma^+ of every decompression of every compression
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
    o.solutions_truncated = o.solutions_truncated || comp.truncated || outcomes.truncated;
    if (total == 0) {
      o = fail_multicontact(o, Status::no_solution);
      return false;
    }
    o.solutions = static_cast<std::uint8_t>(outcomes.count);
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

// Lists the pure Poisson decompression (Delta = 0, gamma^+ = c) of compression r as its i-th solution.
template <int K, class Listener>
COLLSWEEP_HD_INLINE void list_pure_decompression(Listener& listen, const MultiContactCollision<K>& c, int r,
                                                 int i, const double (&lm)[2 * K],
                                                 const double (&cv)[2 * K]) {
  constexpr int n = 2 * K;
  double d[n], lp[n], lam[n];
  for (int m = 0; m < n; ++m) d[m] = 0.0;
  rebound_impulse(c, lm, d, lp);
  total_impulse(c, lm, d, lam);
  listen.solution(r, i, lp, lam, cv, impact_energy(c, lam));
}

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
  DistinctOutcomes<K> outcomes;  // gamma^+ = gamma^- + G Lambda of every solution
  int chosen = -1;               // the chosen solution's index in sol

  COLLSWEEP_HD_INLINE void add(const MultiContactCollision<K>& c, const MultiContactScales& s,
                               const double (&x)[n], MultiContactOutcome<K>& o) {
    if (!sol.insert(c.G, x, s.gamma_scale, s.g_scale)) return;
    double gp[n];
    phase_velocity(c, c.gamma_minus, x, gp);
    outcomes.insert(gp, s.gamma_scale);
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
    o.solutions_truncated = sol.truncated || outcomes.truncated;
    o.solutions = static_cast<std::uint8_t>(outcomes.count);
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

}  // namespace collsweep

// Glocker 2014's Poisson-type multi-contact impact law (poisson-lcp) and the Newton-type law (newton-lcp)
// for k planar frictional contacts, as complementarity problems in the 3k form of the reference note §2.3.
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
//   poisson-lcp: the compression solution of maximal dissipation (least W^- = T° - T^-, paper Sect. 3.3),
//                then, among its decompressions, the one of least W; ties (within 1e-9 T_acc) go to the
//                first solution in the solver's deterministic order.
//   newton-lcp:  the solution of least W, ties as above.
// With the Lemke solver each phase yields one solution, so solutions = 1 and W_min = W_max = W. Lemke
// runs on the 3k form and, when it ends on a ray there (the 3k matrix is not copositive; about 2 in
// 10^4 phases of the test distribution), on the equivalent copositive 4k Stewart-Trinkle form of the
// phase (see stewart_trinkle_matrix). The enumeration uses the 3k form (2^(3k) bases, not 2^(4k)).
#pragma once

#include "collsweep/impacts/glocker_conditions.hpp"
#include "collsweep/impacts/multicontact.hpp"
#include "collsweep/lcp/enumerate.hpp"
#include "collsweep/lcp/lemke.hpp"

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

// Distinct phase solutions (X, gamma), deduplicated to a relative 1e-8.
template <int K>
struct PhaseSolutions {
  int count = 0;
  bool truncated = false;
  double X[kMaxPhaseSolutions][2 * K];
  double gamma[kMaxPhaseSolutions][2 * K];
};

// Physical phase solutions X -> gamma = G X + c, deduplicated into a PhaseSolutions list.
template <int K>
struct PhaseSink {
  const MultiContactCollision<K>* c;
  const double* cv;  // [2K]
  const double* b;   // [K]
  double gamma_scale;
  double g_scale;  // max|G|
  PhaseSolutions<K>* out;

  // x: X_N and the unclamped X_T; X_T is clamped into the friction set [-r, r], r = mu X_N + b (the LCP
  // satisfies it only to rounding), so a frictionless contact (r = 0) has X_T = 0 exactly.
  COLLSWEEP_HD void add(double (&x)[2 * K]) const {
    for (int j = 0; j < K; ++j) {
      const double r = max_d(c->mu[j] * x[j] + b[j], 0.0);
      x[K + j] = min_d(max_d(x[K + j], -r), r);
    }
    double g[2 * K];
    for (int i = 0; i < 2 * K; ++i) {
      double s = cv[i];
      for (int j = 0; j < 2 * K; ++j) s += c->G[i][j] * x[j];
      g[i] = s;
    }
    const double xs = max_d(smallmat::max_abs(x), gamma_scale / g_scale);
    for (int k = 0; k < out->count; ++k) {
      bool same = true;
      for (int i = 0; i < 2 * K && same; ++i)
        same = abs_d(out->X[k][i] - x[i]) <= 1e-8 * max_d(xs, abs_d(out->X[k][i])) &&
               abs_d(out->gamma[k][i] - g[i]) <= 1e-8 * gamma_scale;
      if (same) return;
    }
    if (out->count == kMaxPhaseSolutions) {
      out->truncated = true;
      return;
    }
    for (int i = 0; i < 2 * K; ++i) {
      out->X[out->count][i] = x[i];
      out->gamma[out->count][i] = g[i];
    }
    ++out->count;
  }

  // 3k form: z = (X_N, s^R, rho^L), X_T = s^R - mu X_N - b.
  COLLSWEEP_HD void operator()(const double (&z)[3 * K], const double (&)[3 * K]) const {
    double x[2 * K];
    for (int j = 0; j < K; ++j) {
      x[j] = z[j];
      x[K + j] = z[K + j] - c->mu[j] * z[j] - b[j];
    }
    add(x);
  }
};

// The Stewart-Trinkle / Anitescu-Potra 4k form of the same phase (note §2.3), used by Lemke:
// z = (X_N, f+, f-, beta), X_T = f+ - f-, w = (gamma_N, beta + gamma_T, beta - gamma_T, mu X_N + b - f+ -
// f-),
//
//        | G_NN   G_NT   -G_NT   0 |
//   A4 = | G_TN   G_TT   -G_TT   I |        q4 = (c_N ; c_T ; -c_T ; b).
//        |-G_TN  -G_TT    G_TT   I |
//        | mu     -I      -I     0 |
// z^T A4 z = X^T G X + beta^T mu X_N >= 0: A4 is copositive, which Lemke's method needs (Cottle, Pang &
// Stone Thm 4.4.13; Anitescu & Potra 1997); the 3k matrix is not, and Lemke ends on a secondary ray on
// it for large mu (seen for mu > 2.5 with the note's sample distribution). Both forms have the same
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

// One sample's phase solver: the 3k matrix for the enumeration, the 4k matrix for Lemke (both phases
// share it; only q changes).
template <int K>
struct GlockerPhaseSolver {
  LcpSolver solver = LcpSolver::enumeration;
  LcpTolerance tol{};
  double a3[3 * K][3 * K];
  double a4[4 * K][4 * K];

  COLLSWEEP_HD void init(const MultiContactCollision<K>& c, LcpSolver s, const LcpTolerance& t) {
    solver = s;
    tol = t;
    glocker_lcp_matrix(c, a3);
    if (s == LcpSolver::lemke) stewart_trinkle_matrix(c, a4);
  }

  // All solutions (enumeration) or one (Lemke) of the phase with data (c, b); false on a Lemke failure.
  COLLSWEEP_HD bool solve(const MultiContactCollision<K>& c, const double (&cv)[2 * K], const double (&b)[K],
                          double gamma_scale, PhaseSolutions<K>& out) const {
    const PhaseSink<K> sink{&c, cv, b, gamma_scale, max_d(smallmat::max_abs(c.G), 1e-300), &out};
    out.count = 0;
    out.truncated = false;
    if (solver == LcpSolver::lemke) {
      // Lemke on the smaller 3k form first; on a ray or the pivot cap, on the copositive 4k form.
      double q3[3 * K];
      glocker_lcp_rhs(c, cv, b, q3);
      const LemkeResult<3 * K> r3 = lcp_lemke(a3, q3, tol);
      if (r3.status == LemkeStatus::ok) {
        sink(r3.z, r3.w);
        return true;
      }
      double q[4 * K];
      for (int j = 0; j < K; ++j) {
        q[j] = cv[j];
        q[K + j] = cv[K + j];
        q[2 * K + j] = -cv[K + j];
        q[3 * K + j] = b[j];
      }
      const LemkeResult<4 * K> r = lcp_lemke(a4, q, tol);
      if (r.status != LemkeStatus::ok) return false;
      double x[2 * K];
      for (int j = 0; j < K; ++j) {
        x[j] = r.z[j];
        x[K + j] = r.z[K + j] - r.z[2 * K + j];
      }
      sink.add(x);
      return true;
    }
    double q[3 * K];
    glocker_lcp_rhs(c, cv, b, q);
    lcp_enumerate(a3, q, sink, tol);
    return true;
  }
};

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

// poisson-lcp: Glocker's Poisson-type inequality impact law, two LCP phases (see the file comment).
template <int K>
COLLSWEEP_HD MultiContactOutcome<K> evaluate_poisson_lcp(
    const MultiContactCollision<K>& c, const MultiContactOptions& opt = MultiContactOptions{}) {
  constexpr int n = 2 * K;
  MultiContactOutcome<K> o;
  if (!start_multicontact(c, opt, o)) return fail_multicontact(o, o.status);
  GlockerPhaseSolver<K> phase;
  phase.init(c, o.solver, opt.tol);
  const double gamma_scale = max_d(smallmat::max_abs(c.gamma_minus), 1e-300);
  const double tol_w = 1e-9 * o.T_acc;

  double zero_b[K];
  for (int j = 0; j < K; ++j) zero_b[j] = 0.0;
  PhaseSolutions<K> comp;
  if (!phase.solve(c, c.gamma_minus, zero_b, gamma_scale, comp))
    return fail_multicontact(o, Status::solver_failure);
  o.compression_solutions = static_cast<std::uint8_t>(comp.count);
  o.solutions_truncated = comp.truncated;

  double eps[n];
  for (int j = 0; j < K; ++j) {
    eps[j] = c.eps_N[j];
    eps[K + j] = c.eps_T[j];
  }
  int total = 0;
  double best_wm = 0.0, best_w = 0.0;
  PhaseSolutions<K> dec;
  for (int s = 0; s < comp.count; ++s) {
    const double(&lm)[n] = comp.X[s];
    const double wm = impact_energy(c, lm);
    // Decompression data: c = gamma° + G eps Lambda^-, b = mu (E_N - E_T) Lambda_N^- (note §2.3).
    double cv[n], b[K];
    for (int i = 0; i < n; ++i) {
      double t = comp.gamma[s][i];
      for (int j = 0; j < n; ++j) t += c.G[i][j] * eps[j] * lm[j];
      cv[i] = t;
    }
    for (int j = 0; j < K; ++j) b[j] = c.mu[j] * (c.eps_N[j] - c.eps_T[j]) * lm[j];
    if (!phase.solve(c, cv, b, gamma_scale, dec)) return fail_multicontact(o, Status::solver_failure);
    o.solutions_truncated = o.solutions_truncated || dec.truncated;
    for (int d = 0; d < dec.count; ++d) {
      double lam[n];
      for (int i = 0; i < n; ++i) lam[i] = lm[i] + dec.X[d][i] + eps[i] * lm[i];
      const double w = impact_energy(c, lam);
      if (total == 0) {
        o.W_min = w;
        o.W_max = w;
      } else {
        o.W_min = min_d(o.W_min, w);
        o.W_max = max_d(o.W_max, w);
      }
      const bool better =
          total == 0 || wm < best_wm - tol_w || (!(wm > best_wm + tol_w) && w < best_w - tol_w);
      ++total;
      if (!better) continue;
      best_wm = wm;
      best_w = w;
      for (int i = 0; i < n; ++i) {
        o.Lam_minus[i] = lm[i];
        o.gamma_0[i] = comp.gamma[s][i];
        o.Lam_plus[i] = dec.X[d][i] + eps[i] * lm[i];
        o.Lam[i] = lam[i];
        o.gamma_plus[i] = dec.gamma[d][i];
      }
    }
  }
  if (total == 0) return fail_multicontact(o, Status::no_solution);
  o.solutions = static_cast<std::uint8_t>(total < 255 ? total : 255);
  o.W = best_w;
  o.W_compression = best_wm;
  o.W_rel = o.W / o.T_acc;
  if (!multicontact_finite(o)) return fail_multicontact(o, Status::numerical_failure);
  return o;
}

// newton-lcp: Newton-type law from the same matrix, q = ((I + E_N) gamma_N^- ; (I + E_T) gamma_T^- ; 0).
template <int K>
COLLSWEEP_HD MultiContactOutcome<K> evaluate_newton_lcp(
    const MultiContactCollision<K>& c, const MultiContactOptions& opt = MultiContactOptions{}) {
  constexpr int n = 2 * K;
  MultiContactOutcome<K> o;
  if (!start_multicontact(c, opt, o)) return fail_multicontact(o, o.status);
  GlockerPhaseSolver<K> phase;
  phase.init(c, o.solver, opt.tol);
  const double gamma_scale = max_d(smallmat::max_abs(c.gamma_minus), 1e-300);
  const double tol_w = 1e-9 * o.T_acc;
  double cv[n], zero_b[K];
  for (int j = 0; j < K; ++j) {
    cv[j] = (1.0 + c.eps_N[j]) * c.gamma_minus[j];
    cv[K + j] = (1.0 + c.eps_T[j]) * c.gamma_minus[K + j];
    zero_b[j] = 0.0;
  }
  PhaseSolutions<K> sol;
  if (!phase.solve(c, cv, zero_b, gamma_scale, sol)) return fail_multicontact(o, Status::solver_failure);
  if (sol.count == 0) return fail_multicontact(o, Status::no_solution);
  o.solutions_truncated = sol.truncated;
  for (int s = 0; s < sol.count; ++s) {
    const double w = impact_energy(c, sol.X[s]);
    const bool better = s == 0 || w < o.W - tol_w;
    o.W_min = s == 0 ? w : min_d(o.W_min, w);
    o.W_max = s == 0 ? w : max_d(o.W_max, w);
    if (!better) continue;
    o.W = w;
    for (int i = 0; i < n; ++i) {
      o.Lam[i] = sol.X[s][i];
      double g = c.gamma_minus[i];  // gamma^+ = gamma^- + G Lambda (= xi - eps gamma^-)
      for (int j = 0; j < n; ++j) g += c.G[i][j] * sol.X[s][j];
      o.gamma_plus[i] = g;
    }
  }
  o.solutions = static_cast<std::uint8_t>(sol.count);
  o.W_rel = o.W / o.T_acc;
  if (!multicontact_finite(o)) return fail_multicontact(o, Status::numerical_failure);
  return o;
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

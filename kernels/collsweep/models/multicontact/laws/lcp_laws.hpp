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

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/lcp/lemke.hpp"
#include "collsweep/models/multicontact/laws/law_enumeration.hpp"
#include "collsweep/models/multicontact/laws/law_steps.hpp"

namespace collsweep {

// poisson-lcp: Glocker's Poisson-type inequality impact law, two LCP phases (see the file comment). The
// enumeration (law_enumeration.hpp, the same code as the CPU's SIMD path) finds the distinct compression
// solutions, then decompresses each in the order found; only the distinct X of the phases (for
// deduplication), the tallies and the chosen solution are kept. `listen` receives every distinct solution
// (solution_listener.hpp).
template <int K, class Listener>
COLLSWEEP_HD MultiContactOutcome<K> evaluate_poisson_lcp(const MultiContactCollision<K>& c,
                                                         const MultiContactOptions& opt, Listener& listen) {
  constexpr int n = 2 * K;
  (void)listen;  // (NoSolutionListener: every call compiles away)
  MultiContactOutcome<K> o;
  LaneLawState<K, double> st;
  if (!st.start(&c, opt, &o)) return o;
  if (o.solver != LcpSolver::lemke) {
    poisson_enumeration(st, &c, opt, &o, listen);
    return o;
  }
  st.prepare(&c, opt, &o);  // (its mode solver decides whether Delta = 0 solves the decompression)
  double zero_b[K];
  for (int j = 0; j < K; ++j) zero_b[j] = 0.0;
  double lm[n], g0[n], cv[n], b[K], d[n], gp[n];
  if (!glocker_lemke_phase(c, c.gamma_minus, zero_b, opt.tol, lm, g0))
    return fail_multicontact(o, Status::solver_failure);
  decompression_data(c, lm, g0, cv, b);
  if (st.modes.zero_is_solution(cv, b)) {  // the convention: Delta = 0 whenever it is a solution
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
// The enumeration is law_enumeration.hpp's. `listen` receives every distinct solution
// (solution_listener.hpp).
template <int K, class Listener>
COLLSWEEP_HD MultiContactOutcome<K> evaluate_newton_lcp(const MultiContactCollision<K>& c,
                                                        const MultiContactOptions& opt, Listener& listen) {
  constexpr int n = 2 * K;
  (void)listen;  // (NoSolutionListener: every call compiles away)
  MultiContactOutcome<K> o;
  LaneLawState<K, double> st;
  if (!st.start(&c, opt, &o)) return o;
  if (o.solver != LcpSolver::lemke) {
    newton_enumeration(st, &c, opt, &o, listen);
    return o;
  }
  double cv[n], zero_b[K];
  newton_velocity(c, cv);
  for (int j = 0; j < K; ++j) zero_b[j] = 0.0;
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

// The laws. evaluate: one collision, every distinct solution to `listen` (solution_listener.hpp);
// enumerate: the law's enumeration branch on the lanes of V (law_enumeration.hpp; the CPU's SIMD path).
struct PoissonLcp : LawDefaults {
  static constexpr const char* name = "poisson-lcp";
  // Two LCP phases, compression and Poisson's decompression (Glocker 2014 Sect. 3), whose conditions
  // (111), (117), (121) each imply W <= 0 (Sect. 5).
  static constexpr bool two_phases = true;
  static constexpr bool simd_lanes = true;  // law_enumeration.hpp on the CPU's SIMD lanes
  template <int K, class Listener>
  COLLSWEEP_HD_INLINE static MultiContactOutcome<K> evaluate(const MultiContactCollision<K>& c,
                                                             const MultiContactOptions& opt,
                                                             Listener& listen) {
    return evaluate_poisson_lcp(c, opt, listen);
  }
  template <int K, class V, class Listener>
  COLLSWEEP_HD_INLINE static void enumerate(LaneLawState<K, V>& st, const MultiContactCollision<K>* cs,
                                            const MultiContactOptions& opt, MultiContactOutcome<K>* out,
                                            Listener& listen) {
    poisson_enumeration(st, cs, opt, out, listen);
  }
};

struct NewtonLcp : LawDefaults {
  static constexpr const char* name = "newton-lcp";
  static constexpr bool two_phases = false;  // one phase: Newton-type restitution in the LCP's right side
  static constexpr bool simd_lanes = true;
  template <int K, class Listener>
  COLLSWEEP_HD_INLINE static MultiContactOutcome<K> evaluate(const MultiContactCollision<K>& c,
                                                             const MultiContactOptions& opt,
                                                             Listener& listen) {
    return evaluate_newton_lcp(c, opt, listen);
  }
  template <int K, class V, class Listener>
  COLLSWEEP_HD_INLINE static void enumerate(LaneLawState<K, V>& st, const MultiContactCollision<K>* cs,
                                            const MultiContactOptions& opt, MultiContactOutcome<K>* out,
                                            Listener& listen) {
    newton_enumeration(st, cs, opt, out, listen);
  }
};

}  // namespace collsweep

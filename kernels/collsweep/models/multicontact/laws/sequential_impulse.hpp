// The physics engines' law for k planar contacts: sequential impulses (projected Gauss-Seidel on the
// accumulated impulses), as Box2D 2.4.1's b2ContactSolver solves one contact manifold, written in contact
// space (Catto, "Iterative Dynamics with Temporal Coherence", GDC 2005, and "Fast and Simple Physics using
// Sequential Impulses", GDC 2006; Erleben, "Velocity-based shock propagation for multibody dynamics
// animation", ACM TOG 2007, for projected Gauss-Seidel as a solver of the contact LCP).
//
// Input: G (2k x 2k, rows N1..Nk, T1..Tk, positive semidefinite), gamma^-, per contact mu_j and eps_Nj (the
// restitution e_j; eps_Tj is not read), and the sample's settings (parameters.hpp, MultiContactEngineParams).
// Accumulated impulses P (2k, the same rows) start at 0 and gamma = gamma^- + G P throughout:
//   bias      b_j = -e_j gamma_Nj^- where gamma_Nj^- < -threshold, else 0 (b2ContactSolver's velocityBias)
//   friction  for j = 1..k in turn: lambda = -gamma_Tj / G_TjTj; P_Tj <- clamp(P_Tj + lambda, -mu_j P_Nj,
//             mu_j P_Nj), with contact j's accumulated normal impulse at that moment; gamma += G dP
//   normals   one contact after another in `order` (0 as given, 1 reversed, 2 the permutation of index
//             `permutation` among the k! orders, lexicographic): lambda = -(gamma_Nj - b_j) / G_NjNj;
//             P_Nj <- max(P_Nj + lambda, 0); gamma += G dP
//             or, for k = 2 with block_solver = 1, Box2D's block solver: the 2 x 2 LCP of the normal block
//             K = G_NN on the accumulated impulses a, vn = K x + b' with b' = gamma_N - b - K a, x >= 0,
//             vn >= 0, x vn = 0, solved by its four cases in Box2D's order (both active; contact 1 only;
//             contact 2 only; none; an iteration that finds none leaves them as they are; Murty's total
//             enumeration, Box2D's comment). When k11^2 >= 1000 det K Box2D finds the two points redundant
//             and keeps only the first (pointCount = 1): contact 2 is then not solved at all, friction
//             included.
// A sweep is friction then normals (Box2D: "non-penetration is more important than friction"), or normals
// then friction with normal_first = 1 (Bullet's btSequentialImpulseConstraintSolver). Only diagonal entries
// of G are divided by, so a singular G (one body on two corners, rank 3) is solved as any other.
//
// Sweeps: iterations = K >= 1 runs exactly K (Box2D's velocityIterations) and reports whether the last one
// reached the fixed point; K = 0 runs until a sweep converges (laws/sequential_impulse_limits.hpp's
// sweep_converged with the scale sum_i |P_i| + s, s = max|gamma^-| / max_i G_ii, the impulse that changes the
// stiffest row by max|gamma^-|), at most kSequentialImpulseCap sweeps, beyond which the outcome is
// not_converged (never passed as converged). At that fixed point the normal rows satisfy 0 <= P_N, gamma_N^+
// - b >= 0, complementary, and the tangent rows Coulomb's law on the total impulse with target slip 0: with
// threshold 0 and every contact approaching, a solution of Newton's law at eps_T = 0 (newton-lcp's LCP;
// tests/property/ test_multicontact_sequential_impulse.cpp).
//
// The outcome: Lambda = P, gamma^+ = gamma^- + G P, W = T^+ - T^- (contact.hpp's impact_energy), one
// solution. The order spread: where the order of the normal impulses matters (k >= 2, and not Box2D's block
// solver), the law runs again for every one of the k! orders (k <= 4: at most 24) with the same settings and
// reports max - min of W / T_acc and the largest max - min of a row of gamma^+ / max|gamma^-| over those that
// ended (orders that do not converge under K = 0 are left out; `orders` counts those compared). A box dropped
// flat on two corners rebounds asymmetrically when one corner's impulse is applied first.
//
// Box2D's behaviour outside the law: warm starting (a new contact has none), the position correction (NGS
// on positions after the velocity solve), speculative margins and the time of impact (continuous collision):
// none changes the velocities of the velocity solve of a fresh contact (docs/engine-laws.md, "Box2D as a
// peer"). Box2D computes in float; the law in double.
#pragma once

#include <cstdint>

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/laws/sequential_impulse_limits.hpp"
#include "collsweep/models/multicontact/laws/law_enumeration.hpp"
#include "collsweep/models/multicontact/laws/law_steps.hpp"
#include "collsweep/models/multicontact/parameters.hpp"

namespace collsweep {

// How a run solved the normal impulses (Box2D's choice for k = 2).
enum class NormalSolve : std::uint8_t {
  sequential = 0,  // one contact after another, in the order asked
  block = 1,       // Box2D's 2 x 2 block solver
  dropped = 2  // k = 2, block solver asked, k11^2 >= 1000 det K: contact 2 left out (Box2D's pointCount = 1)
};

// The hook through which `solve` sees every sweep (a no-op in sweeps: kActive false, every call compiles
// away). T::start(bias, mode) once; T::sweep(s, P, gamma, change, converged) after sweep s = 1, 2, ...: the
// accumulated impulses and the running contact velocities, the largest change of an impulse in the sweep and
// whether that is within the fixed-point tolerance. Arrays have 2k entries (bias k), rows N1..Nk, T1..Tk.
struct NoImpulseTrace {
  static constexpr bool kActive = false;
};

// The settings of one run, checked (engine_settings).
template <int K>
struct ImpulseSettings {
  std::uint32_t iterations = 8;  // 0: until converged
  double threshold = 0.0;
  bool normal_first = false;
  bool block = true;
  int order[K] = {};  // the contacts in the order of the normal impulses
};

// k! for k <= 4.
COLLSWEEP_HD_INLINE int factorial_of(int k) {
  int f = 1;
  for (int j = 2; j <= k; ++j) f *= j;
  return f;
}

// The order of index p among the k! orders of 0..k-1, lexicographic (p = 0 as given, k! - 1 reversed).
template <int K>
COLLSWEEP_HD_INLINE void order_of_index(int p, int (&order)[K]) {
  int left[K];
  for (int j = 0; j < K; ++j) left[j] = j;
  for (int pos = 0; pos < K; ++pos) {
    const int f = factorial_of(K - 1 - pos);
    const int d = p / f;
    p -= d * f;
    order[pos] = left[d];
    for (int j = d; j + 1 < K - pos; ++j) left[j] = left[j + 1];
  }
}

// The sample's settings as a run's; false where one is outside its domain (parameters.hpp): iterations a
// whole number in [0, 10000], threshold >= 0, normal_first and block_solver 0 or 1, order 0, 1 or 2, and
// for order 2 permutation a whole number in [0, k!).
template <int K>
COLLSWEEP_HD_INLINE bool engine_settings(const MultiContactEngineParams& p, ImpulseSettings<K>& s) {
  if (!is_whole_in(p.iterations, 0.0, kSequentialImpulseCap) || !(p.threshold >= 0.0) ||
      !is_finite_d(p.threshold) || !is_whole_in(p.normal_first, 0.0, 1.0) ||
      !is_whole_in(p.order, 0.0, 2.0) || !is_whole_in(p.block_solver, 0.0, 1.0))
    return false;
  s.iterations = static_cast<std::uint32_t>(p.iterations);
  s.threshold = p.threshold;
  s.normal_first = p.normal_first == 1.0;
  s.block = p.block_solver == 1.0;
  if (p.order == 2.0) {
    if (!is_whole_in(p.permutation, 0.0, static_cast<double>(factorial_of(K) - 1))) return false;
    order_of_index<K>(static_cast<int>(p.permutation), s.order);
  } else {
    for (int j = 0; j < K; ++j) s.order[j] = p.order == 1.0 ? K - 1 - j : j;
  }
  return true;
}

// b2ContactSolver::InitializeVelocityConstraints for k = 2: whether K = G_NN is safe to invert
// (k11^2 < 1000 det K, Box2D's k_maxConditionNumber), else the points are redundant and the second dropped.
template <int K>
COLLSWEEP_HD_INLINE NormalSolve normal_solve_of(const MultiContactCollision<K>& c, bool block) {
  if constexpr (K != 2) {
    (void)c;
    (void)block;
    return NormalSolve::sequential;
  } else {
    if (!block) return NormalSolve::sequential;
    const double k11 = c.G[0][0], k22 = c.G[1][1], k12 = c.G[0][1];
    return k11 * k11 < 1000.0 * (k11 * k22 - k12 * k12) ? NormalSolve::block : NormalSolve::dropped;
  }
}

// One run's state: the accumulated impulses, the running contact velocities, the sweeps run and whether the
// last one reached the fixed point.
template <int K>
struct ImpulseRun {
  double P[2 * K];
  double gamma[2 * K];
  std::uint32_t sweeps = 0;
  bool converged = false;
};

// gamma += G[:, i] d, the velocity change of impulse d on row i.
template <int K>
COLLSWEEP_HD_INLINE void apply_impulse(const MultiContactCollision<K>& c, int i, double d,
                                       double (&g)[2 * K]) {
  for (int r = 0; r < 2 * K; ++r) g[r] += c.G[r][i] * d;
}

// The friction impulses of the `active` first contacts in turn (b2ContactSolver::SolveVelocityConstraints'
// tangent loop).
template <int K>
COLLSWEEP_HD_INLINE void friction_impulses(const MultiContactCollision<K>& c, int active, ImpulseRun<K>& r) {
  for (int j = 0; j < active; ++j) {
    const int i = K + j;
    const double m = c.G[i][i];
    if (!(m > 0.0)) continue;  // Box2D: tangentMass = 0 where kTangent <= 0
    const double lambda = -r.gamma[i] / m;
    const double limit = c.mu[j] * r.P[j];
    const double p = max_d(-limit, min_d(r.P[i] + lambda, limit));  // b2Clamp
    const double d = p - r.P[i];
    r.P[i] = p;
    apply_impulse(c, i, d, r.gamma);
  }
}

// The normal impulses one contact after another in `order` (the first `active` entries).
template <int K>
COLLSWEEP_HD_INLINE void sequential_normals(const MultiContactCollision<K>& c, const double (&bias)[K],
                                            const int (&order)[K], int active, ImpulseRun<K>& r) {
  for (int a = 0; a < active; ++a) {
    const int j = order[a];
    const double m = c.G[j][j];
    if (!(m > 0.0)) continue;  // Box2D: normalMass = 0 where kNormal <= 0
    const double lambda = -(r.gamma[j] - bias[j]) / m;
    const double p = max_d(r.P[j] + lambda, 0.0);
    const double d = p - r.P[j];
    r.P[j] = p;
    apply_impulse(c, j, d, r.gamma);
  }
}

// Box2D's block solver of two normal impulses (b2ContactSolver::SolveVelocityConstraints, "Block solver
// developed in collaboration with Dirk Gregorius"): x = a + d on the accumulated impulses a, b' = vn - bias -
// K a, the first of its four cases that holds.
template <int K>
COLLSWEEP_HD_INLINE void block_normals(const MultiContactCollision<K>& c, const double (&bias)[K],
                                       ImpulseRun<K>& r) {
  if constexpr (K == 2) {
    const double k11 = c.G[0][0], k22 = c.G[1][1], k12 = c.G[0][1];
    const double a1 = r.P[0], a2 = r.P[1];
    const double b1 = r.gamma[0] - bias[0] - (k11 * a1 + k12 * a2);
    const double b2 = r.gamma[1] - bias[1] - (k12 * a1 + k22 * a2);
    double x1 = 0.0, x2 = 0.0;
    bool found = false;
    // Case 1: vn = 0, x = -K^-1 b' (b2Mat22::GetInverse: det = 0 leaves the inverse 0).
    double det = k11 * k22 - k12 * k12;
    if (det != 0.0) det = 1.0 / det;
    x1 = -(det * k22 * b1 - det * k12 * b2);
    x2 = -(-det * k12 * b1 + det * k11 * b2);
    found = x1 >= 0.0 && x2 >= 0.0;
    if (!found) {  // Case 2: vn1 = 0 and x2 = 0
      x1 = -b1 / k11;
      x2 = 0.0;
      found = x1 >= 0.0 && k12 * x1 + b2 >= 0.0;
    }
    if (!found) {  // Case 3: vn2 = 0 and x1 = 0
      x1 = 0.0;
      x2 = -b2 / k22;
      found = x2 >= 0.0 && k12 * x2 + b1 >= 0.0;
    }
    if (!found) {  // Case 4: x = 0
      x1 = x2 = 0.0;
      found = b1 >= 0.0 && b2 >= 0.0;
    }
    if (!found) return;  // "No solution, give up": the impulses stay as they are
    const double d1 = x1 - a1, d2 = x2 - a2;
    r.P[0] = x1;
    r.P[1] = x2;
    for (int i = 0; i < 2 * K; ++i) r.gamma[i] += c.G[i][0] * d1 + c.G[i][1] * d2;
  } else {
    (void)c;
    (void)bias;
    (void)r;
  }
}

// The restitution biases b_j = -e_j gamma_Nj^- where gamma_Nj^- < -threshold, else 0.
template <int K>
COLLSWEEP_HD_INLINE void restitution_bias(const MultiContactCollision<K>& c, double threshold,
                                          double (&bias)[K]) {
  for (int j = 0; j < K; ++j) bias[j] = c.gamma_minus[j] < -threshold ? -c.eps_N[j] * c.gamma_minus[j] : 0.0;
}

// The impulse scale of the fixed-point test: max|gamma^-| / max_i G_ii.
template <int K>
COLLSWEEP_HD_INLINE double impulse_scale(const MultiContactCollision<K>& c) {
  double g = 0.0;
  for (int i = 0; i < 2 * K; ++i) g = max_d(g, c.G[i][i]);
  return smallmat::max_abs(c.gamma_minus) / g;
}

// One run of the sequential impulses with settings s (see the file comment); trace sees every sweep.
template <int K, class Trace>
COLLSWEEP_HD void run_sequential_impulses(const MultiContactCollision<K>& c, const ImpulseSettings<K>& s,
                                          double scale, ImpulseRun<K>& r, Trace& trace) {
  constexpr int n = 2 * K;
  double bias[K];
  restitution_bias(c, s.threshold, bias);
  const NormalSolve mode = normal_solve_of(c, s.block);
  const int active = mode == NormalSolve::dropped ? 1 : K;
  if constexpr (Trace::kActive) trace.start(bias, mode);
  for (int i = 0; i < n; ++i) {
    r.P[i] = 0.0;
    r.gamma[i] = c.gamma_minus[i];
  }
  const std::uint32_t cap = s.iterations == 0u ? kSequentialImpulseCap : s.iterations;
  r.sweeps = 0;
  r.converged = false;
  double last_change = 0.0;
  while (r.sweeps < cap) {
    double before[n];
    for (int i = 0; i < n; ++i) before[i] = r.P[i];
    if (!s.normal_first) friction_impulses(c, active, r);
    if (mode == NormalSolve::block)
      block_normals(c, bias, r);
    else
      sequential_normals(c, bias, s.order, active, r);
    if (s.normal_first) friction_impulses(c, active, r);
    double change = 0.0, total = 0.0;
    for (int i = 0; i < n; ++i) {
      change = max_d(change, abs_d(r.P[i] - before[i]));
      total += abs_d(r.P[i]);
    }
    ++r.sweeps;
    r.converged = sweep_converged(change, last_change, total + scale);
    last_change = change;
    if constexpr (Trace::kActive) trace.sweep(static_cast<int>(r.sweeps), r.P, r.gamma, change, r.converged);
    if (s.iterations == 0u && r.converged) break;
  }
}

// The spread of the outcome over every order of the normal impulses (file comment): into o.orders,
// o.order_spread_W and o.order_spread_gamma. Left 0 (one order) where the order does not matter.
template <int K>
COLLSWEEP_HD void order_spread(const MultiContactCollision<K>& c, ImpulseSettings<K> s, double scale,
                               MultiContactOutcome<K>& o) {
  constexpr int n = 2 * K;
  o.orders = 1;
  if (K < 2 || normal_solve_of(c, s.block) != NormalSolve::sequential) return;
  double w_lo = 0.0, w_hi = 0.0, g_lo[n], g_hi[n];
  int compared = 0;
  const int orders = factorial_of(K);
  for (int p = 0; p < orders; ++p) {
    order_of_index<K>(p, s.order);
    ImpulseRun<K> r;
    NoImpulseTrace none;
    run_sequential_impulses(c, s, scale, r, none);
    if (s.iterations == 0u && !r.converged) continue;
    double gp[n];
    phase_velocity(c, c.gamma_minus, r.P, gp);
    const double w = impact_energy(c, r.P);
    w_lo = compared ? min_d(w_lo, w) : w;
    w_hi = compared ? max_d(w_hi, w) : w;
    for (int i = 0; i < n; ++i) {
      g_lo[i] = compared ? min_d(g_lo[i], gp[i]) : gp[i];
      g_hi[i] = compared ? max_d(g_hi[i], gp[i]) : gp[i];
    }
    ++compared;
  }
  o.orders = static_cast<std::uint8_t>(compared);
  if (compared == 0) return;
  double dg = 0.0;
  for (int i = 0; i < n; ++i) dg = max_d(dg, g_hi[i] - g_lo[i]);
  o.order_spread_W = (w_hi - w_lo) / o.T_acc;
  o.order_spread_gamma = dg / smallmat::max_abs(c.gamma_minus);
}

// sequential-impulse on one collision: the settings from c.params, the input validated as for the LCP laws
// (contact.hpp; a singular positive semidefinite G accepted, T_acc from its pseudo-inverse), then one run and
// the order spread. `listen` receives the one solution (solution_listener.hpp), `trace` every sweep.
template <int K, class Listener, class Trace>
COLLSWEEP_HD MultiContactOutcome<K> evaluate_sequential_impulse(const MultiContactCollision<K>& c,
                                                                const MultiContactOptions& opt,
                                                                Listener& listen, Trace& trace) {
  (void)listen;
  MultiContactOutcome<K> o;
  ImpulseSettings<K> s;
  LaneLawState<K, double> st;
  if (!st.start(&c, opt, &o)) return o;
  if (!engine_settings(c.params, s)) return fail_multicontact(o, Status::parameter_out_of_range);
  const double scale = impulse_scale(c);
  ImpulseRun<K> r;
  run_sequential_impulses(c, s, scale, r, trace);
  if (s.iterations == 0u && !r.converged) {
    o = fail_multicontact(o, Status::not_converged);
    o.iterations = r.sweeps;
    return o;
  }
  for (int i = 0; i < 2 * K; ++i) o.Lam[i] = r.P[i];
  phase_velocity(c, c.gamma_minus, r.P, o.gamma_plus);
  o.W = o.W_min = o.W_max = impact_energy(c, r.P);
  o.solutions = 1;
  o.iterations = r.sweeps;
  o.converged = r.converged;
  if (opt.order_spread) order_spread(c, s, scale, o);
  if constexpr (Listener::kActive) {
    list_newton_solution(listen, c, 0, r.P);
    listen.chosen(0, 0);
  }
  finish_multicontact(o);
  return o;
}

// The same without a trace (the sweeps, `eval`).
template <int K>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> evaluate_sequential_impulse(
    const MultiContactCollision<K>& c, const MultiContactOptions& opt = MultiContactOptions{}) {
  NoSolutionListener none;
  NoImpulseTrace quiet;
  return evaluate_sequential_impulse(c, opt, none, quiet);
}

// The law. It has no SIMD lanes: the CPU evaluates it one sample at a time (simd_lanes, registry.hpp).
struct MultiContactSequentialImpulse : LawDefaults {
  static constexpr const char* name = "sequential-impulse";
  static constexpr unsigned reads = multicontact_input::engine;
  static constexpr bool reports_convergence = true;
  static constexpr bool two_phases = false;  // one pass of sweeps, no compression and decompression
  static constexpr bool simd_lanes = false;
  template <int K, class Listener>
  COLLSWEEP_HD_INLINE static MultiContactOutcome<K> evaluate(const MultiContactCollision<K>& c,
                                                             const MultiContactOptions& opt,
                                                             Listener& listen) {
    NoImpulseTrace quiet;
    return evaluate_sequential_impulse(c, opt, listen, quiet);
  }
};

}  // namespace collsweep

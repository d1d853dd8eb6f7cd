// The start of Glocker 2014's poisson-lcp and newton-lcp (lcp_laws.hpp) and their enumeration branch, for any
// lane type V: one sample (V = double: evaluate_poisson_lcp / evaluate_newton_lcp, the CPU's scalar path
// and the GPU) or one sample per lane of the CPU's SIMD vectors (host/backend/multicontact_lanes.cpp).
// Validation, T_acc, the mode solver (glocker_modes.hpp) and the phase data run on the lanes; each lane's
// solutions are folded one sample at a time by law_steps.hpp's DistinctSolutions, PoissonDecompression,
// PoissonChoice and NewtonChoice, so that every lane gets the bits of the one-sample law. Lane l of a pass
// is sample l of the arrays cs and out (W = LaneOps<V>::width of each).
#pragma once

#include "collsweep/lcp/lane_access.hpp"
#include "collsweep/models/multicontact/laws/law_steps.hpp"
#include "collsweep/models/multicontact/laws/regularised_limit.hpp"

namespace collsweep {

// The samples of a pass as lanes: a vector type holds a copy, sample l in lane l.
template <int K, class V>
struct LaneCollisions {
  MultiContactCollision<K, V> c;
  COLLSWEEP_HD_INLINE void load(const MultiContactCollision<K>* cs) {
    using A = LaneAccess<V>;
    for (int i = 0; i < 2 * K; ++i) {
      for (int j = 0; j < 2 * K; ++j)
        c.G[i][j] = A::make([&](int l) COLLSWEEP_LANES_LAMBDA { return cs[l].G[i][j]; });
      c.gamma_minus[i] = A::make([&](int l) COLLSWEEP_LANES_LAMBDA { return cs[l].gamma_minus[i]; });
    }
    for (int j = 0; j < K; ++j) {
      c.mu[j] = A::make([&](int l) COLLSWEEP_LANES_LAMBDA { return cs[l].mu[j]; });
      c.eps_N[j] = A::make([&](int l) COLLSWEEP_LANES_LAMBDA { return cs[l].eps_N[j]; });
      c.eps_T[j] = A::make([&](int l) COLLSWEEP_LANES_LAMBDA { return cs[l].eps_T[j]; });
    }
  }
  COLLSWEEP_HD_INLINE const MultiContactCollision<K, V>& get() const { return c; }
};

// One sample is read in place.
template <int K>
struct LaneCollisions<K, double> {
  const MultiContactCollision<K>* c = nullptr;
  COLLSWEEP_HD_INLINE void load(const MultiContactCollision<K>* cs) { c = cs; }
  COLLSWEEP_HD_INLINE const MultiContactCollision<K>& get() const { return *c; }
};

// The theorem predicates of every lane (glocker_conditions_on_rows on all rows) for a vector type: the host
// passes its own, out of line in its instruction set's function. One sample never uses them.
struct NoLanePredicates {
  template <int K, class V>
  COLLSWEEP_HD_INLINE void operator()(const MultiContactCollision<K, V>&, GlockerConditionsOf<V>&) const {}
};

// Lane l of the lanes' predicates.
template <class V>
COLLSWEEP_HD_INLINE GlockerConditions conditions_lane(const GlockerConditionsOf<V>& c, int l) {
  using A = LaneAccess<V>;
  GlockerConditions g;
  g.cond_G = A::lane(c.cond_G, l);
  g.cond_active = A::lane(c.cond_active, l);
  g.lambda_min_111 = A::lane(c.lambda_min_111, l);
  g.eps_min = A::lane(c.eps_min, l);
  g.eps_max = A::lane(c.eps_max, l);
  g.psd_111 = A::lane(c.psd_111, l) != 0;
  g.similar_117 = A::lane(c.similar_117, l) != 0;
  g.small_121 = A::lane(c.small_121, l) != 0;
  return g;
}

// What both laws keep on the lanes: the samples, the mode solver (which points at them), each lane's
// deduplication scales and the valid lanes. Not copied once started.
template <int K, class V>
struct LaneLawState {
  static constexpr int kLanes = LaneOps<V>::width;
  LaneCollisions<K, V> in;
  GlockerModeSolver<K, V> modes;
  MultiContactScales scales[kLanes];
  LaneMask<V> valid;

  // The common start of both laws: validation, T_acc = gamma^-T G^-1 gamma^- / 2 (G^+ for a singular
  // positive semidefinite G, one lane at a time: semidefinite_delassus), the theorem predicates ((111),
  // (117), (121), glocker_conditions.hpp) and the solver. out[l] as the law leaves it where lane l is
  // invalid (status only); false without a valid lane.
  template <class Predicates = NoLanePredicates>
  COLLSWEEP_HD_LANES bool start(const MultiContactCollision<K>* cs, const MultiContactOptions& opt,
                                MultiContactOutcome<K>* out, const Predicates& predicates = Predicates{}) {
    using A = LaneAccess<V>;
    in.load(cs);
    const MultiContactCollision<K, V>& c = in.get();
    V l[2 * K][2 * K];
    LaneInt<V> if_semidefinite{};
    const LaneInt<V> status = validate_multicontact_lanes(c, opt.check_coefficients, l, &if_semidefinite);
    valid = status == 0;
    V T_acc{};
    if (LaneOps<V>::any(valid)) T_acc = 0.5 * smallmat::inverse_quadratic_form(l, c.gamma_minus);
    // The predicates on the lanes for the samples whose contacts all have friction (glocker_conditions'
    // own path for them), one sample at a time otherwise and for a single sample.
    LaneMask<V> frictional{};
    GlockerConditionsOf<V> cond{};
    if constexpr (kLanes > 1) {
      frictional = valid;
      for (int j = 0; j < K; ++j) frictional = frictional & (c.mu[j] > 0.0);
      if (opt.theorem_predicates && LaneOps<V>::any(frictional)) predicates(c, cond);
    }
    bool ok[kLanes];
    for (int k = 0; k < kLanes; ++k) {
      out[k] = MultiContactOutcome<K>{};
      out[k].status = static_cast<Status>(A::lane(status, k));
      out[k].delassus_rank = static_cast<std::uint8_t>(2 * K);
      ok[k] = A::lane(valid, k);
      // Cholesky fails on a singular G with a tiny pivot or, from rounding, a slightly negative one (a
      // mechanism's G = J M^-1 J^T of rank < 2k): the pivoted factor decides whether G is semidefinite.
      if (out[k].status == Status::singular_delassus || out[k].status == Status::delassus_not_spd) {
        double t = 0.0;
        int rank = 2 * K;
        const Status s = semidefinite_delassus(cs[k], &t, &rank);
        out[k].status = s == Status::ok ? static_cast<Status>(A::lane(if_semidefinite, k)) : s;
        out[k].delassus_rank = static_cast<std::uint8_t>(rank);
        ok[k] = out[k].status == Status::ok;
        if (ok[k]) out[k].T_acc = t;
      } else if (ok[k]) {
        out[k].T_acc = A::lane(T_acc, k);
      }
      if (!ok[k]) continue;
      if (opt.theorem_predicates)
        out[k].conditions = A::lane(frictional, k) ? conditions_lane(cond, k) : glocker_conditions(cs[k]);
      // On a singular G the automatic solver enumerates for every k: the law is the limit of G + eps I,
      // which every solution branch of a mode enumeration gives (regularised_limit.hpp) and Lemke's one
      // vertex does not.
      out[k].solver = opt.solver == LcpSolver::automatic && out[k].delassus_rank < 2 * K
                          ? LcpSolver::enumeration
                          : resolve_solver<K>(opt.solver);
    }
    valid = A::make_mask([&](int k) COLLSWEEP_LANES_LAMBDA { return ok[k]; });
    return LaneOps<V>::any(valid);
  }

  // The mode solver on the valid lanes and each valid lane's scales (after start).
  COLLSWEEP_HD_INLINE void prepare(const MultiContactCollision<K>* cs, const MultiContactOptions& opt,
                                   const MultiContactOutcome<K>* out) {
    modes.init(in.get(), opt.tol);
    for (int l = 0; l < kLanes; ++l)
      if (LaneAccess<V>::lane(valid, l)) scales[l] = multicontact_scales(cs[l], out[l].T_acc);
  }

  // The lanes m of a phase to solve: one sample only gets here valid and in a round it takes part in, so
  // its mask is the constant true (which lets the compiler fold the mode solver's masks; the GPU keeps
  // solve_lanes out of line).
  COLLSWEEP_HD_INLINE static LaneMask<V> solving(const LaneMask<V>& m) {
    if constexpr (kLanes == 1) {
      return LaneOps<V>::true_mask();
    } else {
      return m;
    }
  }

  // Every solution of a phase without friction offset (b = 0: Poisson's compression, Newton's one phase)
  // with velocity shift cv, on the valid lanes.
  template <class Emit>
  COLLSWEEP_HD_INLINE void solve_b0(const V (&cv)[2 * K], Emit& emit) const {
    V zero_b[K];
    for (int j = 0; j < K; ++j) zero_b[j] = V{};
    modes.template solve_lanes<true>(cv, zero_b, solving(valid), emit);
  }
};

// Whether a singular G's lane takes the limit of G + eps I (regularised_limit.hpp, one sample at a time, from
// the outcome as LaneLawState::start left it; a listener discards the rigid solutions it was given) instead
// of the rigid enumeration's result. That result is the limit for every compliance where every rigid
// solution has its one outcome — the phases' vertices have one outcome (determinate: for Poisson, and the
// compression vertices one decompression problem, so that every point of their hull has it) — and no
// solution runs off along a ray (friction_cone_ray).
template <int K>
COLLSWEEP_HD_INLINE bool singular_takes_limit(const MultiContactCollision<K>& c, bool found, bool determinate,
                                              const MultiContactOutcome<K>& o) {
  return !(found && determinate && o.solutions == 1 && !o.solutions_truncated && !friction_cone_ray(c));
}

// Whether the compression vertices (one outcome gamma°) give one decompression problem (c, b), to the
// outcome tolerance.
template <int K>
COLLSWEEP_HD bool one_decompression_problem(const MultiContactCollision<K>& c, const MultiContactScales& s,
                                            const DistinctSolutions<K>& verts) {
  constexpr int n = 2 * K;
  double g[n], cv0[n], b0[K];
  phase_velocity(c, c.gamma_minus, verts.X[0], g);
  decompression_data(c, verts.X[0], g, cv0, b0);
  for (int q = 1; q < verts.count; ++q) {
    double cv[n], b[K];
    phase_velocity(c, c.gamma_minus, verts.X[q], g);
    decompression_data(c, verts.X[q], g, cv, b);
    if (!same_outcome(cv0, cv, n, s.gamma_scale)) return false;
    for (int j = 0; j < K; ++j)
      if (!(abs_d(b0[j] - b[j]) <= 1e-8 * s.gamma_scale / s.g_scale)) return false;
  }
  return true;
}

// poisson-lcp's enumeration branch (after st.start): the compression (c = gamma^-, b = 0), then round r
// decompresses every lane's r-th distinct compression solution Lambda^- (c = gamma° + G eps Lambda^-,
// b = mu (E_N - E_T) Lambda_N^-, Glocker 2014 (75)). `listen` (one sample only) receives every distinct
// solution (solution_listener.hpp).
template <int K, class V, class Listener>
COLLSWEEP_HD_INLINE void poisson_enumeration(LaneLawState<K, V>& st, const MultiContactCollision<K>* cs,
                                             const MultiContactOptions& opt, MultiContactOutcome<K>* out,
                                             Listener& listen) {
  using A = LaneAccess<V>;
  using Mask = LaneMask<V>;
  constexpr int n = 2 * K, kLanes = LaneOps<V>::width;
  static_assert(kLanes == 1 || !Listener::kActive, "a listener takes one sample");
  (void)listen;  // (NoSolutionListener: every call compiles away)
  st.prepare(cs, opt, out);
  bool singular[kLanes];
  MultiContactOutcome<K> started[kLanes];  // (singular lanes) the outcome before the rigid problem's
  for (int l = 0; l < kLanes; ++l) {
    singular[l] = A::lane(st.valid, l) && out[l].delassus_rank < n;
    if (singular[l]) started[l] = out[l];
  }
  const MultiContactCollision<K, V>& c = st.in.get();
  DistinctSolutions<K> comp[kLanes];
  auto on_compression = [&](const Mask& ok, const V(&x)[n], const V(&)[n]) COLLSWEEP_LANES_LAMBDA {
    for_lanes<V>(ok, x, [&](int l, const double(&xl)[n]) COLLSWEEP_LANES_LAMBDA {
      comp[l].insert(cs[l].G, xl, st.scales[l].gamma_scale, st.scales[l].g_scale);
    });
  };
  st.solve_b0(c.gamma_minus, on_compression);
  // Compression solutions with one outcome on a nearly singular G are merged (merge_compression_outcomes).
  bool determinate[kLanes];  // (singular lanes) singular_takes_limit
  for (int l = 0; l < kLanes; ++l) {
    determinate[l] = singular[l] && comp[l].count >= 1 && !comp[l].truncated &&
                     one_decompression_problem(cs[l], st.scales[l], comp[l]);
    if (A::lane(st.valid, l)) merge_compression_outcomes(cs[l], st.scales[l].gamma_scale, comp[l]);
    determinate[l] = determinate[l] && comp[l].count == 1;
  }

  PoissonChoice<K> choice[kLanes];
  int chosen_solution[kLanes];  // (listener only) the chosen decompression's index
  for (int l = 0; l < kLanes; ++l) chosen_solution[l] = -1;
  int rounds = 0;
  for (int l = 0; l < kLanes; ++l)
    if (A::lane(st.valid, l) && comp[l].count > rounds) rounds = comp[l].count;
  for (int r = 0; r < rounds; ++r) {
    bool in_round[kLanes];
    for (int l = 0; l < kLanes; ++l) in_round[l] = A::lane(st.valid, l) && comp[l].count > r;
    const Mask act = A::make_mask([&](int l) COLLSWEEP_LANES_LAMBDA { return in_round[l]; });
    V lm[n];
    for (int i = 0; i < n; ++i)
      lm[i] = A::make([&](int l) COLLSWEEP_LANES_LAMBDA { return in_round[l] ? comp[l].X[r][i] : 0.0; });
    V g0[n], cv[n], b[K];
    phase_velocity(c, c.gamma_minus, lm, g0);  // the compression's gamma°, as the solver gave it
    decompression_data(c, lm, g0, cv, b);
    const Mask pure = st.modes.zero_is_solution(cv, b);
    const V wm = impact_energy(c, lm);
    PoissonDecompression<K> dd[kLanes];
    for (int l = 0; l < kLanes; ++l) {
      if (!in_round[l]) continue;
      if constexpr (Listener::kActive)
        listen.compression(r, comp[l].X[r], LaneArray<V, n>(g0, l).get(), A::lane(wm, l));
      dd[l].begin(cs[l], comp[l].X[r], LaneArray<V, n>(cv, l).get(), A::lane(pure, l) != 0);
    }
    auto on_decompression = [&](const Mask& ok, const V(&x)[n], const V(&g)[n]) COLLSWEEP_LANES_LAMBDA {
      for_lanes<V>(ok, x, [&](int l, const double(&xl)[n]) COLLSWEEP_LANES_LAMBDA {
        const LaneArray<V, n> gl(g, l);
        const int i = dd[l].count;
        dd[l].add(cs[l], st.scales[l], comp[l].X[r], xl, gl.get(), choice[l].outcomes);
        if constexpr (Listener::kActive) {
          if (dd[l].count > i)
            list_decompression(listen, cs[l], st.scales[l], r, i, comp[l].X[r], LaneArray<V, n>(cv, l).get(),
                               dd[l], xl, gl.get());
        } else {
          (void)i;
        }
      });
    };
    st.modes.template solve_lanes<false>(cv, b, st.solving(act), on_decompression);
    for (int l = 0; l < kLanes; ++l) {
      if (!in_round[l]) continue;
      // (listener only) Delta = 0 where the law takes it but the enumeration did not find it as a vertex: on
      // a singular G it can lie inside a segment of solutions with one outcome. Listed after the vertices.
      int pure_index = -1;
      if constexpr (Listener::kActive) {
        pure_index = pure_solution_index(cs[l], st.scales[l], dd[l]);
        if (dd[l].pure && pure_index < 0) {
          pure_index = dd[l].count;
          list_pure_decompression(listen, cs[l], r, pure_index, comp[l].X[r], LaneArray<V, n>(cv, l).get());
        }
      }
      choice[l].add(cs[l], st.scales[l], comp[l].X[r], LaneArray<V, n>(g0, l).get(), A::lane(wm, l), dd[l],
                    out[l]);
      if constexpr (Listener::kActive)
        if (choice[l].chosen == r) chosen_solution[l] = dd[l].chosen >= 0 ? dd[l].chosen : pure_index;
    }
  }
  for (int l = 0; l < kLanes; ++l) {
    if (!A::lane(st.valid, l)) continue;
    const bool found = choice[l].finish(comp[l], out[l]);
    if (singular[l] && singular_takes_limit(cs[l], found, determinate[l], out[l])) {
      if constexpr (Listener::kActive) listen.discard();
      out[l] = started[l];
      singular_delassus_limit<true>(cs[l], opt, st.scales[l], out[l], listen);
      continue;
    }
    if (!found) continue;
    if constexpr (Listener::kActive) listen.chosen(choice[l].chosen, chosen_solution[l]);
    finish_multicontact(out[l]);
  }
}

// newton-lcp's enumeration branch (after st.start): one phase, c = (I + eps) gamma^-, b = 0 (Glocker 2014,
// Part I (12)-(15)). `listen` as for poisson_enumeration.
template <int K, class V, class Listener>
COLLSWEEP_HD_INLINE void newton_enumeration(LaneLawState<K, V>& st, const MultiContactCollision<K>* cs,
                                            const MultiContactOptions& opt, MultiContactOutcome<K>* out,
                                            Listener& listen) {
  using A = LaneAccess<V>;
  using Mask = LaneMask<V>;
  constexpr int n = 2 * K, kLanes = LaneOps<V>::width;
  static_assert(kLanes == 1 || !Listener::kActive, "a listener takes one sample");
  (void)listen;  // (NoSolutionListener: every call compiles away)
  st.prepare(cs, opt, out);
  bool singular[kLanes];
  MultiContactOutcome<K> started[kLanes];  // (singular lanes) the outcome before the rigid problem's
  for (int l = 0; l < kLanes; ++l) {
    singular[l] = A::lane(st.valid, l) && out[l].delassus_rank < n;
    if (singular[l]) started[l] = out[l];
  }
  V cv[n];
  newton_velocity(st.in.get(), cv);
  NewtonChoice<K> choice[kLanes];
  auto on_solution = [&](const Mask& ok, const V(&x)[n], const V(&)[n]) COLLSWEEP_LANES_LAMBDA {
    for_lanes<V>(ok, x, [&](int l, const double(&xl)[n]) COLLSWEEP_LANES_LAMBDA {
      const int i = choice[l].sol.count;
      choice[l].add(cs[l], st.scales[l], xl, out[l]);
      if constexpr (Listener::kActive) {
        if (choice[l].sol.count > i) list_newton_solution(listen, cs[l], i, xl);
      } else {
        (void)i;
      }
    });
  };
  st.solve_b0(cv, on_solution);
  for (int l = 0; l < kLanes; ++l) {
    if (!A::lane(st.valid, l)) continue;
    const bool found = choice[l].finish(out[l]);
    if (singular[l] && singular_takes_limit(cs[l], found, true, out[l])) {
      if constexpr (Listener::kActive) listen.discard();
      out[l] = started[l];
      singular_delassus_limit<false>(cs[l], opt, st.scales[l], out[l], listen);
      continue;
    }
    if (!found) continue;
    if constexpr (Listener::kActive) listen.chosen(0, choice[l].chosen);
    finish_multicontact(out[l]);
  }
}

}  // namespace collsweep

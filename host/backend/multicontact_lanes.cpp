// The CPU's SIMD multi-contact laws (multicontact_lanes.hpp): four lanes of AVX2 (x86-64-v3) or two of
// baseline x86-64 (SSE2), picked at run time; a batch of eight samples is two or four passes. The bits do not
// depend on which (no FMA contraction, IEEE operations only), which tests/test_multicontact_lanes.cpp checks
// for each one the CPU can run. AVX-512 CPUs run the AVX2 code: g++ 12 expands the comparisons of
// eight-double vectors lane by lane (scalar vcomisd; -Wvector-operation-performance names each site), so
// eight lanes of AVX-512 ran slower per sample; clang 14 vectorizes them, but its eight lanes were only a
// little faster than these four (measured in bench/README.md, 'Last figures', "Targets").
#include "backend/multicontact_lanes.hpp"

#include <utility>

#include "backend/simd_lanes.hpp"

namespace collsweep {
namespace {

// V{f(0), f(1), ...}: a vector built in registers (element stores into a vector in memory stall the vector
// load that follows).
template <class V, class F, std::size_t... L>
COLLSWEEP_HD_INLINE V lanes_of(F f, std::index_sequence<L...>) {
  return V{f(static_cast<int>(L))...};
}
template <class V, class F>
COLLSWEEP_HD_INLINE V lanes_of(F f) {
  return lanes_of<V>(f, std::make_index_sequence<sizeof(V) / sizeof(double)>{});
}

template <int K, class V>
COLLSWEEP_HD_INLINE void load(const MultiContactCollision<K>* c, MultiContactCollision<K, V>& v) {
  for (int i = 0; i < 2 * K; ++i) {
    for (int j = 0; j < 2 * K; ++j) v.G[i][j] = lanes_of<V>([&](int l) { return c[l].G[i][j]; });
    v.gamma_minus[i] = lanes_of<V>([&](int l) { return c[l].gamma_minus[i]; });
  }
  for (int j = 0; j < K; ++j) {
    v.mu[j] = lanes_of<V>([&](int l) { return c[l].mu[j]; });
    v.eps_N[j] = lanes_of<V>([&](int l) { return c[l].eps_N[j]; });
    v.eps_T[j] = lanes_of<V>([&](int l) { return c[l].eps_T[j]; });
  }
}

template <class V, int N>
COLLSWEEP_HD_INLINE void lane_of(const V (&x)[N], int l, double (&out)[N]) {
  for (int i = 0; i < N; ++i) out[i] = x[i][l];
}

// f(l, lane l of x) for every lane l set in ok (the solution callbacks: one sample's fold per lane).
template <class V, int N, class F>
COLLSWEEP_HD_INLINE void for_lanes(const LaneMask<V>& ok, const V (&x)[N], F f) {
  for (int l = 0; l < LaneOps<V>::width; ++l) {
    if (!ok[l]) continue;
    double xl[N];
    lane_of(x, l, xl);
    f(l, xl);
  }
}

// The theorem predicates of the lanes, out of line in their instruction set's own function: inlined, their
// Jacobi runs changed the register allocation of the mode enumeration around them (measurably slower laws
// even with the predicates off).
template <int K, class V>
COLLSWEEP_HD_INLINE void lane_conditions_body(const MultiContactCollision<K, V>& c,
                                              GlockerConditionsOf<V>& cond) {
  int rows[2 * K];
  cond = glocker_conditions_on_rows(c, rows, all_rows<K>(rows), 1e-12);
}
#if defined(__x86_64__)
template <int K>
__attribute__((target("arch=x86-64-v3"), noinline)) void lane_conditions(
    const MultiContactCollision<K, Lane4D>& c, GlockerConditionsOf<Lane4D>& cond) {
  lane_conditions_body(c, cond);
}
#endif
template <int K>
__attribute__((noinline)) void lane_conditions(const MultiContactCollision<K, Lane2D>& c,
                                               GlockerConditionsOf<Lane2D>& cond) {
  lane_conditions_body(c, cond);
}

// start_multicontact on the lanes: out[l] as the scalar start leaves it (failed lanes: status only);
// returns the valid lanes.
template <int K, class V>
COLLSWEEP_HD_INLINE LaneMask<V> start_lanes(const MultiContactCollision<K>* cs,
                                            const MultiContactCollision<K, V>& c,
                                            const MultiContactOptions& opt, MultiContactOutcome<K>* out) {
  constexpr int kLanes = LaneOps<V>::width;
  V l[2 * K][2 * K];
  const LaneMask<V> status = validate_multicontact_lanes(c, opt.check_coefficients, l);
  const LaneMask<V> valid = status == 0;
  V T_acc{};
  if (LaneOps<V>::any(valid)) T_acc = 0.5 * smallmat::inverse_quadratic_form(l, c.gamma_minus);
  // The theorem predicates: on the lanes for samples whose contacts all have friction (glocker_conditions'
  // own path for them), one sample at a time otherwise.
  LaneMask<V> frictional = valid;
  for (int j = 0; j < K; ++j) frictional = frictional & (c.mu[j] > 0.0);
  GlockerConditionsOf<V> cond{};
  if (opt.theorem_predicates && LaneOps<V>::any(frictional)) {
    lane_conditions(c, cond);
  }
  for (int k = 0; k < kLanes; ++k) {
    out[k] = MultiContactOutcome<K>{};
    out[k].status = static_cast<Status>(status[k]);
    if (!valid[k]) continue;
    out[k].T_acc = T_acc[k];
    if (opt.theorem_predicates) {
      GlockerConditions& g = out[k].conditions;
      if (frictional[k]) {
        g.cond_G = cond.cond_G[k];
        g.cond_active = cond.cond_active[k];
        g.lambda_min_111 = cond.lambda_min_111[k];
        g.eps_min = cond.eps_min[k];
        g.eps_max = cond.eps_max[k];
        g.psd_111 = cond.psd_111[k] != 0;
        g.similar_117 = cond.similar_117[k] != 0;
        g.small_121 = cond.small_121[k] != 0;
      } else {
        g = glocker_conditions(cs[k]);
      }
    }
    out[k].solver = resolve_solver<K>(opt.solver);
  }
  return valid;
}

// What both laws keep on the lanes: the samples as lanes, the mode solver (which points at them), each
// lane's deduplication scales and the valid lanes. Not copied once begun.
template <int K, class V>
struct LaneLawState {
  MultiContactCollision<K, V> c;
  GlockerModeSolver<K, V> modes;
  MultiContactScales scales[LaneOps<V>::width];
  LaneMask<V> valid;

  // The samples into lanes, start_lanes, the solver's scales; false without a valid lane.
  COLLSWEEP_HD_INLINE bool begin(const MultiContactCollision<K>* cs, const MultiContactOptions& opt,
                                 MultiContactOutcome<K>* out) {
    load(cs, c);
    valid = start_lanes(cs, c, opt, out);
    if (!LaneOps<V>::any(valid)) return false;
    modes.init(c, opt.tol);
    for (int l = 0; l < LaneOps<V>::width; ++l)
      if (valid[l]) scales[l] = multicontact_scales(cs[l], out[l].T_acc);
    return true;
  }

  // Every solution of a phase without friction offset (b = 0: Poisson's compression, Newton's one phase)
  // with velocity shift cv, on the valid lanes.
  template <class Emit>
  COLLSWEEP_HD_INLINE void solve_b0(const V (&cv)[2 * K], Emit& emit) const {
    V zero_b[K];
    for (int j = 0; j < K; ++j) zero_b[j] = V{};
    modes.template solve_lanes<true>(cv, zero_b, valid, emit);
  }
};

// evaluate_poisson_lcp's enumeration branch on the lanes of V: the compression, then round r decompresses
// every lane's r-th distinct compression solution.
template <int K, class V>
COLLSWEEP_HD_INLINE void poisson_lanes(const MultiContactCollision<K>* cs, const MultiContactOptions& opt,
                                       MultiContactOutcome<K>* out) {
  using Mask = LaneMask<V>;
  constexpr int n = 2 * K, kLanes = LaneOps<V>::width;
  LaneLawState<K, V> st;
  if (!st.begin(cs, opt, out)) return;
  DistinctSolutions<K> comp[kLanes];
  auto on_compression = [&](const Mask& ok, const V(&x)[n], const V(&)[n]) COLLSWEEP_LAMBDA_INLINE {
    for_lanes(ok, x, [&](int l, const double(&xl)[n]) COLLSWEEP_LAMBDA_INLINE {
      comp[l].insert(cs[l].G, xl, st.scales[l].gamma_scale, st.scales[l].g_scale);
    });
  };
  st.solve_b0(st.c.gamma_minus, on_compression);

  PoissonChoice<K> choice[kLanes];
  int rounds = 0;
  for (int l = 0; l < kLanes; ++l)
    if (st.valid[l] && comp[l].count > rounds) rounds = comp[l].count;
  for (int r = 0; r < rounds; ++r) {
    bool in_round[kLanes];
    for (int l = 0; l < kLanes; ++l) in_round[l] = st.valid[l] && comp[l].count > r;
    const Mask act = lanes_of<Mask>([&](int l) { return in_round[l] ? std::int64_t{-1} : std::int64_t{0}; });
    V lm[n];
    for (int i = 0; i < n; ++i)
      lm[i] = lanes_of<V>([&](int l) { return in_round[l] ? comp[l].X[r][i] : 0.0; });
    V g0[n], cv[n], b[K];
    phase_velocity(st.c, st.c.gamma_minus, lm, g0);
    decompression_data(st.c, lm, g0, cv, b);
    const Mask pure = st.modes.zero_is_solution(cv, b);
    const V wm = impact_energy(st.c, lm);
    PoissonDecompression<K> dd[kLanes];
    for (int l = 0; l < kLanes; ++l) {
      if (!act[l]) continue;
      double cvl[n];
      lane_of(cv, l, cvl);
      dd[l].begin(cs[l], comp[l].X[r], cvl, pure[l] != 0);
    }
    auto on_decompression = [&](const Mask& ok, const V(&x)[n], const V(&g)[n]) COLLSWEEP_LAMBDA_INLINE {
      for_lanes(ok, x, [&](int l, const double(&xl)[n]) COLLSWEEP_LAMBDA_INLINE {
        double gl[n];
        lane_of(g, l, gl);
        dd[l].add(cs[l], st.scales[l], comp[l].X[r], xl, gl);
      });
    };
    st.modes.template solve_lanes<false>(cv, b, act, on_decompression);
    for (int l = 0; l < kLanes; ++l) {
      if (!act[l]) continue;
      double g0l[n];
      lane_of(g0, l, g0l);
      choice[l].add(cs[l], st.scales[l], comp[l].X[r], g0l, wm[l], dd[l], out[l]);
    }
  }
  for (int l = 0; l < kLanes; ++l)
    if (st.valid[l] && choice[l].finish(comp[l], out[l])) finish_multicontact(out[l]);
}

// evaluate_newton_lcp's enumeration branch on the lanes of V.
template <int K, class V>
COLLSWEEP_HD_INLINE void newton_lanes(const MultiContactCollision<K>* cs, const MultiContactOptions& opt,
                                      MultiContactOutcome<K>* out) {
  using Mask = LaneMask<V>;
  constexpr int n = 2 * K, kLanes = LaneOps<V>::width;
  LaneLawState<K, V> st;
  if (!st.begin(cs, opt, out)) return;
  V cv[n];
  newton_velocity(st.c, cv);
  NewtonChoice<K> choice[kLanes];
  auto on_solution = [&](const Mask& ok, const V(&x)[n], const V(&)[n]) COLLSWEEP_LAMBDA_INLINE {
    for_lanes(ok, x, [&](int l, const double(&xl)[n]) COLLSWEEP_LAMBDA_INLINE {
      choice[l].add(cs[l], st.scales[l], xl, out[l]);
    });
  };
  st.solve_b0(cv, on_solution);
  for (int l = 0; l < kLanes; ++l)
    if (st.valid[l] && choice[l].finish(out[l])) finish_multicontact(out[l]);
}

// One batch of either law for k = 1 or 2 (c, out: eight MultiContactCollision<k>, MultiContactOutcome<k>).
struct LanesJob {
  MultiContactLaw law;
  int k;
  const void* c;
  const MultiContactOptions* opt;
  void* out;
};

// The batch of eight in passes of the vector's width.
template <int K, class V>
COLLSWEEP_HD_INLINE void run_k(const LanesJob& j) {
  constexpr int w = LaneOps<V>::width;
  static_assert(multicontact_lane_batch % w == 0, "whole passes");
  const auto* c = static_cast<const MultiContactCollision<K>*>(j.c);
  auto* out = static_cast<MultiContactOutcome<K>*>(j.out);
  for (int p = 0; p < multicontact_lane_batch; p += w) {
    if (j.law == MultiContactLaw::poisson_lcp)
      poisson_lanes<K, V>(c + p, *j.opt, out + p);
    else
      newton_lanes<K, V>(c + p, *j.opt, out + p);
  }
}

template <class V>
COLLSWEEP_HD_INLINE void run_body(const LanesJob& j) {
  if (j.k == 1)
    run_k<1, V>(j);
  else
    run_k<2, V>(j);
}

// The same body compiled for two instruction sets (the bits do not depend on which).
#if defined(__x86_64__)
__attribute__((target("arch=x86-64-v3"))) void run_avx2(const LanesJob& j) { run_body<Lane4D>(j); }
#endif
void run_baseline(const LanesJob& j) { run_body<Lane2D>(j); }

using RunLanes = void (*)(const LanesJob&);

RunLanes lanes_for(LaneIsa isa) {
#if defined(__x86_64__)
  if (isa == LaneIsa::avx512 || isa == LaneIsa::avx2) return run_avx2;
#endif
  (void)isa;
  return run_baseline;
}

}  // namespace

bool multicontact_lanes_serve(int k, const MultiContactOptions& opt) {
  return (k == 1 || k == 2) && (opt.solver == LcpSolver::automatic || opt.solver == LcpSolver::enumeration);
}

template <int K>
void evaluate_multicontact_lanes(MultiContactLaw law,
                                 const MultiContactCollision<K> (&c)[multicontact_lane_batch],
                                 const MultiContactOptions& opt,
                                 MultiContactOutcome<K> (&out)[multicontact_lane_batch]) {
  static const RunLanes run = lanes_for(planar_lanes_isa());
  run(LanesJob{law, K, c, &opt, out});
}

template <int K>
void evaluate_multicontact_lanes_with(LaneIsa isa, MultiContactLaw law,
                                      const MultiContactCollision<K> (&c)[multicontact_lane_batch],
                                      const MultiContactOptions& opt,
                                      MultiContactOutcome<K> (&out)[multicontact_lane_batch]) {
  lanes_for(isa)(LanesJob{law, K, c, &opt, out});
}

template void evaluate_multicontact_lanes<1>(MultiContactLaw, const MultiContactCollision<1> (&)[8],
                                             const MultiContactOptions&, MultiContactOutcome<1> (&)[8]);
template void evaluate_multicontact_lanes<2>(MultiContactLaw, const MultiContactCollision<2> (&)[8],
                                             const MultiContactOptions&, MultiContactOutcome<2> (&)[8]);
template void evaluate_multicontact_lanes_with<1>(LaneIsa, MultiContactLaw,
                                                  const MultiContactCollision<1> (&)[8],
                                                  const MultiContactOptions&, MultiContactOutcome<1> (&)[8]);
template void evaluate_multicontact_lanes_with<2>(LaneIsa, MultiContactLaw,
                                                  const MultiContactCollision<2> (&)[8],
                                                  const MultiContactOptions&, MultiContactOutcome<2> (&)[8]);

}  // namespace collsweep

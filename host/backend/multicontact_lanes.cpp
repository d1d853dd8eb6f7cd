// The CPU's SIMD multi-contact laws (multicontact_lanes.hpp): the kernels' law steps (law_enumeration.hpp)
// for four AVX2 or two SSE2 lanes (four_lane_dispatch.hpp), bit for bit one sample's.
#include "backend/multicontact_lanes.hpp"

#include <stdexcept>

#include "backend/four_lane_dispatch.hpp"
#include "backend/multicontact_lane_access.hpp"
#include "backend/simd_lanes.hpp"

namespace collsweep {
namespace {

// The theorem predicates of the lanes, out of line in their instruction set's own function: inlined, their
// Jacobi runs upset the register allocation of the mode enumeration around them, which slows the laws even
// with the predicates off.
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

// The predicates the kernel's lane start calls (law_enumeration.hpp, LaneLawState::start).
struct OutOfLinePredicates {
  template <int K, class V>
  COLLSWEEP_HD_INLINE void operator()(const MultiContactCollision<K, V>& c,
                                      GlockerConditionsOf<V>& cond) const {
    lane_conditions(c, cond);
  }
};

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
  for (int p = 0; p < multicontact_lane_batch; p += w)
    if (!evaluate_lcp_lanes<K, V>(j.law, c + p, *j.opt, OutOfLinePredicates{}, out + p))
      throw std::invalid_argument("multi-contact SIMD laws: not a law");
}

// Both k, for the vector V (four_lane_dispatch.hpp compiles it for each instruction set).
struct MultiContactBody {
  template <class V>
  COLLSWEEP_HD_INLINE static void run(const LanesJob& j) {
    if (j.k == 1)
      run_k<1, V>(j);
    else
      run_k<2, V>(j);
  }
};

LanesRun<LanesJob> lanes_for(LaneIsa isa) { return lanes_runner<MultiContactBody, LanesJob>(isa); }

// The bracket verdicts of a batch of k = 1 or 2 contacts (c: eight MultiContactCollision<k>).
struct VerdictJob {
  int k;
  const void* c;
  CondVerdict* out;
};

template <int K, class V>
COLLSWEEP_HD_INLINE void verdicts_k(const VerdictJob& j) {
  using A = LaneAccess<V>;
  constexpr int w = LaneOps<V>::width;
  const auto* c = static_cast<const MultiContactCollision<K>*>(j.c);
  for (int p = 0; p < multicontact_lane_batch; p += w) {
    V g[2 * K][2 * K];
    for (int a = 0; a < 2 * K; ++a)
      for (int b = 0; b < 2 * K; ++b)
        g[a][b] = A::make([&](int l) COLLSWEEP_LANES_LAMBDA { return c[p + l].G[a][b]; });
    const smallmat::CondBracketOf<V> lanes = smallmat::cond_bracket(g);
    for (int l = 0; l < w; ++l) {
      smallmat::CondBracketOf<double> one;
      one.lower = A::lane(lanes.lower, l);
      one.upper = A::lane(lanes.upper, l);
      one.positive = A::lane(lanes.positive, l) != 0;
      j.out[p + l] = cond_verdict(one);
    }
  }
}

struct VerdictBody {
  template <class V>
  COLLSWEEP_HD_INLINE static void run(const VerdictJob& j) {
    if (j.k == 1)
      verdicts_k<1, V>(j);
    else
      verdicts_k<2, V>(j);
  }
};

}  // namespace

bool multicontact_lanes_serve(int k, const MultiContactOptions& opt) {
  return (k == 1 || k == 2) && (opt.solver == LcpSolver::automatic || opt.solver == LcpSolver::enumeration);
}

template <int K>
void evaluate_multicontact_lanes(MultiContactLaw law,
                                 const MultiContactCollision<K> (&c)[multicontact_lane_batch],
                                 const MultiContactOptions& opt,
                                 MultiContactOutcome<K> (&out)[multicontact_lane_batch]) {
  static const LanesRun<LanesJob> run = lanes_for(planar_lanes_isa());
  run(LanesJob{law, K, c, &opt, out});
}

template <int K>
void evaluate_multicontact_lanes_with(LaneIsa isa, MultiContactLaw law,
                                      const MultiContactCollision<K> (&c)[multicontact_lane_batch],
                                      const MultiContactOptions& opt,
                                      MultiContactOutcome<K> (&out)[multicontact_lane_batch]) {
  lanes_for(isa)(LanesJob{law, K, c, &opt, out});
}

template <int K>
void multicontact_cond_verdicts(const MultiContactCollision<K> (&c)[multicontact_lane_batch],
                                CondVerdict (&out)[multicontact_lane_batch]) {
  static const LanesRun<VerdictJob> run = lanes_runner<VerdictBody, VerdictJob>(planar_lanes_isa());
  run(VerdictJob{K, c, out});
}

template void multicontact_cond_verdicts<1>(const MultiContactCollision<1> (&)[8], CondVerdict (&)[8]);
template void multicontact_cond_verdicts<2>(const MultiContactCollision<2> (&)[8], CondVerdict (&)[8]);
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

// The CPU's SIMD spatial Routh laws (spatial_routh_lanes.hpp): the slip phases' DOP853 steps on four lanes of
// AVX2 (x86-64-v3) or two of baseline x86-64 (SSE2), picked at run time; everything between two steps runs
// one lane at a time through the kernels' scalar functions. The bits do not depend on the instruction set
// (no FMA contraction, IEEE operations only), which tests/sweep/test_spatial_routh_lanes.cpp checks. AVX-512
// CPUs run the AVX2 code (as the multi-contact laws, multicontact_lanes.cpp).
#include "backend/spatial_routh_lanes.hpp"

#include <cstring>
#include <stdexcept>

#include "backend/four_lane_dispatch.hpp"
#include "collsweep/models/spatial/routh/routh_lane.hpp"

namespace collsweep {
namespace {

using spatial::kN;

struct RouthLanesJob {
  SpatialLaw law;
  const SpatialCollision* c;
  std::size_t n;
  SpatialOutcome* out;
};

// The job's samples in order, as the item source of the lanes (routh_lane.hpp).
struct RouthLanesItems {
  const RouthLanesJob& j;
  std::uint64_t next_index = 0;
  bool next(std::uint64_t* q) {
    if (next_index >= j.n) return false;
    *q = next_index++;
    return true;
  }
  SpatialLaw law(std::uint64_t) const { return j.law; }
  const SpatialCollision& collision(std::uint64_t q) const { return j.c[q]; }
  void put(std::uint64_t q, const SpatialOutcome& o) const { j.out[q] = o; }
};

// A vector from its lanes' values.
template <class V>
COLLSWEEP_HD_INLINE V load_lanes(const double* x) {
  V v;
  std::memcpy(&v, x, sizeof v);
  return v;
}

// The lanes' loop: one vector DOP853 step for every lane with a slip phase under way (the next step, or a
// re-step locating an event inside the last one; an idle lane repeats a busy lane's step, discarded), then
// each busy lane's scalar bookkeeping (routh_lane_advance); a lane whose sample ended starts the next.
template <class V>
COLLSWEEP_HD_INLINE void run_body(const RouthLanesJob& j) {
  constexpr int w = LaneOps<V>::width;
  const SpatialOptions opt;
  RouthLanesItems items{j};
  RouthLane lanes[w];
  bool busy[w];
  for (int l = 0; l < w; ++l) busy[l] = routh_lane_start_next(items, opt, &lanes[l]);
  for (;;) {
    int some = -1;
    for (int l = 0; l < w; ++l)
      if (busy[l]) some = l;
    if (some < 0) break;
    // The lanes' step inputs, gathered lane by lane, then loaded as vectors.
    double gy[kN][w], gk[kN][w], gbase[kN][w], gh[w], grhs[7][w];
    for (int l = 0; l < w; ++l) {
      const RouthLane& ln = lanes[busy[l] ? l : some];
      for (int q = 0; q < kN; ++q) {
        gy[q][l] = ln.ev.r.y[q];
        gk[q][l] = ln.si.k[q];
        gbase[q][l] = ln.si.base[q];
      }
      gh[l] = spatial::slip_step_length(ln.si);
      const spatial::SlipRhs& g = ln.si.f;
      const double rhs[7] = {g.a, g.c1, g.c2, g.b11, g.b12, g.b22, g.mu};
      for (int q = 0; q < 7; ++q) grhs[q][l] = rhs[q];
    }
    V y[kN], k[kN], base[kN];
    for (int q = 0; q < kN; ++q) {
      y[q] = load_lanes<V>(gy[q]);
      k[q] = load_lanes<V>(gk[q]);
      base[q] = load_lanes<V>(gbase[q]);
    }
    const V h = load_lanes<V>(gh);
    const spatial::SlipRhsOf<V> f{load_lanes<V>(grhs[0]), load_lanes<V>(grhs[1]), load_lanes<V>(grhs[2]),
                                  load_lanes<V>(grhs[3]), load_lanes<V>(grhs[4]), load_lanes<V>(grhs[5]),
                                  load_lanes<V>(grhs[6])};
    V y1[kN], k1[kN];
    const V err = spatial::dop853_step<kN>(f, y, k, h, opt.tol, base, y1, k1);
    const spatial::StepFactors<V> fac = spatial::step_factors(err);
    for (int l = 0; l < w; ++l) {
      if (!busy[l]) continue;
      double y1l[kN], k1l[kN];
      for (int q = 0; q < kN; ++q) {
        y1l[q] = y1[q][l];
        k1l[q] = k1[q][l];
      }
      const spatial::StepFactors<double> lane_fac{fac.shrink[l], fac.grow[l]};
      busy[l] = routh_lane_advance(items, opt, &lanes[l], err[l], lane_fac, y1l, k1l) ||
                routh_lane_start_next(items, opt, &lanes[l]);
    }
  }
}

struct RouthBody {
  template <class V>
  COLLSWEEP_HD_INLINE static void run(const RouthLanesJob& j) {
    run_body<V>(j);
  }
};

LanesRun<RouthLanesJob> lanes_for(LaneIsa isa) { return lanes_runner<RouthBody, RouthLanesJob>(isa); }

void check_law(SpatialLaw law) {
  if (!is_routh_law(law)) throw std::invalid_argument("spatial Routh lanes: not a Routh law");
}

}  // namespace

void evaluate_routh_lanes(SpatialLaw law, const SpatialCollision* c, std::size_t n, SpatialOutcome* out) {
  check_law(law);
  static const LanesRun<RouthLanesJob> run = lanes_for(planar_lanes_isa());
  run(RouthLanesJob{law, c, n, out});
}

void evaluate_routh_lanes_with(LaneIsa isa, SpatialLaw law, const SpatialCollision* c, std::size_t n,
                               SpatialOutcome* out) {
  check_law(law);
  lanes_for(isa)(RouthLanesJob{law, c, n, out});
}

SpatialRouthBlock::SpatialRouthBlock(const SpatialSweepSpec& spec, std::uint64_t capacity)
    : spec_(spec), samples_(capacity), collisions_(capacity) {
  for (int i = 0; i < spec.n_laws; ++i)
    if (is_routh_law(spec.laws[i])) {
      outcomes_[i].resize(capacity);
      has_routh_laws_ = true;
    }
}

void SpatialRouthBlock::fill(std::uint64_t first, std::uint64_t n, SpatialNeeds needs) {
  for (std::uint64_t j = 0; j < n; ++j) {
    samples_[j] = draw_spatial_sample(spec_.plan, first + j, needs);
    collisions_[j] = samples_[j].c;
  }
  for (int i = 0; i < spec_.n_laws; ++i)
    if (!outcomes_[i].empty())
      evaluate_routh_lanes(spec_.laws[i], collisions_.data(), n, outcomes_[i].data());
}

}  // namespace collsweep

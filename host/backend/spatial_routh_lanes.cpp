// The CPU's SIMD spatial Routh laws (spatial_routh_lanes.hpp): the slip phases' DOP853 steps on four lanes of
// AVX2 (x86-64-v3) or two of baseline x86-64 (SSE2), picked at run time; everything between two steps runs
// one lane at a time through the kernels' scalar functions. The bits do not depend on the instruction set
// (no FMA contraction, IEEE operations only), which tests/test_spatial_routh_lanes.cpp checks. AVX-512 CPUs
// run the AVX2 code (as the multi-contact laws, multicontact_lanes.cpp).
#include "backend/spatial_routh_lanes.hpp"

#include <cstring>
#include <stdexcept>

#include "backend/four_lane_dispatch.hpp"
#include "collsweep/models/spatial/routh_laws.hpp"

namespace collsweep {
namespace {

using spatial::kN;

// One lane: its sample and the sample's evaluation around the slip phase.
struct RouthLane {
  std::size_t i = 0;
  RouthEvaluation ev;
  spatial::SlipIntegration si;
};

struct RouthLanesJob {
  SpatialLaw law;
  const SpatialCollision* c;
  std::size_t n;
  SpatialOutcome* out;
};

// A vector from its lanes' values.
template <class V>
COLLSWEEP_HD_INLINE V load_lanes(const double* x) {
  V v;
  std::memcpy(&v, x, sizeof v);
  return v;
}

// The samples from next on, started in lane ln until one needs slip steps (true; the others are finished
// on the way); false when none is left.
COLLSWEEP_HD_INLINE bool start_next(const RouthLanesJob& j, const SpatialOptions& opt, std::size_t* next,
                                    RouthLane* ln) {
  while (*next < j.n) {
    const std::size_t i = (*next)++;
    const SpatialCollision& c = j.c[i];
    *ln = RouthLane{};
    ln->i = i;
    if (routh_begin(j.law, c, &ln->ev)) {
      if (spatial::slip_begin(&ln->ev.r, c.W, c.mu, opt, &ln->si) &&
          spatial::slip_next_step(&ln->ev.r, c.W, c.mu, ln->ev.dirs, opt, &ln->si))
        return true;
      routh_slip_ended(&ln->ev, ln->si.res);
    }
    j.out[i] = routh_finish(c, &ln->ev);
  }
  return false;
}

// The lanes' loop: one vector DOP853 step for every lane with a slip phase under way (the next step, or a
// re-step locating an event inside the last one; an idle lane repeats a busy lane's step, discarded), then
// each busy lane's scalar bookkeeping; a lane whose sample ended starts the next.
template <class V>
COLLSWEEP_HD_INLINE void run_body(const RouthLanesJob& j) {
  constexpr int w = LaneOps<V>::width;
  const SpatialOptions opt;
  RouthLane lanes[w];
  bool busy[w];
  std::size_t next = 0;
  for (int l = 0; l < w; ++l) busy[l] = start_next(j, opt, &next, &lanes[l]);
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
      RouthLane& ln = lanes[l];
      const SpatialCollision& c = j.c[ln.i];
      double y1l[kN], k1l[kN];
      for (int q = 0; q < kN; ++q) {
        y1l[q] = y1[q][l];
        k1l[q] = k1[q][l];
      }
      const spatial::StepFactors<double> lane_fac{fac.shrink[l], fac.grow[l]};
      if (spatial::slip_advance(&ln.ev.r, c.W, c.mu, ln.ev.dirs, opt, &ln.si, err[l], lane_fac, y1l, k1l))
        continue;
      routh_slip_ended(&ln.ev, ln.si.res);
      j.out[ln.i] = routh_finish(c, &ln.ev);
      busy[l] = start_next(j, opt, &next, &ln);
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

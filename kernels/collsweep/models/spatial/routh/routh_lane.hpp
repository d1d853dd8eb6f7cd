// One lane of the Routh laws' evaluation that takes items (a law on a collision) from a work source: the
// CPU's SIMD lanes (host/backend/spatial_routh_lanes.cpp) and each GPU thread of the spatial sweep
// (kernels/spatial_routh_items.cuh) run their slip phases through it, one DOP853 step per turn.
//
// A lane never waits for other lanes' whole items: when its item ends it writes the outcome and takes the
// next one, so the lanes of a vector (or the 32 threads of a warp) stay on DOP853 steps however unequal the
// items' step counts (from none to thousands near a slow halt). The outcome of every item is
// evaluate_routh's, bit for bit: the same functions in the same order, whatever lane or turn runs them.
//
// An item source provides, for item indices q:
//   bool next(std::uint64_t* q)                 the next item, false when none is left;
//   SpatialLaw law(q), const SpatialCollision& collision(q);
//   void put(q, const SpatialOutcome&)          the item's outcome.
#pragma once

#include <cstdint>

#include "collsweep/models/spatial/laws/registry.hpp"

namespace collsweep {

// A lane's item and its evaluation around the slip phase.
struct RouthLane {
  std::uint64_t q = 0;
  RouthEvaluation ev;
  spatial::SlipIntegration si;
};

// Takes items until one needs slip steps (true: ln holds it, its next step from ln->ev.r.y, ln->si.k of
// length slip_step_length(ln->si)); the items that need none are finished on the way. False when the source
// is exhausted.
template <class Items>
COLLSWEEP_HD_INLINE bool routh_lane_start_next(Items& items, const SpatialOptions& opt, RouthLane* ln) {
  std::uint64_t q = 0;
  while (items.next(&q)) {
    const SpatialCollision& c = items.collision(q);
    *ln = RouthLane{};
    ln->q = q;
    if (routh_begin(items.law(q), c, &ln->ev)) {
      if (spatial::slip_begin(&ln->ev.r, c.W, c.mu, opt, &ln->si) &&
          spatial::slip_next_step(&ln->ev.r, c.W, c.mu, ln->ev.dirs, opt, &ln->si))
        return true;
      routh_slip_ended(&ln->ev, ln->si.res);
    }
    items.put(q, routh_finish(c, &ln->ev));
  }
  return false;
}

// After the lane's step to (y1, k1) with error norm err and its step factors: the slip phase's bookkeeping
// (spatial::slip_advance). True when the item goes on with another step; false when it ended (its outcome
// put): the lane is then free for routh_lane_start_next, at once (the CPU's lanes, run_routh_lane) or once
// several lanes are free (a GPU warp refills its threads together, kernels/spatial_routh_items_cuda.cu).
template <class Items>
COLLSWEEP_HD_INLINE bool routh_lane_advance(Items& items, const SpatialOptions& opt, RouthLane* ln,
                                            double err, const spatial::StepFactors<double>& fac, double* y1,
                                            double* k1) {
  const SpatialCollision& c = items.collision(ln->q);
  if (spatial::slip_advance(&ln->ev.r, c.W, c.mu, ln->ev.dirs, opt, &ln->si, err, fac, y1, k1)) return true;
  routh_slip_ended(&ln->ev, ln->si.res);
  items.put(ln->q, routh_finish(c, &ln->ev));
  return false;
}

// The lane's next DOP853 step from its item's state: error norm err, the end state in y1 and k1.
COLLSWEEP_HD_INLINE double routh_lane_step(const RouthLane& ln, const SpatialOptions& opt, double* y1,
                                           double* k1) {
  return spatial::dop853_step<spatial::kN>(ln.si.f, ln.ev.r.y, ln.si.k, spatial::slip_step_length(ln.si),
                                           opt.tol, ln.si.base, y1, k1);
}

// Whether a GPU warp's free threads (free_threads of them; busy_threads still on items) take new items this
// turn: once refill_at of them are free, or when none is busy. A thread starting an item runs while the
// warp's others wait, so refilling several at once costs what refilling one does
// (kernels/spatial_routh_items_cuda.cu; bench_spatial_laws' warp_items simulates a warp with it).
COLLSWEEP_HD_INLINE bool warp_refills(int free_threads, int busy_threads, int refill_at) {
  return free_threads != 0 && (busy_threads == 0 || free_threads >= refill_at);
}

// A lane of one: every item of the source, one DOP853 step per turn, the next item as soon as one ends.
template <class Items>
COLLSWEEP_HD_INLINE void run_routh_lane(Items& items, const SpatialOptions& opt = SpatialOptions()) {
  RouthLane ln;
  bool busy = routh_lane_start_next(items, opt, &ln);
  while (busy) {
    double y1[spatial::kN], k1[spatial::kN];
    const double err = routh_lane_step(ln, opt, y1, k1);
    busy = routh_lane_advance(items, opt, &ln, err, spatial::step_factors(err), y1, k1) ||
           routh_lane_start_next(items, opt, &ln);
  }
}

}  // namespace collsweep

// The CPU's SIMD path of the spatial Routh laws (stronge-3d, poisson-3d, newton-3d): the DOP853 steps of
// several samples' slip phases at once, bit for bit evaluate_routh one sample at a time.
#pragma once

#include <cstddef>

#include "backend/planar_lanes.hpp"  // LaneIsa
#include "collsweep/models/spatial/contact.hpp"
#include "collsweep/models/spatial/spatial_law.hpp"

namespace collsweep {

// Whether the law is one of the three Routh laws that evaluate_routh_lanes serves.
bool routh_lanes_serve(SpatialLaw law);

// out[i] = evaluate_routh(law, c[i]) for i = 0 .. n - 1, bit for bit. Each lane of a vector (four with AVX2,
// two with baseline x86-64) runs one sample's slip phase (spatial::slip_begin, slip_next_step, the lane's
// part of dop853_step, slip_after_step, and slip_after_restep for an event's re-steps: the kernels' own
// functions, models/spatial/slip_ode.hpp); a lane whose sample ends takes the next one, so that lanes stay
// busy however unequal the samples' step counts. The samples without a slip phase to integrate (mu = 0, no
// initial slip, slip along an invariant direction, invalid input) are finished on the way. Requires
// routh_lanes_serve(law).
void evaluate_routh_lanes(SpatialLaw law, const SpatialCollision* c, std::size_t n, SpatialOutcome* out);

// The same with a given instruction set (tests; it must be available, planar_lanes_isa_available).
void evaluate_routh_lanes_with(LaneIsa isa, SpatialLaw law, const SpatialCollision* c, std::size_t n,
                               SpatialOutcome* out);

}  // namespace collsweep

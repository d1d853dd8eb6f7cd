// The spatial family's sampled law parameters, one line each (the row format: sampling/parameter_rows.hpp):
// the sampler, the grid counter, the config keys, map axes, eval, solve, witnesses and samples read them
// from this table.
#pragma once

#include "collsweep/sampling/parameter_rows.hpp"

namespace collsweep {

// The per-sample parameters a spatial law may read beyond W, v, mu and e (a law's `reads`).
namespace spatial_input {
// e_t; s1 and s2; Brach's r1 and r2; sequential-impulse-3d's iterations, threshold, normal_first,
// friction_cone
enum : unsigned { e_t = 1u, weights = 2u, ratio = 4u, engine = 8u };
}  // namespace spatial_input

// Streams are SpatialStream's (plan.hpp), slots the grid counter's (sampler.hpp). holder: the collision c
// or the thesis laws' SpatialThesisParams params (laws/law_inputs.hpp). The thesis laws' parameters:
// chatterjee-combined-3d's weights (Chatterjee 1997 §6.6) and brach-3d's impulse ratios (§5.1.1) along
// -v_T/|v_T| (P_e2/P_n) and across the initial slip (P_e3/P_n), given to `solve` as --ratio r1,r2. The
// sequential impulses' (laws/sequential_impulse_3d.hpp) Gauss-Seidel sweeps (0: to convergence; Box2D's
// velocityIterations is 8), restitution threshold (Box2D's default is 1 m/s; 0 keeps the law homogeneous in
// v), order and friction variant, each on a stream of its own; the planar law shares the first three's names,
// defaults and domains.
// clang-format off
#define COLLSWEEP_SPATIAL_PARAMETERS(X)                                                                    \
  X(mu,  c,      friction,    first, 8,  0u,                      any,  at_least(0.0),    uniform(0.0, 1.0), "--mu",    "a friction coefficient") \
  X(e,   c,      restitution, first, 9,  0u,                      any,  closed(0.0, 1.0), uniform(0.0, 1.0), "--e",     "a coefficient of restitution") \
  X(e_t, c,      tangential,  first, 10, spatial_input::e_t,      any,  at_least(-1.0),   constant(0.0),     "--et",    "tangential restitution") \
  X(s1,  params, weights,     first, 11, spatial_input::weights,  read, closed(0.0, 1.0), constant(0.0),     "--s1",    "chatterjee-combined-3d's weight of Law I") \
  X(s2,  params, weights,     next,  12, spatial_input::weights,  read, closed(0.0, 1.0), constant(0.0),     "--s2",    "chatterjee-combined-3d's weight of Law II") \
  X(r1,  params, ratio,       first, 13, spatial_input::ratio,    read, any_real(),       constant(0.0),     "--ratio", "brach-3d's impulse ratio along -v_T/|v_T| (P_e2/P_n)") \
  X(r2,  params, ratio,       next,  14, spatial_input::ratio,    read, any_real(),       constant(0.0),     "--ratio", "brach-3d's impulse ratio across the slip (P_e3/P_n)") \
  X(iterations,    params, iterations,    first, 15, spatial_input::engine, read, whole(0.0, 10000.0),  constant(8.0), "--iterations",    "sequential-impulse's Gauss-Seidel sweeps (0: to convergence)") \
  X(threshold,     params, threshold,     first, 16, spatial_input::engine, read, at_least(0.0),        constant(0.0), "--threshold",     "sequential-impulse's restitution threshold (a speed)") \
  X(normal_first,  params, normal_first,  first, 17, spatial_input::engine, read, whole(0.0, 1.0),      constant(0.0), "--normal-first",  "sequential-impulse: 1 solves the normal impulse before friction") \
  X(friction_cone, params, friction_cone, first, 18, spatial_input::engine, read, whole(0.0, 1.0),      constant(0.0), "--friction-cone", "sequential-impulse-3d: 1 clamps the friction impulse onto the disc, 0 each tangent onto the pyramid")
// clang-format on

}  // namespace collsweep

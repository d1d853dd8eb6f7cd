// The planar family's sampled law parameters, one line each (the row format: sampling/parameter_rows.hpp):
// the sampler, the grid counter, the config keys, map axes, eval, solve, witnesses and samples.npy read them
// from this table.
#pragma once

#include "collsweep/sampling/parameter_rows.hpp"

namespace collsweep {

// The per-sample parameters a planar law may read beyond W, v, mu and e (a law's `reads`,
// laws/law_traits.hpp).
namespace planar_input {
enum : unsigned { e_t = 1u, weights = 2u, ratio = 4u, engine = 8u };  // e_t; s1 and s2; the impulse ratio;
                                                                    // the engine law's iterations etc.
}

// Streams are Stream's (plan.hpp), slots the grid counter's (grid_digits.hpp). The thesis laws' parameters:
// chatterjee-combined's weights of Law I and Law II (Chatterjee 1997 §6.6; s1 + s2 <= 1 is checked per
// sample: a sample outside the triangle is invalid, parameter_out_of_range) and Brach's impulse ratio
// (§5.1.1) P_t/P_n measured against the initial slip. The sequential impulses' Gauss-Seidel sweeps (0: to
// convergence; Box2D's velocityIterations is 8), restitution threshold (Box2D's default is 1 m/s; 0 keeps the
// law homogeneous in v) and order (laws/sequential_impulse.hpp).
// clang-format off
#define COLLSWEEP_PLANAR_PARAMETERS(X)                                                                     \
  X(mu,    c, friction,    first, 1,  0u,                     any,  at_least(0.0),     uniform(0.0, 1.0), "--mu",    "a friction coefficient") \
  X(e,     c, restitution, first, 2,  0u,                     any,  closed(0.0, 1.0),  uniform(0.0, 1.0), "--e",     "a coefficient of restitution") \
  X(e_t,   c, tangential,  first, 3,  planar_input::e_t,      any,  at_least(-1.0),    constant(0.0),     "--et",    "tangential restitution") \
  X(s1,    c, weights,     first, 8,  planar_input::weights,  read, closed(0.0, 1.0),  constant(0.0),     "--s1",    "chatterjee-combined's weight of Law I") \
  X(s2,    c, weights,     next,  9,  planar_input::weights,  read, closed(0.0, 1.0),  constant(0.0),     "--s2",    "chatterjee-combined's weight of Law II") \
  X(ratio, c, ratio,       first, 10, planar_input::ratio,    read, any_real(),        constant(0.0),     "--ratio", "brach's impulse ratio P_t/P_n") \
  X(iterations,   c, engine, first, 11, planar_input::engine, read, whole(0.0, 10000.0), constant(8.0), "--iterations",   "sequential-impulse's Gauss-Seidel sweeps (0: to convergence)") \
  X(threshold,    c, engine, next,  12, planar_input::engine, read, at_least(0.0),       constant(0.0), "--threshold",    "sequential-impulse's restitution threshold (a speed)") \
  X(normal_first, c, engine, next,  13, planar_input::engine, read, whole(0.0, 1.0),     constant(0.0), "--normal-first", "sequential-impulse: 1 solves the normal impulse before friction")
// clang-format on

}  // namespace collsweep

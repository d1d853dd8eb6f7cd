// The multi-contact family's sampled law parameters, one line each (the row format:
// sampling/parameter_rows.hpp): the sampler, the grid counter, the config keys, map axes, eval, solve and
// witnesses read them from this table. The per-contact coefficients (mu_j, eps_Nj, eps_Tj) are drawn per
// contact by sample_inputs.hpp and are not rows: a row is one scalar per sample.
#pragma once

#include "collsweep/sampling/parameter_rows.hpp"

namespace collsweep {

// The per-sample parameters a multi-contact law may read beyond G, gamma^- and the per-contact coefficients
// (a law's `reads`, laws/law_traits.hpp): the engine law's settings (laws/sequential_impulse.hpp).
namespace multicontact_input {
enum : unsigned { engine = 1u };
}

// Streams are MultiStream's (plan.hpp), slots the grid counter's after the eleven of sample_inputs.hpp. The
// sequential impulses (Box2D 2.4.1's b2ContactSolver in contact space): the number of Gauss-Seidel sweeps
// (Box2D's velocityIterations; 0: until a sweep changes no accumulated impulse), the restitution threshold
// (b2FixtureDef::restitutionThreshold: a contact approaching slower than it gets no restitution bias),
// whether each sweep applies the normal impulses before friction (Bullet's order) instead of after (Box2D's),
// the order of the normal impulses (0 as given, 1 reversed, 2 the permutation below), Box2D's 2 x 2 block
// solver for k = 2, and the permutation of order 2: its index among the k! orders in lexicographic order, or
// -1 for one drawn per sample from its own stream (normal_order; sampler.hpp).
// clang-format off
#define COLLSWEEP_MULTICONTACT_PARAMETERS(X)                                                                      \
  X(iterations,   params, engine,       first, 11, multicontact_input::engine, read, whole(0.0, 10000.0),  constant(8.0),  "--iterations",   "the sequential impulses' sweeps (0: until converged)") \
  X(threshold,    params, engine,       next,  12, multicontact_input::engine, read, at_least(0.0),        constant(0.0),  "--threshold",    "the restitution threshold (no bounce below this approach speed)") \
  X(normal_first, params, engine,       next,  13, multicontact_input::engine, read, whole(0.0, 1.0),      constant(0.0),  "--normal-first", "1: normal impulses before friction in each sweep (Bullet's order)") \
  X(order,        params, engine,       next,  14, multicontact_input::engine, read, whole(0.0, 2.0),      constant(0.0),  "--order",        "the normal impulses' order: 0 as given, 1 reversed, 2 a permutation") \
  X(block_solver, params, engine,       next,  15, multicontact_input::engine, read, whole(0.0, 1.0),      constant(1.0),  "--block-solver", "k = 2: 1 solves both normal impulses at once (Box2D's block solver)") \
  X(permutation,  params, normal_order, first, 16, multicontact_input::engine, read, whole(-1.0, 23.0),    constant(-1.0), "--permutation",  "order 2: the normal order's index among the k! orders (-1: drawn per sample)")
// clang-format on

// The first grid slot of the table (sample_inputs.hpp's eleven axes come before it).
inline constexpr int multicontact_parameter_first_slot = 11;

}  // namespace collsweep

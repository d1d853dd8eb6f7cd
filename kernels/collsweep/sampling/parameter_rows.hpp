// The vocabulary of a family's parameter table (models/<family>/parameters.hpp): a sampled law parameter
// is one line, X(name, holder, stream, at, slot, reads, key, domain, init, option, meaning).
//
//   name     the plan's ScalarDist, the sample's drawn value (sample.holder.name), the config key
//            parameters.<name>, the map quantity and the eval/witness/samples.npy column
//   holder   the member of the family's sample that holds the law input (c: the collision)
//   stream   its Philox stream (the family's stream enum); at = first (the stream's first word) or next (the
//            stream of the row above continued: the same stream and the same reads)
//   slot     its digit of the plan's grid counter (the family's grid_digits: fastest first)
//   reads    the law-input bit of the laws that read it (0: every law); a sample draws it only when a law of
//            the sweep or a map axis reads it, so sweeps that do not read it never pay for it
//   key      any: the config key is accepted in every sweep; read: refused unless a law of run.laws reads it
//   domain   the values a config, eval or solve may give it (below)
//   init     the plan's default distribution (below)
//   option   its `solve` option (rows sharing an option take its comma-separated values in row order)
//   meaning  what it is, in a few words, for messages
// Append only: a new parameter takes a new stream and the next slot, so every sample of every existing
// config keeps its bits.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/sampling/scalar_dist.hpp"

namespace collsweep {

// Where a parameter's values may lie: [min, max] with each end optional and closed or open.
struct ParameterDomain {
  bool has_min = false;
  double min = 0.0;
  bool min_open = false;
  bool has_max = false;
  double max = 0.0;
  bool max_open = false;
  bool integers = false;  // whole numbers only (an iteration count, a 0/1 switch): a constant or an integer grid
};

namespace parameter_domain {
constexpr ParameterDomain any_real() { return ParameterDomain{}; }
constexpr ParameterDomain at_least(double lo) { return ParameterDomain{true, lo, false, false, 0.0, false}; }
constexpr ParameterDomain closed(double lo, double hi) {
  return ParameterDomain{true, lo, false, true, hi, false};
}
constexpr ParameterDomain whole(double lo, double hi) { return ParameterDomain{true, lo, false, true, hi, false, true}; }
}  // namespace parameter_domain

namespace parameter_init {
constexpr ScalarDist constant(double x) { return ScalarDist{ScalarKind::constant, x, x, 1u}; }
constexpr ScalarDist uniform(double lo, double hi) { return ScalarDist{ScalarKind::uniform, lo, hi, 1u}; }
}  // namespace parameter_init

// The key column: whether a config may set the parameter when no law of the sweep reads it.
enum class ParameterKey : std::uint8_t { any = 0, read };

// Whether a sample draws a parameter read through `reads` when the sweep reads the inputs `inputs`.
COLLSWEEP_HD_INLINE constexpr bool parameter_drawn(unsigned inputs, unsigned reads) {
  return reads == 0u || (inputs & reads) != 0u;
}

}  // namespace collsweep

// Expansions shared by the families' tables.
// The plan's ScalarDist of each row, with its default.
#define COLLSWEEP_PARAMETER_PLAN_FIELD(name, holder, stream, at, slot, reads, key, domain, init, option, \
                                       meaning)                                                          \
  ScalarDist name = ::collsweep::parameter_init::init;
// A lane-typed value of each row (the samplers' inputs).
#define COLLSWEEP_PARAMETER_LANE_FIELD(name, holder, stream, at, slot, reads, key, domain, init, option, \
                                       meaning)                                                          \
  R name;
// A grid digit of each row.
#define COLLSWEEP_PARAMETER_DIGIT_FIELD(name, holder, stream, at, slot, reads, key, domain, init, option, \
                                        meaning)                                                          \
  std::uint32_t name = 0;
// 1 + for each row (the table's length as an expression: TABLE(COLLSWEEP_PARAMETER_COUNT) 0).
#define COLLSWEEP_PARAMETER_COUNT(...) 1 +
// A map quantity of each row (the family's quantity enum), and its name.
#define COLLSWEEP_PARAMETER_ENUMERATOR(name, ...) name,
#define COLLSWEEP_PARAMETER_NAME(name, ...) #name,
// The samplers' draw of a table, row by row inside `if (false) { TABLE(X) }`: a `first` row closes the
// group above and opens its own, drawn when `drawn` from a generator `rng` = make (its stream's first
// word); a `next` row reads on in the group of the row above (same stream, same reads). Each stream's
// generator exists only where its group is drawn, as a hand-written sampler would scope it.
#define COLLSWEEP_PARAMETER_GROUP_first(drawn, rng, make) \
  }                                                       \
  if (drawn) {                                            \
    auto rng = make;
#define COLLSWEEP_PARAMETER_GROUP_next(drawn, rng, make)

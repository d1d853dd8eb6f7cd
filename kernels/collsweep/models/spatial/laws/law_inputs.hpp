// A spatial law at run time (its index in SpatialLaws, laws/registry.hpp), the per-sample
// parameters the laws read beyond W, v, mu and e, and the restitution hypotheses of Routh's laws.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

namespace collsweep {

// A spatial law's index in SpatialLaws (registry.hpp). Configs and outputs use the names, never these
// numbers.
enum class SpatialLaw : std::uint8_t {};

// The per-sample parameters a spatial law may read beyond W, v, mu and e (a law's `reads`).
namespace spatial_input {
enum : unsigned { e_t = 1u, weights = 2u, ratio = 4u };  // e_t; s1 and s2; Brach's r1 and r2
}

// The thesis laws' own parameters: the combined law's weights s1, s2 (Chatterjee 1997 §6.6) and Brach's
// impulse ratios r1 (along e2 = -v_T/|v_T|) and r2 (along e3 = n x e2) (§5.1.1).
struct SpatialThesisParams {
  double s1 = 0.0, s2 = 0.0;
  double r1 = 0.0, r2 = 0.0;
};

// What ends the restitution phase of a Routh law (Elkaranshawy 2002): the normal work's ratio (energetic,
// stronge-3d), the normal impulse's ratio (kinetic, poisson-3d) or the normal velocity's (kinematic,
// newton-3d).
enum class RestitutionHypothesis : std::uint8_t { energetic = 0, kinetic, kinematic };

}  // namespace collsweep

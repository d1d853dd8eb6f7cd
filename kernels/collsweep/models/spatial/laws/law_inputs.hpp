// A spatial law at run time (its index in SpatialLaws, laws/registry.hpp), the per-sample
// parameters the laws read beyond W, v, mu and e, and the restitution hypotheses of Routh's laws.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/models/spatial/parameters.hpp"

namespace collsweep {

// A spatial law's index in SpatialLaws (registry.hpp). Configs and outputs use the names, never these
// numbers.
enum class SpatialLaw : std::uint8_t {};

// The thesis laws' own parameters: the combined law's weights s1, s2 (Chatterjee 1997 §6.6) and Brach's
// impulse ratios r1 (along e2 = -v_T/|v_T|) and r2 (along e3 = n x e2) (§5.1.1); and the engine law's
// (sequential_impulse_3d.hpp): its Gauss-Seidel sweeps (0: to convergence; 8 by default, Box2D's
// velocityIterations), restitution threshold, order (1: the normal impulse first) and friction variant (1:
// the disc, 0: the pyramid), whole numbers held as doubles like every sampled parameter.
struct SpatialThesisParams {
  double s1 = 0.0, s2 = 0.0;
  double r1 = 0.0, r2 = 0.0;
  double iterations = 8.0, threshold = 0.0, normal_first = 0.0, friction_cone = 0.0;
};

// What ends the restitution phase of a Routh law (Elkaranshawy 2002): the normal work's ratio (energetic,
// stronge-3d), the normal impulse's ratio (kinetic, poisson-3d) or the normal velocity's (kinematic,
// newton-3d).
enum class RestitutionHypothesis : std::uint8_t { energetic = 0, kinetic, kinematic };

}  // namespace collsweep

// What cuda::evaluate_batch evaluates in the spatial family: one of the four laws of evaluate_classic_spatial
// on given collisions (the rows of `collsweep fit --backend cuda`); a thesis law gives numerical_failure.
#pragma once

#include "collsweep/models/spatial/laws/registry.hpp"

namespace collsweep {

struct SpatialBatch {
  using Collision = SpatialCollision;
  using Outcome = SpatialOutcome;

  SpatialLaw law{};
};

}  // namespace collsweep

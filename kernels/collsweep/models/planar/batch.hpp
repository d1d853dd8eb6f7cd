// What cuda::evaluate_batch evaluates in the planar family: one law on given collisions (the rows of
// `collsweep fit --backend cuda`).
#pragma once

#include "collsweep/contact/law_report.hpp"
#include "collsweep/models/planar/laws/registry.hpp"

namespace collsweep {

struct PlanarBatch {
  using Collision = PlanarCollision;
  using Outcome = PlanarOutcome;

  PlanarLaw law{};
  LawReport* reports =
      nullptr;  // if not null (host memory): each collision's LawReport, as evaluate gives it
};

}  // namespace collsweep

// What cuda::evaluate_batch evaluates in the multi-contact family: one law of K contacts, with its options,
// on given collisions (the rows of `collsweep fit --backend cuda`).
#pragma once

#include "collsweep/models/multicontact/laws/registry.hpp"

namespace collsweep {

template <int K>
struct MultiContactBatch {
  using Collision = MultiContactCollision<K>;
  using Outcome = MultiContactOutcome<K>;

  MultiContactLaw law{};
  MultiContactOptions options{};
};

}  // namespace collsweep

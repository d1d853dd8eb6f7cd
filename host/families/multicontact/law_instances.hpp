// The multi-contact LCP laws on one collision, k = 1 .. 4 contacts, without a listener: compiled once in the
// library (law_instances.cpp); a file that includes this header calls them instead of compiling them again.
#pragma once

#include "collsweep/models/multicontact/laws/lcp_laws.hpp"

#define COLLSWEEP_MULTICONTACT_LAW_INSTANCES(PREFIX, K)                                  \
  PREFIX template MultiContactOutcome<K> evaluate_poisson_lcp<K, NoSolutionListener>(    \
      const MultiContactCollision<K>&, const MultiContactOptions&, NoSolutionListener&); \
  PREFIX template MultiContactOutcome<K> evaluate_newton_lcp<K, NoSolutionListener>(     \
      const MultiContactCollision<K>&, const MultiContactOptions&, NoSolutionListener&);

namespace collsweep {

COLLSWEEP_MULTICONTACT_LAW_INSTANCES(extern, 1)
COLLSWEEP_MULTICONTACT_LAW_INSTANCES(extern, 2)
COLLSWEEP_MULTICONTACT_LAW_INSTANCES(extern, 3)
COLLSWEEP_MULTICONTACT_LAW_INSTANCES(extern, 4)

}  // namespace collsweep

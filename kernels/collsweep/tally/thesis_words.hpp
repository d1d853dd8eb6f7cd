// The thesis words of any family's tally (Chatterjee 1997's thesis laws): the constraints C1-C4 an outcome violates, how many
// solutions its law found and whether it converged (Words: PlanarWords or SpatialWords, each with c1 .. c4,
// solutions_0 .. solutions_3plus and not_converged).
#pragma once

#include <cstdint>

#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/contact/law_report.hpp"
#include "collsweep/contact/status.hpp"
#include "collsweep/tally/map_tally.hpp"

namespace collsweep {

// Records them in the pair words p of one (cell, law) pair: the violated constraints of a valid outcome
// (Chatterjee 1997 §3.2-§3.4, contact/constraint_report.hpp), the solution count of every sample the law
// tried (a sample it could not even try, an invalid input, has none), and Smith's convergence failures.
template <class Words, class Ops>
COLLSWEEP_HD_INLINE void tally_constraint_words(u64* p, Status status, const LawReport& r,
                                                const ConstraintReport& k) {
  if (status == Status::ok) {
    if (k.violated & kViolatesC1Energy) Ops::fetch_add(p + Words::c1, 1);
    if (k.violated & kViolatesC2Penetration) Ops::fetch_add(p + Words::c2, 1);
    if (k.violated & kViolatesC3Coulomb) Ops::fetch_add(p + Words::c3, 1);
    if (k.violated & kViolatesC4Compressive) Ops::fetch_add(p + Words::c4, 1);
  }
  if (status == Status::ok || status == Status::no_consistent_solution || status == Status::not_converged) {
    const std::uint32_t n = r.solutions < 3 ? r.solutions : 3u;
    Ops::fetch_add(p + Words::solutions_0 + n, 1);
  }
  if (status == Status::not_converged) Ops::fetch_add(p + Words::not_converged, 1);
}

}  // namespace collsweep

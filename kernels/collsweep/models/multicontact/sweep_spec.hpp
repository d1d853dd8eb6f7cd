// What one multi-contact sweep computes: the sampling plan, map axes, laws, solver and tally options (POD).
#pragma once

#include <cstring>

#include "collsweep/models/multicontact/laws.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/models/multicontact/quantities.hpp"
#include "collsweep/sweep/sweep_limits.hpp"
#include "collsweep/tally/axes.hpp"
#include "collsweep/tally/map_tally.hpp"

namespace collsweep {

enum class MultiContactLaw : std::uint8_t { poisson_lcp = 0, newton_lcp, count_ };
inline constexpr int multicontact_law_count = static_cast<int>(MultiContactLaw::count_);
static_assert(multicontact_law_count <= max_sweep_laws, "raise max_sweep_laws (sweep/sweep_limits.hpp)");

// Evaluates one multi-contact law on one collision (the sweeps, `eval` and `solve` all come here).
template <int K>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> evaluate_lcp(MultiContactLaw law,
                                                        const MultiContactCollision<K>& c,
                                                        const MultiContactOptions& opt) {
  static_assert(multicontact_law_count == 2, "a new law needs its case here and in evaluate_lcp_lanes");
  return law == MultiContactLaw::newton_lcp ? evaluate_newton_lcp(c, opt) : evaluate_poisson_lcp(c, opt);
}

// The law's enumeration branch on the lanes of V, out[l] for cs[l] (law_enumeration.hpp; the CPU's SIMD
// path, host/backend/multicontact_lanes.cpp, whose predicates run the theorem predicates on the lanes);
// the options' solver must be the enumeration. False, out untouched, for a value that names no law.
template <int K, class V, class Predicates>
COLLSWEEP_HD_INLINE bool evaluate_lcp_lanes(MultiContactLaw law, const MultiContactCollision<K>* cs,
                                            const MultiContactOptions& opt, const Predicates& predicates,
                                            MultiContactOutcome<K>* out) {
  static_assert(multicontact_law_count == 2, "a new law needs its case here");
  if (law != MultiContactLaw::poisson_lcp && law != MultiContactLaw::newton_lcp) return false;
  LaneLawState<K, V> st;
  if (!st.start(cs, opt, out, predicates)) return true;
  NoSolutionListener none;
  switch (law) {
    case MultiContactLaw::poisson_lcp:
      poisson_enumeration(st, cs, opt, out, none);
      break;
    case MultiContactLaw::newton_lcp:
      newton_enumeration(st, cs, opt, out, none);
      break;
    case MultiContactLaw::count_:
      break;
  }
  return true;
}

inline const char* law_name(MultiContactLaw law) {
  return law == MultiContactLaw::poisson_lcp  ? "poisson-lcp"
         : law == MultiContactLaw::newton_lcp ? "newton-lcp"
                                              : "unknown";
}

inline bool parse_multicontact_law(const char* name, MultiContactLaw* out) {
  for (int i = 0; i < multicontact_law_count; ++i)
    if (std::strcmp(name, law_name(static_cast<MultiContactLaw>(i))) == 0) {
      *out = static_cast<MultiContactLaw>(i);
      return true;
    }
  return false;
}

// Map axes of a multi-contact sweep may use: log10_cond (of G), eps_spread, mu (the mean over contacts)
// and contacts (k); see tally/axes.hpp.
struct MultiContactSweepSpec {
  MultiContactSamplePlan plan;
  MapAxis axes[max_map_axes];
  int n_axes = 1;
  MultiContactLaw laws[multicontact_law_count] = {};
  int n_laws = 0;
  LcpSolver solver = LcpSolver::automatic;
  double tolerance = 1e-12;  // energy gain when W > tolerance * T_acc
  int witnesses = 10;

  COLLSWEEP_HD_INLINE int cells() const { return map_cells(axes, n_axes); }
  COLLSWEEP_HD_INLINE int witness_slots() const { return n_laws; }  // one witness list per law
};

// Pair words of a multi-contact tally (models/multicontact/sweep.hpp explains each).
struct MultiContactWords {
  enum : std::uint32_t {
    valid = 0,
    gain_max,
    gain_min,
    gain_chosen,
    violation_111,
    violation_117,
    violation_121,
    no_solution,
    solver_failure,
    singular,
    invalid,
    truncated,
    sum_lo,
    sum_hi,
    max_key,
    solutions_1,
    count = solutions_1 + 8
  };
};

COLLSWEEP_HD_INLINE TallyLayout tally_layout(const MultiContactSweepSpec& s) {
  return tally_layout_of<MultiContactWords>(static_cast<std::uint32_t>(s.cells()),
                                            static_cast<std::uint32_t>(s.n_laws));
}

}  // namespace collsweep

// What one multi-contact sweep computes: the sampling plan, map axes, laws, solver and tally options (POD).
#pragma once

#include <cstring>

#include "collsweep/laws/law_list.hpp"
#include "collsweep/models/multicontact/laws.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/models/multicontact/quantities.hpp"
#include "collsweep/models/multicontact/tally_words.hpp"
#include "collsweep/sweep/sweep_limits.hpp"
#include "collsweep/tally/axes.hpp"
#include "collsweep/tally/map_tally.hpp"

namespace collsweep {

// The multi-contact laws (Glocker 2014). A new law is appended, so that every law keeps its index.
using MultiContactLaws = LawList<PoissonLcp, NewtonLcp>;

// A multi-contact law at run time: its index in MultiContactLaws (configs and outputs use its name).
enum class MultiContactLaw : std::uint8_t {};
template <class L>
inline constexpr MultiContactLaw multicontact_law =
    static_cast<MultiContactLaw>(LawIndex<L, MultiContactLaws>::value);
inline constexpr int multicontact_law_count = MultiContactLaws::size;
static_assert(multicontact_law_count <= max_sweep_laws, "raise max_sweep_laws (sweep/sweep_limits.hpp)");

template <class F, class G>
COLLSWEEP_HD_INLINE auto visit_multicontact_law(MultiContactLaw law, const F& f, const G& otherwise) {
  return LawFold<MultiContactLaws>::visit(static_cast<int>(law), f, otherwise);
}

// Evaluates one multi-contact law on one collision (the sweeps, `eval` and `solve` all come here); `listen`
// receives every distinct solution (solution_listener.hpp). An index that names no law: numerical_failure.
template <int K, class Listener>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> evaluate_lcp(MultiContactLaw law,
                                                        const MultiContactCollision<K>& c,
                                                        const MultiContactOptions& opt, Listener& listen) {
  return visit_multicontact_law(
      law, [&](auto tag) { return decltype(tag)::type::template evaluate<K>(c, opt, listen); },
      [] {
        MultiContactOutcome<K> o;
        o.status = Status::numerical_failure;
        return o;
      });
}

template <int K>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> evaluate_lcp(MultiContactLaw law,
                                                        const MultiContactCollision<K>& c,
                                                        const MultiContactOptions& opt) {
  NoSolutionListener none;
  return evaluate_lcp(law, c, opt, none);
}

// The law's enumeration branch on the lanes of V, out[l] for cs[l] (law_enumeration.hpp; the CPU's SIMD
// path, host/backend/multicontact_lanes.cpp, whose predicates run the theorem predicates on the lanes);
// the options' solver must be the enumeration. False, out untouched, for a value that names no law.
template <int K, class V, class Predicates>
COLLSWEEP_HD_INLINE bool evaluate_lcp_lanes(MultiContactLaw law, const MultiContactCollision<K>* cs,
                                            const MultiContactOptions& opt, const Predicates& predicates,
                                            MultiContactOutcome<K>* out) {
  return visit_multicontact_law(
      law,
      [&](auto tag) {
        LaneLawState<K, V> st;
        if (!st.start(cs, opt, out, predicates)) return true;
        NoSolutionListener none;
        decltype(tag)::type::template enumerate<K, V>(st, cs, opt, out, none);
        return true;
      },
      [] { return false; });
}

// Whether the law has Poisson's two phases (compression, decompression); else one phase.
inline bool law_two_phases(MultiContactLaw law) {
  return visit_multicontact_law(
      law, [](auto tag) { return decltype(tag)::type::two_phases; }, [] { return false; });
}

inline const char* law_name(MultiContactLaw law) {
  return visit_multicontact_law(
      law, [](auto tag) { return decltype(tag)::type::name; }, [] { return "unknown"; });
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

COLLSWEEP_HD_INLINE TallyLayout tally_layout(const MultiContactSweepSpec& s) {
  return tally_layout_of<MultiContactWords>(static_cast<std::uint32_t>(s.cells()),
                                            static_cast<std::uint32_t>(s.n_laws));
}

}  // namespace collsweep

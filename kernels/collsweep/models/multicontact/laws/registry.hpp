// The registry of multi-contact laws: their type list, and every query folded from it.
#pragma once

#include "collsweep/laws/law_list.hpp"
#include "collsweep/models/multicontact/laws/lcp_laws.hpp"
#include "collsweep/models/multicontact/laws/sequential_impulse.hpp"
#include "collsweep/sweep/sweep_limits.hpp"

namespace collsweep {

// The multi-contact laws: Glocker 2014's two LCP laws and the engines' sequential impulses. A new law is
// appended, so that every law keeps its index.
using MultiContactLaws = LawList<PoissonLcp, NewtonLcp, MultiContactSequentialImpulse>;

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
// receives every distinct solution (solution_listener.hpp). law must name a law (configs and the command
// line parse it).
template <int K, class Listener>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> evaluate_lcp(MultiContactLaw law,
                                                        const MultiContactCollision<K>& c,
                                                        const MultiContactOptions& opt, Listener& listen) {
  return LawFold<MultiContactLaws>::visit_valid(static_cast<int>(law), [&](auto tag) {
    return decltype(tag)::type::template evaluate<K>(c, opt, listen);
  });
}

template <int K>
COLLSWEEP_HD_INLINE MultiContactOutcome<K> evaluate_lcp(MultiContactLaw law,
                                                        const MultiContactCollision<K>& c,
                                                        const MultiContactOptions& opt) {
  NoSolutionListener none;
  return evaluate_lcp(law, c, opt, none);
}

// The laws' traits (laws/law_traits.hpp) by index: the parameters a law reads (parameters.hpp's
// multicontact_input bits), whether it reports its sweeps and convergence (the engine law), and whether it
// runs on the CPU's SIMD lanes (the LCP laws' enumeration; a law without them is evaluated one sample at a
// time and never sent to evaluate_lcp_lanes).
COLLSWEEP_HD_INLINE unsigned law_reads(MultiContactLaw law) {
  return visit_multicontact_law(
      law, [](auto tag) { return decltype(tag)::type::reads; }, [] { return 0u; });
}
COLLSWEEP_HD_INLINE bool law_reports_convergence(MultiContactLaw law) {
  return visit_multicontact_law(
      law, [](auto tag) { return decltype(tag)::type::reports_convergence; }, [] { return false; });
}
COLLSWEEP_HD_INLINE bool law_has_lanes(MultiContactLaw law) {
  return visit_multicontact_law(
      law, [](auto tag) { return decltype(tag)::type::simd_lanes; }, [] { return false; });
}

// One law's enumeration branch on the lanes of V (evaluate_lcp_lanes). A functor rather than a lambda: its
// call is forced inline into the CPU's SIMD entry points, compiled for their instruction set (a lambda too
// large for g++ to inline would be compiled for the baseline one).
template <int K, class V>
struct LaneEnumeration {
  LaneLawState<K, V>& st;
  const MultiContactCollision<K>* cs;
  const MultiContactOptions& opt;
  MultiContactOutcome<K>* out;
  template <class Tag>
  COLLSWEEP_HD_ALWAYS_INLINE bool operator()(Tag) const {
    if constexpr (Tag::type::simd_lanes) {
      NoSolutionListener none;
      Tag::type::template enumerate<K, V>(st, cs, opt, out, none);
      return true;
    } else {
      return false;  // a law without lanes (law_has_lanes): never sent here
    }
  }
};

// The law's enumeration branch on the lanes of V, out[l] for cs[l] (law_enumeration.hpp; the CPU's SIMD
// path, host/backend/multicontact_lanes.cpp, whose predicates run the theorem predicates on the lanes);
// the options' solver must be the enumeration. False, out untouched, for a value that names no law or a law
// without lanes (law_has_lanes).
template <int K, class V, class Predicates>
COLLSWEEP_HD_ALWAYS_INLINE bool evaluate_lcp_lanes(MultiContactLaw law, const MultiContactCollision<K>* cs,
                                                   const MultiContactOptions& opt,
                                                   const Predicates& predicates,
                                                   MultiContactOutcome<K>* out) {
  if (static_cast<int>(law) >= multicontact_law_count || !law_has_lanes(law)) return false;
  LaneLawState<K, V> st;
  if (!st.start(cs, opt, out, predicates)) return true;
  return LawFold<MultiContactLaws>::visit_valid(static_cast<int>(law),
                                                LaneEnumeration<K, V>{st, cs, opt, out});
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

// Parses a multi-contact law's name; returns false for an unknown name.
inline bool parse_multicontact_law(const char* name, MultiContactLaw* out) {
  const int i = law_index_of_name(name, MultiContactLaws{});
  if (i >= 0) *out = static_cast<MultiContactLaw>(i);
  return i >= 0;
}

}  // namespace collsweep

// The registry of spatial single-contact laws: their type list, and every query folded from it.
#pragma once

#include <type_traits>

#include "collsweep/laws/law_list.hpp"
#include "collsweep/models/spatial/laws/brach_3d.hpp"
#include "collsweep/models/spatial/laws/chatterjee_combined_3d.hpp"
#include "collsweep/models/spatial/laws/chatterjee_law1_3d.hpp"
#include "collsweep/models/spatial/laws/chatterjee_law3_3d.hpp"
#include "collsweep/models/spatial/laws/chatterjee_ruina_3d.hpp"
#include "collsweep/models/spatial/laws/kane_levinson_3d.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"
#include "collsweep/models/spatial/laws/routh_laws.hpp"
#include "collsweep/models/spatial/laws/sequential_impulse_3d.hpp"
#include "collsweep/models/spatial/laws/smith_3d.hpp"

namespace collsweep {

// The three incremental (Routh) laws, Chatterjee-Ruina's algebraic Law II in 3D, Chatterjee's thesis laws in
// 3D, then the physics engines' sequential impulses. A new law is appended, so that every law keeps its
// index.
using SpatialLaws =
    LawList<Stronge3d, Poisson3d, Newton3d, ChatterjeeRuina3d, ChatterjeeLaw1_3d, ChatterjeeLaw3_3d,
            ChatterjeeCombined3d, KaneLevinson3d, Smith3d, Brach3d, SequentialImpulse3d>;

template <class L>
inline constexpr SpatialLaw spatial_law = static_cast<SpatialLaw>(LawIndex<L, SpatialLaws>::value);
inline constexpr int spatial_law_count = SpatialLaws::size;

namespace spatial_registry {

template <class L, class = void>
struct HasRouthPath : std::false_type {};
template <class L>
struct HasRouthPath<L, std::void_t<decltype(L::has_routh_path)>> : std::bool_constant<L::has_routh_path> {};
// The modes a law's outcomes report (SpatialMode): first_mode and mode_count; none when it has no modes.
template <class L, class = void>
struct ModesOf {
  static constexpr SpatialMode first = SpatialMode::A;
  static constexpr int count = 0;
};
template <class L>
struct ModesOf<L, std::void_t<decltype(L::mode_count)>> {
  static constexpr SpatialMode first = L::first_mode;
  static constexpr int count = L::mode_count;
};
template <class L>
struct IsClassic : std::bool_constant<!L::thesis> {};
template <class L>
struct IsClassicWithoutRouth : std::bool_constant<!L::thesis && !HasRouthPath<L>::value> {};
template <class L>
struct IsThesis : std::bool_constant<L::thesis> {};
template <class L>
struct ReportsConvergence : std::bool_constant<L::reports_convergence> {};

template <class Sub = SpatialLaws, class F, class G>
COLLSWEEP_HD_INLINE auto visit(SpatialLaw law, const F& f, const G& otherwise) {
  return LawFold<SpatialLaws, Sub>::visit(static_cast<int>(law), f, otherwise);
}

}  // namespace spatial_registry

// The Routh laws (an integrated impulse path, the mode sequences A..E), the classic laws (no thesis law;
// what the GPU's kernel for sweeps without thesis laws compiles), the classic laws without a Routh path
// (Law II) and the thesis laws.
using RouthSpatialLaws = LawsWhere<spatial_registry::HasRouthPath, SpatialLaws>;
using ClassicSpatialLaws = LawsWhere<spatial_registry::IsClassic, SpatialLaws>;
using ClassicSpatialLawsWithoutRouth = LawsWhere<spatial_registry::IsClassicWithoutRouth, SpatialLaws>;
using ThesisSpatialLaws = LawsWhere<spatial_registry::IsThesis, SpatialLaws>;

COLLSWEEP_HD_INLINE SpatialOutcome invalid_law_outcome() {
  return invalid_spatial_outcome(Status::numerical_failure);
}

// The traits of the laws (laws/law_traits.hpp) by index.
COLLSWEEP_HD_INLINE bool theorem_forbids_gain(SpatialLaw law, const SpatialCollision& c) {
  return spatial_registry::visit(
      law, [&](auto tag) { return decltype(tag)::type::theorem_forbids_gain(c); }, [] { return false; });
}
COLLSWEEP_HD_INLINE bool is_routh_law(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return spatial_registry::HasRouthPath<typename decltype(tag)::type>::value; },
      [] { return false; });
}
COLLSWEEP_HD_INLINE RestitutionHypothesis routh_hypothesis(SpatialLaw law) {
  return spatial_registry::visit<RouthSpatialLaws>(
      law, [](auto tag) { return decltype(tag)::type::hypothesis; },
      [] { return RestitutionHypothesis::energetic; });
}
COLLSWEEP_HD_INLINE unsigned law_reads(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::reads; }, [] { return 0u; });
}
COLLSWEEP_HD_INLINE bool law_reads_tangential_restitution(SpatialLaw law) {
  return (law_reads(law) & spatial_input::e_t) != 0u;
}
COLLSWEEP_HD_INLINE bool law_reads_weights(SpatialLaw law) {
  return (law_reads(law) & spatial_input::weights) != 0u;
}
COLLSWEEP_HD_INLINE bool law_reads_ratio(SpatialLaw law) {
  return (law_reads(law) & spatial_input::ratio) != 0u;
}
COLLSWEEP_HD_INLINE bool is_thesis_law(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::thesis; }, [] { return false; });
}
COLLSWEEP_HD_INLINE bool law_counts_solutions(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::counts_solutions; }, [] { return false; });
}
inline bool law_reports_iterations(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::reports_iterations; }, [] { return false; });
}
inline bool law_reports_convergence(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::reports_convergence; }, [] { return false; });
}
inline int law_mode_count(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return spatial_registry::ModesOf<typename decltype(tag)::type>::count; },
      [] { return 0; });
}
inline SpatialMode law_first_mode(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return spatial_registry::ModesOf<typename decltype(tag)::type>::first; },
      [] { return SpatialMode::A; });
}
inline int law_type_count(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::type_count; }, [] { return 0; });
}
// The meaning of LawReport::type; "none" for a law without cases (the Routh laws and Law II report modes).
inline const char* type_label(SpatialLaw law, int type) {
  return spatial_registry::visit(
      law, [&](auto tag) { return decltype(tag)::type::type_label(type); }, [] { return "none"; });
}
inline const char* law_name(SpatialLaw law) {
  return spatial_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::name; }, [] { return "unknown"; });
}

// The Routh laws share one code for their path (routh_laws.hpp), their hypothesis a value: a kernel that
// evaluates them carries that code once.
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_routh(SpatialLaw law, const SpatialCollision& c,
                                                  const SpatialOptions& opt = SpatialOptions()) {
  return evaluate_routh(routh_hypothesis(law), c, opt);
}
COLLSWEEP_HD_INLINE bool routh_begin(SpatialLaw law, const SpatialCollision& c, RouthEvaluation* ev) {
  return routh_begin(routh_hypothesis(law), c, ev);
}

// evaluate_spatial (below) of the classic laws alone (no thesis law's code); a thesis law gives
// numerical_failure.
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_classic_spatial(SpatialLaw law, const SpatialCollision& c) {
  return spatial_registry::visit<ClassicSpatialLawsWithoutRouth>(
      law, [&](auto tag) { return decltype(tag)::type::evaluate(c); },
      [&] { return is_routh_law(law) ? evaluate_routh(law, c) : invalid_law_outcome(); });
}

// Evaluates one spatial law on one collision (sweeps, `eval` and `solve` all come here). p: the thesis laws'
// parameters (read by chatterjee-combined-3d and brach-3d only); report (optional) receives a thesis law's
// case, solution count and iterations, and for the other laws solutions = 1 when the outcome is valid.
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_spatial(SpatialLaw law, const SpatialCollision& c,
                                                    const SpatialThesisParams& p = SpatialThesisParams(),
                                                    LawReport* report = nullptr) {
  return spatial_registry::visit<ThesisSpatialLaws>(
      law, [&](auto tag) { return decltype(tag)::type::evaluate(c, p, report); },
      [&] {
        const SpatialOutcome o = evaluate_classic_spatial(law, c);
        set_report(report, 0, o.status == Status::ok ? 1 : 0);
        return o;
      });
}

// evaluate_spatial for every law but the Routh laws, without their code: for a caller that has their
// outcomes from elsewhere (the GPU sweep's Routh items). A Routh law here is a numerical failure.
COLLSWEEP_HD_INLINE SpatialOutcome evaluate_spatial_without_routh(SpatialLaw law, const SpatialCollision& c,
                                                                  const SpatialThesisParams& p,
                                                                  LawReport* report) {
  return spatial_registry::visit<ThesisSpatialLaws>(
      law, [&](auto tag) { return decltype(tag)::type::evaluate(c, p, report); },
      [&] {
        const SpatialOutcome o = spatial_registry::visit<ClassicSpatialLawsWithoutRouth>(
            law, [&](auto tag) { return decltype(tag)::type::evaluate(c); },
            [] { return invalid_law_outcome(); });
        set_report(report, 0, o.status == Status::ok ? 1 : 0);
        return o;
      });
}

// The iterative engine laws (reports_convergence: their sweeps observable through a trace).
using IterativeSpatialLaws = LawsWhere<spatial_registry::ReportsConvergence, SpatialLaws>;

// evaluate_spatial with an observer of the sweeps, trace(SpatialSweepState) after each, for `solve`'s table
// of an iterative law (the other laws have none: evaluate_spatial, trace never called).
template <class Trace>
inline SpatialOutcome evaluate_spatial_traced(SpatialLaw law, const SpatialCollision& c,
                                              const SpatialThesisParams& p, LawReport* report,
                                              const Trace& trace) {
  return spatial_registry::visit<IterativeSpatialLaws>(
      law, [&](auto tag) { return decltype(tag)::type::evaluate(c, p, report, trace); },
      [&] { return evaluate_spatial(law, c, p, report); });
}

// Parses a spatial law's name; returns false for an unknown name.
inline bool parse_law(const char* name, SpatialLaw* out) {
  const int i = law_index_of_name(name, SpatialLaws{});
  if (i >= 0) *out = static_cast<SpatialLaw>(i);
  return i >= 0;
}

}  // namespace collsweep

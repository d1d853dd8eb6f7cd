// The registry of planar single-contact laws: their type list, and every query folded from it.
#pragma once

#include <cstdint>

#include "collsweep/laws/law_list.hpp"
#include "collsweep/models/planar/laws/brach.hpp"
#include "collsweep/models/planar/laws/chatterjee_combined.hpp"
#include "collsweep/models/planar/laws/chatterjee_law1.hpp"
#include "collsweep/models/planar/laws/chatterjee_law3.hpp"
#include "collsweep/models/planar/laws/chatterjee_ruina.hpp"
#include "collsweep/models/planar/laws/kane_levinson.hpp"
#include "collsweep/models/planar/laws/newton.hpp"
#include "collsweep/models/planar/laws/poisson.hpp"
#include "collsweep/models/planar/laws/sequential_impulse.hpp"
#include "collsweep/models/planar/laws/smith.hpp"
#include "collsweep/models/planar/laws/stronge.hpp"

namespace collsweep {

// Djerassi's incremental laws and Chatterjee's Law II, then the algebraic laws of Chatterjee 1997 (§6.5.1
// Law I, §6.5.3 Law III, §6.6 the combined law, §5.1.2 Kane-Levinson, §5.1.3 Smith, §5.1.1 Brach), then the
// physics engines' sequential impulses. A new law is appended, so that every law keeps its index.
using PlanarLaws = LawList<Stronge, Poisson, Newton, ChatterjeeRuina, ChatterjeeLaw1, ChatterjeeLaw3,
                           ChatterjeeCombined, KaneLevinson, Smith, Brach, SequentialImpulse>;

// A planar law at run time: its index in PlanarLaws (configs and outputs use its name).
enum class PlanarLaw : std::uint8_t {};
template <class L>
inline constexpr PlanarLaw planar_law = static_cast<PlanarLaw>(LawIndex<L, PlanarLaws>::value);
inline constexpr int planar_law_count = PlanarLaws::size;

// The laws without Chatterjee's thesis laws: what the GPU's planar sweep kernel for sweeps without thesis
// laws compiles (Smith's continuation above all would weigh on its registers).
template <class L>
struct IsClassicLaw : std::bool_constant<!L::thesis> {};
using ClassicPlanarLaws = LawsWhere<IsClassicLaw, PlanarLaws>;
template <class L>
struct IsThesisLaw : std::bool_constant<L::thesis> {};
using ThesisPlanarLaws = LawsWhere<IsThesisLaw, PlanarLaws>;

// Types are numbered from 1; index 0 is unused so that type t counts into slot t.
inline constexpr int max_collision_type = 5;

namespace planar_registry {

template <class Sub = PlanarLaws, class F, class G>
COLLSWEEP_HD_INLINE auto visit(PlanarLaw law, const F& f, const G& otherwise) {
  return LawFold<PlanarLaws, Sub>::visit(static_cast<int>(law), f, otherwise);
}

}  // namespace planar_registry

// evaluate (below) for the classic laws alone, without the thesis laws' code; a thesis law gives
// numerical_failure.
COLLSWEEP_HD_INLINE PlanarOutcome evaluate_classic(PlanarLaw law, const PlanarCollision& c) {
  return planar_registry::visit<ClassicPlanarLaws>(
      law, [&](auto tag) { return decltype(tag)::type::evaluate(c); },
      [] { return invalid_outcome(Status::numerical_failure); });
}

// Evaluates one planar law on one collision (sweeps, `eval` and `solve` all come here); report (optional)
// receives a thesis law's case, solution count and iterations, and the classic laws' type and 1 solution
// when the outcome is valid. An index that names no law gives numerical_failure.
COLLSWEEP_HD_INLINE PlanarOutcome evaluate(PlanarLaw law, const PlanarCollision& c, LawReport* report) {
  return planar_registry::visit<ThesisPlanarLaws>(
      law, [&](auto tag) { return decltype(tag)::type::evaluate(c, report); },
      [&] {
        const PlanarOutcome o = evaluate_classic(law, c);
        if (report) set_report(report, o.status == Status::ok ? o.type : 0, o.status == Status::ok ? 1 : 0);
        return o;
      });
}

COLLSWEEP_HD_INLINE PlanarOutcome evaluate(PlanarLaw law, const PlanarCollision& c) {
  return evaluate(law, c, nullptr);
}

// The laws that sweep to a fixed point (the engines' sequential impulses): solve prints their sweeps.
template <class L>
struct ReportsConvergence : std::bool_constant<L::reports_convergence> {};
using SweepingPlanarLaws = LawsWhere<ReportsConvergence, PlanarLaws>;

// Evaluates a sweeping law with trace(PlanarSweepState) after every sweep (laws/sequential_impulse.hpp);
// another law gives numerical_failure and no call.
template <class Trace>
PlanarOutcome evaluate_traced(PlanarLaw law, const PlanarCollision& c, LawReport* report,
                              const Trace& trace) {
  return planar_registry::visit<SweepingPlanarLaws>(
      law, [&](auto tag) { return decltype(tag)::type::evaluate(c, report, trace); },
      [] { return invalid_outcome(Status::numerical_failure); });
}

// Whether a theorem says this law cannot gain energy on this collision (each law's theorem_forbids_gain).
COLLSWEEP_HD_INLINE bool theorem_forbids_gain(PlanarLaw law, const PlanarCollision& c) {
  return planar_registry::visit(
      law, [&](auto tag) { return decltype(tag)::type::theorem_forbids_gain(c); }, [] { return false; });
}

// The laws' traits (laws/law_traits.hpp) by index.
COLLSWEEP_HD_INLINE unsigned law_reads(PlanarLaw law) {
  return planar_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::reads; }, [] { return 0u; });
}
COLLSWEEP_HD_INLINE bool law_reads_tangential_restitution(PlanarLaw law) {
  return (law_reads(law) & planar_input::e_t) != 0u;
}
COLLSWEEP_HD_INLINE bool law_reads_weights(PlanarLaw law) {
  return (law_reads(law) & planar_input::weights) != 0u;
}
COLLSWEEP_HD_INLINE bool law_reads_ratio(PlanarLaw law) {
  return (law_reads(law) & planar_input::ratio) != 0u;
}
COLLSWEEP_HD_INLINE bool is_thesis_law(PlanarLaw law) {
  return planar_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::thesis; }, [] { return false; });
}
COLLSWEEP_HD_INLINE bool law_counts_solutions(PlanarLaw law) {
  return planar_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::counts_solutions; }, [] { return false; });
}
inline bool law_reports_iterations(PlanarLaw law) {
  return planar_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::reports_iterations; }, [] { return false; });
}
inline bool law_reports_convergence(PlanarLaw law) {
  return planar_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::reports_convergence; }, [] { return false; });
}
inline int law_type_count(PlanarLaw law) {
  return planar_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::type_count; }, [] { return 0; });
}
inline const char* type_label(PlanarLaw law, int type) {
  return planar_registry::visit(
      law, [&](auto tag) { return decltype(tag)::type::type_label(type); }, [] { return "none"; });
}
inline const char* law_name(PlanarLaw law) {
  return planar_registry::visit(
      law, [](auto tag) { return decltype(tag)::type::name; }, [] { return "unknown"; });
}

// Parses a planar law's name; returns false for an unknown name.
inline bool parse_law(const char* name, PlanarLaw* out) {
  const int i = law_index_of_name(name, PlanarLaws{});
  if (i >= 0) *out = static_cast<PlanarLaw>(i);
  return i >= 0;
}

}  // namespace collsweep

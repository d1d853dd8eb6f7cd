// The one loop body of every spatial sweep: sample k -> every requested law -> the map tally (CPU and GPU).
#pragma once

#include <type_traits>

#include "collsweep/models/spatial/constraints.hpp"
#include "collsweep/models/spatial/quantities.hpp"
#include "collsweep/models/spatial/sampler.hpp"
#include "collsweep/models/spatial/sweep_spec.hpp"
#include "collsweep/models/spatial/tally_words.hpp"

namespace collsweep {

COLLSWEEP_HD_INLINE TallyLayout tally_layout(const SpatialSweepSpec& s) {
  // The compared pairs take the slots after the laws' (compare.hpp).
  TallyLayout L = tally_layout_of<SpatialWords>(static_cast<std::uint32_t>(s.cells()),
                                                static_cast<std::uint32_t>(s.n_laws + s.n_pairs),
                                                SpatialWords::swerve_max);
  if (s.tallies_thesis_words()) L.pair_words = SpatialWords::count_thesis;
  return L;
}

// What a spatial sweep reads of its samples: the law parameters (parameters.hpp) that its laws or map axes
// read.
COLLSWEEP_HD_INLINE SpatialNeeds sample_needs(const SpatialSweepSpec& s) {
  SpatialNeeds n{0u};
  for (int i = 0; i < s.n_laws; ++i) n.inputs |= law_reads(s.laws[i]);
  for (int a = 0; a < s.n_axes; ++a) {
    const SpatialQuantity q = s.axes[a].quantity;
#define COLLSWEEP_X(name, holder, stream, at, slot, reads, ...) \
  if (q == SpatialQuantity::name) n.inputs |= reads;
    COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
    n.inputs |= derived_quantity_reads(q);
  }
  return n;
}

// What a sweep derives once from its spec for every sample.
struct SpatialSweepConstants {
  SpatialNeeds needs;
  double axis_scales[max_map_axes];  // axis_scale of each map axis (map_cell without divisions)
  bool thesis_words;                 // tally the constraints, solution counts and cases (tally_words.hpp)
};

COLLSWEEP_HD_INLINE SpatialSweepConstants sweep_constants(const SpatialSweepSpec& s) {
  SpatialSweepConstants c{sample_needs(s), {}, s.tallies_thesis_words()};
  for (int a = 0; a < s.n_axes; ++a) c.axis_scales[a] = axis_scale(s.axes[a]);
  return c;
}

// Outcomes evaluated ahead of the tally: given(i) points at law slot i's outcome of the sample, or is null
// when the sweep evaluates it. The CPU gives the Routh laws' outcomes from its SIMD lanes
// (host/backend/spatial_routh_lanes.hpp, the same bits); by default none is given.
struct NoGivenOutcomes {
  COLLSWEEP_HD_INLINE const SpatialOutcome* operator()(int) const { return nullptr; }
};

// A Given that declares `static constexpr bool gives_routh_outcomes = true` gives every Routh law's outcome,
// and the sweep evaluates the other laws without the Routh laws' code (evaluate_spatial_without_routh): the
// GPU's sweep kernel over outcomes its Routh items computed (kernels/spatial_given_sweep.cuh) carries no
// DOP853 step.
template <class Given, class = void>
struct GivesRouthOutcomes : std::false_type {};
template <class Given>
struct GivesRouthOutcomes<Given, std::void_t<decltype(Given::gives_routh_outcomes)>>
    : std::bool_constant<Given::gives_routh_outcomes> {};

// Evaluates every law of the spec on the drawn sample k (unless given) and records the outcomes; energy gains
// are offered to sink.offer(law_slot, dE_rel, k) for the witness lists, and each compared pair's
// disagreement (both laws valid) to sink.offer(n_laws + p, ...). kAllLaws = false: only the four laws of
// evaluate_classic_spatial, without the thesis words and pairs (ClassicSpatialSweepSpec).
template <class Ops, class Sink, bool kAllLaws = true, class Given = NoGivenOutcomes>
COLLSWEEP_HD_INLINE void sweep_drawn_sample(const SpatialSweepSpec& s, const SpatialSweepConstants& sc,
                                            const TallyLayout& L, u64* words, const SpatialSample& smp,
                                            std::uint64_t k, Sink& sink, const Given& given = Given()) {
  const std::uint32_t cell = L.tally_cell(map_cell(s, smp, sc.axis_scales));  // outside: its pseudo-cell
  Ops::fetch_add(words + L.samples(cell), 1);
  SpatialCompareOutcome seen[max_sweep_laws];  // what the compared pairs read (filled when there are pairs)
  for (int i = 0; i < s.n_laws; ++i) {
    LawReport report;
    SpatialOutcome o;
    if (const SpatialOutcome* g = given(i)) {  // a classic law's: evaluate_spatial's report for it
      o = *g;
      set_report(&report, 0, o.status == Status::ok ? 1 : 0);
    } else if constexpr (GivesRouthOutcomes<Given>::value) {
      o = evaluate_spatial_without_routh(s.laws[i], smp.c, smp.params, &report);
    } else if constexpr (kAllLaws) {
      o = evaluate_spatial(s.laws[i], smp.c, smp.params, &report);
    } else {
      o = evaluate_classic_spatial(s.laws[i], smp.c);
    }
    tally_spatial_outcome<Ops>(L, words, cell, static_cast<std::uint32_t>(i), o, smp.c.mu, s.tolerance,
                               theorem_forbids_gain(s.laws[i], smp.c));
    if constexpr (kAllLaws) {
      if (sc.thesis_words)
        tally_spatial_thesis_words<Ops>(L, words, cell, static_cast<std::uint32_t>(i), o, report,
                                        check_constraints(smp.c, o, s.tolerance));
    }
    if (o.status == Status::ok && o.dE_rel > s.tolerance) sink.offer(i, o.dE_rel, k);
    if constexpr (kAllLaws) {
      if (s.n_pairs > 0) seen[i] = compare_outcome(o);
    }
  }
  if constexpr (kAllLaws) tally_pairs<SpatialCompareWords, Ops>(s, L, words, cell, smp.c, seen, k, sink);
}

// Draws sample k and sweeps it.
template <class Ops, class Sink>
COLLSWEEP_HD_INLINE void sweep_sample(const SpatialSweepSpec& s, const SpatialSweepConstants& sc,
                                      const TallyLayout& L, u64* words, std::uint64_t k, Sink& sink) {
  sweep_drawn_sample<Ops>(s, sc, L, words, draw_spatial_sample(s.plan, k, sc.needs), k, sink);
}

template <class Ops, class Sink>
COLLSWEEP_HD_INLINE void sweep_sample(const ClassicSpatialSweepSpec& s, const SpatialSweepConstants& sc,
                                      const TallyLayout& L, u64* words, std::uint64_t k, Sink& sink) {
  sweep_drawn_sample<Ops, Sink, false>(s, sc, L, words, draw_spatial_sample(s.plan, k, sc.needs), k, sink);
}

}  // namespace collsweep

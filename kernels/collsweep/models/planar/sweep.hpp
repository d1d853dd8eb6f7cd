// The one loop body of every planar sweep: sample k -> every requested law -> the map tally (CPU and GPU).
#pragma once

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/quantities.hpp"
#include "collsweep/models/planar/sampler.hpp"
#include "collsweep/models/planar/sweep_spec.hpp"
#include "collsweep/models/planar/tally_words.hpp"
#include "collsweep/sweep/sweep_limits.hpp"

namespace collsweep {

COLLSWEEP_HD_INLINE TallyLayout tally_layout(const PlanarSweepSpec& s) {
  // The compared pairs take the slots after the laws' (compare.hpp).
  TallyLayout L = tally_layout_of<PlanarWords>(static_cast<std::uint32_t>(s.cells()),
                                               static_cast<std::uint32_t>(s.n_laws + s.n_pairs));
  if (s.tallies_thesis_words()) L.pair_words = PlanarWords::count_thesis;
  return L;
}

// What a planar sweep reads of its samples: the law parameters (parameters.hpp) that its laws or map axes
// read, the shape quantities and alpha only for their axes, the grid digits only when the plan has a grid
// axis.
COLLSWEEP_HD_INLINE SampleNeeds sample_needs(const PlanarSweepSpec& s) {
  SampleNeeds n{0u, false, false, false, planar_grid_size(s.plan) > 1u};
  for (int i = 0; i < s.n_laws; ++i) n.inputs |= law_reads(s.laws[i]);
  for (int a = 0; a < s.n_axes; ++a) {
    const PlanarQuantity q = s.axes[a].quantity;
#define COLLSWEEP_X(name, holder, stream, at, slot, reads, ...) \
  if (q == PlanarQuantity::name) n.inputs |= reads;
    COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
    if (q == PlanarQuantity::log2_iterations) n.inputs |= planar_input::engine;
    n.shape |= q == PlanarQuantity::rho || q == PlanarQuantity::kappa;
    n.log10_cond |= q == PlanarQuantity::log10_cond;
    n.alpha |= q == PlanarQuantity::alpha;
  }
  return n;
}

// What a sweep derives once from its spec for every sample (the loops compute it before their first
// sample: recomputing it per sample measurably slowed a one-core stronge sweep).
struct PlanarSweepConstants {
  SampleNeeds needs;
  double axis_scales[max_map_axes];  // axis_scale of each map axis (map_cell without divisions)
  bool thesis_words;                 // tally the constraints and solution counts (tally_words.hpp)
};

COLLSWEEP_HD_INLINE PlanarSweepConstants sweep_constants(const PlanarSweepSpec& s) {
  PlanarSweepConstants c{sample_needs(s), {}, s.tallies_thesis_words()};
  for (int a = 0; a < s.n_axes; ++a) c.axis_scales[a] = axis_scale(s.axes[a]);
  return c;
}

// Evaluates every law of the spec on sample k = smp (drawn by sweep_sample below, or by the CPU's SIMD
// sampler) and records the outcomes. Energy gains are offered to sink.offer(law_slot, dE_rel, k) for the
// witness lists, and each compared pair's disagreement (both laws valid) to sink.offer(n_laws + p, ...).
// kAllLaws = false: only the classic laws (ClassicPlanarSweepSpec), without the thesis words and pairs.
template <class Ops, class Sink, bool kAllLaws = true>
COLLSWEEP_HD_INLINE void sweep_drawn_sample(const PlanarSweepSpec& s, const PlanarSweepConstants& sc,
                                            const TallyLayout& L, u64* words, const PlanarSample& smp,
                                            std::uint64_t k, Sink& sink) {
  const std::uint32_t cell = L.tally_cell(map_cell(s, smp, sc.axis_scales));  // outside: its pseudo-cell
  Ops::fetch_add(words + L.samples(cell), 1);
  CompareOutcome seen[max_sweep_laws];  // what the compared pairs read (only filled when there are pairs)
  for (int i = 0; i < s.n_laws; ++i) {
    LawReport report;
    PlanarOutcome o;
    if constexpr (kAllLaws)
      o = evaluate(s.laws[i], smp.c, sc.thesis_words ? &report : nullptr);
    else
      o = evaluate_classic(s.laws[i], smp.c);
    tally_outcome<Ops>(L, words, cell, static_cast<std::uint32_t>(i), o, s.tolerance,
                       theorem_forbids_gain(s.laws[i], smp.c));
    if constexpr (kAllLaws) {
      if (sc.thesis_words)
        tally_thesis_words<Ops>(L, words, cell, static_cast<std::uint32_t>(i), o, report,
                                check_constraints(smp.c, o, s.tolerance));
    }
    if (o.status == Status::ok && o.dE_rel > s.tolerance) sink.offer(i, o.dE_rel, k);
    if constexpr (kAllLaws) {
      if (s.n_pairs > 0) seen[i] = compare_outcome(o);
    }
  }
  if constexpr (kAllLaws) tally_pairs<CompareWords, Ops>(s, L, words, cell, smp.c, seen, k, sink);
}

// Draws sample k and sweeps it (sweep_drawn_sample); Normals as for draw_planar_sample.
template <class Ops, class Normals = PairwiseNormals, class Sink>
COLLSWEEP_HD_INLINE void sweep_sample(const PlanarSweepSpec& s, const PlanarSweepConstants& sc,
                                      const TallyLayout& L, u64* words, std::uint64_t k, Sink& sink) {
  sweep_drawn_sample<Ops>(s, sc, L, words, draw_planar_sample<Normals>(s.plan, k, sc.needs), k, sink);
}

template <class Ops, class Normals = PairwiseNormals, class Sink>
COLLSWEEP_HD_INLINE void sweep_sample(const ClassicPlanarSweepSpec& s, const PlanarSweepConstants& sc,
                                      const TallyLayout& L, u64* words, std::uint64_t k, Sink& sink) {
  sweep_drawn_sample<Ops, Sink, false>(s, sc, L, words, draw_planar_sample<Normals>(s.plan, k, sc.needs), k,
                                       sink);
}

}  // namespace collsweep

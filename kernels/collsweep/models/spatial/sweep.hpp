// The one loop body of every spatial sweep: sample k -> every requested law -> the map tally (CPU and GPU).
#pragma once

#include "collsweep/models/spatial/quantities.hpp"
#include "collsweep/models/spatial/sampler.hpp"
#include "collsweep/models/spatial/sweep_spec.hpp"
#include "collsweep/models/spatial/tally_words.hpp"

namespace collsweep {

COLLSWEEP_HD_INLINE TallyLayout tally_layout(const SpatialSweepSpec& s) {
  return tally_layout_of<SpatialWords>(static_cast<std::uint32_t>(s.cells()),
                                       static_cast<std::uint32_t>(s.n_laws), SpatialWords::swerve_max);
}

// Whether a theorem says this law cannot gain energy on this collision: the energetic law by construction
// (stronge-3d: the normal impulse's work in restitution is -e^2 that of compression and friction only
// dissipates, Stronge 1990; Elkaranshawy 2002 eq. 19) and Chatterjee-Ruina for 0 <= e <= 1, -1 <= e_t <= 1
// (the thesis's energy identity, chatterjee_ruina_3d.hpp). Poisson's hypothesis in 3D has no such theorem:
// whether it ever gains is what configs/spatial_poisson_energy.toml measures. Newton's can gain.
COLLSWEEP_HD_INLINE bool theorem_forbids_gain(SpatialLaw law, const SpatialCollision& c) {
  switch (law) {
    case SpatialLaw::stronge3d:
      return true;
    case SpatialLaw::chatterjee_ruina3d:
      return c.e_t <= 1.0;
    default:
      return false;
  }
}

// What a spatial sweep reads of its samples: e_t only for chatterjee-ruina-3d or an e_t axis.
COLLSWEEP_HD_INLINE SpatialNeeds sample_needs(const SpatialSweepSpec& s) {
  SpatialNeeds n{false};
  for (int i = 0; i < s.n_laws; ++i) n.e_t |= law_reads_tangential_restitution(s.laws[i]);
  for (int a = 0; a < s.n_axes; ++a) n.e_t |= s.axes[a].quantity == Quantity::e_t;
  return n;
}

// What a sweep derives once from its spec for every sample.
struct SpatialSweepConstants {
  SpatialNeeds needs;
  double axis_scales[max_map_axes];  // axis_scale of each map axis (map_cell without divisions)
};

COLLSWEEP_HD_INLINE SpatialSweepConstants sweep_constants(const SpatialSweepSpec& s) {
  SpatialSweepConstants c{sample_needs(s), {}};
  for (int a = 0; a < s.n_axes; ++a) c.axis_scales[a] = axis_scale(s.axes[a]);
  return c;
}

// Evaluates every law of the spec on the drawn sample k and records the outcomes; energy gains are offered
// to sink.offer(law_slot, dE_rel, k) for the witness lists.
template <class Ops, class Sink>
COLLSWEEP_HD_INLINE void sweep_drawn_sample(const SpatialSweepSpec& s, const SpatialSweepConstants& sc,
                                            const TallyLayout& L, u64* words, const SpatialSample& smp,
                                            std::uint64_t k, Sink& sink) {
  const std::uint32_t cell = L.tally_cell(map_cell(s, smp, sc.axis_scales));  // outside: its pseudo-cell
  Ops::fetch_add(words + L.samples(cell), 1);
  for (int i = 0; i < s.n_laws; ++i) {
    const SpatialOutcome o = evaluate_spatial(s.laws[i], smp.c);
    tally_spatial_outcome<Ops>(L, words, cell, static_cast<std::uint32_t>(i), o, smp.c.mu, s.tolerance,
                               theorem_forbids_gain(s.laws[i], smp.c));
    if (o.status == Status::ok && o.dE_rel > s.tolerance) sink.offer(i, o.dE_rel, k);
  }
}

// Draws sample k and sweeps it.
template <class Ops, class Sink>
COLLSWEEP_HD_INLINE void sweep_sample(const SpatialSweepSpec& s, const SpatialSweepConstants& sc,
                                      const TallyLayout& L, u64* words, std::uint64_t k, Sink& sink) {
  sweep_drawn_sample<Ops>(s, sc, L, words, draw_spatial_sample(s.plan, k, sc.needs), k, sink);
}

}  // namespace collsweep

// What one multi-contact sweep computes: the sampling plan, map axes, laws, solver and tally options (POD).
#pragma once

#include "collsweep/models/multicontact/laws/registry.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/models/multicontact/quantities.hpp"
#include "collsweep/models/multicontact/summary.hpp"
#include "collsweep/models/multicontact/tally_words.hpp"
#include "collsweep/sweep/sweep_limits.hpp"
#include "collsweep/tally/axes.hpp"
#include "collsweep/tally/map_tally.hpp"

namespace collsweep {

// Map axes of a multi-contact sweep may use: log10_cond (of G), eps_spread, mu (the mean over contacts)
// and contacts (k); see tally/axes.hpp.
struct MultiContactSweepSpec {
  using Sample = MultiContactSample;    // what evaluate_samples (cuda_api.hpp) draws per sample
  using Outcome = MultiContactSummary;  // and what it gives per law

  MultiContactSamplePlan plan;
  MapAxis<MultiContactQuantity> axes[max_map_axes];
  int n_axes = 1;
  MultiContactLaw laws[multicontact_law_count] = {};
  int n_laws = 0;
  LcpSolver solver = LcpSolver::automatic;
  double tolerance = 1e-12;  // energy gain when W > tolerance * T_acc
  int witnesses = 10;

  COLLSWEEP_HD_INLINE int cells() const { return map_cells(axes, n_axes); }
  COLLSWEEP_HD_INLINE int witness_slots() const { return n_laws; }  // one witness list per law
  // Whether the tally has the engine law's words (a law of the sweep reports its convergence).
  COLLSWEEP_HD_INLINE bool tallies_engine_words() const {
    bool any = false;
    for (int l = 0; l < n_laws; ++l) any = any || law_reports_convergence(laws[l]);
    return any;
  }
};

// The layout of a sweep: MultiContactWords::count pair words, count_engine with the engine law (its spread
// maximum the layout's second maximum).
COLLSWEEP_HD_INLINE TallyLayout tally_layout(const MultiContactSweepSpec& s) {
  TallyLayout L = tally_layout_of<MultiContactWords>(static_cast<std::uint32_t>(s.cells()),
                                                     static_cast<std::uint32_t>(s.n_laws));
  if (s.tallies_engine_words()) {
    L.pair_words = MultiContactWords::count_engine;
    L.max2_slot = MultiContactWords::order_spread_max;
  }
  return L;
}

}  // namespace collsweep

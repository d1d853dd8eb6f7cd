// What one planar sweep computes: the sampling plan, the map axes, the laws and the tally options (POD).
#pragma once

#include "collsweep/models/planar/compare.hpp"
#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/models/planar/quantities.hpp"
#include "collsweep/sweep/sweep_limits.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

static_assert(planar_law_count <= max_sweep_laws, "raise max_sweep_laws (sweep/sweep_limits.hpp)");

struct PlanarSweepSpec {
  using Sample = PlanarSample;    // what evaluate_samples (cuda_api.hpp) draws per sample
  using Outcome = PlanarOutcome;  // and what it gives per law

  PlanarSamplePlan plan;
  MapAxis<PlanarQuantity> axes[max_map_axes];
  int n_axes = 1;                         // 1 or 2
  PlanarLaw laws[planar_law_count] = {};  // the laws evaluated on every sample, in output order
  int n_laws = 0;
  double tolerance = 1e-12;  // energy gain when dE > tolerance * T_acc
  int witnesses = 10;        // K largest gains kept per law (0 .. max_witnesses)
  // run.compare: pairs of law slots whose disagreement is mapped (compare.hpp); tally and witness slots
  // n_laws .. n_laws + n_pairs - 1. The GPU backend does not compute them (a run with pairs sweeps on the
  // CPU).
  ComparePair pairs[max_compare_pairs] = {};
  int n_pairs = 0;
  bool constraints = false;  // run.constraints: tally the thesis words even without a thesis law

  COLLSWEEP_HD_INLINE int cells() const { return map_cells(axes, n_axes); }
  // Witness lists: one per law, then one per compared pair (largest disagreement first).
  COLLSWEEP_HD_INLINE int witness_slots() const { return n_laws + n_pairs; }
  // Whether the sweep tallies the constraints C1-C4 and solution counts of every law: when one of its laws
  // is one of Chatterjee's thesis laws (tally_words.hpp), or run.constraints asks for them.
  COLLSWEEP_HD_INLINE bool tallies_thesis_words() const {
    if (constraints) return true;
    for (int i = 0; i < n_laws; ++i)
      if (is_thesis_law(laws[i])) return true;
    return false;
  }
  // Only the four classic laws, no thesis words, no pairs: the sweep may run as a ClassicPlanarSweepSpec.
  COLLSWEEP_HD_INLINE bool classic_only() const { return n_pairs == 0 && !tallies_thesis_words(); }
};

// A planar spec known to be classic_only(): its sweep (sweep.hpp) evaluates through evaluate_classic, so
// that the GPU kernel instance for it carries none of the thesis laws' code (kernels/planar_sweep_cuda.cu).
// The outcomes, tallies and witnesses are those of the same spec as a PlanarSweepSpec.
struct ClassicPlanarSweepSpec : PlanarSweepSpec {};

}  // namespace collsweep

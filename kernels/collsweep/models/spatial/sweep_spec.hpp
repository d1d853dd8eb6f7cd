// What one spatial sweep computes: the sampling plan, the map axes, the laws and the tally options (POD).
#pragma once

#include "collsweep/models/spatial/compare.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "collsweep/models/spatial/plan.hpp"
#include "collsweep/models/spatial/quantities.hpp"
#include "collsweep/sweep/sweep_limits.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

static_assert(spatial_law_count <= max_sweep_laws, "raise max_sweep_laws (sweep/sweep_limits.hpp)");

struct SpatialSweepSpec {
  using Sample = SpatialSample;    // what evaluate_samples (cuda_api.hpp) draws per sample
  using Outcome = SpatialOutcome;  // and what it gives per law

  SpatialSamplePlan plan;
  MapAxis<SpatialQuantity> axes[max_map_axes];
  int n_axes = 1;                           // 1 or 2
  SpatialLaw laws[spatial_law_count] = {};  // the laws evaluated on every sample, in output order
  int n_laws = 0;
  double tolerance = 1e-12;  // energy gain when dE > tolerance * T_acc
  int witnesses = 10;        // K largest gains kept per law (0 .. max_witnesses)
  bool constraints = false;  // run.constraints: tally the thesis words even without a thesis law
  // run.compare: pairs of law slots whose disagreement is mapped (compare.hpp); tally and witness slots
  // n_laws .. n_laws + n_pairs - 1. The GPU backend does not compute them (a run with pairs sweeps on the
  // CPU).
  ComparePair pairs[max_compare_pairs] = {};
  int n_pairs = 0;

  COLLSWEEP_HD_INLINE int cells() const { return map_cells(axes, n_axes); }
  // Witness lists: one per law, then one per compared pair (largest disagreement first).
  COLLSWEEP_HD_INLINE int witness_slots() const { return n_laws + n_pairs; }
  // Whether the sweep tallies the constraints C1-C4, solution counts and cases of every law
  // (tally_words.hpp): when one of its laws is a thesis law, or run.constraints asks for them.
  COLLSWEEP_HD_INLINE bool tallies_thesis_words() const {
    if (constraints) return true;
    for (int i = 0; i < n_laws; ++i)
      if (is_thesis_law(laws[i])) return true;
    return false;
  }
};

// A spatial spec without thesis words (hence without thesis laws) and without pairs: its sweep (sweep.hpp)
// evaluates through evaluate_classic_spatial, so that the GPU kernel instance for it carries none of the
// thesis laws' code (kernels/spatial_sweep_cuda.cu). The outcomes, tallies and witnesses are those of the
// same spec as a SpatialSweepSpec.
struct ClassicSpatialSweepSpec : SpatialSweepSpec {};

}  // namespace collsweep

// What one spatial sweep computes: the sampling plan, the map axes, the laws and the tally options (POD).
#pragma once

#include "collsweep/models/spatial/plan.hpp"
#include "collsweep/models/spatial/quantities.hpp"
#include "collsweep/models/spatial/spatial_laws.hpp"
#include "collsweep/sweep/sweep_limits.hpp"
#include "collsweep/tally/axes.hpp"

namespace collsweep {

static_assert(spatial_law_count <= max_sweep_laws, "raise max_sweep_laws (sweep/sweep_limits.hpp)");

struct SpatialSweepSpec {
  SpatialSamplePlan plan;
  MapAxis axes[max_map_axes];
  int n_axes = 1;                           // 1 or 2
  SpatialLaw laws[spatial_law_count] = {};  // the laws evaluated on every sample, in output order
  int n_laws = 0;
  double tolerance = 1e-12;  // energy gain when dE > tolerance * T_acc
  int witnesses = 10;        // K largest gains kept per law (0 .. max_witnesses)

  COLLSWEEP_HD_INLINE int cells() const { return map_cells(axes, n_axes); }
  COLLSWEEP_HD_INLINE int witness_slots() const { return n_laws; }  // one witness list per law
};

}  // namespace collsweep

// The CPU's SIMD path of the spatial Routh laws (stronge-3d, poisson-3d, newton-3d): the DOP853 steps of
// several samples' slip phases at once, bit for bit evaluate_routh one sample at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "backend/planar_lanes.hpp"  // LaneIsa
#include "collsweep/models/spatial/sweep.hpp"

namespace collsweep {

// out[i] = evaluate_routh(law, c[i]) for i = 0 .. n - 1, bit for bit. Each lane of a vector (four with AVX2,
// two with baseline x86-64) runs one sample's slip phase (spatial::slip_begin, slip_next_step, the lane's
// part of dop853_step, slip_advance: the kernels' own functions, models/spatial/routh/slip_ode.hpp); a lane
// whose sample ends takes the next one, so that lanes stay busy however unequal the samples' step counts. The
// samples without a slip phase to integrate (mu = 0, no initial slip, slip along an invariant direction,
// invalid input) are finished on the way. Requires is_routh_law(law) (else std::invalid_argument).
void evaluate_routh_lanes(SpatialLaw law, const SpatialCollision* c, std::size_t n, SpatialOutcome* out);

// The same with a given instruction set (tests; it must be available, planar_lanes_isa_available).
void evaluate_routh_lanes_with(LaneIsa isa, SpatialLaw law, const SpatialCollision* c, std::size_t n,
                               SpatialOutcome* out);

// A block of consecutive samples of a spatial sweep, drawn one at a time, with the spec's Routh laws
// evaluated on the lanes: what the CPU sweep and validate's comparison read sample by sample.
class SpatialRouthBlock {
 public:
  SpatialRouthBlock(const SpatialSweepSpec& spec, std::uint64_t capacity);
  bool has_routh_laws() const { return has_routh_laws_; }
  // Draws samples first .. first + n - 1 (n <= capacity) with needs and evaluates the Routh laws on them.
  void fill(std::uint64_t first, std::uint64_t n, SpatialNeeds needs);
  const SpatialSample& sample(std::uint64_t j) const { return samples_[j]; }
  // Law slot i's outcome of the block's sample j when it is a Routh law's, else null.
  const SpatialOutcome* outcome(int i, std::uint64_t j) const {
    return outcomes_[i].empty() ? nullptr : &outcomes_[i][j];
  }

 private:
  const SpatialSweepSpec& spec_;
  bool has_routh_laws_ = false;
  std::vector<SpatialSample> samples_;
  std::vector<SpatialCollision> collisions_;              // the samples' collisions, contiguous for the lanes
  std::vector<SpatialOutcome> outcomes_[max_sweep_laws];  // per law slot: the Routh laws' only
};

}  // namespace collsweep

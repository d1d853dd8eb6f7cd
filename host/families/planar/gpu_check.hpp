// `validate` for the planar family: the GPU's drawn samples and every law's outcome against the CPU's, within
// a relative tolerance (the impulses, velocities and energy of each law).
#pragma once

#include <cstdint>

#include "collsweep/models/planar/sweep.hpp"
#include "sweep/cross_check.hpp"

namespace collsweep {

// The GPU's samples [first, first + count) and their outcomes (gpu[i * n_laws + l]) against the CPU's,
// computed here.
CrossCheck compare_planar_outcomes(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                   const PlanarSample* gpu_samples, const PlanarOutcome* gpu);

}  // namespace collsweep

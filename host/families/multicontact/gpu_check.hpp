// `validate` for the multi-contact family: the GPU's drawn samples and every law's outcome against the CPU's,
// within a tolerance relative to T_acc (each law's W, W_min and W_max).
#pragma once

#include <cstdint>

#include "collsweep/models/multicontact/sweep.hpp"
#include "sweep/cross_check.hpp"

namespace collsweep {

// The GPU's samples [first, first + count) and their outcomes (gpu[i * n_laws + l]) against the CPU's,
// computed here.
CrossCheck compare_multicontact_outcomes(const MultiContactSweepSpec& spec, std::uint64_t first,
                                         std::uint64_t count, const MultiContactSample* gpu_samples,
                                         const MultiContactSummary* gpu);

}  // namespace collsweep

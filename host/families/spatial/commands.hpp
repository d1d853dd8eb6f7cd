// The spatial family's part of each command: run's sweep, validate, solve, eval and reproduce
// (families/commands.hpp lists every family's; the commands reach them through the registry).
#pragma once

#include <cstdint>
#include <optional>

#include "backend/cuda_backend.hpp"
#include "config/run_settings.hpp"
#include "families/shared/family_traits.hpp"
#include "families/spatial/spatial_outputs.hpp"
#include "vocabulary/command_options.hpp"
#include "vocabulary/impact_space.hpp"
#include "vocabulary/run_summary.hpp"

namespace collsweep {

// run: the samples on which a law gained energy although a theorem forbids it.
std::uint64_t theorem_violations(const SpatialSweepResult& r);

namespace families {

// validate: the drawn inputs and every outcome field of every law on the GPU against the CPU, bit for bit.
int validate_family(const ValidateOptions& o, const RunSettings& config, const SpatialSweepSpec& spec,
                    const cuda::DeviceInfo& gpu);
std::optional<SolveFailure> solve_family(families::FamilyTag<SpatialSweepSpec>, const SolveOptions& o);
EvalTable family_table(families::FamilyTag<SpatialSweepSpec>, const EvalOptions& o);
// fit: the contact space of impacts with the columns `header` (`contacts`: the option as given).
ImpactSpace impact_space(families::FamilyTag<SpatialSweepSpec>, const std::vector<std::string>& header,
                         const std::string& contacts);
WitnessSchema witness_schema(families::FamilyTag<SpatialSweepSpec>, const RunSummary& summary);

}  // namespace families
}  // namespace collsweep

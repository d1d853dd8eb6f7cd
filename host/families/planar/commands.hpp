// The planar family's part of each command: run's sweep, validate, solve, eval and reproduce
// (families/commands.hpp lists every family's; the commands reach them through the registry).
#pragma once

#include <cstdint>
#include <optional>

#include "backend/cuda_backend.hpp"
#include "config/run_settings.hpp"
#include "families/planar/planar_outputs.hpp"
#include "families/shared/family_traits.hpp"
#include "vocabulary/command_options.hpp"
#include "vocabulary/impact_space.hpp"
#include "vocabulary/run_summary.hpp"

namespace collsweep {

// run: the samples on which a law gained energy although a theorem forbids it.
std::uint64_t theorem_violations(const PlanarSweepResult& r);

namespace families {

// validate: inputs and every outcome field on the GPU against the CPU, relative.
int validate_family(const ValidateOptions& o, const RunSettings& config, const PlanarSweepSpec& spec,
                    const cuda::DeviceInfo& gpu);
std::optional<SolveFailure> solve_family(families::FamilyTag<PlanarSweepSpec>, const SolveOptions& o);
EvalTable family_table(families::FamilyTag<PlanarSweepSpec>, const EvalOptions& o);
// fit: the contact space of impacts with the columns `header` (`contacts`: the option as given).
ImpactSpace impact_space(families::FamilyTag<PlanarSweepSpec>, const std::vector<std::string>& header,
                         const std::string& contacts);
WitnessSchema witness_schema(families::FamilyTag<PlanarSweepSpec>, const RunSummary& summary);

}  // namespace families
}  // namespace collsweep

// Every model family's part of the commands (run, validate, solve, eval, reproduce): one include per family
// of families/registry.hpp. The commands call them through std::visit or for_each_family, so a family that
// lacks one fails to compile.
#pragma once

#include "families/multicontact/commands.hpp"
#include "families/planar/commands.hpp"
#include "families/registry.hpp"
#include "families/shared/sweep_backend.hpp"  // run_family_sweep of every family
#include "families/spatial/commands.hpp"

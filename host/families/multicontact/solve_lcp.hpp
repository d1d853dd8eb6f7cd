// `collsweep solve` for the multi-contact LCP laws (poisson-lcp, newton-lcp): one collision of k contacts.
#pragma once

#include <optional>
#include <string>

#include "vocabulary/command_options.hpp"

namespace collsweep::families {

// The command-line text of the LCP form of `solve` (see solve.cpp for the option list).
struct LcpSolveOptions {
  std::string law, contacts, G, gamma, mu, eN, eT, solver, bodies;  // bodies: a file (body_reader.hpp)
  bool json = false;
  SolveOptions all;  // every option as given: the law parameters' (--iterations, ...) among them
};

// Parses, evaluates and prints one multi-contact collision (a table, or one JSON object with json).
// Throws UsageError (one line naming the option and its value) for a missing or bad option; returns the
// failure, with nothing printed, when the law's outcome is not ok (the message names the option at fault).
std::optional<SolveFailure> solve_lcp(const LcpSolveOptions& o);

}  // namespace collsweep::families

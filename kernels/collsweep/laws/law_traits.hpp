// The traits every law struct carries, with the values most laws have: a law states the others itself.
#pragma once

namespace collsweep {

// A law of any family is a struct with
//   name                      its name in configs, outputs and the command line
//   reads                     the per-sample parameters it reads beyond W, v, mu and e (its family's bits)
//   thesis                    one of Chatterjee's thesis laws beyond Law II: it fills a LawReport, and sweeps
//                             with it tally the constraints C1-C4 and the solution counts
//   counts_solutions          it reports how many consistent solutions it found (LawReport::solutions)
//   reports_iterations        it reports the Newton iterations it spent (LawReport::iterations)
//   reports_convergence       an iterative engine law: it reports the sweeps it spent and whether they
//                             reached the fixed point (LawReport::iterations, converged)
//   type_count, type_label(t) its collision Types, numbered from 1 (families with Types)
//   theorem_forbids_gain(c)   whether a theorem says it cannot gain energy on collision c
//   evaluate(...)             the law itself, in its family's uniform signature
// and is registered by one line in its family's LawList (models/<family>/laws/registry.hpp).
struct LawDefaults {
  static constexpr unsigned reads = 0u;
  static constexpr bool thesis = false;
  static constexpr bool counts_solutions = false;
  static constexpr bool reports_iterations = false;
  static constexpr bool reports_convergence = false;
};

}  // namespace collsweep

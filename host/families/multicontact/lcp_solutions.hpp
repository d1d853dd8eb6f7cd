// Every distinct solution of one multi-contact impact as `solve` prints them, from the laws' listener
// (models/multicontact/laws/solution_listener.hpp): those the outcome counts, in the solver's order.
#pragma once

#include <ostream>
#include <vector>

#include "io/json_writer.hpp"

namespace collsweep::families {

struct LcpCompressionSolution {
  std::vector<double> Lam_minus, gamma_0;
  double W_compression = 0.0;
};

struct LcpImpactSolution {
  int compression = 0;  // index (0-based) of the compression solution it follows (newton-lcp: 0)
  int index = 0;        // index among the solutions that follow that compression
  std::vector<double> Lam_plus, Lam, gamma_plus;
  double W = 0.0;
};

// The listener (its calls are documented in solution_listener.hpp).
struct LcpSolutionList {
  static constexpr bool kActive = true;
  std::vector<LcpCompressionSolution> compressions;
  std::vector<LcpImpactSolution> solutions;
  int chosen_compression = -1;  // index into compressions
  int chosen_solution = -1;     // index into solutions
  // After group_outcomes: the outcome (distinct gamma^+, same_outcome in law_steps.hpp) of each solution,
  // numbered 0, 1, ... in order of first appearance, and their number.
  std::vector<int> outcome_of;
  int outcomes = 0;

  template <int N>
  void compression(int, const double (&lm)[N], const double (&g0)[N], double w) {
    compressions.push_back({std::vector<double>(lm, lm + N), std::vector<double>(g0, g0 + N), w});
  }
  template <int N>
  void solution(int r, int i, const double (&lp)[N], const double (&lam)[N], const double (&gp)[N],
                double w) {
    solutions.push_back({r, i, std::vector<double>(lp, lp + N), std::vector<double>(lam, lam + N),
                         std::vector<double>(gp, gp + N), w});
  }
  void discard() {
    compressions.clear();
    solutions.clear();
    rigid_impulses.clear();
  }
  template <int N>
  void rigid_impulse(const double (&lam)[N]) {
    rigid_impulses.emplace_back(lam, lam + N);
  }
  void chosen(int r, int i);
  void group_outcomes(double gamma_scale);
  // On a singular G: the total impulses of the rigid problem's solutions with the chosen outcome.
  std::vector<std::vector<double>> rigid_impulses;
};

// The range of each impulse component (total Lambda, rows N1..Nk, T1..Tk) over the chosen solution and, on a
// singular G, the rigid problem's solutions with its outcome (rigid_impulses): where the set of impulses with
// one outcome is a polytope, its vertices are those solutions, so these are its bounds. Empty without a
// chosen solution.
struct ImpulseRanges {
  std::vector<double> min, max;
  int solutions = 0;  // the impulses it spans
};
ImpulseRanges chosen_outcome_ranges(const LcpSolutionList& list);

// "the impulses are indeterminate" section of `solve` for a G of rank < 2k: its rank, the null space's
// dimension and the ranges above.
void print_indeterminate_impulses(std::ostream& os, const LcpSolutionList& list, int k, int rank);

// The tables of the solutions (poisson: compression, then whole impact; newton: one), * marking the chosen;
// k contacts (rows N1..Nk, T1..Tk).
void print_solution_tables(std::ostream& os, const LcpSolutionList& list, int k, bool poisson);

// The JSON arrays (keys inside the open object): poisson compression_solutions and decompression_solutions,
// newton solution_list. Entries have a 1-based "index", their 1-based "outcome" and "chosen"; then
// "impulse_ranges" (chosen_outcome_ranges).
void write_solution_json(io::JsonWriter& j, const LcpSolutionList& list, bool poisson);

}  // namespace collsweep::families

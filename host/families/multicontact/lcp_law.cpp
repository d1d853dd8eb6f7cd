// Shared command-line pieces of the multi-contact LCP laws: law and solver parsing, --contacts, reasons.
#include "families/multicontact/lcp_law.hpp"

#include "vocabulary/parse_numbers.hpp"

namespace collsweep::families {

bool parse_lcp_law(const std::string& name, MultiContactLaw* law) {
  return parse_multicontact_law(name.c_str(), law);
}

int parse_contacts(const std::string& text) {
  int k = 0;
  try {
    k = parse_positive_int("--contacts", text);
  } catch (const UsageError&) {
    k = 0;
  }
  if (k < 1 || k > kMaxLcpContacts)
    throw UsageError("--contacts " + text + ": expected the number of contacts, an integer from 1 to " +
                     std::to_string(kMaxLcpContacts));
  return k;
}

LcpSolver parse_lcp_solver(const std::string& text) {
  for (LcpSolver s : {LcpSolver::automatic, LcpSolver::enumeration, LcpSolver::lemke})
    if (text == lcp_solver_name(s)) return s;
  if (text.empty()) return LcpSolver::automatic;
  throw UsageError("--solver " + text + ": unknown solver (expected automatic, enumeration or lemke)");
}

std::string lcp_row_label(int i, int k) { return (i < k ? "N" : "T") + std::to_string(i % k + 1); }

std::string lcp_status_reason(Status s) {
  switch (s) {
    case Status::delassus_not_spd:
      return "G is not symmetric positive semidefinite";
    case Status::not_approaching:
      return "no contact is approaching (every gamma_N^- >= 0): there is no impact";
    case Status::restitution_out_of_range:
      return "eps_N outside [0, 1]";
    case Status::magnitude_out_of_range:
      return "input magnitudes out of range: a velocity gamma^- above 2^300 (about 2e90) in magnitude, "
             "a largest approach speed -gamma_N^- below 2^-300 (about 5e-91) or a diagonal entry of G "
             "outside [2^-300, 2^300], where the results would lose digits to underflow or overflow; the "
             "laws are homogeneous: rescale the units";
    case Status::parameter_out_of_range:
      return "an engine-law setting outside its range (iterations a whole number in [0, 10000], threshold "
             ">= 0, normal_first and block_solver 0 or 1, order 0, 1 or 2, and for order 2 permutation a "
             "whole number in [0, k!))";
    case Status::not_converged:
      return "the sequential impulses did not reach their fixed point within 10000 sweeps (iterations = 0 "
             "runs until converged)";
    default:
      return status_reason(s);
  }
}

}  // namespace collsweep::families

// The eval/solve columns of Chatterjee's thesis laws (the constraints C1..C4 of Chatterjee 1997 §3.2-§3.4,
// Ivanov's eta, §3.3, the solution counts), shared by the planar and spatial families: docs/thesis-laws.md.
#pragma once

#include <string>
#include <vector>

#include "collsweep/contact/constraint_report.hpp"
#include "collsweep/contact/law_report.hpp"
#include "collsweep/contact/status.hpp"
#include "io/csv.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep::families {

// What a thesis law's row reports beside the family's outcome.
struct ThesisColumns {
  bool counts = false;      // a `solutions` column
  bool iterations = false;  // an `iterations` column
  bool convergence = false;  // `iterations_used` and `converged` (an engine law: its `iterations` column is
                             // the iteration count it was given)
};

inline void append_thesis_column_names(std::vector<std::string>& names, ThesisColumns t) {
  for (const char* c : {"C1", "C2", "C3", "C4", "eta"}) names.emplace_back(c);
  if (t.counts) names.emplace_back("solutions");
  if (t.iterations) names.emplace_back("iterations");
  if (t.convergence) {
    names.emplace_back("iterations_used");
    names.emplace_back("converged");
  }
}

// Whether a failed status still carries the law's own solution count (the law tried and found 0 or failed).
inline bool status_keeps_count(Status s) {
  return s == Status::ok || s == Status::no_consistent_solution || s == Status::not_converged;
}

inline void write_thesis_columns(io::FieldSink& w, Status s, const LawReport& r, const ConstraintReport& k,
                                 ThesisColumns t) {
  if (s == Status::ok) {
    for (std::uint8_t bit :
         {kViolatesC1Energy, kViolatesC2Penetration, kViolatesC3Coulomb, kViolatesC4Compressive})
      w.field((k.violated & bit) ? "1" : "0");
    if (k.eta_defined)
      w.number(k.eta);
    else
      w.empty_field();
  } else {
    for (int i = 0; i < 5; ++i) w.empty_field();
  }
  const bool keeps = status_keeps_count(s);
  if (t.counts) {
    if (keeps)
      w.field(std::to_string(r.solutions));
    else
      w.empty_field();
  }
  if (t.iterations) {
    if (keeps)
      w.field(std::to_string(r.iterations));
    else
      w.empty_field();
  }
  if (t.convergence) {
    if (keeps) {
      w.field(std::to_string(r.iterations));
      w.field(r.converged ? "1" : "0");
    } else {
      w.empty_field();
      w.empty_field();
    }
  }
}

// An outcome with its constraint report (with_constraints below).
template <class Outcome>
struct CheckedOutcome {
  Outcome outcome;
  ConstraintReport constraints;
};

// A family's eval schema with C1..C4, eta appended (eval --constraints): check(record, outcome) gives the
// report; the base schema's columns, filters and recorded columns are kept.
template <class Record, class Outcome, class Check>
RowSchema<Record, CheckedOutcome<Outcome>> with_constraints(const RowSchema<Record, Outcome>& base,
                                                            Check check) {
  RowSchema<Record, CheckedOutcome<Outcome>> s;
  s.inputs = base.inputs;
  s.outputs = base.outputs;
  append_thesis_column_names(s.outputs, ThesisColumns{});
  const auto compute = base.compute;
  s.compute = [compute, check](const Record& r) {
    CheckedOutcome<Outcome> c;
    c.outcome = compute(r);
    c.constraints = check(r, c.outcome);
    return c;
  };
  const auto write = base.write;
  s.write = [write](const CheckedOutcome<Outcome>& c, io::FieldSink& w) {
    const bool ok = write(c.outcome, w);
    write_thesis_columns(w, c.outcome.status, LawReport{}, c.constraints, ThesisColumns{});
    return ok;
  };
  s.filters = base.filters;
  s.recorded = base.recorded;
  return s;
}

// "C1 C3" for the violated bits, "none" when the outcome is in the accessible region (solve's table).
inline std::string violated_names(const ConstraintReport& k) {
  std::string s;
  const char* names[] = {"C1", "C2", "C3", "C4"};
  for (int i = 0; i < 4; ++i)
    if (k.violated & (1u << i)) s += (s.empty() ? "" : " ") + std::string(names[i]);
  return s.empty() ? "none" : s;
}

}  // namespace collsweep::families

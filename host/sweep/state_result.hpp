// A sweep result as a run state and back, for every family alike (run_state.hpp).
#pragma once

#include <string>

#include "sweep/run_state.hpp"
#include "sweep/sweep_result.hpp"

namespace collsweep {

// Copies the tally, witnesses, samples done and how they were made into s (its identity fields untouched).
template <class Spec>
void store_result(RunState& s, const SweepResult<Spec>& r) {
  s.words = r.words;
  s.witnesses = r.witnesses;
  s.done = r.count;
  s.seconds = r.seconds;
  s.backend = r.backend;
  s.device = r.device;
  s.threads = r.threads;
}

// The result a state holds for spec: throws StateError naming `name` when the tally or the witness lists
// do not fit the spec's layout.
template <class Spec>
SweepResult<Spec> load_result(const RunState& s, const Spec& spec, const std::string& name) {
  SweepResult<Spec> r = make_empty_result(spec);
  if (s.words.size() != r.words.size() || s.witnesses.size() != r.witnesses.size())
    throw StateError(name + ": its tally does not fit the config's map and laws");
  r.words = s.words;
  r.witnesses = s.witnesses;
  r.first = s.first;
  r.count = s.done;
  r.seconds = s.seconds;
  r.backend = s.backend;
  r.device = s.device;
  r.threads = s.threads;
  return r;
}

}  // namespace collsweep

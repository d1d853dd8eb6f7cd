// Which backend runs a planar or spatial sweep: the GPU when asked for, unless run.compare names pairs.
#pragma once

#include <iostream>

#include "cli/command_options.hpp"

namespace collsweep::families {

// True when the sweep runs on the GPU: q.backend is cuda and there are no compared pairs (their disagreement
// is tallied by the CPU loop only: the GPU kernels' witness buffers hold the laws'); with pairs the CPU
// sweeps, and the user is told once per process (a checkpointed or ranked run asks once per chunk).
inline bool sweeps_on_gpu(const SweepRequest& q, int n_pairs) {
  if (q.backend != "cuda") return false;
  if (n_pairs == 0) return true;
  static bool noted = false;
  if (!noted) {
    std::cerr << "collsweep run: note: run.compare is computed on the CPU backend; sweeping on the CPU\n";
    noted = true;
  }
  return false;
}

}  // namespace collsweep::families

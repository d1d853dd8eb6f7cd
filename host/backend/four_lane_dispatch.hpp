// The instruction-set choice of the CPU's four-lane SIMD laws (multi-contact k <= 2, spatial Routh): one body
// compiled for four lanes of AVX2 (x86-64-v3) and two of baseline x86-64 (SSE2), picked at run time. AVX-512
// CPUs run the AVX2 code: g++ 12 expands the comparisons of eight-double vectors lane by lane.
#pragma once

#include "backend/planar_lanes.hpp"  // LaneIsa
#include "backend/simd_lanes.hpp"

namespace collsweep {

template <class Job>
using LanesRun = void (*)(const Job&);

// Body::run<V>(job), always inlined, for the vector V of each instruction set.
#if defined(__x86_64__)
template <class Body, class Job>
__attribute__((target("arch=x86-64-v3"))) void run_four_lanes(const Job& j) {
  Body::template run<Lane4D>(j);
}
#endif
template <class Body, class Job>
void run_two_lanes(const Job& j) {
  Body::template run<Lane2D>(j);
}

// The body's runner for the instruction set isa (the bits do not depend on which).
template <class Body, class Job>
LanesRun<Job> lanes_runner(LaneIsa isa) {
#if defined(__x86_64__)
  if (isa == LaneIsa::avx512 || isa == LaneIsa::avx2) return run_four_lanes<Body, Job>;
#endif
  (void)isa;
  return run_two_lanes<Body, Job>;
}

}  // namespace collsweep

// A GPU's peak FP64 and INT32 rates from its architecture, SM count and clock: the benchmarks' "fraction of
// peak" (bench/bench_sweep.cpp) and the roofline of bench/results/notes.md.
#pragma once

#include "collsweep/cuda_api.hpp"

namespace collsweep {

// FP64 fused multiply-add lanes per SM: 64 on Hopper and Blackwell data-centre chips (compute capability
// 9.0, 10.0), 32 on P100, V100, A100 (6.0, 7.0, 8.0), 2 on the others (FP64 at 1/32 or 1/64 of FP32).
inline int fp64_lanes_per_sm(int cc_major, int cc_minor) {
  if (cc_minor == 0 && (cc_major == 9 || cc_major == 10)) return 64;
  if (cc_minor == 0 && (cc_major == 6 || cc_major == 7 || cc_major == 8)) return 32;
  return 2;
}

// FP64 operations per second at the peak clock, an FMA counting two (H100 SXM at 1.98 GHz: 33.5·10¹²).
inline double fp64_peak_per_second(const cuda::DeviceInfo& d) {
  return 2.0 * fp64_lanes_per_sm(d.cc_major, d.cc_minor) * d.sms * d.clock_ghz * 1e9;
}

// 32-bit integer instructions per second per thread lane at the peak clock: 64 lanes per SM from Volta on
// (compute capability 7.0; 16 per SM sub-partition).
inline double int32_peak_per_second(const cuda::DeviceInfo& d) {
  return (d.cc_major >= 7 ? 64.0 : 32.0) * d.sms * d.clock_ghz * 1e9;
}

}  // namespace collsweep

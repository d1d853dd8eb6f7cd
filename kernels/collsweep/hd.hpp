// Host/device decoration macros so that the physics in kernels/ compiles under g++ and nvcc alike.
#pragma once

#include <cmath>

#if defined(__CUDACC__)
#define COLLSWEEP_HD __host__ __device__
#define COLLSWEEP_HD_INLINE __host__ __device__ __forceinline__
#define COLLSWEEP_HD_ALWAYS_INLINE __host__ __device__ __forceinline__
#else
#define COLLSWEEP_HD
#define COLLSWEEP_HD_ALWAYS_INLINE inline __attribute__((always_inline))
#if defined(COLLSWEEP_HOST_INLINE_FREELY)
// Files where g++ may choose what to inline (the tests, the one-sample commands: CMakeLists.txt): forcing
// every kernel function into every call site compiles the same large bodies once per call, which made them
// the larger part of the build; their results are the same bits either way (IEEE operations, no
// contraction). COLLSWEEP_HD_ALWAYS_INLINE marks the few lane-generic functions forced even there.
#define COLLSWEEP_HD_INLINE inline
#else
// The library: always inlined, so that the CPU's SIMD entry points (host/backend/*_lanes.cpp, compiled for
// their instruction set) and the sweep loops get the kernels' code whole.
#define COLLSWEEP_HD_INLINE COLLSWEEP_HD_ALWAYS_INLINE
#endif
#endif

#if defined(__CUDA_ARCH__)
#define COLLSWEEP_DEVICE_COMPILE 1
#else
#define COLLSWEEP_DEVICE_COMPILE 0
#endif

namespace collsweep {

// Device-safe math helpers: plain ::sqrt/::fabs are available in both host and device code.
COLLSWEEP_HD_INLINE double max_d(double a, double b) { return a > b ? a : b; }
COLLSWEEP_HD_INLINE double min_d(double a, double b) { return a < b ? a : b; }
// |a| by clearing the sign bit (one instruction, no data-dependent branch on the CPU); every use is a
// magnitude or a comparison, where only the sign of a zero or of a NaN could differ from a < 0 ? -a : a.
COLLSWEEP_HD_INLINE double abs_d(double a) { return ::fabs(a); }
// Finite test that works without <cmath> overloads on the device (NaN fails both compares).
COLLSWEEP_HD_INLINE bool is_finite_d(double a) { return a - a == 0.0; }

}  // namespace collsweep

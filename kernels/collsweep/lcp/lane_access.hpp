// Per-lane access to a lane type R (math/lanes.hpp): lane l of a value, a mask or an integer, and a value
// or mask built from one function of the lane index. The kernel gives R = double (one lane); host/ gives
// its SIMD vectors' (host/backend/multicontact_lane_access.hpp), so that kernel code written for any lane
// type can hand each lane to one-sample code and back.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/lanes.hpp"

// A lambda of lane-generic code, always inlined on the host (out of line, g++ would compile it for baseline
// x86-64 whatever the instruction set of the function that runs the lanes).
#if defined(__CUDACC__)
#define COLLSWEEP_LANES_LAMBDA
#else
#define COLLSWEEP_LANES_LAMBDA __attribute__((always_inline))
#endif

namespace collsweep {

template <class R>
struct LaneAccess;

template <>
struct LaneAccess<double> {
  COLLSWEEP_HD_INLINE static double lane(double x, int) { return x; }
  COLLSWEEP_HD_INLINE static bool lane(bool m, int) { return m; }
  COLLSWEEP_HD_INLINE static std::int64_t lane(std::int64_t i, int) { return i; }
  // f(l) for every lane l (f returns a double; for make_mask, a bool).
  template <class F>
  COLLSWEEP_HD_INLINE static double make(F f) {
    return f(0);
  }
  template <class F>
  COLLSWEEP_HD_INLINE static bool make_mask(F f) {
    return f(0);
  }
};

// out = lane l of x.
template <class R, int N>
COLLSWEEP_HD_INLINE void lane_of(const R (&x)[N], int l, double (&out)[N]) {
  for (int i = 0; i < N; ++i) out[i] = LaneAccess<R>::lane(x[i], l);
}

// Lane l of an array x as a double array: a copy for a vector type, x itself for one sample (no copy on its
// path, the GPU's).
template <class R, int N>
struct LaneArray {
  double v[N];
  COLLSWEEP_HD_INLINE LaneArray(const R (&x)[N], int l) { lane_of(x, l, v); }
  COLLSWEEP_HD_INLINE const double (&get() const)[N] { return v; }
};
template <int N>
struct LaneArray<double, N> {
  const double (&v)[N];
  COLLSWEEP_HD_INLINE LaneArray(const double (&x)[N], int) : v(x) {}
  COLLSWEEP_HD_INLINE const double (&get() const)[N] { return v; }
};

// f(l, lane l of x) for every lane l set in ok, in lane order.
template <class R, int N, class F>
COLLSWEEP_HD_INLINE void for_lanes(const LaneMask<R>& ok, const R (&x)[N], F f) {
  for (int l = 0; l < LaneOps<R>::width; ++l) {
    if (!LaneAccess<R>::lane(ok, l)) continue;
    const LaneArray<R, N> xl(x, l);
    f(l, xl.get());
  }
}

}  // namespace collsweep

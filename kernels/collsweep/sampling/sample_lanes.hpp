// What the samplers' lane-generic draws take from a lane type, and the draws of one scalar input and one
// Box-Muller pair built on it.
//
// A lane type R is double (one sample: the CPU's scalar path and the GPU; SampleLanes<double> below) or the
// CPU's SIMD vector of doubles (host/backend/lane_math.hpp specializes SampleLanes for it). SampleLanes<R>
// gives each lane's stream (Rng, constructed as SampleRng(seed, stream, sample) with Index samples) and
// det_math's sincos and pow10 and Box-Muller with a mask `bad` of the lanes whose argument leaves the lanes'
// common path (those lanes are drawn again one sample at a time; double never sets it: the scalar functions
// take every path). Every lane gets the bits of the scalar draw.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

template <class R>
struct SampleLanes;

template <>
struct SampleLanes<double> {
  using Rng = SampleRng;
  using Index = std::uint64_t;
  COLLSWEEP_HD_INLINE static Index index(std::uint64_t k0) { return k0; }
  COLLSWEEP_HD_INLINE static void sincos(double x, double* s, double* c, bool*) { detmath::sincos(x, s, c); }
  COLLSWEEP_HD_INLINE static double pow10(double x, bool*) { return detmath::pow10(x); }
  COLLSWEEP_HD_INLINE static void box_muller(double u1, double u2, double* z0, double* z1, bool*) {
    collsweep::box_muller(u1, u2, *z0, *z1);
  }
};

template <class R>
using LaneRng = typename SampleLanes<R>::Rng;

// The caller reads n uniforms from rng next: vector lanes generate the blocks they reach together
// (LaneSampleRng::expect_uniforms); one sample's SampleRng needs no notice. No word changes.
template <class R>
COLLSWEEP_HD_INLINE void expect_uniforms(LaneRng<R>& rng, std::uint32_t n) {
  if constexpr (LaneOps<R>::width > 1) {
    rng.expect_uniforms(n);
  } else {
    (void)rng;
    (void)n;
  }
}

// SampleRng::normal_pair on every lane: u1 = uniform(), u2 = uniform(), then Box-Muller.
template <class R>
COLLSWEEP_HD_INLINE void normal_pair_lanes(LaneRng<R>& rng, R* z0, R* z1, LaneMask<R>* bad) {
  const R u1 = rng.uniform();
  const R u2 = rng.uniform();
  SampleLanes<R>::box_muller(u1, u2, z0, z1, bad);
}

// draw_scalar of a d that is not a grid on every lane: a constant reads no word, a uniform or log-uniform
// one u01 (on vector lanes only those the lanes draw, lanes_draw_scalar in host/backend/lane_math.hpp).
template <class R>
COLLSWEEP_HD_INLINE R draw_scalar_lanes(const ScalarDist& d, LaneRng<R>& rng, LaneMask<R>* bad) {
  if constexpr (LaneOps<R>::width == 1) {
    (void)bad;
    return draw_scalar(d, rng, 0u);
  } else {
    if (d.kind == ScalarKind::constant) return LaneOps<R>::splat(d.lo);
    return SampleLanes<R>::of_uniform(d, rng.uniform(), bad);
  }
}

// draw_scalar on every lane, a grid's value at each lane's digit (the field `digit` of g[lane]; no word
// read).
template <class R, class Digits, int W>
COLLSWEEP_HD_INLINE R draw_scalar_lanes(const ScalarDist& d, LaneRng<R>& rng, const Digits (&g)[W],
                                        std::uint32_t Digits::*digit, LaneMask<R>* bad) {
  static_assert(W == LaneOps<R>::width, "one digits struct per lane");
  if constexpr (W == 1) {
    (void)bad;
    return draw_scalar(d, rng, g[0].*digit);
  } else {
    if (d.kind == ScalarKind::grid) {
      R x;
      for (int l = 0; l < W; ++l) x[l] = grid_value(d, g[l].*digit);
      return x;
    }
    return draw_scalar_lanes<R>(d, rng, bad);
  }
}

// 10^-x for x the value of d on every lane. On vector lanes a constant's is the scalar function's, once, and
// a grid's the scalar function's lane by lane (their values, often integers, take its exact branches).
template <class R>
COLLSWEEP_HD_INLINE R pow10_neg_of(const ScalarDist& d, R x, LaneMask<R>* bad) {
  if constexpr (LaneOps<R>::width > 1) {
    if (d.kind == ScalarKind::constant) return LaneOps<R>::splat(detmath::pow10(-d.lo));
    if (d.kind == ScalarKind::grid) {
      R y;
      for (int l = 0; l < LaneOps<R>::width; ++l) y[l] = detmath::pow10(-x[l]);
      return y;
    }
  }
  return SampleLanes<R>::pow10(-x, bad);
}

// sin and cos of x f for x the value of d on every lane; constants and grids on vector lanes as pow10_neg_of
// (an angle of 0 would leave the lanes' path).
template <class R>
COLLSWEEP_HD_INLINE void sincos_of(const ScalarDist& d, R x, double f, R* s, R* c, LaneMask<R>* bad) {
  if constexpr (LaneOps<R>::width > 1) {
    if (d.kind == ScalarKind::constant) {
      double s1, c1;
      detmath::sincos(d.lo * f, &s1, &c1);
      *s = LaneOps<R>::splat(s1);
      *c = LaneOps<R>::splat(c1);
      return;
    }
    if (d.kind == ScalarKind::grid) {
      for (int l = 0; l < LaneOps<R>::width; ++l) {
        double s1, c1;
        detmath::sincos(x[l] * f, &s1, &c1);
        (*s)[l] = s1;
        (*c)[l] = c1;
      }
      return;
    }
  }
  SampleLanes<R>::sincos(x * f, s, c, bad);
}

}  // namespace collsweep

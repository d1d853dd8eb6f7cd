// The pieces of the CPU's SIMD samplers (planar_lanes.cpp, normal_lanes.cpp, multicontact_sample_lanes.cpp)
// on eight lanes: det_math's functions, uniforms, scalar draws and Box-Muller, composed of the kernels'
// lane-generic cores, so every lane gets the scalar code's bits; a lane whose argument leaves the common path
// is flagged for the scalar code. SampleLanes<LaneD> hands them to the kernels' lane-generic samplers.
#pragma once

#include "backend/simd_lanes.hpp"
#include "collsweep/random/lane_rng.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/sample_lanes.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

// detmath::sincos on eight lanes; bad[l] != 0 where lane l needs the scalar function (|x| < 2^-27, beyond
// 2^20 pi/2, or a cancelling first reduction step).
COLLSWEEP_HD_INLINE void sincos_lanes(LaneD x, LaneD* s, LaneD* c, LaneI* bad) {
  using namespace detmath::detail;
  *bad |= ~trig_reduces(x);
  LaneD fn, r, w, y;
  rem_pio2_first(x, &fn, &r, &w, &y);
  *bad |= rem_pio2_cancels(x, y);
  const LaneD y1 = (r - y) - w;
  const LaneD sk = sin_kernel(y, y1), ck = cos_kernel(y, y1);
  const LaneU q = reinterpret_cast<LaneU>(__builtin_convertvector(fn, LaneI)) & 3u;
  sincos_quadrant(sk, ck, q, s, c);
}

// detmath::pow10 on eight lanes for its general path; bad where the scalar function takes another branch
// (NaN, out of range, an integer in [-22, 22], a result outside the normal range).
COLLSWEEP_HD_INLINE LaneD pow10_lanes(LaneD x, LaneI* bad) {
  using namespace detmath::detail;
  *bad |= ~pow10_general(x);
  LaneD kf;
  const LaneD y = pow10_reduced(x, &kf);
  const LaneI k = __builtin_convertvector(kf, LaneI);
  *bad |= ~scale_is_normal(k);
  return y * LaneBits<LaneD>::from(reinterpret_cast<LaneU>(k + 1023) << 52);  // y * pow2(k), as scale
}

// detmath::log on eight lanes for normal finite x > 0 (the only path the scalar function takes for them).
COLLSWEEP_HD_INLINE LaneD log_normal_lanes(LaneD x) {
  return detmath::detail::log_from_parts(detmath::detail::log_parts_normal(x));
}

// Box-Muller (box_muller) on eight lanes; bad where box_muller's log or sincos would leave the path
// computed here (u1 not a normal finite positive number, which no u01 value is; the angle's sincos cases).
COLLSWEEP_HD_INLINE void box_muller_lanes(LaneD u1, LaneD u2, LaneD* z0, LaneD* z1, LaneI* bad) {
  *bad |= ~((u1 >= 0x1p-1022) & (u1 <= 0x1.fffffffffffffp+1023));
  const LaneD minus_two_log = -2.0 * log_normal_lanes(u1);
  LaneD r;
  for (int l = 0; l < 8; ++l) r[l] = __builtin_sqrt(minus_two_log[l]);
  LaneD s, c;
  sincos_lanes(kBoxMullerTwoPi * u2, &s, &c, bad);
  *z0 = r * c;
  *z1 = r * s;
}

// SampleRng::uniform from words w[i], w[i + 1] of a block (the first word high).
COLLSWEEP_HD_INLINE LaneD uniform_of_words(const LaneU (&w)[4], int i) {
  return u01_open_lanes<LaneD>((w[i] << 32) | w[i + 1]);
}

// Whether d takes one u01 of its stream (draw_scalar: uniform and log-uniform).
inline bool takes_uniform(const ScalarDist& d) {
  return d.kind == ScalarKind::uniform || d.kind == ScalarKind::log_uniform;
}

// Whether the SIMD samplers draw d themselves: constant, uniform over a non-empty range, or log-uniform over
// a non-empty positive range.
inline bool lanes_draw_scalar(const ScalarDist& d) {
  return d.kind == ScalarKind::constant || (d.kind == ScalarKind::uniform && d.lo < d.hi) ||
         (d.kind == ScalarKind::log_uniform && d.lo > 0.0 && d.lo < d.hi);
}

// Whether the SIMD samplers take d as an input: one they draw (lanes_draw_scalar) or a grid (its values at
// each lane's grid digit).
inline bool lanes_take_input(const ScalarDist& d) {
  return lanes_draw_scalar(d) || d.kind == ScalarKind::grid;
}

// grid_value(d, digit of lane l) on the eight lanes, the digits one field of a per-lane digits struct.
template <class Digits>
COLLSWEEP_HD_INLINE LaneD grid_lanes(const ScalarDist& d, const Digits (&g)[8],
                                     std::uint32_t Digits::*digit) {
  LaneD x;
  for (int l = 0; l < 8; ++l) x[l] = grid_value(d, g[l].*digit);
  return x;
}

// f(x) lane by lane with a scalar function (grid values: few, and often on its special branches).
template <class F>
COLLSWEEP_HD_INLINE LaneD per_lane(LaneD x, F f) {
  LaneD y;
  for (int l = 0; l < 8; ++l) y[l] = f(x[l]);
  return y;
}

// draw_scalar for a uniform d (lo < hi) from its u01 u: clamp_half_open's x >= hi case as a select (x < lo
// cannot occur for lo < hi and u > 0).
COLLSWEEP_HD_INLINE LaneD uniform_scalar_lanes(const ScalarDist& d, LaneD u) {
  const LaneD x = uniform_between(d.lo, d.hi, u);
  return x >= d.hi ? splat_lanes<LaneD>(::nextafter(d.hi, d.lo)) : x;
}

// draw_scalar for a constant d or one the lanes draw from its u01 u (lanes_draw_scalar): for a log-uniform
// d, 10^(a + (b - a) u) with a, b = log10 lo, hi (the scalar function's own values) and clamp_half_open as
// selects; bad where pow10 leaves its general path.
COLLSWEEP_HD_INLINE LaneD scalar_of_uniform_lanes(const ScalarDist& d, LaneD u, LaneI* bad) {
  if (d.kind == ScalarKind::constant) return splat_lanes<LaneD>(d.lo);
  if (d.kind == ScalarKind::uniform) return uniform_scalar_lanes(d, u);
  const double a = detmath::log10(d.lo), b = detmath::log10(d.hi);
  const LaneD v = pow10_lanes(a + (b - a) * u, bad);
  return v < d.lo ? splat_lanes<LaneD>(d.lo) : v >= d.hi ? splat_lanes<LaneD>(::nextafter(d.hi, d.lo)) : v;
}

// The kernels' lane-generic samplers (sampling/sample_lanes.hpp) on eight lanes: eight consecutive samples'
// streams, and the functions above.
template <>
struct SampleLanes<LaneD> {
  using Rng = LaneSampleRng<LaneD>;
  using Index = LaneU;
  COLLSWEEP_HD_INLINE static LaneU index(std::uint64_t k0) {
    return (LaneU{} + k0) + LaneU{0, 1, 2, 3, 4, 5, 6, 7};
  }
  COLLSWEEP_HD_INLINE static void sincos(LaneD x, LaneD* s, LaneD* c, LaneI* bad) {
    sincos_lanes(x, s, c, bad);
  }
  COLLSWEEP_HD_INLINE static LaneD pow10(LaneD x, LaneI* bad) { return pow10_lanes(x, bad); }
  COLLSWEEP_HD_INLINE static void box_muller(LaneD u1, LaneD u2, LaneD* z0, LaneD* z1, LaneI* bad) {
    box_muller_lanes(u1, u2, z0, z1, bad);
  }
  COLLSWEEP_HD_INLINE static LaneD of_uniform(const ScalarDist& d, LaneD u, LaneI* bad) {
    return scalar_of_uniform_lanes(d, u, bad);
  }
};

}  // namespace collsweep

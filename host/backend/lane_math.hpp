// Functions of det_math on the eight lanes of the CPU's SIMD samplers (planar_lanes.cpp, normal_lanes.cpp),
// composed of det_math's lane-generic cores, so every lane gets the scalar function's bits; a lane whose
// argument leaves the common path is flagged for the scalar function.
#pragma once

#include "backend/simd_lanes.hpp"

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

}  // namespace collsweep

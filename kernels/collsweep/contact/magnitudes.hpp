// The range of input scales within which every law's results keep full double precision.
//
// Every law is homogeneous: impulses and velocities scale like v, energies like v^2 / W, and W's
// determinants like products of its entries. With inputs far outside 2^(+-300) (about 10^(+-90)) such
// products leave the double range: an overflow shows as a non-finite result, but an underflow into subnormal
// numbers loses digits without a sign (|v| ~ 1e-160 with W ~ 1 gives energies near 1e-320, whose relative
// error is 1e-4). collsweep refuses such inputs (Status::magnitude_out_of_range) instead of returning results
// with lost digits: rescale the units. A power-of-two rescaling of v changes no digit of the results: they
// scale back exactly (tests/unit/test_input_magnitudes.cpp).
//   - every velocity component at most 2^300 in magnitude;
//   - the approach speed at least 2^-300 (planar and spatial: -v_n; k contacts: the largest -gamma_Nj^-
//     among the approaching contacts), since the impulses and energies are proportional to it;
//   - every positive diagonal entry of W (G) within [2^-300, 2^300] (a non-positive one is W's SPD check's).
#pragma once

#include "collsweep/math/lanes.hpp"

namespace collsweep {

inline constexpr double kScaleMin = 0x1p-300, kScaleMax = 0x1p300;

// A velocity component beyond kScaleMax in magnitude.
template <class R>
COLLSWEEP_HD_LANES LaneMask<R> speed_too_large(R v) {
  return abs_r(v) > kScaleMax;
}

// An approach speed (> 0) below kScaleMin.
template <class R>
COLLSWEEP_HD_LANES LaneMask<R> approach_too_slow(R speed) {
  return speed < kScaleMin;
}

// A positive diagonal entry of W outside [kScaleMin, kScaleMax].
template <class R>
COLLSWEEP_HD_LANES LaneMask<R> diagonal_out_of_range(R w) {
  return (w > 0.0) & ((w < kScaleMin) | (w > kScaleMax));
}

}  // namespace collsweep

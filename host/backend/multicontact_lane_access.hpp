// LaneAccess (collsweep/lcp/lane_access.hpp) for the CPU's SIMD vectors (simd_lanes.hpp): lane l of a
// vector or mask, and vectors and masks built in registers (element stores into a vector in memory stall
// the vector load that follows). The multi-contact laws' lanes (multicontact_lanes.cpp) reach their vectors
// through it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "backend/simd_lanes.hpp"
#include "collsweep/lcp/lane_access.hpp"

namespace collsweep {

template <class D, class I, int W>
struct VectorLaneAccess {
  COLLSWEEP_HD_INLINE static double lane(const D& x, int l) { return x[l]; }
  COLLSWEEP_HD_INLINE static std::int64_t lane(const I& m, int l) { return m[l]; }
  template <class F>
  COLLSWEEP_HD_INLINE static D make(F f) {
    return build<D>(f, std::make_index_sequence<W>{});
  }
  // All ones where f(l) holds.
  template <class F>
  COLLSWEEP_HD_INLINE static I make_mask(F f) {
    return build<I>([&](int l) COLLSWEEP_LAMBDA_INLINE { return f(l) ? std::int64_t{-1} : std::int64_t{0}; },
                    std::make_index_sequence<W>{});
  }

 private:
  template <class T, class F, std::size_t... L>
  COLLSWEEP_HD_INLINE static T build(F f, std::index_sequence<L...>) {
    return T{f(static_cast<int>(L))...};
  }
};

template <>
struct LaneAccess<Lane2D> : VectorLaneAccess<Lane2D, Lane2I, 2> {};
template <>
struct LaneAccess<Lane4D> : VectorLaneAccess<Lane4D, Lane4I, 4> {};
template <>
struct LaneAccess<LaneD> : VectorLaneAccess<LaneD, LaneI, 8> {};

}  // namespace collsweep

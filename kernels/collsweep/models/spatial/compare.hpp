// Disagreement maps: how far two spatial laws' outcomes on the same sample lie apart (run.compare).
//
// For a pair (A, B) of laws of the sweep and a sample where both are valid:
//   dv2_rel = |v2_A - v2_B| / |v1|   (Euclidean in (n, t1, t2); 0 when the laws agree)
// and whether their kinds of collision differ: the mode sequence A..E when both laws are Routh laws
// (stronge-3d, poisson-3d, newton-3d: they agree to rounding wherever the slip direction and the rates stay
// constant, at mu = 0 and along an invariant direction), otherwise the slip state after the impact, which
// every law has (slip_state below). A pair is tallied in its own slot after the laws' (slot n_laws + p),
// reusing the spatial pair words (SpatialCompareWords).
#pragma once

#include <cstdint>
#include <type_traits>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "collsweep/models/spatial/tally_words.hpp"
#include "collsweep/sweep/compare_pairs.hpp"

namespace collsweep {

// The words of a compare slot: the spatial pair words with another meaning.
struct SpatialCompareWords {
  enum : std::uint32_t {
    both_valid = SpatialWords::gain,         // samples where both laws are valid
    type_differs = SpatialWords::violation,  // of them, samples whose modes (or slip states) differ
    sum_lo = SpatialWords::sum_lo,           // fixed-point sum of dv2_rel (tally/accumulate.hpp)
    sum_hi = SpatialWords::sum_hi,
    max_key = SpatialWords::max_key  // ordered key of the largest dv2_rel
  };
};

// The slip state after the impact from its tangential velocity (v_1, v_2): 1 stick (|v_t2| <= 1e-10 |v1|),
// 2 slides on (v_t2 . v_t1 >= 0, or no initial slip), 3 turned back (v_t2 . v_t1 < 0: more than 90 degrees
// of swerve; the planar reversal).
COLLSWEEP_HD_INLINE int slip_state(const SpatialCollision& c, double v_1, double v_2) {
  const double vmag = ::sqrt(c.v.n * c.v.n + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
  if (::sqrt(v_1 * v_1 + v_2 * v_2) <= 1e-10 * vmag) return 1;
  return v_1 * c.v.t1 + v_2 * c.v.t2 >= 0.0 ? 2 : 3;
}

// What the compare slots need of one law's outcome on one sample. Trivial (no initializers): the sweep's
// per-sample array of them costs nothing when a sweep compares no pair.
struct SpatialCompareOutcome {
  bool ok;
  SpatialMode mode;
  double vf_n, vf_1, vf_2;  // the post-impact velocity (not a Vec3n: its initializers would make this
                            // struct non-trivial)
};

static_assert(std::is_trivial_v<SpatialCompareOutcome>,
              "the sweep's per-sample array of them must cost nothing");

COLLSWEEP_HD_INLINE SpatialCompareOutcome compare_outcome(const SpatialOutcome& o) {
  SpatialCompareOutcome r;
  r.ok = o.status == Status::ok;
  r.mode = o.mode;
  r.vf_n = o.vf.n;
  r.vf_1 = o.vf.t1;
  r.vf_2 = o.vf.t2;
  return r;
}

// |v2_A - v2_B| / |v1|.
COLLSWEEP_HD_INLINE double disagreement(const SpatialCollision& c, const SpatialCompareOutcome& a,
                                        const SpatialCompareOutcome& b) {
  const double dn = a.vf_n - b.vf_n, d1 = a.vf_1 - b.vf_1, d2 = a.vf_2 - b.vf_2;
  return ::sqrt(dn * dn + d1 * d1 + d2 * d2) / ::sqrt(c.v.n * c.v.n + c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
}

COLLSWEEP_HD_INLINE bool types_differ(const SpatialCollision& c, SpatialLaw la,
                                      const SpatialCompareOutcome& a, SpatialLaw lb,
                                      const SpatialCompareOutcome& b) {
  if (is_routh_law(la) && is_routh_law(lb)) return a.mode != b.mode;  // their mode sequences A..E
  return slip_state(c, a.vf_1, a.vf_2) != slip_state(c, b.vf_1, b.vf_2);
}

}  // namespace collsweep

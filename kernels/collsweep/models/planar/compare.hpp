// Disagreement maps: how far two planar laws' outcomes on the same sample lie apart (run.compare).
//
// For a pair (A, B) of laws of the sweep and a sample where both are valid:
//   dv2_rel = |v2_A - v2_B| / |v1|   (Euclidean in (n, t); 0 when the laws agree)
// and whether their collision types differ: Djerassi's Types 1..5 when both laws have them (stronge, poisson,
// newton: the incremental laws, which agree where the slip direction stays constant, i.e. at mu = 0 and in
// Type 5), otherwise the slip state after the impact, which every law has (slip_state below).
// A pair is tallied in its own slot of the tally, after the laws' (slot n_laws + p), reusing the planar
// pair words (CompareWords): the generic merge then sums and maximises it like a law's.
#pragma once

#include <cstdint>
#include <type_traits>

#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/models/planar/tally_words.hpp"
#include "collsweep/sweep/compare_pairs.hpp"

namespace collsweep {

// The words of a compare slot: the planar pair words with another meaning.
struct CompareWords {
  enum : std::uint32_t {
    both_valid = PlanarWords::gain,         // samples where both laws are valid
    type_differs = PlanarWords::violation,  // of them, samples whose types (or slip states) differ
    sum_lo = PlanarWords::sum_lo,           // fixed-point sum of dv2_rel (tally/accumulate.hpp)
    sum_hi = PlanarWords::sum_hi,
    max_key = PlanarWords::max_key  // ordered key of the largest dv2_rel
  };
};

// Whether a law reports Djerassi's Types 1..5 (the incremental laws: their trait djerassi_types).
template <class L, class = void>
struct ReportsDjerassiTypes : std::false_type {};
template <class L>
struct ReportsDjerassiTypes<L, std::void_t<decltype(L::djerassi_types)>>
    : std::bool_constant<L::djerassi_types> {};
COLLSWEEP_HD_INLINE bool has_djerassi_types(PlanarLaw law) {
  return planar_registry::visit(
      law, [](auto tag) { return ReportsDjerassiTypes<typename decltype(tag)::type>::value; },
      [] { return false; });
}

// The slip state after the impact: 1 stick (|v_t2| <= 1e-10 |v1|), 2 slides on (v_t2 v_t > 0, or v_t = 0),
// 3 reversed.
COLLSWEEP_HD_INLINE int slip_state(const PlanarCollision& c, double v_t2) {
  const double vmag = ::sqrt(c.v.n * c.v.n + c.v.t * c.v.t);
  if (abs_d(v_t2) <= 1e-10 * vmag) return 1;
  return v_t2 * c.v.t >= 0.0 ? 2 : 3;
}

// What the compare slots need of one law's outcome on one sample. Trivial (no initializers): the sweep's
// per-sample array of them costs nothing when a sweep compares no pair.
struct CompareOutcome {
  bool ok;
  std::uint8_t type;
  double v_n2, v_t2;
};

COLLSWEEP_HD_INLINE CompareOutcome compare_outcome(const PlanarOutcome& o) {
  CompareOutcome r;
  r.ok = o.status == Status::ok;
  r.type = o.type;
  r.v_n2 = o.v_n2;
  r.v_t2 = o.v_t2;
  return r;
}

// |v2_A - v2_B| / |v1|.
COLLSWEEP_HD_INLINE double disagreement(const PlanarCollision& c, const CompareOutcome& a,
                                        const CompareOutcome& b) {
  const double dn = a.v_n2 - b.v_n2, dt = a.v_t2 - b.v_t2;
  return ::sqrt(dn * dn + dt * dt) / ::sqrt(c.v.n * c.v.n + c.v.t * c.v.t);
}

COLLSWEEP_HD_INLINE bool types_differ(const PlanarCollision& c, PlanarLaw la, const CompareOutcome& a,
                                      PlanarLaw lb, const CompareOutcome& b) {
  if (has_djerassi_types(la) && has_djerassi_types(lb)) return a.type != b.type;
  return slip_state(c, a.v_t2) != slip_state(c, b.v_t2);
}

}  // namespace collsweep

// Chatterjee's combined five-parameter law in 3D (thesis §6.6).
//
// P = s1 P_I + s2 P_II + (1 - s1 - s2) P_III with the 3D Laws I (chatterjee_law1_3d.hpp), II
// (chatterjee_ruina_3d.hpp) and III (chatterjee_law3_3d.hpp) at the same (r_n, r_t, mu); weights as the
// planar law's (CombinedWeights, models/planar/laws/chatterjee_combined.hpp: 0 <= s1, 0 <= s2,
// s1 + s2 <= 1, else Status::parameter_out_of_range). vf is the same convex combination of the three
// laws' vf. Type 1.
#pragma once

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/planar/laws/chatterjee_combined.hpp"
#include "collsweep/models/spatial/laws/chatterjee_law1_3d.hpp"
#include "collsweep/models/spatial/laws/chatterjee_law3_3d.hpp"
#include "collsweep/models/spatial/laws/chatterjee_ruina_3d.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

struct ChatterjeeCombined3d : LawDefaults {
  static constexpr const char* name = "chatterjee-combined-3d";
  static constexpr unsigned reads = spatial_input::e_t | spatial_input::weights;
  static constexpr bool thesis = true;
  // Chatterjee 1997 §6.6: a convex combination of three impulses of the accessible region.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return true; }
  static constexpr int type_count = 1;
  static const char* type_label(int type) { return type == 1 ? "combination of laws I, II and III" : "none"; }
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, const CombinedWeights& s,
                                                     LawReport* report = nullptr) {
    set_report(report, 0, 0);
    const Status ws = validate_weights(s);
    const SpatialOutcome a = ChatterjeeLaw1_3d::evaluate(c);  // validates c (e_t >= -1 included)
    if (a.status != Status::ok) return a;
    if (ws != Status::ok) return invalid_spatial_outcome(ws);
    const SpatialOutcome b = ChatterjeeRuina3d::evaluate(c);
    const SpatialOutcome d = ChatterjeeLaw3_3d::evaluate(c);
    if (b.status != Status::ok) return b;
    if (d.status != Status::ok) return d;
    const double s1 = s.s1, s2 = s.s2, s3 = 1.0 - s.s1 - s.s2;
    const Vec3n I{s1 * a.I.n + s2 * b.I.n + s3 * d.I.n, s1 * a.I.t1 + s2 * b.I.t1 + s3 * d.I.t1,
                  s1 * a.I.t2 + s2 * b.I.t2 + s3 * d.I.t2};
    const Vec3n vf{s1 * a.vf.n + s2 * b.vf.n + s3 * d.vf.n, s1 * a.vf.t1 + s2 * b.vf.t1 + s3 * d.vf.t1,
                   s1 * a.vf.t2 + s2 * b.vf.t2 + s3 * d.vf.t2};
    const SpatialOutcome o = finish_algebraic_outcome(c, I, vf);
    if (o.status == Status::ok) set_report(report, 1, 1);
    return o;
  }
  // The law's parameters from the sample's.
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, const SpatialThesisParams& p,
                                                     LawReport* report) {
    return evaluate(c, CombinedWeights{p.s1, p.s2}, report);
  }
};

}  // namespace collsweep

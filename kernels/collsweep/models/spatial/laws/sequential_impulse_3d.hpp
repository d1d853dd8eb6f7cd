// The sequential impulses of physics engines for one spatial contact, in contact space: the velocity-level
// projected Gauss-Seidel of Box2D 2.4 (b2ContactSolver::SolveVelocityConstraints; Catto, GDC 2005/2006),
// Bullet (btSequentialImpulseConstraintSolver) and Jolt (ContactConstraintManager::SolveVelocityConstraints),
// without warm starting, position correction or softness: one impact, solved from zero impulses.
//
// Parameters: mu, e and the engine's own (parameters.hpp, SpatialThesisParams): K = iterations (whole,
// 0..10000; 0 iterates to convergence), threshold (>= 0), normal_first (0 or 1), friction_cone (0 or 1).
// With W = [[a, c^T], [c, b]] (a = W_nn, c = (W_n1, W_n2), b the tangential block) and v- = (v_n, v_1, v_2):
//   bias      b_n = -e v_n if v_n < -threshold, else 0 (restitution as a velocity target, taken from the
//             normal velocity before the solve)
//   state     accumulated impulses P = (P_n, P_1, P_2) = 0, contact velocity v = v-
//   sweep     the friction rows, then the normal row (Box2D and Jolt: "non-penetration is more important
//             than friction"); normal_first = 1 puts the normal row first (Bullet's order)
//   normal    lambda = -(v_n - b_n) / a, P_n' = max(P_n + lambda, 0), v += W (P_n' - P_n, 0, 0)
//   pyramid   friction_cone = 0, each tangent its own row (Bullet's two friction directions, Box2D's one
//             in 2D): for t1, then t2, lambda = -v_i / b_ii, P_i' = clamp(P_i + lambda, -mu P_n, mu P_n)
//             with the P_n of that moment, v += W (P_i' - P_i) e_i
//   disc      friction_cone = 1 (Jolt): both tangents' steps from the same velocity, each with its own
//             effective mass, q_i = P_i - v_i / b_ii, then (P_1', P_2') = q if |q| <= mu P_n, else
//             q mu P_n / |q| (scaled back radially); v += W (0, P_1' - P_1, P_2' - P_2)
// The outcome is the accumulated impulse and the velocity after the sweeps (v as the engine tracks it, equal
// to v- + W P up to rounding).
//
// Fixed points: v_n2 = b_n (P_n = 0 is none: it would leave v_n = v_n- < 0 <= b_n), and friction either
// inside its bound with v_T2 = 0 (sticking: kane-levinson-3d's sticking state, P = W^-1 (k, -v_T),
// k = (1 + e) w, w = -v_n-, when b_n = e w) or on it. On the bound the pyramid's rows oppose each tangent's
// slip separately (P_i = -mu P_n sign v_i: a box, not Coulomb's isotropic cone), and the disc's step opposes
// diag(b)^-1 v_T, not v_T. So a sliding fixed point is Coulomb friction on the post-impact slip
// (kane-levinson-3d's slip state) only where the friction rows do not mix directions: the disc when
// b_11 = b_22, or a slip along one tangent that the other row does not see (v_2- = 0, W_n2 = W_12 = 0).
// Gauss-Seidel reaches a fixed point at a rate set by W's coupling while no clamp switches. Where friction
// can lower v_n faster than the normal impulse raises it (the pyramid: mu (|W_n1| + |W_n2|) > W_nn; the
// disc: mu |c| > W_nn; Routh's jam condition) it may cycle instead, mostly with period two: P_n drops to 0
// and back.
//
// Convergence: laws/sequential_impulse_limits.hpp's sweep_converged (the change of the accumulated
// impulses against the previous sweep's), with the scale |P_n| + |P_1| + |P_2| + (1 + e) w / a (the
// frictionless impulse), P after the sweep. K >= 1 runs exactly K sweeps and reports whether the last one
// converged (LawReport::converged); K = 0 sweeps until one converges, at most 10000 (Status::not_converged
// beyond: the outcome is never passed as converged). LawReport::iterations: the sweeps run.
//
// Parameters are checked here, so that eval and solve see them: a K, normal_first or friction_cone that is
// not a whole number of its range, or a threshold that is negative or not finite, is
// Status::parameter_out_of_range (nothing is rounded).
//
// Types (LawReport::type), as kane-levinson-3d's: 1 stick (the last friction step did not clamp: the
// friction impulse inside its bound), 2 slides on (it clamped, and v_T2 . v_T- >= 0), 3 the slip reversed
// (v_T2 . v_T- < 0).
//
// Theorems (no gain): mu = 0, where the friction rows apply nothing and the normal row is frictionless
// Newton restitution, P = (1 + e') w / a n with v_n2 = b_n = e' w, e' in {e, 0}, so
// dE = P_n (v_n2 - w) / 2 <= 0; and W diagonal, where the normal row is the same and each friction step
// sets P_T = alpha P_S, alpha in [0, 1], with P_S = -diag(b)^-1 v_T- the sticking impulse (the tangents
// decouple), so that the tangential energy change sum_i -(alpha_i - alpha_i^2 / 2) v_i^2 / b_ii is <= 0.
// Both hold for every K, order and friction variant.
#pragma once

#include <cstdint>

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/laws/sequential_impulse_limits.hpp"
#include "collsweep/models/spatial/laws/algebraic_outcome.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

namespace si3_detail {

COLLSWEEP_HD_INLINE double max_abs(double m, double d) { return abs_d(d) > m ? abs_d(d) : m; }

}  // namespace si3_detail

// What one sweep of sequential-impulse-3d leaves (`solve` prints one row per sweep): the accumulated
// impulse P, the contact velocity v, and the largest change of an accumulated impulse in the sweep.
struct SpatialSweepState {
  std::uint32_t sweep = 0;  // 1, 2, ...
  Vec3n P, v;
  double change = 0.0;
};

// The sweeps' observer in sweeps, eval and the GPU: nothing (compiled away).
struct NoSpatialSweepTrace {
  COLLSWEEP_HD_INLINE void operator()(const SpatialSweepState&) const {}
};

struct SequentialImpulse3d : LawDefaults {
  static constexpr const char* name = "sequential-impulse-3d";
  static constexpr unsigned reads = spatial_input::engine;
  static constexpr bool thesis = true;  // it fills a LawReport: sweeps tally C1-C4, its cases, not_converged
  static constexpr bool reports_convergence = true;
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision& c) {
    return c.mu == 0.0 || (c.W.c1 == 0.0 && c.W.c2 == 0.0 && c.W.b12 == 0.0);
  }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return slip_type_label(type); }

  // The law with an observer trace(SpatialSweepState) called after every sweep.
  template <class Trace>
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, const SpatialThesisParams& p,
                                                     LawReport* report, const Trace& trace) {
    using namespace si3_detail;
    set_report(report, 0, 0);
    Status s = validate_spatial(c);
    if (s == Status::ok &&
        !(collsweep::is_whole_in(p.iterations, 0.0, static_cast<double>(collsweep::kSequentialImpulseCap)) &&
          is_finite_d(p.threshold) && p.threshold >= 0.0 &&
          collsweep::is_whole_in(p.normal_first, 0.0, 1.0) &&
          collsweep::is_whole_in(p.friction_cone, 0.0, 1.0)))
      s = Status::parameter_out_of_range;
    if (s != Status::ok) return invalid_spatial_outcome(s);
    const Delassus3& W = c.W;
    const double w = -c.v.n;
    const double bias = c.v.n < -p.threshold ? c.e * w : 0.0;
    const double scale = (1.0 + c.e) * w / W.a;
    const bool to_convergence = p.iterations == 0.0;
    const std::uint32_t sweeps =
        to_convergence ? collsweep::kSequentialImpulseCap : static_cast<std::uint32_t>(p.iterations);
    const bool normal_first = p.normal_first != 0.0, cone = p.friction_cone != 0.0;
    Vec3n P, v = c.v;
    bool converged = false, clamped = false;
    double last_change = 0.0;
    std::uint32_t used = 0;
    while (used < sweeps) {
      double change = 0.0;
      for (int half = 0; half < 2; ++half) {
        if ((half == 0) != normal_first) {  // friction
          const double limit = c.mu * P.n;
          double d1, d2;
          if (cone) {
            double q1 = P.t1 - v.t1 / W.b11, q2 = P.t2 - v.t2 / W.b22;
            const double r = ::sqrt(q1 * q1 + q2 * q2);
            clamped = r > limit;
            if (clamped) {
              const double f = limit > 0.0 ? limit / r : 0.0;
              q1 = limit > 0.0 ? q1 * f : 0.0;
              q2 = limit > 0.0 ? q2 * f : 0.0;
            }
            d1 = q1 - P.t1;
            d2 = q2 - P.t2;
            P.t1 = q1;
            P.t2 = q2;
            v.n += W.c1 * d1 + W.c2 * d2;
            v.t1 += W.b11 * d1 + W.b12 * d2;
            v.t2 += W.b12 * d1 + W.b22 * d2;
          } else {
            const double lo = 0.0 - limit;  // +0 when the limit is 0
            double q1 = P.t1 - v.t1 / W.b11;
            const bool clamp1 = q1 < lo || q1 > limit;
            q1 = q1 < lo ? lo : (q1 > limit ? limit : q1);
            d1 = q1 - P.t1;
            P.t1 = q1;
            v.n += W.c1 * d1;
            v.t1 += W.b11 * d1;
            v.t2 += W.b12 * d1;
            double q2 = P.t2 - v.t2 / W.b22;
            const bool clamp2 = q2 < lo || q2 > limit;
            q2 = q2 < lo ? lo : (q2 > limit ? limit : q2);
            d2 = q2 - P.t2;
            P.t2 = q2;
            v.n += W.c2 * d2;
            v.t1 += W.b12 * d2;
            v.t2 += W.b22 * d2;
            clamped = clamp1 || clamp2;
          }
          change = max_abs(max_abs(change, d1), d2);
        } else {  // normal
          double q = P.n - (v.n - bias) / W.a;
          q = q > 0.0 ? q : 0.0;
          const double d = q - P.n;
          P.n = q;
          v.n += W.a * d;
          v.t1 += W.c1 * d;
          v.t2 += W.c2 * d;
          change = max_abs(change, d);
        }
      }
      ++used;
      converged =
          collsweep::sweep_converged(change, last_change, abs_d(P.n) + abs_d(P.t1) + abs_d(P.t2) + scale);
      last_change = change;
      trace(SpatialSweepState{used, P, v, change});
      if (to_convergence && converged) break;
    }
    if (to_convergence && !converged) {
      set_report(report, 0, 0, used, 0);
      return invalid_spatial_outcome(Status::not_converged);
    }
    const std::uint8_t type = !clamped ? 1 : (v.t1 * c.v.t1 + v.t2 * c.v.t2 >= 0.0 ? 2 : 3);
    const SpatialOutcome o = finish_algebraic_outcome(c, P, v);
    if (o.status == Status::ok) set_report(report, type, 1, used, converged ? 1 : 0);
    return o;
  }
  // The law's uniform signature (registry.hpp): no observer.
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c, const SpatialThesisParams& p,
                                                     LawReport* report = nullptr) {
    return evaluate(c, p, report, NoSpatialSweepTrace{});
  }
};

}  // namespace collsweep

// The sequential impulses of physics engines for one planar contact: Box2D 2.4's contact solver
// (b2ContactSolver::SolveVelocityConstraints; Catto, GDC 2005/2006) in contact space.
//
// Parameters: mu, e and the engine's own (parameters.hpp): K = iterations (whole, 0..10000; 0 iterates to
// convergence), threshold (>= 0), normal_first (0 or 1). With W = [[W_nn, W_nt], [W_nt, W_tt]]:
//   bias     b = -e v_n if v_n < -threshold, else 0                       (restitution as a velocity target)
//   state    accumulated impulses P_n = P_t = 0, contact velocity v = v1
//   sweep    friction: lambda = -v_t / W_tt, P_t' = clamp(P_t + lambda, -mu P_n, mu P_n) with the P_n of
//                      that moment, v += W (0, P_t' - P_t)
//            normal:   lambda = -(v_n - b) / W_nn, P_n' = max(P_n + lambda, 0), v += W (P_n' - P_n, 0)
//            friction first, as Box2D; normal_first = 1 puts the normal impulse first (Bullet's order).
// The outcome is the accumulated impulse and the velocity after K sweeps. A fixed point (sweeps that move
// nothing) is Newton's restitution v_n2 = b with Coulomb friction on the post-impact slip: kane-levinson's
// outcome when b = e w; Gauss-Seidel reaches it at the rate W_nt^2 / (W_nn W_tt) while no clamp switches,
// and may cycle between stick and slip when W's coupling and mu are large.
// Convergence: laws/sequential_impulse_limits.hpp's sweep_converged, with the scale
// |P_n| + |P_t| + (1 + e) w / W_nn (w = -v_n; the last term is the frictionless impulse's).
// K >= 1 runs exactly K sweeps and reports whether the last one converged; K = 0 sweeps until one converges,
// at most 10000 (Status::not_converged beyond: the outcome is never passed as converged).
// Types, by the last friction step: 1 stick (not clamped: |P_t| < mu P_n), 2 slides on (clamped to the cone,
// v_t2 v_t >= 0), 3 the slip reversed (clamped, v_t2 v_t < 0).
// Theorem (no gain, every K and order): with mu = 0, P_t = 0 and dE = P_n (v_n + v_n2) / 2 = P_n (b - w) / 2
// <= 0 since b <= e w <= w; with W_nt = 0 the normal and tangential velocities decouple, v_n2 = b, and
// friction moves v_t towards 0 without passing it.
#pragma once

#include <cstdint>

#include "collsweep/contact/law_report.hpp"
#include "collsweep/laws/law_traits.hpp"
#include "collsweep/laws/sequential_impulse_limits.hpp"
#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

// What a sweep of the sequential impulses leaves: `solve` prints one row per sweep.
struct PlanarSweepState {
  std::uint32_t sweep = 0;  // 1, 2, ...
  double P_n = 0.0, P_t = 0.0, v_n = 0.0, v_t = 0.0;
};

// The sweeps' observer of the sweeps and `eval`: nothing.
struct NoSweepTrace {
  COLLSWEEP_HD_INLINE void operator()(const PlanarSweepState&) const {}
};

struct SequentialImpulse : LawDefaults {
  static constexpr const char* name = "sequential-impulse";
  static constexpr unsigned reads = planar_input::engine;
  static constexpr bool thesis = true;
  static constexpr bool reports_convergence = true;
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const PlanarCollision& c) {
    return c.mu == 0.0 || c.W.nt == 0.0;
  }
  static constexpr int type_count = 3;
  static const char* type_label(int type) { return slip_type_label(type); }

  template <class Trace>
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, LawReport* report,
                                                    const Trace& trace) {
    set_report(report, 0, 0);
    Status s = validate_planar(c);
    if (s == Status::ok &&
        !(is_whole_in(c.iterations, 0.0, kSequentialImpulseCap) && is_finite_d(c.threshold) &&
          c.threshold >= 0.0 && is_whole_in(c.normal_first, 0.0, 1.0)))
      s = Status::parameter_out_of_range;
    if (s != Status::ok) return invalid_outcome(s);
    const Delassus2& W = c.W;
    const double w = -c.v.n;
    const double b = c.v.n < -c.threshold ? c.e * w : 0.0;
    const double scale = (1.0 + c.e) * w / W.nn;
    const bool to_convergence = c.iterations == 0.0;
    const std::uint32_t sweeps =
        to_convergence ? kSequentialImpulseCap : static_cast<std::uint32_t>(c.iterations);
    const bool normal_first = c.normal_first != 0.0;
    double Pn = 0.0, Pt = 0.0, vn = c.v.n, vt = c.v.t, last_move = 0.0;
    bool converged = false, clamped = false;
    std::uint32_t used = 0;
    while (used < sweeps) {
      double move = 0.0;
      for (int half = 0; half < 2; ++half) {
        if ((half == 0) != normal_first) {
          const double limit = c.mu * Pn;
          double next = Pt - vt / W.tt;
          clamped = !(next > -limit && next < limit);
          next = next < -limit ? -limit : (next > limit ? limit : next);
          const double d = next - Pt;
          Pt = next;
          vn += W.nt * d;
          vt += W.tt * d;
          move = abs_d(d) > move ? abs_d(d) : move;
        } else {
          double next = Pn - (vn - b) / W.nn;
          next = next > 0.0 ? next : 0.0;
          const double d = next - Pn;
          Pn = next;
          vn += W.nn * d;
          vt += W.nt * d;
          move = abs_d(d) > move ? abs_d(d) : move;
        }
      }
      ++used;
      trace(PlanarSweepState{used, Pn, Pt, vn, vt});
      converged = sweep_converged(move, last_move, abs_d(Pn) + abs_d(Pt) + scale);
      last_move = move;
      if (to_convergence && converged) break;
    }
    if (to_convergence && !converged) {
      set_report(report, 0, 0, used, 0);
      return invalid_outcome(Status::not_converged);
    }
    const std::uint8_t type = !clamped ? 1 : (vt * c.v.t >= 0.0 ? 2 : 3);
    const PlanarOutcome o = finish_outcome(c, type, Pn, Pt, vn, vt);
    if (o.status == Status::ok) set_report(report, type, 1, used, converged ? 1 : 0);
    return o;
  }
  COLLSWEEP_HD_INLINE static PlanarOutcome evaluate(const PlanarCollision& c, LawReport* report = nullptr) {
    return evaluate(c, report, NoSweepTrace{});
  }
};

}  // namespace collsweep

// The spatial incremental laws stronge-3d, poisson-3d and newton-3d: Routh's process with swerve and one
// dispatch point.
//
// One path for all three (they differ only in the termination, routh_path.hpp):
//   1. slip from the start: frictionless (mu = 0: constant rates), along an invariant direction (constant
//      rates, Elkaranshawy 2002 Sect. 8), or with swerve (slip_ode.hpp) until the end or a halt;
//   2. after a halt (or from the start when v_t1 = 0): stick if mu >= mu_c (dI_t/dp = -b^-1 c, eq. 16),
//      else slide along sigma_F, the one invariant direction with lambda_F > 0 (Sect. 7), which never
//      halts again. Both have constant rates, so their events are algebraic.
// Results are homogeneous of degree 1 in v and equivariant under rotations of the tangent plane.
#pragma once

#include "collsweep/laws/law_traits.hpp"
#include "collsweep/models/spatial/routh/slip_ode.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

// One evaluation of a Routh law around its slip phase (the only part that integrates): routh_begin runs the
// path up to the slip integration, routh_finish the phases after it and the outcome. evaluate_routh is the
// three in a row; the CPU's SIMD lanes run the slip phases of several samples at once between them
// (host/backend/spatial_routh_lanes.cpp).
struct RouthEvaluation {
  spatial::RouthRun r;
  InvariantDirections dirs;
  double mu_c = 0.0;
  double s0 = 0.0, u1 = 0.0, u2 = 0.0;  // initial slip speed and direction
  double h1 = 0.0, h2 = 0.0;            // direction along which the slip halts
  bool halted = false;
  Status invalid = Status::ok;  // an invalid input
};

// The path from the start up to the slip integration. True when a slip phase with swerve must be
// integrated from ev->r's state (spatial::integrate_slip, or its steps); then routh_slip_ended follows.
COLLSWEEP_HD_INLINE bool routh_begin(RestitutionHypothesis hypothesis, const SpatialCollision& c,
                                     RouthEvaluation* ev) {
  using namespace spatial;
  ev->invalid = validate_spatial(c);
  if (ev->invalid != Status::ok) return false;
  const Delassus3& W = c.W;
  const double mu = c.mu;
  ev->dirs = invariant_directions(W, mu);
  ev->mu_c = critical_friction(W);

  RouthRun& r = ev->r;
  r.hypothesis = hypothesis;
  r.e = c.e;
  r.w = -c.v.n;
  r.y[kVn] = c.v.n;
  r.y[kV1] = c.v.t1;
  r.y[kV2] = c.v.t2;
  const double s0 = ::sqrt(c.v.t1 * c.v.t1 + c.v.t2 * c.v.t2);
  const double u1 = s0 > 0.0 ? c.v.t1 / s0 : 0.0, u2 = s0 > 0.0 ? c.v.t2 / s0 : 0.0;
  ev->s0 = s0;
  ev->u1 = ev->h1 = u1;
  ev->u2 = ev->h2 = u2;

  if (mu == 0.0) {  // frictionless: dv/dp = (a, c), nothing depends on the slip direction
    LinearRates q;
    q.k = W.a;
    q.d1 = W.c1;
    q.d2 = W.c2;
    run_linear(&r, q, false, 0.0);
  } else if (s0 == 0.0) {
    ev->halted = true;
  } else {
    const double scale = abs_d(W.c1) + abs_d(W.c2) + mu * (abs_d(W.b11) + 2.0 * abs_d(W.b12) + abs_d(W.b22));
    if (abs_d(swerve_rate(W, mu, u1, u2)) <= 32.0 * 2.220446049250313e-16 * scale) {
      // On an invariant direction: constant rates, halting at p = s0/|lambda| when lambda < 0.
      const double lambda = slip_rate(W, mu, u1, u2);
      const bool bounded = lambda < 0.0;
      if (!run_linear(&r, slide_rates(W, mu, u1, u2, lambda), bounded, bounded ? s0 / -lambda : 0.0) &&
          r.status == Status::ok) {
        ev->halted = true;
        r.y[kV1] = r.y[kV2] = 0.0;
      }
    } else {
      return true;
    }
  }
  return false;
}

// What the slip phase's end means for the rest of the path.
COLLSWEEP_HD_INLINE void routh_slip_ended(RouthEvaluation* ev, const spatial::SlipResult& sr) {
  if (sr.end == spatial::SlipEnd::halted) {
    ev->halted = true;
    ev->h1 = sr.h1;
    ev->h2 = sr.h2;
  }
}

// After the slip: stick or slide on along sigma_F after a halt, and the outcome.
COLLSWEEP_HD_INLINE SpatialOutcome routh_finish(const SpatialCollision& c, RouthEvaluation* ev) {
  using namespace spatial;
  if (ev->invalid != Status::ok) return invalid_spatial_outcome(ev->invalid);
  RouthRun& r = ev->r;
  if (r.status != Status::ok) return invalid_spatial_outcome(r.status);
  const Delassus3& W = c.W;
  const double mu = c.mu;
  const InvariantDirections& dirs = ev->dirs;
  const bool halted = ev->halted;

  SpatialOutcome o;
  const bool stick = mu >= ev->mu_c;
  bool halt_in_compression = false;
  if (halted) {
    o.I_nh = r.y[kP];
    halt_in_compression = !r.compressed;
    LinearRates q;
    if (stick) {
      q.k = stick_normal_rate(W);
      b_inv_c(W, &q.g1, &q.g2);
      q.g1 = -q.g1;
      q.g2 = -q.g2;
    } else {
      if (dirs.index_F < 0) return invalid_spatial_outcome(Status::numerical_failure);
      q = slide_rates(W, mu, dirs.s1[dirs.index_F], dirs.s2[dirs.index_F], dirs.lambda[dirs.index_F]);
    }
    run_linear(&r, q, false, 0.0);
    if (r.status != Status::ok) return invalid_spatial_outcome(r.status);
  }
  if (!r.done) return invalid_spatial_outcome(Status::numerical_failure);

  o.mode = !halted               ? SpatialMode::A
           : halt_in_compression ? (stick ? SpatialMode::B : SpatialMode::C)
                                 : (stick ? SpatialMode::D : SpatialMode::E);
  o.n_invariant = static_cast<std::uint8_t>(dirs.count);
  o.mu_c = ev->mu_c;
  o.I = Vec3n{r.y[kP], r.y[kI1], r.y[kI2]};
  o.vf = Vec3n{r.y[kVn], r.y[kV1], r.y[kV2]};
  o.W_n = r.y[kWn];
  o.W_t = r.y[kWt];
  o.I_nc = r.p_c;
  const double s0 = ev->s0, u1 = ev->u1, u2 = ev->u2;
  if (s0 > 0.0) {
    const double sf = ::sqrt(o.vf.t1 * o.vf.t1 + o.vf.t2 * o.vf.t2);
    if (sf > 0.0 && (!halted || !stick))
      o.swerve_deg = angle_deg(u1, u2, o.vf.t1 / sf, o.vf.t2 / sf);
    else if (halted)
      o.swerve_deg = angle_deg(u1, u2, ev->h1, ev->h2);
  }
  return finish_spatial_outcome(c, o);
}

COLLSWEEP_HD_INLINE SpatialOutcome evaluate_routh(RestitutionHypothesis hypothesis, const SpatialCollision& c,
                                                  const SpatialOptions& opt = SpatialOptions()) {
  RouthEvaluation ev;
  if (routh_begin(hypothesis, c, &ev))
    routh_slip_ended(&ev, spatial::integrate_slip(&ev.r, c.W, c.mu, ev.dirs, opt));
  return routh_finish(c, &ev);
}

// The laws, each with the name used in configs and outputs. They have no Types: their outcomes report the
// mode sequences A..E of the impulse path instead.
template <RestitutionHypothesis H>
struct RouthLaw : LawDefaults {
  static constexpr bool has_routh_path = true;
  static constexpr RestitutionHypothesis hypothesis = H;
  static constexpr int type_count = 0;
  static const char* type_label(int) { return "none"; }
  static constexpr SpatialMode first_mode = SpatialMode::A;  // the mode sequences A..E
  static constexpr int mode_count = 5;
  COLLSWEEP_HD_INLINE static SpatialOutcome evaluate(const SpatialCollision& c) {
    return evaluate_routh(H, c);
  }
};
struct Stronge3d : RouthLaw<RestitutionHypothesis::energetic> {
  static constexpr const char* name = "stronge-3d";
  // The normal impulse's work in restitution is -e^2 that of compression and friction only dissipates
  // (Stronge 1990; Elkaranshawy 2002 eq. 19).
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return true; }
};
struct Poisson3d : RouthLaw<RestitutionHypothesis::kinetic> {
  static constexpr const char* name = "poisson-3d";
  // Ivanov 1992: Routh's process with Poisson's termination I_n = (1 + e) I_nc never gains energy at one
  // contact in 3D (Chatterjee 1997 §5.2.4; the plane: Wang & Mason 1992). configs/spatial_poisson_energy.toml
  // checks it numerically.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return true; }
};
struct Newton3d : RouthLaw<RestitutionHypothesis::kinematic> {
  static constexpr const char* name = "newton-3d";
  // No theorem: Newton's hypothesis can gain energy.
  COLLSWEEP_HD_INLINE static bool theorem_forbids_gain(const SpatialCollision&) { return false; }
};

}  // namespace collsweep

// Reference oracle: event-driven integration of the planar impulse-space equations of motion.
//
// Written from the equations, not from the closed forms: with the normal impulse I_n as time-like
// variable, dv = W dP (v = v1 + W P) and Coulomb's law give, in each contact mode,
//   slide in direction s = sign(v_t):  dI_t = -mu s dI_n,       dv/dI_n = W (1, -mu s)
//   stick (v_t = 0, |m_nt| <= mu m_tt): dI_t = -m_nt/m_tt dI_n, dv_n/dI_n = m_nn - m_nt^2/m_tt, dv_t = 0
// At v_t = 0 the contact sticks when friction can hold it, else slides in the direction s = sign(m_nt)
// for which dv_t/dI_n has the sign of s. Each segment is linear in I_n; events are slip stopping
// (v_t = 0), end of compression (v_n = 0, records I_nC and E_C = int v_n dI_n) and termination:
//   stronge  E_R = e^2 |E_C| (quadratic in the segment), poisson  I_n = (1 + e) I_nC, newton  v_n = e w.
// Works in the caller's frame (no tangent flip), so it also checks the closed forms' sign handling.
#pragma once

#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

enum class Termination : std::uint8_t { stronge, poisson, newton };

struct IntegratedImpact {
  PlanarOutcome outcome;
  double I_nC = 0.0;  // normal impulse at maximum compression
  double E_C = 0.0;   // work of the normal force in compression (<= 0)
  double E_R = 0.0;   // work of the normal force in restitution (>= 0)
  int segments = 0;
};

namespace detail {

// Smallest x >= 0 with E_R + v0 x + a x^2/2 = target, or -1 when the segment never reaches it.
COLLSWEEP_HD_INLINE double energy_event(double v0, double a, double remaining) {
  if (remaining <= 0.0) return 0.0;
  if (a == 0.0) return v0 > 0.0 ? remaining / v0 : -1.0;
  const double disc = v0 * v0 + 2.0 * a * remaining;
  if (disc < 0.0) return -1.0;
  const double den = v0 + ::sqrt(disc);
  return den > 0.0 ? 2.0 * remaining / den : -1.0;
}

}  // namespace detail

COLLSWEEP_HD_INLINE IntegratedImpact integrate_impact(const PlanarCollision& c, Termination rule) {
  IntegratedImpact r;
  const Status s = validate_planar(c);
  if (s != Status::ok) {
    r.outcome = invalid_outcome(s);
    return r;
  }
  const Delassus2& W = c.W;
  const double w = -c.v.n, e = c.e, mu = c.mu;
  const bool can_stick = mu * W.tt >= abs_d(W.nt);

  double I_n = 0.0, I_t = 0.0, v_n = c.v.n, v_t = c.v.t;
  bool compressing = true;
  // Mode: +1 / -1 sliding in that direction, 0 sticking. "Forward" is the initial slip direction
  // (+t when v_t1 = 0, Djerassi's frame); S is where slip first stops (I_n = 0 when v_t1 = 0).
  const int forward = c.v.t < 0.0 ? -1 : 1;
  const int mode_at_rest = can_stick ? 0 : (W.nt > 0.0 ? 1 : -1);
  int mode = c.v.t == 0.0 ? mode_at_rest : forward;
  bool slip_stopped = c.v.t == 0.0, stopped_in_compression = slip_stopped;
  int mode_after_S = mode;

  for (r.segments = 1; r.segments <= 16; ++r.segments) {
    double dIt, an, at;
    if (mode == 0) {
      dIt = -W.nt / W.tt;
      an = W.nn - W.nt * W.nt / W.tt;
      at = 0.0;
    } else {
      dIt = -mu * mode;
      an = W.nn + W.nt * dIt;
      at = W.nt + W.tt * dIt;
    }
    // Candidate events: the nearest one ends the segment.
    double step = -1.0;
    int event = 0;  // 1 slip stops, 2 compression ends, 3 termination
    auto consider = [&](double x, int kind) {
      if (x >= 0.0 && (step < 0.0 || x < step)) {
        step = x;
        event = kind;
      }
    };
    if (mode != 0 && at * mode < 0.0) consider(-v_t / at, 1);
    if (compressing) {
      consider(v_n >= 0.0 ? 0.0 : (an > 0.0 ? -v_n / an : -1.0), 2);
    } else if (rule == Termination::newton) {
      consider(v_n >= e * w ? 0.0 : (an > 0.0 ? (e * w - v_n) / an : -1.0), 3);
    } else if (rule == Termination::poisson) {
      consider(max_d(0.0, (1.0 + e) * r.I_nC - I_n), 3);
    } else {
      consider(detail::energy_event(v_n, an, e * e * (-r.E_C) - r.E_R), 3);
    }
    if (step < 0.0) break;  // no event ahead: cannot happen for valid input, reported below

    const double work = v_n * step + 0.5 * an * step * step;  // int v_n dI_n over the segment
    if (compressing)
      r.E_C += work;
    else
      r.E_R += work;
    I_n += step;
    I_t += dIt * step;
    v_n += an * step;
    v_t += at * step;

    if (event == 3) {
      const Velocity2 v2{c.v.n + W.nn * I_n + W.nt * I_t, mode == 0 ? 0.0 : c.v.t + W.nt * I_n + W.tt * I_t};
      // Djerassi Type from the sequence of modes.
      std::uint8_t type;
      if (!slip_stopped || mode_after_S == forward)
        type = 5;  // never stopped (or v_t1 = 0 and sliding along +t: Case 5 at alpha = 0)
      else if (mode_after_S == 0)
        type = stopped_in_compression ? 1 : 2;
      else
        type = stopped_in_compression ? 3 : 4;
      r.outcome = finish_outcome(c, type, I_n, I_t, v2.n, v2.t);
      return r;
    }
    if (event == 2) {  // maximum compression
      compressing = false;
      r.I_nC = I_n;
      v_n = 0.0;
    }
    if (event == 1) {  // slip stopped: stick, or slide the other way when friction cannot hold
      v_t = 0.0;
      mode = mode_at_rest;
      if (!slip_stopped) {
        slip_stopped = true;
        stopped_in_compression = compressing;
        mode_after_S = mode;
      }
    }
  }
  r.outcome = invalid_outcome(Status::numerical_failure);
  return r;
}

}  // namespace collsweep

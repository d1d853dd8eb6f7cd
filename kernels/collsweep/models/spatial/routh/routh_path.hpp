// The state of a spatial Routh impulse path, the three restitution laws' termination events, and the
// phases with constant rates (stick, slide along an invariant direction) whose events are algebraic.
//
// Routh's incremental model (Elkaranshawy 2002, eqs 11-18; Sypniewska-Kaminska & Rosinski 2008, eq. 16):
// rigid contact, Coulomb friction, no tangential compliance, the normal impulse p = I_n as time-like
// variable. Compression ends at v_n = 0 (p = I_nc, W_n = W_nc). Termination:
//   stronge-3d  W_n = (1 - e^2) W_nc   (energetic: W_nR = -e^2 W_nc, Elkaranshawy eq. 19)
//   poisson-3d  p = (1 + e) I_nc       (kinetic, Sypniewska-Kaminska & Rosinski eq. 15)
//   newton-3d   v_n = -e v_n1          (kinematic)
// The model needs dv_n/dp > 0 on the path; a phase where it is not (friction drives the contact inward:
// Painleve-type jam, a - mu c^T sigma <= 0 while sliding) ends the path with Status::jam.
#pragma once

#include "collsweep/models/spatial/contact.hpp"
#include "collsweep/models/spatial/laws/law_inputs.hpp"

namespace collsweep {

namespace spatial {

// Path state: indices into y[kN].
enum : int { kVn = 0, kV1, kV2, kP, kI1, kI2, kWn, kWt, kN };

struct RouthRun {
  double y[kN] = {};  // v_n, v_t1, v_t2, p, I_t1, I_t2, W_n, W_t
  RestitutionHypothesis hypothesis = RestitutionHypothesis::energetic;
  double e = 0.0;
  double w = 0.0;  // approach speed -v_n1 > 0
  bool compressed = false;
  double p_c = 0.0, W_nc = 0.0;  // at the end of compression
  bool done = false;
  Status status = Status::ok;
};

// The law's termination as "component y[index] reaches target" (only once compressed).
COLLSWEEP_HD_INLINE int termination_index(const RouthRun& r) {
  return r.hypothesis == RestitutionHypothesis::kinetic     ? kP
         : r.hypothesis == RestitutionHypothesis::kinematic ? kVn
                                                            : kWn;
}
COLLSWEEP_HD_INLINE double termination_target(const RouthRun& r) {
  switch (r.hypothesis) {
    case RestitutionHypothesis::kinetic:
      return (1.0 + r.e) * r.p_c;
    case RestitutionHypothesis::kinematic:
      return r.e * r.w;
    default:
      return (1.0 - r.e * r.e) * r.W_nc;
  }
}

COLLSWEEP_HD_INLINE void mark_compression_end(RouthRun* r) {
  r->y[kVn] = 0.0;
  r->compressed = true;
  r->p_c = r->y[kP];
  r->W_nc = r->y[kWn];
}

// Constant rates d/dp of a phase: v_n, I_t and v_t.
struct LinearRates {
  double k = 0.0;             // dv_n/dp
  double g1 = 0.0, g2 = 0.0;  // dI_t/dp
  double d1 = 0.0, d2 = 0.0;  // dv_t/dp
};

// The rates of sliding along the unit direction (d1, d2) with d|v_t|/dp = lambda (an invariant direction:
// Elkaranshawy 2002, Sect. 8).
COLLSWEEP_HD_INLINE LinearRates slide_rates(const Delassus3& W, double mu, double d1, double d2,
                                            double lambda) {
  LinearRates q;
  q.k = W.a - mu * (W.c1 * d1 + W.c2 * d2);
  q.g1 = -mu * d1;
  q.g2 = -mu * d2;
  q.d1 = lambda * d1;
  q.d2 = lambda * d2;
  return q;
}

// Moves the state by dp along constant rates (W_n and W_t are exact quadratics in dp).
COLLSWEEP_HD_INLINE void advance_linear(double* y, const LinearRates& q, double dp) {
  y[kWn] += y[kVn] * dp + 0.5 * q.k * dp * dp;
  y[kWt] += (y[kV1] * q.g1 + y[kV2] * q.g2) * dp + 0.5 * (q.d1 * q.g1 + q.d2 * q.g2) * dp * dp;
  y[kVn] += q.k * dp;
  y[kV1] += q.d1 * dp;
  y[kV2] += q.d2 * dp;
  y[kP] += dp;
  y[kI1] += q.g1 * dp;
  y[kI2] += q.g2 * dp;
}

// Distance in p to the law's termination from a compressed state moving with dv_n/dp = k > 0.
COLLSWEEP_HD_INLINE double termination_distance(const RouthRun& r, double k) {
  const double* y = r.y;
  switch (r.hypothesis) {
    case RestitutionHypothesis::kinetic:
      return max_d(0.0, termination_target(r) - y[kP]);
    case RestitutionHypothesis::kinematic:
      return max_d(0.0, (termination_target(r) - y[kVn]) / k);
    default: {  // v_n x + k x^2/2 = R, the positive root in the cancellation-free form (v_n >= 0)
      const double R = termination_target(r) - y[kWn];
      if (!(R > 0.0)) return 0.0;
      return 2.0 * R / (y[kVn] + ::sqrt(y[kVn] * y[kVn] + 2.0 * k * R));
    }
  }
}

// Runs a constant-rate phase for at most L in p (unbounded when bounded is false), handling the end of
// compression and the termination inside it. An event exactly at the bound belongs to the next phase
// (a halt at the end of compression counts as a halt in compression, a termination at the halt comes
// after it: the planar family's tie-breaks). Returns true when the impact ended in this phase.
COLLSWEEP_HD_INLINE bool run_linear(RouthRun* r, const LinearRates& q, bool bounded, double L) {
  if (!(q.k > 0.0)) {
    r->status = Status::jam;
    return false;
  }
  if (!r->compressed) {
    const double dc = -r->y[kVn] / q.k;
    if (bounded && dc >= L) {
      advance_linear(r->y, q, L);
      return false;
    }
    advance_linear(r->y, q, dc);
    mark_compression_end(r);
    L -= dc;
  }
  const double de = termination_distance(*r, q.k);
  if (bounded && de >= L) {
    advance_linear(r->y, q, L);
    return false;
  }
  advance_linear(r->y, q, de);
  if (r->hypothesis == RestitutionHypothesis::kinematic) r->y[kVn] = termination_target(*r);
  if (r->hypothesis == RestitutionHypothesis::kinetic) r->y[kP] = termination_target(*r);
  r->done = true;
  return true;
}

}  // namespace spatial
}  // namespace collsweep

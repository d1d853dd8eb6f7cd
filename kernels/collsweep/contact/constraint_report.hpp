// The thesis's fundamental constraints C1-C4 as flags, and Ivanov's restitution eta, for any law's outcome.
//
// Chatterjee 1997 §3.2-§3.4: an outcome P, v2 = v1 + W P is in the accessible region
// iff C1 (energy ellipsoid: P.v1 + P^T W P / 2 <= 0), C2 (non-penetration: v_n2 >= 0), C3 (integrated
// Coulomb inequality: |P_T| <= mu P_N) and C4 (compressive normal impulse: P_N >= 0) all hold.
// Ivanov's restitution (§3.3 and §10.5; note §4.6): on the ray through P the least kinetic energy E_min is
// at P* = s* P^, s* = -P^.v1 / P^.W P^, and eta^2 = (E_f - E_min)/(E_i - E_min), eta > 0 iff |P| > |P*|.
// Along the ray E is quadratic in s with its minimum at s*, so eta = |P|/|P*| - 1 = P^T W P / (-P.v1) - 1
// = -P.v2 / P.v1 (no square root, no sign rule); frictionless P = I_n n gives eta = v_n2/w = e, and
// P = 0 gives eta = -1 by Ivanov's convention. For P.v1 >= 0 with P != 0 the ray leaves the energy
// ellipsoid at once (it never meets E_min at s* > 0): eta is undefined and reported so (eta = 0).
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

namespace collsweep {

// Bits of ConstraintReport::violated.
inline constexpr std::uint8_t kViolatesC1Energy = 1;       // kinetic energy gained beyond tolerance
inline constexpr std::uint8_t kViolatesC2Penetration = 2;  // v_n2 < 0: ends below max. compression
inline constexpr std::uint8_t kViolatesC3Coulomb = 4;      // |P_T| > mu P_N
inline constexpr std::uint8_t kViolatesC4Compressive = 8;  // P_N < 0

// Default relative tolerance of the checks (the sweeps' run.tolerance default).
inline constexpr double kConstraintTolerance = 1e-12;

struct ConstraintReport {
  std::uint8_t violated = 0;  // OR of the kViolates* bits; 0: the outcome is in the accessible region
  bool eta_defined = false;   // false when P.v1 >= 0 with P != 0 (or the outcome's status is not ok)
  double eta = 0.0;           // Ivanov's restitution; 0 when undefined
  COLLSWEEP_HD_INLINE bool ok() const { return violated == 0; }
};

// The flags from the four margins, each already scaled so that > tolerance means violated:
//   c1 = (P.v1 + P^T W P/2) / T_acc,  c2 = -v_n2/|v1|,  c3 = (|P_T| - mu P_N)/|P|,  c4 = -P_N/|P|;
// eta from p_v1 = P.v1, p_v2 = P.v2 and whether P = 0.
COLLSWEEP_HD_INLINE ConstraintReport make_constraint_report(double c1, double c2, double c3, double c4,
                                                            double p_v1, double p_v2, bool p_zero,
                                                            double tolerance) {
  ConstraintReport r;
  if (!(c1 <= tolerance)) r.violated |= kViolatesC1Energy;
  if (!(c2 <= tolerance)) r.violated |= kViolatesC2Penetration;
  if (!(c3 <= tolerance)) r.violated |= kViolatesC3Coulomb;
  if (!(c4 <= tolerance)) r.violated |= kViolatesC4Compressive;
  if (p_zero) {
    r.eta_defined = true;
    r.eta = -1.0;
  } else if (p_v1 < 0.0) {
    r.eta_defined = true;
    r.eta = -p_v2 / p_v1;
  }
  return r;
}

}  // namespace collsweep

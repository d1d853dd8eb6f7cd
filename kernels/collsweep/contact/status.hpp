// Outcome status codes shared by every law, with the human-readable reason for each.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"

namespace collsweep {

// Why a collision could not be evaluated. Every law returns one of these; ok is the only success.
// Results of a non-ok outcome are zero, never NaN.
enum class Status : std::uint8_t {
  ok = 0,
  nonfinite_input,           // NaN or inf in W, v, mu, e or e_t
  delassus_not_spd,          // W is not symmetric positive definite
  not_approaching,           // v_n >= 0: the contact is separating or grazing, there is no impact
  negative_friction,         // mu < 0
  restitution_out_of_range,  // e outside [0, 1]
  tangential_out_of_range,   // e_t < -1
  numerical_failure,  // a non-finite result, or an integration that did not finish; reported, not hidden
  no_solution,        // LCP laws: the complementarity problem has no solution (enumeration found none)
  solver_failure,     // LCP laws: the pivoting solver ended on a ray, at its pivot cap or off tolerance
  singular_delassus,  // LCP laws: G is singular and gamma^- is not in its range (no body velocities give it)
  coefficient_out_of_range,  // LCP laws: a tangential coefficient outside 0 <= eps_T <= eps_N
  device_unsupported,        // a GPU kernel built without the laws of the sample's k (the launchers send
                             // plans that draw k = 3, 4 to the kernels that have them: never in a sweep)
  jam,  // incremental laws: dv_n/dI_n <= 0 on the impulse path (Painleve-type jam, the model breaks down)
  parameter_out_of_range,  // a law's own parameter outside its range (chatterjee-combined: s1, s2 >= 0,
                           // s1 + s2 <= 1)
  no_consistent_solution,  // algebraic laws: no state satisfies the law's conditions (kane-levinson: no
                           // stick or slip state; brach: Newton restitution would need P_N <= 0)
  not_converged,           // smith: the continuation from mu = 0 failed within its iteration caps;
                           // sequential impulses to convergence: no fixed point within the sweep cap
  magnitude_out_of_range,  // input scales beyond 2^(+-300), where results would lose digits
                           // (contact/magnitudes.hpp)
  indeterminate_outcome,   // LCP laws: G is singular and the outcome is not determined: the contacts'
                           // compliances decide it (regularised_limit.hpp)
  count_
};

inline constexpr int status_count = static_cast<int>(Status::count_);

// Reason text used by `solve`, `eval` (as "invalid: <reason>") and the sweep summaries.
inline const char* status_reason(Status s) {
  switch (s) {
    case Status::ok:
      return "ok";
    case Status::nonfinite_input:
      return "NaN or inf in the input";
    case Status::delassus_not_spd:
      return "W is not symmetric positive definite (need m_nn > 0, m_tt > 0, m_nn*m_tt - m_nt^2 > 0)";
    case Status::not_approaching:
      return "v_n >= 0: the contact is not approaching, there is no impact";
    case Status::negative_friction:
      return "mu < 0: the friction coefficient must be >= 0";
    case Status::restitution_out_of_range:
      return "e outside [0, 1]";
    case Status::tangential_out_of_range:
      return "e_t < -1: the tangential restitution must be >= -1";
    case Status::numerical_failure:
      return "numerical failure: a result is not finite or the law's computation did not finish";
    case Status::no_solution:
      return "the impact LCP has no solution";
    case Status::solver_failure:
      return "the LCP solver failed (ray termination, pivot cap or loss of accuracy)";
    case Status::singular_delassus:
      return "G is singular (condition number beyond about 1e12) and gamma^- is not in its range: no "
             "velocities "
             "of the bodies give these contact velocities";
    case Status::coefficient_out_of_range:
      return "eps_T outside [0, eps_N]: need 0 <= eps_T <= eps_N per contact";
    case Status::device_unsupported:
      return "k > 2 contacts are not compiled for the GPU: use the CPU backend";
    case Status::jam:
      return "jam: dv_n/dI_n <= 0 on the impulse path (friction drives the contact inward)";
    case Status::parameter_out_of_range:
      return "a law parameter outside its range (chatterjee-combined: need s1 >= 0, s2 >= 0, s1 + s2 <= 1; "
             "sequential-impulse: iterations a whole number 0..10000, threshold >= 0, normal_first 0 or 1)";
    case Status::no_consistent_solution:
      return "no outcome satisfies the law's conditions (no consistent stick or slip state, or P_N <= 0)";
    case Status::not_converged:
      return "the law's iteration did not converge within its cap (smith's continuation; sequential-impulse "
             "with iterations = 0: Gauss-Seidel cycles or creeps beyond 10000 sweeps)";
    case Status::magnitude_out_of_range:
      return "input magnitudes out of range: a velocity above 2^300 (about 2e90) in magnitude, an "
             "approach speed below 2^-300 (about 5e-91) or a diagonal entry of W outside [2^-300, 2^300], "
             "where the results would lose digits to underflow or overflow; the laws are homogeneous: "
             "rescale the units";
    case Status::indeterminate_outcome:
      return "G is singular and the impact's outcome is not determined: the limits of G + eps D for other "
             "compliances D of the contacts than equal ones differ, so the compliances would decide it, "
             "which rigid bodies leave open";
    case Status::count_:
      break;
  }
  return "unknown status";
}

// Short machine-readable name (used as a column suffix in tallies).
inline const char* status_name(Status s) {
  switch (s) {
    case Status::ok:
      return "ok";
    case Status::nonfinite_input:
      return "nonfinite_input";
    case Status::delassus_not_spd:
      return "delassus_not_spd";
    case Status::not_approaching:
      return "not_approaching";
    case Status::negative_friction:
      return "negative_friction";
    case Status::restitution_out_of_range:
      return "restitution_out_of_range";
    case Status::tangential_out_of_range:
      return "tangential_out_of_range";
    case Status::numerical_failure:
      return "numerical_failure";
    case Status::no_solution:
      return "no_solution";
    case Status::solver_failure:
      return "solver_failure";
    case Status::singular_delassus:
      return "singular_delassus";
    case Status::coefficient_out_of_range:
      return "coefficient_out_of_range";
    case Status::device_unsupported:
      return "device_unsupported";
    case Status::jam:
      return "jam";
    case Status::parameter_out_of_range:
      return "parameter_out_of_range";
    case Status::no_consistent_solution:
      return "no_consistent_solution";
    case Status::not_converged:
      return "not_converged";
    case Status::magnitude_out_of_range:
      return "magnitude_out_of_range";
    case Status::indeterminate_outcome:
      return "indeterminate_outcome";
    case Status::count_:
      break;
  }
  return "unknown";
}

}  // namespace collsweep

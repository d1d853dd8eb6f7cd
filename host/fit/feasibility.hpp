// Whether a measured impact could come from any admissible impulse: the nearest impulse of Chatterjee's
// accessible region (Chatterjee 1997; the ideal-rigid-body bound of Fazeli et al., ISRR 2017).
#pragma once

#include <Eigen/Dense>

namespace collsweep::fit {

// An impact in contact space: v_post = v_pre + W P for the impulse P of the collision.
struct FeasibilityProblem {
  int contacts = 1;  // k
  int tangents = 1;  // 1: planar and planar multi-contact; 2: spatial (then contacts == 1)
  // n x n, n = contacts * (1 + tangents), symmetric positive semidefinite (a multi-contact G may be
  // singular). Order: planar (n, t); spatial (n, t1, t2); multi-contact rows N1..Nk then T1..Tk.
  Eigen::MatrixXd W;
  Eigen::VectorXd v_pre;   // contact velocities before (approaching: v_n < 0 at least at one contact)
  Eigen::VectorXd v_post;  // measured after
  double mu_max = 1.0;     // the largest friction coefficient allowed (>= 0)
};

// An impulse P is admissible when, at every contact j (Chatterjee 1997, C1-C4):
//   C1 no energy gain   dT = P.v_pre + P.W.P / 2 <= 0 (the kinetic energy change in contact space),
//   C2 no penetration   (v_pre + W P)_Nj >= 0,
//   C3 Coulomb          |P_Tj| <= mu_max P_Nj (spatial: the 2-norm of (P_1, P_2)),
//   C4 compressive      P_Nj >= 0.
struct FeasibilityResult {
  // Some admissible P reproduces v_post: misfit <= kFeasibleMisfit.
  bool feasible = false;
  // min over admissible P of |v_pre + W P - v_post| / |v_post| (Euclidean; |v_pre| when v_post = 0, and 0
  // when both are 0).
  double misfit = 0.0;
  // The minimizing admissible P; where W is singular the minimizers differ by impulses W does not see
  // (squeezes between contacts), and this is a small one of them.
  Eigen::VectorXd impulse;
  // False when the solver could not certify the minimum or no admissible impulse exists at all (a contact
  // approaching with a zero row of W); misfit is then that of the best impulse found, never NaN.
  bool converged = true;
};

// Tolerances. Velocities are measured in units of max(|v_pre|, |v_post|), W in units of its largest
// eigenvalue, impulses in their quotient; constraint tolerances are relative to the size of the terms of
// each constraint in those units (|P| (1 + |P|) for C1, 1 + |P| for C2, |P| max(1, mu_max) for C3 and
// |P| for C4).
inline constexpr double kFeasibleMisfit = 1e-9;   // feasible when the misfit is at most this
inline constexpr double kExactTolerance = 1e-12;  // the direct check of W^-1 (v_post - v_pre) (misfit 0)
inline constexpr double kBarrierGap = 1e-13;      // the interior-point method's duality gap on the misfit
inline constexpr double kRelaxation = 1e-13;      // constraint relaxation when the admissible set has
                                                  // no interior (P = 0 alone, contacts squeezed): the
                                                  // impulse may violate C1-C4 by this much, the misfit
                                                  // be low by about sqrt(2 kRelaxation)
inline constexpr int kMaxNewtonSteps = 60;        // per barrier parameter
inline constexpr int kMaxBarrierRounds = 20;      // barrier parameters t = 1, 10, ..., 1e19

// The admissible impulse nearest to reproducing v_post, and whether it reproduces it: a primal log-barrier
// interior-point method (phase I for a strictly admissible start, the misfit as a second-order cone,
// C3 as cones, C1 as a concave quadratic) with bounded Newton steps and barrier rounds. Deterministic: the
// same bits for the same problem. Throws std::invalid_argument on a malformed problem (sizes, tangents,
// spatial with several contacts, mu_max < 0, non-finite entries, W far from symmetric positive
// semidefinite).
FeasibilityResult nearest_admissible_impulse(const FeasibilityProblem& p);

}  // namespace collsweep::fit

// Input of the multi-contact impact laws (Glocker 2014): k planar frictional contacts in contact space.
//
// Conventions (reference note glocker2014_poisson_impacts.md §1-2.3):
//   G = W^T M^-1 W, the 2k x 2k Delassus matrix, rows and columns ordered [N1..Nk, T1..Tk] (SPD);
//   gamma^- = W^T u^-, pre-impact contact velocities in the same order; gamma_Nj < 0 approaches.
//   Impulses Lambda in the same order; Lambda_Nj >= 0 pushes contact j apart; the friction impulse
//   opposes slip (gamma_T in N_C(-Lambda_T), paper (72)-(75)); gamma^+ = gamma^- + G Lambda.
//   Per contact: mu_j >= 0 (Coulomb), eps_Nj and eps_Tj with 0 <= eps_Tj <= eps_Nj <= 1 (paper Table 1,
//   (70)). A contact with mu_j = 0 is frictionless: its tangent row is inert (Lambda_Tj = 0). A contact with
//   gamma_Nj^- >= 0 stays in the problem as a unilateral constraint (it acts only if the other impulses would
//   make it penetrate: the paper's kinematic unilateral "sprag clutch", Sect. 9.1).
#pragma once

#include <cstdint>

#include "collsweep/contact/status.hpp"
#include "collsweep/lcp/small_matrix.hpp"

namespace collsweep {

// Which LCP solver a multi-contact law uses.
//   automatic    enumeration for k <= 2, Lemke for k >= 3
//   enumeration  every complementary basis (all vertex solutions; 2^(3k) small solves per phase)
//   lemke        lexicographic Lemke (3k form, 4k copositive form on a ray; one solution per phase)
enum class LcpSolver : std::uint8_t { automatic = 0, enumeration = 1, lemke = 2 };

// The solver's name in configs, on the command line and in outputs.
inline const char* lcp_solver_name(LcpSolver s) {
  switch (s) {
    case LcpSolver::automatic:
      return "automatic";
    case LcpSolver::enumeration:
      return "enumeration";
    case LcpSolver::lemke:
      return "lemke";
  }
  return "unknown";
}

template <int K>
struct MultiContactCollision {
  static_assert(K >= 1 && K <= 4, "1 <= K <= 4 planar contacts");
  static constexpr int contacts = K;
  double G[2 * K][2 * K];     // Delassus matrix, [N1..Nk, T1..Tk]
  double gamma_minus[2 * K];  // pre-impact contact velocities gamma^-
  double mu[K];               // friction coefficients
  double eps_N[K];            // normal impact coefficients
  double eps_T[K];            // tangential impact coefficients
};

// Checks of the input, in this order: finite numbers; G symmetric positive definite (Cholesky, factor
// returned in l; asymmetric or indefinite -> delassus_not_spd, singular to ~1e-12 -> singular_delassus);
// at least one gamma_Nj^- < 0 (else not_approaching); mu_j >= 0; and, when check_coefficients,
// 0 <= eps_Nj <= 1 (restitution_out_of_range) and 0 <= eps_Tj <= eps_Nj (coefficient_out_of_range).
template <int K>
COLLSWEEP_HD Status validate_multicontact(const MultiContactCollision<K>& c, bool check_coefficients,
                                          double (&l)[2 * K][2 * K]) {
  constexpr int n = 2 * K;
  bool finite = true;
  for (int i = 0; i < n; ++i) {
    finite = finite && is_finite_d(c.gamma_minus[i]);
    for (int j = 0; j < n; ++j) finite = finite && is_finite_d(c.G[i][j]);
  }
  for (int j = 0; j < K; ++j)
    finite = finite && is_finite_d(c.mu[j]) && is_finite_d(c.eps_N[j]) && is_finite_d(c.eps_T[j]);
  if (!finite) return Status::nonfinite_input;
  const smallmat::CholeskyResult ch = smallmat::cholesky(c.G, l);
  if (ch == smallmat::CholeskyResult::singular) return Status::singular_delassus;
  if (ch != smallmat::CholeskyResult::spd) return Status::delassus_not_spd;
  bool approaching = false;
  for (int j = 0; j < K; ++j) approaching = approaching || c.gamma_minus[j] < 0.0;
  if (!approaching) return Status::not_approaching;
  for (int j = 0; j < K; ++j)
    if (c.mu[j] < 0.0) return Status::negative_friction;
  if (check_coefficients) {
    for (int j = 0; j < K; ++j)
      if (c.eps_N[j] < 0.0 || c.eps_N[j] > 1.0) return Status::restitution_out_of_range;
    for (int j = 0; j < K; ++j)
      if (c.eps_T[j] < 0.0 || c.eps_T[j] > c.eps_N[j]) return Status::coefficient_out_of_range;
  }
  return Status::ok;
}

// Energy change in contact space, W = T^+ - T^- = Lambda^T gamma^- + Lambda^T G Lambda / 2 (note §2.4,
// from the paper's (99)).
template <int K>
COLLSWEEP_HD_INLINE double impact_energy(const MultiContactCollision<K>& c, const double (&lam)[2 * K]) {
  return smallmat::quadratic_energy(c.G, lam, c.gamma_minus);
}

}  // namespace collsweep

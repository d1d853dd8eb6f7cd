// Input of the multi-contact impact laws (Glocker 2014): k planar frictional contacts in contact space.
//
// Conventions (Glocker 2014, eqs. (44)-(45); the row order of docs/multicontact.md):
//   G = W^T M^-1 W, the 2k x 2k Delassus matrix, rows and columns ordered [N1..Nk, T1..Tk], symmetric
//   positive semidefinite (paper (44); singular when the contact rows of W are dependent);
//   gamma^- = W^T u^-, pre-impact contact velocities in the same order (in the range of G); gamma_Nj < 0
//   approaches.
//   Impulses Lambda in the same order; Lambda_Nj >= 0 pushes contact j apart; the friction impulse
//   opposes slip (gamma_T in N_C(-Lambda_T), paper (72)-(75)); gamma^+ = gamma^- + G Lambda.
//   Per contact: mu_j >= 0 (Coulomb), eps_Nj and eps_Tj with 0 <= eps_Tj <= eps_Nj <= 1 (paper Table 1,
//   (70)). A contact with mu_j = 0 is frictionless: its tangent row is inert (Lambda_Tj = 0). A contact with
//   gamma_Nj^- >= 0 stays in the problem as a unilateral constraint (it acts only if the other impulses would
//   make it penetrate: the paper's kinematic unilateral "sprag clutch", Sect. 9.1).
#pragma once

#include <cstdint>

#include "collsweep/contact/magnitudes.hpp"
#include "collsweep/contact/status.hpp"
#include "collsweep/lcp/small_matrix.hpp"
#include "collsweep/math/lanes.hpp"

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

// The engine law's settings of one sample (parameters.hpp's rows, whose holder is `params`; doubles, so that
// a sample has no padding): laws/sequential_impulse.hpp reads them, the LCP laws do not. The defaults are
// Box2D 2.4's (8 velocity iterations, block solver on) with threshold 0.
struct MultiContactEngineParams {
  double iterations = 8.0;    // Gauss-Seidel sweeps, 0: until converged
  double threshold = 0.0;     // restitution threshold on -gamma_N^-
  double normal_first = 0.0;  // 1: normal impulses before friction in each sweep
  double order = 0.0;         // the normal impulses' order: 0 as given, 1 reversed, 2 `permutation`
  double block_solver = 1.0;  // k = 2: Box2D's block solver of the two normal impulses
  double permutation = -1.0;  // order 2: the index of the order among the k! (lexicographic); -1: none yet
};

// One collision (R = double), or one per lane of the CPU's SIMD type (host/backend/multicontact_lanes.cpp).
template <int K, class R = double>
struct MultiContactCollision {
  static_assert(K >= 1 && K <= 4, "1 <= K <= 4 planar contacts");
  static constexpr int contacts = K;
  R G[2 * K][2 * K];                // Delassus matrix, [N1..Nk, T1..Tk]
  R gamma_minus[2 * K];             // pre-impact contact velocities gamma^-
  R mu[K];                          // friction coefficients
  R eps_N[K];                       // normal impact coefficients
  R eps_T[K];                       // tangential impact coefficients
  MultiContactEngineParams params;  // the engine law's settings (one sample's, also on the lanes' copy)
};

// Checks of the input, in this order: finite numbers; the scales of G and gamma^- (contact/magnitudes.hpp:
// magnitude_out_of_range); G symmetric positive definite (Cholesky, factor returned in l; asymmetric or
// indefinite -> delassus_not_spd, singular to ~1e-12 -> singular_delassus, which the laws then examine as a
// semidefinite G: semidefinite_delassus); at least one gamma_Nj^- < 0 (else not_approaching); mu_j >= 0;
// and, when check_coefficients, 0 <= eps_Nj <= 1 (restitution_out_of_range) and 0 <= eps_Tj <= eps_Nj
// (coefficient_out_of_range). Any lane type R: the Status of each lane as an integer (l is meaningless where
// it is not ok); if_semidefinite, when given, receives each lane's status as it would be with G accepted.
template <int K, class R>
COLLSWEEP_HD_LANES LaneInt<R> validate_multicontact_lanes(const MultiContactCollision<K, R>& c,
                                                          bool check_coefficients, R (&l)[2 * K][2 * K],
                                                          LaneInt<R>* if_semidefinite = nullptr) {
  using Ops = LaneOps<R>;
  using M = LaneMask<R>;
  constexpr int n = 2 * K;
  auto code = [](Status s) { return Ops::splat_int(static_cast<int>(s)); };
  M finite = Ops::true_mask();
  for (int i = 0; i < n; ++i) {
    finite = finite & finite_r(c.gamma_minus[i]);
    for (int j = 0; j < n; ++j) finite = finite & finite_r(c.G[i][j]);
  }
  for (int j = 0; j < K; ++j)
    finite = finite & finite_r(c.mu[j]) & finite_r(c.eps_N[j]) & finite_r(c.eps_T[j]);
  const M nonfinite = Ops::lnot(finite);
  if (Ops::all(nonfinite)) return code(Status::nonfinite_input);
  M magnitude = speed_too_large(c.gamma_minus[0]) | diagonal_out_of_range(c.G[0][0]);
  for (int i = 1; i < n; ++i)
    magnitude = magnitude | speed_too_large(c.gamma_minus[i]) | diagonal_out_of_range(c.G[i][i]);
  R fastest = -c.gamma_minus[0];  // the largest approach speed -gamma_Nj^-
  for (int j = 1; j < K; ++j) fastest = max_r(fastest, -c.gamma_minus[j]);
  const LaneInt<R> ch = smallmat::cholesky_lanes(c.G, l);
  M approaching = c.gamma_minus[0] < 0.0, negative_mu = c.mu[0] < 0.0;
  M restitution = (c.eps_N[0] < 0.0) | (c.eps_N[0] > 1.0);
  M coefficient = (c.eps_T[0] < 0.0) | (c.eps_T[0] > c.eps_N[0]);
  for (int j = 1; j < K; ++j) {
    approaching = approaching | (c.gamma_minus[j] < 0.0);
    negative_mu = negative_mu | (c.mu[j] < 0.0);
    restitution = restitution | (c.eps_N[j] < 0.0) | (c.eps_N[j] > 1.0);
    coefficient = coefficient | (c.eps_T[j] < 0.0) | (c.eps_T[j] > c.eps_N[j]);
  }
  LaneInt<R> s = code(Status::ok);
  if (check_coefficients) {
    s = coefficient ? code(Status::coefficient_out_of_range) : s;
    s = restitution ? code(Status::restitution_out_of_range) : s;
  }
  s = negative_mu ? code(Status::negative_friction) : s;
  s = Ops::lnot(approaching) ? code(Status::not_approaching) : s;
  const M out_of_range = magnitude | (approaching & approach_too_slow(fastest));
  if (if_semidefinite) {
    const LaneInt<R> accepted = out_of_range ? code(Status::magnitude_out_of_range) : s;
    *if_semidefinite = nonfinite ? code(Status::nonfinite_input) : accepted;
  }
  const LaneInt<R> spd = Ops::splat_int(static_cast<int>(smallmat::CholeskyResult::spd));
  const LaneInt<R> singular = Ops::splat_int(static_cast<int>(smallmat::CholeskyResult::singular));
  s = ch != spd ? (ch == singular ? code(Status::singular_delassus) : code(Status::delassus_not_spd)) : s;
  s = out_of_range ? code(Status::magnitude_out_of_range) : s;
  return nonfinite ? code(Status::nonfinite_input) : s;
}

// A G that Cholesky found singular (validate_multicontact_lanes: singular_delassus), as Glocker 2014 states
// the laws, for a positive semidefinite G (eq. (44)): G = W^T M^-1 W of rigid bodies whose contact rows are
// dependent (a rod or a box on two contacts: two tangent rows equal) has rank < 2k. Accepted when G is
// positive semidefinite to 1e-12 max_k G_kk (smallmat::semidefinite_factor; else delassus_not_spd) and
// gamma^- lies in its range to 1e-9 max|gamma^-| (else singular_delassus: no velocities of the bodies give
// these contact velocities, and the impulses could not change the part outside the range). Then
// T_acc = gamma^-T G^+ gamma^- / 2, the least kinetic energy compatible with gamma^-, with the
// pseudo-inverse G^+, and rank is G's numerical rank. Returns the status.
template <int K>
COLLSWEEP_HD Status semidefinite_delassus(const MultiContactCollision<K>& c, double* T_acc, int* rank) {
  const smallmat::SemidefiniteFactor<2 * K> f = smallmat::semidefinite_factor(c.G);
  if (f.result != smallmat::SemidefiniteResult::psd) return Status::delassus_not_spd;
  double q = 0.0;
  if (!smallmat::pseudo_inverse_quadratic_form(f, c.gamma_minus, 1e-9 * smallmat::max_abs(c.gamma_minus), &q))
    return Status::singular_delassus;
  *T_acc = 0.5 * q;
  *rank = f.rank;
  return Status::ok;
}

// The same for one collision.
template <int K>
COLLSWEEP_HD Status validate_multicontact(const MultiContactCollision<K>& c, bool check_coefficients,
                                          double (&l)[2 * K][2 * K]) {
  return static_cast<Status>(validate_multicontact_lanes(c, check_coefficients, l));
}

// gamma = cv + G x: the contact velocities of a phase (c = cv) at its unknowns x (any lane type R).
template <int K, class R>
COLLSWEEP_HD_INLINE void phase_velocity(const MultiContactCollision<K, R>& c, const R (&cv)[2 * K],
                                        const R (&x)[2 * K], R (&g)[2 * K]) {
  for (int i = 0; i < 2 * K; ++i) {
    R v = cv[i];
    for (int k = 0; k < 2 * K; ++k) v += c.G[i][k] * x[k];
    g[i] = v;
  }
}

// Energy change in contact space, W = T^+ - T^- = Lambda^T gamma^- + Lambda^T G Lambda / 2 (from the
// paper's (99); docs/multicontact.md, 'Energy').
template <int K, class R>
COLLSWEEP_HD_INLINE R impact_energy(const MultiContactCollision<K, R>& c, const R (&lam)[2 * K]) {
  return smallmat::quadratic_energy(c.G, lam, c.gamma_minus);
}

}  // namespace collsweep

// The nearest admissible impulse: a primal log-barrier interior-point method on the misfit's second-order
// cone, after a phase I that finds a strictly admissible impulse (or relaxes C1-C4 when there is none).
#include "fit/feasibility.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace collsweep::fit {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// The problem in units where max(|v_pre|, |v_post|) = 1 and the largest eigenvalue of W is 1; an impulse
// in these units times speed / stiffness is one in the caller's.
struct Scaled {
  int k = 1;
  int tangents = 1;
  MatrixXd W;
  VectorXd v;  // v_pre
  VectorXd d;  // v_post - v_pre: the velocity change W P should produce
  double mu = 0.0;
  double speed = 0.0;
  double stiffness = 0.0;
  double smallest_eigenvalue = 0.0;  // of W (in units of the largest)
  double smallest_positive = 1.0;    // the smallest eigenvalue above round-off
};

// The rows of contact j's tangential velocity (and impulse).
std::vector<int> tangent_rows(int k, int tangents, int j) {
  if (tangents == 2) return {1, 2};
  return {k + j};
}

void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("feasibility problem: " + what);
}

void validate(const FeasibilityProblem& p) {
  require(p.contacts >= 1, "contacts must be at least 1");
  require(p.tangents == 1 || p.tangents == 2, "tangents must be 1 (planar) or 2 (spatial)");
  require(p.tangents == 1 || p.contacts == 1, "a spatial problem has one contact");
  const int n = p.contacts * (1 + p.tangents);
  require(p.W.rows() == n && p.W.cols() == n, "W must be " + std::to_string(n) + " x " + std::to_string(n));
  require(p.v_pre.size() == n && p.v_post.size() == n,
          "v_pre and v_post must have " + std::to_string(n) + " components");
  require(p.W.allFinite() && p.v_pre.allFinite() && p.v_post.allFinite(), "non-finite entries");
  require(std::isfinite(p.mu_max) && p.mu_max >= 0.0, "mu_max must be finite and >= 0");
}

// W symmetrized, its eigenvalues (W must be positive semidefinite up to round-off) and the units.
Scaled scaled(const FeasibilityProblem& p) {
  Scaled s;
  s.k = p.contacts;
  s.tangents = p.tangents;
  s.mu = p.mu_max;
  s.speed = std::max(p.v_pre.norm(), p.v_post.norm());
  const MatrixXd W = 0.5 * (p.W + p.W.transpose());
  const Eigen::SelfAdjointEigenSolver<MatrixXd> eigen(W, Eigen::EigenvaluesOnly);
  const VectorXd lambda = eigen.eigenvalues();
  s.stiffness = std::max(lambda.maxCoeff(), 0.0);
  require(lambda.minCoeff() >= -1e-9 * std::max(s.stiffness, W.cwiseAbs().maxCoeff()),
          "W must be symmetric positive semidefinite");
  if (s.stiffness > 0.0) {
    s.W = W / s.stiffness;
    s.smallest_eigenvalue = lambda.minCoeff() / s.stiffness;
    for (int i = 0; i < lambda.size(); ++i)
      if (lambda(i) / s.stiffness > 1e-12)
        s.smallest_positive = std::min(s.smallest_positive, lambda(i) / s.stiffness);
  } else {
    s.W = MatrixXd::Zero(W.rows(), W.cols());
  }
  const double speed = s.speed > 0.0 ? s.speed : 1.0;
  s.v = p.v_pre / speed;
  s.d = (p.v_post - p.v_pre) / speed;
  return s;
}

// C1-C4 at the impulse P (in scaled units), each within tol times the size of its terms.
bool admissible(const Scaled& s, const VectorXd& P, double tol) {
  const double size = P.norm();
  const VectorXd after = s.v + s.W * P;
  if (P.dot(s.v) + 0.5 * P.dot(s.W * P) > tol * size * (1.0 + size)) return false;  // C1: dT <= 0
  for (int j = 0; j < s.k; ++j) {
    if (after(j) < -tol * (1.0 + size)) return false;  // C2: the contact does not close further
    if (P(j) < -tol * size) return false;              // C4: the normal impulse pushes
    double tangential = 0.0;
    for (int r : tangent_rows(s.k, s.tangents, j)) tangential += P(r) * P(r);
    if (std::sqrt(tangential) - s.mu * P(j) > tol * size * std::max(1.0, s.mu)) return false;  // C3
  }
  return true;
}

// A constraint h(x) > 0 of the barrier, x = (z, y): affine a.x + b; concave quadratic a.x + b - x.Q.x / 2;
// or a second-order cone u0^2 - |u|^2 with u0 = a.x + b > 0 and u = B x + c.
struct Constraint {
  enum class Kind { affine, quadratic, cone } kind = Kind::affine;
  VectorXd a;
  double b = 0.0;
  MatrixXd Q;
  MatrixXd B;
  VectorXd c;
  // The barrier parameter of -log h (the duality gap at a central point is the sum over t).
  double weight() const { return kind == Kind::cone ? 2.0 : 1.0; }
};

Constraint affine(const VectorXd& a, double b) {
  Constraint c;
  c.a = a;
  c.b = b;
  return c;
}

// The cone |B x + c| <= a.x + b.
Constraint cone(const VectorXd& a, double b, const MatrixXd& B, const VectorXd& c) {
  Constraint k;
  k.kind = Constraint::Kind::cone;
  k.a = a;
  k.b = b;
  k.B = B;
  k.c = c;
  return k;
}

// h(x), or 0 outside the constraint's domain.
double value(const Constraint& c, const VectorXd& x) {
  const double linear = c.a.dot(x) + c.b;
  switch (c.kind) {
    case Constraint::Kind::affine:
      return linear;
    case Constraint::Kind::quadratic:
      return linear - 0.5 * x.dot(c.Q * x);
    case Constraint::Kind::cone:
      if (!(linear > 0.0)) return 0.0;
      return linear * linear - (c.B * x + c.c).squaredNorm();
  }
  return 0.0;
}

// Adds the gradient and Hessian of -log h at x.
void add_barrier_derivatives(const Constraint& c, const VectorXd& x, VectorXd& g, MatrixXd& H) {
  const double h = value(c, x);
  VectorXd grad_h = c.a;
  MatrixXd hess_h;
  if (c.kind == Constraint::Kind::quadratic) {
    grad_h -= c.Q * x;
    hess_h = -c.Q;
  } else if (c.kind == Constraint::Kind::cone) {
    const double u0 = c.a.dot(x) + c.b;
    const VectorXd u = c.B * x + c.c;
    grad_h = 2.0 * u0 * c.a - 2.0 * c.B.transpose() * u;
    hess_h = 2.0 * c.a * c.a.transpose() - 2.0 * c.B.transpose() * c.B;
  }
  g -= grad_h / h;
  H += grad_h * grad_h.transpose() / (h * h);
  if (hess_h.size() > 0) H -= hess_h / h;
}

bool all_inside(const std::vector<Constraint>& cs, const VectorXd& x, std::vector<double>& h) {
  h.resize(cs.size());
  for (std::size_t i = 0; i < cs.size(); ++i) {
    h[i] = value(cs[i], x);
    if (!(h[i] > 0.0) || !std::isfinite(h[i])) return false;
  }
  return true;
}

// -H^-1 g, with H scaled to a unit diagonal first: the barrier's Hessian grows as 1/h^2 along the
// constraints that are nearly active.
VectorXd newton_step(const MatrixXd& H, const VectorXd& g) {
  const VectorXd scale = H.diagonal().cwiseMax(1e-300).cwiseSqrt().cwiseInverse();
  const MatrixXd balanced = scale.asDiagonal() * H * scale.asDiagonal();
  return -scale.cwiseProduct(balanced.ldlt().solve(scale.cwiseProduct(g)));
}

enum class Centering { centered, stalled, failed };

// Damped Newton steps on t cost.x - sum log h_i from a strictly inside x, with backtracking that keeps x
// strictly inside; the decrease is evaluated as t cost.dx - sum log(h_new / h_old), free of cancellation.
Centering center(const std::vector<Constraint>& cs, const VectorXd& cost, double t, VectorXd& x) {
  const int dim = static_cast<int>(x.size());
  std::vector<double> h_old, h_new;
  for (int step = 0; step < kMaxNewtonSteps; ++step) {
    VectorXd g = t * cost;
    MatrixXd H = MatrixXd::Zero(dim, dim);
    for (const Constraint& c : cs) add_barrier_derivatives(c, x, g, H);
    const VectorXd dx = newton_step(H, g);
    if (!dx.allFinite() || !g.allFinite()) return Centering::failed;
    const double decrement = -g.dot(dx);  // the squared Newton decrement
    if (!(decrement > 1e-12)) return Centering::centered;
    all_inside(cs, x, h_old);
    bool accepted = false;
    for (double alpha = 1.0; alpha > 1e-14 && !accepted; alpha *= 0.5) {
      const VectorXd trial = x + alpha * dx;
      if (!all_inside(cs, trial, h_new)) continue;
      double change = t * alpha * cost.dot(dx);
      for (std::size_t i = 0; i < cs.size(); ++i) change -= std::log(h_new[i] / h_old[i]);
      if (change <= -0.01 * alpha * decrement) {
        x = trial;
        accepted = true;
      }
    }
    if (!accepted) return Centering::stalled;
  }
  return Centering::stalled;
}

struct BarrierOutcome {
  VectorXd x;
  double gap = 0.0;  // sum of weights / t: the duality gap of the last central point
  bool ok = true;    // false when a Newton system failed
};

// Minimizes cost.x over the constraints from a strictly inside x0: t = 1, 10, 100, ... until the gap is
// at most gap_target or cost.x falls below stop_cost.
BarrierOutcome minimize(const std::vector<Constraint>& cs, const VectorXd& cost, const VectorXd& x0,
                        double gap_target, double stop_cost) {
  double weights = 0.0;
  for (const Constraint& c : cs) weights += c.weight();
  BarrierOutcome out{x0, weights, true};
  double t = 1.0;
  for (int round = 0; round < kMaxBarrierRounds; ++round, t *= 10.0) {
    VectorXd x = out.x;
    if (center(cs, cost, t, x) == Centering::failed) {
      out.ok = false;
      return out;
    }
    out.x = x;
    out.gap = weights / t;
    if (out.gap <= gap_target || cost.dot(out.x) < stop_cost) return out;
  }
  return out;
}

// The impulse as P = S z: all of P, or its normal components alone when mu_max = 0 (no tangential
// impulse).
MatrixXd impulse_basis(const Scaled& s) {
  const int n = static_cast<int>(s.v.size());
  if (s.mu > 0.0) return MatrixXd::Identity(n, n);
  MatrixXd S = MatrixXd::Zero(n, s.k);
  for (int j = 0; j < s.k; ++j) S(j, j) = 1.0;
  return S;
}

// A vector of x = (z, y) from its z part and its y coefficient.
VectorXd extended(const VectorXd& z_part, double y_part) {
  VectorXd a(z_part.size() + 1);
  a << z_part, y_part;
  return a;
}

// C1-C4 and a ball |z| <= R as barrier constraints h >= shift in x = (z, y), the shift being y itself
// (phase I: y = s, the least margin) or the constant `shift` (y_coefficient = 0).
std::vector<Constraint> admissible_region(const Scaled& s, const MatrixXd& S, double R, double y_coefficient,
                                          double shift) {
  const int m = static_cast<int>(S.cols());
  const MatrixXd WS = s.W * S;
  std::vector<Constraint> cs;
  // C1: -dT = -P.v - P.W.P / 2 >= 0.
  Constraint energy;
  energy.kind = Constraint::Kind::quadratic;
  energy.a = extended(-S.transpose() * s.v, y_coefficient);
  energy.b = -shift;
  energy.Q = MatrixXd::Zero(m + 1, m + 1);
  energy.Q.topLeftCorner(m, m) = S.transpose() * WS;
  cs.push_back(energy);
  for (int j = 0; j < s.k; ++j) {
    // C2: the normal velocity after, v_Nj + (W P)_Nj >= 0.
    cs.push_back(affine(extended(WS.row(j).transpose(), y_coefficient), s.v(j) - shift));
    // C4: P_Nj >= 0.
    cs.push_back(affine(extended(S.row(j).transpose(), y_coefficient), -shift));
    if (s.mu > 0.0) {
      // C3: |P_Tj| <= mu P_Nj, as the cone (mu P_Nj - shift)^2 - |P_Tj|^2 >= 0.
      Constraint coulomb;
      coulomb.kind = Constraint::Kind::cone;
      coulomb.a = extended(s.mu * S.row(j).transpose(), y_coefficient);
      coulomb.b = -shift;
      const std::vector<int> rows = tangent_rows(s.k, s.tangents, j);
      coulomb.B = MatrixXd::Zero(static_cast<int>(rows.size()), m + 1);
      for (std::size_t r = 0; r < rows.size(); ++r) coulomb.B.row(r).head(m) = S.row(rows[r]);
      coulomb.c = VectorXd::Zero(static_cast<int>(rows.size()));
      cs.push_back(coulomb);
    }
  }
  // The ball bounds the impulses that W does not see (a singular multi-contact G: internal squeezes).
  Constraint ball;
  ball.kind = Constraint::Kind::quadratic;
  ball.a = extended(VectorXd::Zero(m), y_coefficient);
  ball.b = R * R - shift;
  ball.Q = MatrixXd::Zero(m + 1, m + 1);
  ball.Q.topLeftCorner(m, m) = 2.0 * MatrixXd::Identity(m, m);
  cs.push_back(ball);
  return cs;
}

// The radius of the ball: C1 bounds the impulses W sees by 2 |v| / (the smallest positive eigenvalue);
// squeezes may need as much again.
double ball_radius(const Scaled& s) { return 1e3 * (1.0 + 2.0 / s.smallest_positive); }

struct Interior {
  VectorXd z;
  double shift = 0.0;  // the constraints' relaxation: 0, or -kRelaxation when C1-C4 have no interior
  bool found = false;  // false: no admissible impulse even relaxed (z then violates C1-C4 least)
};

// Phase I: maximize the least margin s of C1-C4 over (z, s) from z = 0.
Interior phase_one(const Scaled& s, const MatrixXd& S, double R) {
  const int m = static_cast<int>(S.cols());
  const std::vector<Constraint> cs = admissible_region(s, S, R, -1.0, 0.0);
  double margin = 0.0;  // the least h of C1-C4 at z = 0 (the cones' is 0)
  for (const Constraint& c : cs)
    if (c.kind != Constraint::Kind::cone) margin = std::min(margin, value(c, VectorXd::Zero(m + 1)));
  VectorXd x0 = VectorXd::Zero(m + 1);
  x0(m) = margin - 1.0;
  VectorXd cost = VectorXd::Zero(m + 1);
  cost(m) = -1.0;
  const BarrierOutcome run = minimize(cs, cost, x0, 0.25 * kRelaxation, -1e-3);
  Interior in;
  in.z = run.x.head(m);
  const double least = run.x(m);
  if (least > 0.0) {
    in.found = true;
  } else if (least > -kRelaxation) {
    in.found = true;
    in.shift = -kRelaxation;
  }
  return in;
}

struct Nearest {
  VectorXd z;
  bool certified = true;  // the barrier reached its gap on the misfit
};

// Phase II: minimize tau subject to |W S z - d| <= tau and C1-C4 (relaxed by the interior's shift).
Nearest phase_two(const Scaled& s, const MatrixXd& S, double R, const Interior& in) {
  const int m = static_cast<int>(S.cols());
  std::vector<Constraint> cs = admissible_region(s, S, R, 0.0, in.shift);
  MatrixXd B = MatrixXd::Zero(s.d.size(), m + 1);
  B.leftCols(m) = s.W * S;
  cs.push_back(cone(VectorXd::Unit(m + 1, m), 0.0, B, -s.d));
  VectorXd x0(m + 1);
  x0 << in.z, (s.W * S * in.z - s.d).norm() + 1.0;
  const BarrierOutcome run = minimize(cs, VectorXd::Unit(m + 1, m), x0, kBarrierGap, -1.0);
  return {run.x.head(m), run.ok && run.gap <= kBarrierGap};
}

// M with the entries below round-off of `size` set to 0.
MatrixXd chopped(MatrixXd M, double size) {
  for (int i = 0; i < M.size(); ++i)
    if (std::abs(M.data()[i]) <= 1e-12 * size) M.data()[i] = 0.0;
  return M;
}

// The constraint of x = T x' + x0 as one of x'. Directions of T along which the constraint is constant
// (W's null space in C1 and C2) keep it exactly constant: a nearly active constraint would otherwise see
// the round-off of a long step as a change.
Constraint composed(const Constraint& c, const MatrixXd& T, const VectorXd& x0) {
  const double t = T.norm();
  Constraint out = c;
  out.a = T.transpose() * c.a;
  out.b = c.a.dot(x0) + c.b;
  double size = c.a.norm() * t;
  if (c.kind == Constraint::Kind::quadratic) {
    out.a -= T.transpose() * (c.Q * x0);
    out.b -= 0.5 * x0.dot(c.Q * x0);
    out.Q = chopped(T.transpose() * c.Q * T, c.Q.norm() * t * t);
    size += c.Q.norm() * t * x0.norm();
  } else if (c.kind == Constraint::Kind::cone) {
    out.B = chopped(c.B * T, c.B.norm() * t);
    out.c = c.B * x0 + c.c;
  }
  out.a = chopped(out.a, size);
  return out;
}

// A basis of the impulses z that W S does not see (columns), empty when W S has full column rank.
MatrixXd unseen_impulses(const Scaled& s, const MatrixXd& S) {
  const Eigen::JacobiSVD<MatrixXd> svd(s.W * S, Eigen::ComputeFullV);
  const VectorXd sigma = svd.singularValues();
  int rank = 0;
  while (rank < sigma.size() && sigma(rank) > 1e-10) ++rank;
  return svd.matrixV().rightCols(S.cols() - rank);
}

// Phase III: the smallest admissible impulse z = z* + N w, |z| <= rho, among those with the same W S z:
// the misfit's minimizers. Where W is singular, the impulses N that W does not see (squeezes between
// contacts) leave the misfit as it is, and phase II's central path drifts along them towards the ball.
VectorXd smallest_nearest(const Scaled& s, const MatrixXd& S, double R, const Interior& in,
                          const VectorXd& z) {
  const MatrixXd N = unseen_impulses(s, S);
  const int m = static_cast<int>(S.cols()), free = static_cast<int>(N.cols());
  if (free == 0) return z;
  MatrixXd T = MatrixXd::Zero(m + 1, free + 1);  // (z, rho) = T (w, rho) + (z*, 0)
  T.topLeftCorner(m, free) = N;
  T(m, free) = 1.0;
  VectorXd origin = VectorXd::Zero(m + 1);
  origin.head(m) = z;
  std::vector<Constraint> cs;
  for (const Constraint& c : admissible_region(s, S, R, 0.0, in.shift)) cs.push_back(composed(c, T, origin));
  cs.push_back(cone(VectorXd::Unit(free + 1, free), 0.0, T.topRows(m), z));
  VectorXd x0 = VectorXd::Zero(free + 1);
  x0(free) = z.norm() + 1.0;
  std::vector<double> h;
  if (!all_inside(cs, x0, h)) return z;
  const BarrierOutcome run = minimize(cs, VectorXd::Unit(free + 1, free), x0, 1e-10, -1.0);
  return run.ok ? VectorXd(z + N * run.x.head(free)) : z;
}

// Where W S is singular, phase II again in the ball of twice the smallest minimizer's norm: its central path
// no longer drifts far along the unseen impulses, whose size costs C1-C4 and the misfit their round-off
// (|z|^2 times the machine epsilon), so the second answer is the more accurate one.
Nearest nearest_in_small_ball(const Scaled& s, const MatrixXd& S, const Nearest& first, const Interior& in,
                              double R) {
  const VectorXd smallest = smallest_nearest(s, S, R, in, first.z);
  if (smallest.norm() >= 0.5 * first.z.norm()) return first;
  const double small_R = 2.0 * smallest.norm() + 1.0;
  const Interior small_in = phase_one(s, S, small_R);
  if (!small_in.found) return first;
  return phase_two(s, S, small_R, small_in);
}

// Moves z onto W S z = d (the least-squares correction) when that keeps C1-C4 within kExactTolerance: the
// round-off of a reproduced impact instead of the barrier's gap.
VectorXd polished(const Scaled& s, const MatrixXd& S, const VectorXd& z) {
  const MatrixXd A = s.W * S;
  const VectorXd candidate = z + A.completeOrthogonalDecomposition().solve(s.d - A * z);
  if (!candidate.allFinite() || !admissible(s, S * candidate, kExactTolerance)) return z;
  if ((A * candidate - s.d).norm() > (A * z - s.d).norm()) return z;
  return candidate;
}

// |v_pre + W P - v_post| / |v_post| (|v_pre| when v_post = 0; 0 when both are).
double misfit_of(const FeasibilityProblem& p, const VectorXd& P) {
  const double residual = (p.v_pre + 0.5 * (p.W + p.W.transpose()) * P - p.v_post).norm();
  const double scale = p.v_post.norm() > 0.0 ? p.v_post.norm() : p.v_pre.norm();
  return scale > 0.0 ? residual / scale : residual;
}

FeasibilityResult result_of(const FeasibilityProblem& p, const Scaled& s, const VectorXd& P_scaled,
                            bool converged) {
  FeasibilityResult r;
  r.impulse = s.stiffness > 0.0 ? VectorXd(P_scaled * (s.speed / s.stiffness)) : VectorXd(P_scaled * 0.0);
  r.misfit = misfit_of(p, r.impulse);
  r.feasible = r.misfit <= kFeasibleMisfit;
  r.converged = converged;
  return r;
}

// W = 0 (or no motion at all): every impulse leaves v_pre as it is; P = 0 is the admissible one when no
// contact approaches.
FeasibilityResult without_stiffness(const FeasibilityProblem& p, const Scaled& s) {
  const VectorXd zero = VectorXd::Zero(p.v_pre.size());
  return result_of(p, s, zero, admissible(s, zero, kExactTolerance));
}

}  // namespace

FeasibilityResult nearest_admissible_impulse(const FeasibilityProblem& p) {
  validate(p);
  const Scaled s = scaled(p);
  if (s.stiffness == 0.0 || s.speed == 0.0) return without_stiffness(p, s);
  // W positive definite: the impulse that reproduces v_post is unique.
  if (s.smallest_eigenvalue > 1e-12) {
    const VectorXd P = s.W.llt().solve(s.d);
    if (P.allFinite() && admissible(s, P, kExactTolerance)) {
      FeasibilityResult r = result_of(p, s, P, true);
      r.misfit = 0.0;
      r.feasible = true;
      return r;
    }
  }
  const MatrixXd S = impulse_basis(s);
  const double R = ball_radius(s);
  const Interior in = phase_one(s, S, R);
  if (!in.found) return result_of(p, s, S * in.z, false);
  const Nearest nearest = nearest_in_small_ball(s, S, phase_two(s, S, R, in), in, R);
  const VectorXd z = polished(s, S, nearest.z);
  FeasibilityResult r = result_of(p, s, S * z, nearest.certified);
  // No impulse at all when no contact approaches.
  const VectorXd zero = VectorXd::Zero(p.v_pre.size());
  if (admissible(s, zero, kExactTolerance)) {
    const FeasibilityResult at_rest = result_of(p, s, zero, nearest.certified);
    if (at_rest.misfit < r.misfit) r = at_rest;
  }
  return r;
}

}  // namespace collsweep::fit

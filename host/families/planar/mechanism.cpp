// Delassus matrix and velocity change of a planar contact from a mass matrix and contact Jacobian.
#include "families/planar/mechanism.hpp"

#include <memory>
#include <sstream>
#include <stdexcept>

#include "collsweep/sampling/mechanism.hpp"

namespace collsweep {

void validate_mechanism(const Mechanism& m) {
  const Eigen::Index n = m.M.rows();
  std::ostringstream why;
  if (n > max_solve_dof) {
    why << "at most " << max_solve_dof << " degrees of freedom (got " << n << ")";
  } else if (n < 1 || m.M.cols() != n) {
    why << "M must be square with at least one row (got " << m.M.rows() << " x " << m.M.cols() << ")";
  } else if (m.J.rows() != 2 || m.J.cols() != n) {
    why << "J must be 2 x " << n << " (rows V_n and V_t), got " << m.J.rows() << " x " << m.J.cols();
  } else if (!m.M.allFinite() || !m.J.allFinite()) {
    why << "M or J contains NaN or inf";
  } else if (!m.M.isApprox(m.M.transpose(), 1e-12)) {
    why << "M is not symmetric";
  } else if (m.M.llt().info() != Eigen::Success) {
    why << "M is not positive definite";
  } else if (!is_spd(delassus_from_mechanism(m))) {
    why << "W = J M^-1 J^T is singular: the rows of J are linearly dependent (need n >= 2 and independent "
           "V_n, V_t)";
  }
  if (!why.str().empty()) throw std::invalid_argument(why.str());
}

// The samplers' W = J M^-1 J^T (sampling/mechanism.hpp: Cholesky of M, forward substitution, Y^T Y) on
// arrays of max_solve_dof; a W of zeros when M is not positive definite to working precision.
Delassus2 delassus_from_mechanism(const Mechanism& m) {
  constexpr int N = max_solve_dof;
  struct Buffers {
    double M[N][N], J[2][N], Y[2][N], work[N][N], W[2][2];
  };
  const auto b = std::make_unique<Buffers>();
  const auto n = static_cast<std::uint32_t>(m.M.rows());
  if (n > static_cast<std::uint32_t>(N) || m.J.rows() != 2 || m.J.cols() != m.M.rows())
    throw std::invalid_argument("mechanism: M must be n x n and J 2 x n with n <= " + std::to_string(N));
  for (std::uint32_t i = 0; i < n; ++i) {
    for (std::uint32_t j = 0; j < n; ++j) b->M[i][j] = m.M(i, j);
    for (int r = 0; r < 2; ++r) b->J[r][i] = m.J(r, i);
  }
  mechanism_delassus_of(n, 2u, b->M, b->J, b->Y, b->work, b->W);
  return Delassus2{b->W[0][0], b->W[0][1], b->W[1][1]};
}

Velocity2 contact_velocity(const Mechanism& m, const Eigen::VectorXd& u) {
  const Eigen::Vector2d v = m.J * u;
  return Velocity2{v(0), v(1)};
}

Eigen::VectorXd velocity_change(const Mechanism& m, double I_n, double I_t) {
  return m.M.llt().solve(m.J.transpose() * Eigen::Vector2d(I_n, I_t));
}

}  // namespace collsweep

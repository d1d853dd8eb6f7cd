// Delassus matrix and velocity change of a planar contact from a mass matrix and contact Jacobian.
#include "families/planar/mechanism.hpp"

#include <sstream>
#include <stdexcept>

namespace collsweep {

void validate_mechanism(const Mechanism& m) {
  const Eigen::Index n = m.M.rows();
  std::ostringstream why;
  if (n < 1 || m.M.cols() != n) {
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

Delassus2 delassus_from_mechanism(const Mechanism& m) {
  const Eigen::LLT<Eigen::MatrixXd> llt(m.M);
  const Eigen::MatrixXd W = m.J * llt.solve(m.J.transpose());
  return Delassus2{W(0, 0), 0.5 * (W(0, 1) + W(1, 0)), W(1, 1)};
}

Velocity2 contact_velocity(const Mechanism& m, const Eigen::VectorXd& u) {
  const Eigen::Vector2d v = m.J * u;
  return Velocity2{v(0), v(1)};
}

Eigen::VectorXd velocity_change(const Mechanism& m, double I_n, double I_t) {
  return m.M.llt().solve(m.J.transpose() * Eigen::Vector2d(I_n, I_t));
}

}  // namespace collsweep

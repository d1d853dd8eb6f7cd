// Mass matrix, contact Jacobian and pre-impact speeds of Kane & Levinson's double pendulum.
#include "mechanism/kane_pendulum.hpp"

#include <cmath>

namespace collsweep {

KanePendulum kane_pendulum(double l, double m, double q1_deg, double q2_deg, double u1, double u2) {
  const double deg = std::acos(-1.0) / 180.0;
  const double q1 = q1_deg * deg, q2 = q2_deg * deg;
  KanePendulum p;
  const double c12 = 0.5 * std::cos(q1 - q2);
  p.mechanism.M.resize(2, 2);
  p.mechanism.M << 4.0 / 3.0, c12, c12, 1.0 / 3.0;
  p.mechanism.M *= m * l * l;
  // Contact point r = l(cos q1 + cos q2) n1 + l(sin q1 + sin q2) n2 with n1 down; n = -n1, t = -n2.
  p.mechanism.J.resize(2, 2);
  p.mechanism.J << l * std::sin(q1), l * std::sin(q2), -l * std::cos(q1), -l * std::cos(q2);
  p.u1 = Eigen::Vector2d(u1, u2);
  return p;
}

}  // namespace collsweep

// Test fixture: Kane & Levinson's double pendulum striking a floor (Djerassi 2010 Sect. 6, Table 2) from
// raw physics.
#pragma once

#include <cmath>

#include "families/planar/mechanism.hpp"

namespace collsweep {

// Two uniform rods (mass m, length l) hinged at a fixed point O; angles q1, q2 from the downward
// vertical; the free end of the second rod hits a horizontal floor with n up and t horizontal.
struct KanePendulum {
  Mechanism mechanism;  // M+ = m l^2 [[4/3, cos(q1-q2)/2], [cos(q1-q2)/2, 1/3]], J = [l sin q_i; -l cos q_i]
  Eigen::Vector2d u1;   // pre-impact generalized speeds (rad/s)
};

// Djerassi's data: l = 2 m, m = 3 kg, q1 = 20 deg, q2 = 30 deg, u1 = -0.1 rad/s, u2 = -0.2 rad/s.
inline KanePendulum kane_pendulum(double l = 2.0, double m = 3.0, double q1_deg = 20.0, double q2_deg = 30.0,
                                  double u1 = -0.1, double u2 = -0.2) {
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

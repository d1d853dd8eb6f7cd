// Kane & Levinson's double pendulum striking a floor (Djerassi 2010 Sect. 6, Table 2) from raw physics.
#pragma once

#include "mechanism/mechanism.hpp"

namespace collsweep {

// Two uniform rods (mass m, length l) hinged at a fixed point O; angles q1, q2 from the downward
// vertical; the free end of the second rod hits a horizontal floor with n up and t horizontal.
struct KanePendulum {
  Mechanism mechanism;  // M+ = m l^2 [[4/3, cos(q1-q2)/2], [cos(q1-q2)/2, 1/3]], J = [l sin q_i; -l cos q_i]
  Eigen::Vector2d u1;   // pre-impact generalized speeds (rad/s)
};

// Djerassi's data: l = 2 m, m = 3 kg, q1 = 20 deg, q2 = 30 deg, u1 = -0.1 rad/s, u2 = -0.2 rad/s.
KanePendulum kane_pendulum(double l = 2.0, double m = 3.0, double q1_deg = 20.0, double q2_deg = 30.0,
                           double u1 = -0.1, double u2 = -0.2);

}  // namespace collsweep

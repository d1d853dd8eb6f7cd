// Mechanism form of a planar contact: an n-DOF SPD mass matrix M and a 2 x n contact Jacobian J.
#pragma once

#include <Eigen/Dense>

#include "collsweep/models/planar/contact.hpp"

namespace collsweep {

// J's rows are the normal and tangential partial velocities of the contact point (Djerassi eq. 13),
// so the contact velocity is v = J u and an impulse P changes u by M^-1 J^T P (eqs 15-16).
struct Mechanism {
  Eigen::MatrixXd M;  // n x n, symmetric positive definite (Kane's M+ = -M)
  Eigen::MatrixXd J;  // 2 x n, rows [V_n; V_t]
};

// The largest n of the mechanism form (W is computed on fixed arrays of this size).
inline constexpr int max_solve_dof = 64;

// Throws std::invalid_argument naming the problem (size, shape, symmetry, definiteness, rank of J).
void validate_mechanism(const Mechanism& m);

// W = J M^-1 J^T (Djerassi eqs 23a-c), by Cholesky of M: the samplers' routine (sampling/mechanism.hpp),
// n <= max_solve_dof.
Delassus2 delassus_from_mechanism(const Mechanism& m);

// Contact velocity v = J u.
Velocity2 contact_velocity(const Mechanism& m, const Eigen::VectorXd& u);

// Generalized velocity change du = M^-1 J^T [I_n; I_t].
Eigen::VectorXd velocity_change(const Mechanism& m, double I_n, double I_t);

}  // namespace collsweep

// One planar rigid body on k fixed obstacles in contact space: its contact Jacobian J (2k x 3), Delassus
// matrix G = J M^-1 J^T and pre-impact contact velocities gamma^- = J v (the body kind of plan.hpp).
//
// The body's velocity is v = (v_x, v_y, omega): mass-centre velocity and angular velocity (counterclockwise).
// The material point at contact j, r_j = point[j] from the mass centre, moves with v_c + omega e_z x r_j =
// (v_x - omega r_jy, v_y + omega r_jx). With the unit normal n_j (from the obstacle into the body) and the
// tangent t_j = (n_jy, -n_jx) (n_j turned clockwise by 90 degrees: t = +x on a floor with n = +y), the rows
// of J are (Glocker 2014, Sect. 2: gamma = W^T u, here J = W^T)
//   N_j = (n_jx, n_jy, r_j x n_j),   T_j = (t_jx, t_jy, r_j x t_j),   r x a = r_x a_y - r_y a_x,
// in the order N_1 .. N_k, T_1 .. T_k, and M = diag(m, m, I). G has rank at most 3: a body on two or more
// frictional contacts has a singular G (docs/multicontact.md, "Semidefinite G").
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/models/multicontact/plan.hpp"

namespace collsweep {

inline constexpr int planar_body_dof = 3;

// Row a of J (a < k: N_{a+1}; a >= k: T_{a-k+1}).
COLLSWEEP_HD_INLINE void planar_body_jacobian_row(const PlanarBody& b, std::uint32_t k, std::uint32_t a,
                                                  double (&row)[planar_body_dof]) {
  const std::uint32_t j = a < k ? a : a - k;
  const double nx = b.normal[j][0], ny = b.normal[j][1];
  const double dx = a < k ? nx : ny, dy = a < k ? ny : -nx;  // the normal, or the tangent
  row[0] = dx;
  row[1] = dy;
  row[2] = b.point[j][0] * dy - b.point[j][1] * dx;
}

// G = J M^-1 J^T (leading 2k x 2k block; exactly symmetric: each entry computed once and mirrored).
COLLSWEEP_HD_INLINE void planar_body_delassus(const PlanarBody& b, std::uint32_t k,
                                              double (&G)[2 * max_contacts][2 * max_contacts]) {
  const double inv[planar_body_dof] = {1.0 / b.mass, 1.0 / b.mass, 1.0 / b.inertia};
  const std::uint32_t r = 2u * k;
  for (std::uint32_t a = 0; a < r; ++a) {
    double ja[planar_body_dof];
    planar_body_jacobian_row(b, k, a, ja);
    for (std::uint32_t c = a; c < r; ++c) {
      double jc[planar_body_dof];
      planar_body_jacobian_row(b, k, c, jc);
      double s = 0.0;
      for (int d = 0; d < planar_body_dof; ++d) s += ja[d] * inv[d] * jc[d];
      G[a][c] = s;
      G[c][a] = s;
    }
  }
}

// gamma^- = J v, v = (v_x, v_y, omega), for any lane type V (gamma[0 .. 2k)).
template <class V>
COLLSWEEP_HD_INLINE void planar_body_contact_velocities(const PlanarBody& b, std::uint32_t k,
                                                        const V (&v)[planar_body_dof], V* gamma) {
  for (std::uint32_t a = 0; a < 2u * k; ++a) {
    double row[planar_body_dof];
    planar_body_jacobian_row(b, k, a, row);
    gamma[a] = v[0] * row[0] + v[1] * row[1] + v[2] * row[2];
  }
}

}  // namespace collsweep

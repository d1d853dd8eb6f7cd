// The two-body file of `collsweep solve --law <spatial law> --bodies FILE`: two rigid bodies (or one and
// fixed ground) and the contact normal, in world axes.
//
//   [body1]                        # the body the normal points into
//   mass = 2.0
//   inertia = [[J_xx, J_xy, J_xz], [J_xy, J_yy, J_yz], [J_xz, J_yz, J_zz]]   # about the mass centre
//   # or inertia = [J_xx, J_yy, J_zz, J_xy, J_xz, J_yz] (the tensor's entries: J_xy = -(product of inertia))
//   r = [x, y, z]                  # mass centre minus contact point
//   v = [v_x, v_y, v_z]            # mass-centre velocity (default 0)
//   w = [w_x, w_y, w_z]            # angular velocity (default 0)
//   [body2]                        # the same keys, or
//   ground = true                  # fixed ground (no other key)
//   [contact]
//   normal = [n_x, n_y, n_z]       # from body 2 towards body 1; normalised here
//   t1 = [x, y, z]                 # optional first tangent (perpendicular to normal to 1e-9); by default
//                                  # the world axis least aligned with n, made perpendicular
//
// Sypniewska-Kaminska & Rosinski 2008's conventions as in models/spatial/bodies.hpp.
#pragma once

#include <string>

#include "collsweep/models/spatial/bodies.hpp"

namespace collsweep::cli {

struct BodiesInput {
  RigidBody body1, body2;
  ContactFrame frame;
};

// Reads and checks the file; throws UsageError "--bodies FILE:LINE:COLUMN: KEY = VALUE: REASON" (or naming
// the file alone where no position applies).
BodiesInput read_bodies_file(const std::string& path);

}  // namespace collsweep::cli

// Multi-contact plans of one planar rigid body (matrix kind "body"): the rod on both ends, a box on two
// corners, in a corner (k = 3) and in a slot (k = 4), as configs/rod_two_contacts.toml and
// configs/box_landing.toml describe them.
#pragma once

#include <cstdint>

#include "collsweep/models/multicontact/plan.hpp"

namespace collsweep::testing {

// A body plan of k contact points and normals, approaching with v_x, omega in [-1, 1) and v_y in [-1, 0).
inline MultiContactSamplePlan body_plan(std::uint64_t seed, double mass, double inertia, int k,
                                        const double (*points)[2], const double (*normals)[2]) {
  MultiContactSamplePlan p;
  p.seed = seed;
  p.G_kind = DelassusKind::body;
  p.contacts = {ScalarKind::constant, double(k), double(k), 1};
  p.body.mass = mass;
  p.body.inertia = inertia;
  for (int j = 0; j < k; ++j)
    for (int c = 0; c < 2; ++c) {
      p.body.point[j][c] = points[j][c];
      p.body.normal[j][c] = normals[j][c];
    }
  return p;
}

// A rod of length 2 (m = 1, I = m L^2 / 12) lying on both ends.
inline MultiContactSamplePlan rod_plan(std::uint64_t seed) {
  const double points[2][2] = {{-1.0, 0.0}, {1.0, 0.0}}, normals[2][2] = {{0.0, 1.0}, {0.0, 1.0}};
  return body_plan(seed, 1.0, 4.0 / 12.0, 2, points, normals);
}

// A box 2 x 1 (m = 2, I = m (w^2 + h^2) / 12) on its two lower corners; k = 3 adds a wall on its left,
// k = 4 a wall on each side.
inline MultiContactSamplePlan box_plan(std::uint64_t seed, int k) {
  const double points[4][2] = {{-1.0, -0.5}, {1.0, -0.5}, {-1.0, 0.0}, {1.0, 0.0}};
  const double normals[4][2] = {{0.0, 1.0}, {0.0, 1.0}, {1.0, 0.0}, {-1.0, 0.0}};
  return body_plan(seed, 2.0, 2.0 * 5.0 / 12.0, k, points, normals);
}

}  // namespace collsweep::testing

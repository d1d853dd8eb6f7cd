// What `collsweep solve --bodies FILE` prints of the two bodies: each body's velocities before and after the
// impulse, and their kinetic energy.
#pragma once

#include <ostream>

#include "families/spatial/bodies_file.hpp"
#include "io/json_writer.hpp"

namespace collsweep::families {

// The bodies after the impulse P (P on body 1, -P on body 2; Sypniewska-Kaminska & Rosinski 2008, eqs 6-9)
// and the kinetic energy before and after (T_after - T_before = dE).
struct BodiesAfter {
  RigidBody body1, body2;
  double T_before = 0.0, T_after = 0.0;
};

BodiesAfter apply_impulse(const BodiesInput& b, const Vec3n& P);

// "bodies": {normal, t1, t2, body1: {ground, v, w, v2, w2}, body2: ..., T_before, T_after}.
void write_bodies_json(io::JsonWriter& j, const BodiesInput& b, const BodiesAfter& a);

// The frame and each body's v, w before and v2, w2 after, as tables.
void print_bodies_table(std::ostream& os, const BodiesInput& b, const BodiesAfter& a);

}  // namespace collsweep::families

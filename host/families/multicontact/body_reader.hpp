// Readers of one planar rigid body's TOML keys (models/multicontact/planar_body.hpp), shared by the run
// config's matrix.kind = "body" (body_keys.cpp) and the file of `solve --bodies` for the multi-contact laws.
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <string>

#include "collsweep/models/multicontact/plan.hpp"
#include "config/toml_reader.hpp"

namespace collsweep::families {

// 1 .. max_contacts pairs [x, y] into v; returns their number. `what` names them in messages ("contact
// points").
std::uint32_t read_contact_pairs(const config::ConfigReader& r, const toml::node& n, const std::string& path,
                                 const char* what, double (&v)[max_contacts][2]);

// The k normals of n (read into b.normal) scaled to unit length; a zero normal is refused by index.
void read_contact_normals(const config::ConfigReader& r, const toml::node& n, const std::string& path,
                          std::uint32_t points, PlanarBody& b);

// A number > 0 (the body's mass or moment of inertia), `what` naming it.
double read_positive(const config::ConfigReader& r, const toml::node& n, const std::string& path,
                     const char* what);

// The file of `collsweep solve --bodies FILE` for the multi-contact laws: one [body] with mass, inertia
// (about its mass centre), points and normals (as matrix.kind = "body"), and its velocity before impact,
// v = [v_x, v_y] (mass centre) and omega (counterclockwise).
struct PlanarBodyFile {
  PlanarBody body;
  std::uint32_t contacts = 0;
  double velocity[3] = {};  // v_x, v_y, omega
};

// Reads and checks the file; throws UsageError "--bodies FILE:LINE:COLUMN: KEY = VALUE: REASON".
PlanarBodyFile read_planar_body_file(const std::string& path);

}  // namespace collsweep::families

// Reads the two-body file of `solve --bodies FILE` (bodies_file.hpp) with the config reader's positioned
// messages.
#include "families/spatial/bodies_file.hpp"

#include <toml++/toml.h>

#include <cmath>
#include <sstream>

#include "config/config_error.hpp"
#include "config/toml_reader.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::families {
namespace {

using config::ConfigReader;
using config::index_path;
using config::join_path;

Vec3 read_vec3(const ConfigReader& r, const toml::node& n, const std::string& path) {
  const toml::array& a = r.array(n, path);
  if (a.size() != 3) r.fail_value(n, path, "expected 3 numbers [x, y, z], got " + std::to_string(a.size()));
  return Vec3{r.number(a[0], index_path(path, 0)), r.number(a[1], index_path(path, 1)),
              r.number(a[2], index_path(path, 2))};
}

// A 3 x 3 array of rows, or the six entries [J_xx, J_yy, J_zz, J_xy, J_xz, J_yz].
Mat3 read_inertia(const ConfigReader& r, const toml::node& n, const std::string& path) {
  const toml::array& a = r.array(n, path);
  Mat3 J;
  if (a.size() == 6) {
    double x[6];
    for (std::size_t i = 0; i < 6; ++i) x[i] = r.number(a[i], index_path(path, i));
    const double m[3][3] = {{x[0], x[3], x[4]}, {x[3], x[1], x[5]}, {x[4], x[5], x[2]}};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) J.m[i][j] = m[i][j];
    return J;
  }
  if (a.size() != 3 || !a[0].is_array())
    r.fail_value(
        n, path,
        "expected the 3 x 3 tensor [[J_xx, J_xy, J_xz], [J_xy, J_yy, J_yz], [J_xz, J_yz, J_zz]] or its "
        "six entries [J_xx, J_yy, J_zz, J_xy, J_xz, J_yz]");
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string row_path = index_path(path, i);
    const toml::array& row = r.array(a[i], row_path);
    if (row.size() != 3)
      r.fail_value(a[i], row_path, "expected a row of 3 numbers, got " + std::to_string(row.size()));
    for (std::size_t j = 0; j < 3; ++j) J.m[i][j] = r.number(row[j], index_path(row_path, j));
  }
  return J;
}

RigidBody read_body(const ConfigReader& r, const toml::table& root, const char* name, bool may_be_ground) {
  const toml::node* node = root.get(name);
  if (!node)
    r.fail_missing(root, name,
                   may_be_ground ? "a [body2] table with mass, inertia, r (v, w), or ground = true"
                                 : "a [body1] table with mass, inertia, r (v, w)");
  const toml::table& t = r.table(*node, name);
  const std::string path = name;
  RigidBody b;
  if (may_be_ground) {
    r.check_keys(t, path, {"ground", "mass", "inertia", "r", "v", "w"});
    if (const toml::node* g = t.get("ground")) b.ground = r.boolean(*g, join_path(path, "ground"));
  } else {
    r.check_keys(t, path, {"mass", "inertia", "r", "v", "w"});
  }
  if (b.ground) {
    for (auto&& [k, v] : t)
      if (k.str() != "ground")
        r.fail_value(v, join_path(path, k.str()),
                     "not applicable with ground = true (fixed ground: no mass, at rest)");
    return b;
  }
  const auto required = [&](const char* key, const char* what) -> const toml::node& {
    const toml::node* x = t.get(key);
    if (!x) r.fail_missing(*node, join_path(path, key), what);
    return *x;
  };
  const toml::node& m = required("mass", "the body's mass, > 0");
  b.m = r.number(m, join_path(path, "mass"));
  if (!(b.m > 0.0)) r.fail_value(m, join_path(path, "mass"), "out of range: a mass must be > 0");
  const toml::node& J = required("inertia", "the inertia tensor about the mass centre, 3 x 3 or 6 entries");
  b.J = read_inertia(r, J, join_path(path, "inertia"));
  b.r = read_vec3(r, required("r", "the mass centre relative to the contact point, [x, y, z]"),
                  join_path(path, "r"));
  if (const toml::node* v = t.get("v")) b.v = read_vec3(r, *v, join_path(path, "v"));
  if (const toml::node* w = t.get("w")) b.w = read_vec3(r, *w, join_path(path, "w"));
  Mat3 L;
  const BodyFault fault = bodies::check_body(b, &L);
  if (fault == BodyFault::inertia_not_symmetric || fault == BodyFault::inertia_not_spd)
    r.fail_value(J, join_path(path, "inertia"), body_fault_reason(fault));
  return b;
}

double norm(const Vec3& a) { return std::sqrt(bodies::dot(a, a)); }
Vec3 scaled(const Vec3& a, double s) { return Vec3{a.x * s, a.y * s, a.z * s}; }

ContactFrame read_frame(const ConfigReader& r, const toml::table& root) {
  const toml::node* node = root.get("contact");
  if (!node) r.fail_missing(root, "contact", "a [contact] table with normal = [n_x, n_y, n_z]");
  const toml::table& t = r.table(*node, "contact");
  r.check_keys(t, "contact", {"normal", "t1"});
  const toml::node* nn = t.get("normal");
  if (!nn)
    r.fail_missing(*node, "contact.normal", "the contact normal [n_x, n_y, n_z], pointing into body 1");
  const Vec3 n_raw = read_vec3(r, *nn, "contact.normal");
  const double n_len = norm(n_raw);
  if (!(n_len > 0.0)) r.fail_value(*nn, "contact.normal", "the normal must not be zero");
  const Vec3 n = scaled(n_raw, 1.0 / n_len);
  const toml::node* tn = t.get("t1");
  if (!tn) return make_contact_frame(n);
  const Vec3 t_raw = read_vec3(r, *tn, "contact.t1");
  const double t_len = norm(t_raw);
  if (!(t_len > 0.0)) r.fail_value(*tn, "contact.t1", "the tangent must not be zero");
  const double cosine = bodies::dot(n, t_raw) / t_len;
  if (std::fabs(cosine) > 1e-9) {
    std::ostringstream c;
    c.precision(3);
    c << cosine;
    r.fail_value(*tn, "contact.t1",
                 "not perpendicular to contact.normal (the cosine of their angle is " + c.str() +
                     ", at most 1e-9 is accepted)");
  }
  // Gram-Schmidt: the rounding left in n . t1 removed, so that the frame is orthonormal to 1e-15.
  const Vec3 t1 = bodies::axpy(-bodies::dot(n, t_raw), n, t_raw);
  return make_contact_frame(n, scaled(t1, 1.0 / norm(t1)));
}

}  // namespace

BodiesInput read_bodies_file(const std::string& path) {
  try {
    const toml::table root = config::parse_toml_file(path);
    const ConfigReader r(path);
    r.check_keys(root, "", {"body1", "body2", "contact"});
    BodiesInput in;
    in.body1 = read_body(r, root, "body1", false);
    in.body2 = read_body(r, root, "body2", true);
    in.frame = read_frame(r, root);
    return in;
  } catch (const ConfigError& e) {
    throw UsageError(std::string("--bodies ") + e.what());
  }
}

}  // namespace collsweep::families

// Readers of one planar rigid body's TOML keys and the multi-contact file of `solve --bodies`
// (body_reader.hpp), with the config reader's positioned messages.
#include "families/multicontact/body_reader.hpp"

#include <cmath>
#include <limits>

#include "config/config_error.hpp"
#include "vocabulary/parse_numbers.hpp"

namespace collsweep::families {

std::uint32_t read_contact_pairs(const config::ConfigReader& r, const toml::node& n, const std::string& path,
                                 const char* what, double (&v)[max_contacts][2]) {
  const toml::array& a = r.array(n, path);
  if (a.empty() || a.size() > static_cast<std::size_t>(max_contacts))
    r.fail_value(n, path,
                 std::string("expected 1 to ") + std::to_string(max_contacts) + " " + what +
                     ", one [x, y] per contact, got " + std::to_string(a.size()));
  for (std::size_t j = 0; j < a.size(); ++j) {
    const std::string at = config::index_path(path, j);
    const toml::array& xy = r.array(a[j], at);
    if (xy.size() != 2)
      r.fail_value(a[j], at, "expected [x, y] (two numbers), got " + std::to_string(xy.size()) + " numbers");
    for (std::size_t c = 0; c < 2; ++c) v[j][c] = r.number(xy[c], config::index_path(at, c));
  }
  return static_cast<std::uint32_t>(a.size());
}

void read_contact_normals(const config::ConfigReader& r, const toml::node& n, const std::string& path,
                          std::uint32_t points, PlanarBody& b) {
  const std::uint32_t k = read_contact_pairs(r, n, path, "contact normals", b.normal);
  if (k != points)
    r.fail_value(n, path,
                 std::to_string(k) + " normals for " + std::to_string(points) +
                     " contact points: give one normal per point, in the same order");
  // A normal is a direction: scaled to unit length. One of unit length to rounding is kept as given: scaling
  // it again could move its last bits, and the resolved config (which --resume and merge read back) must
  // read back to the same normals.
  for (std::uint32_t j = 0; j < k; ++j) {
    const double len = std::hypot(b.normal[j][0], b.normal[j][1]);
    if (!(len > 0.0))
      r.fail_value(*r.array(n, path).get(j), config::index_path(path, j),
                   "a contact normal must not be zero: it points from the obstacle into the body");
    if (std::abs(len - 1.0) <= 4.0 * std::numeric_limits<double>::epsilon()) continue;
    b.normal[j][0] /= len;
    b.normal[j][1] /= len;
  }
}

double read_positive(const config::ConfigReader& r, const toml::node& n, const std::string& path,
                     const char* what) {
  const double x = r.number(n, path);
  if (!(x > 0.0)) r.fail_value(n, path, std::string("out of range: the body's ") + what + " must be > 0");
  return x;
}

PlanarBodyFile read_planar_body_file(const std::string& path) {
  try {
    const toml::table root = config::parse_toml_file(path);
    const config::ConfigReader r(path);
    r.check_keys(root, "", {"body"});
    const toml::node* body = root.get("body");
    if (!body)
      r.fail_missing(root, "body",
                     "the multi-contact laws' --bodies file has one [body] (mass, inertia, points, normals, "
                     "v, omega)");
    const toml::table& t = r.table(*body, "body");
    r.check_keys(t, "body", {"mass", "inertia", "points", "normals", "v", "omega"});
    const auto required = [&](const char* key, const char* what) -> const toml::node& {
      const toml::node* n = t.get(key);
      if (!n) r.fail_missing(t, std::string("body.") + key, what);
      return *n;
    };
    PlanarBodyFile f;
    f.body.mass = read_positive(r, required("mass", "the body's mass"), "body.mass", "mass");
    f.body.inertia =
        read_positive(r, required("inertia", "the body's moment of inertia about its mass centre"),
                      "body.inertia", "moment of inertia about its mass centre");
    f.contacts = read_contact_pairs(
        r, required("points", "the contact points, [[x, y], ...] from the body's mass centre"), "body.points",
        "contact points", f.body.point);
    read_contact_normals(
        r, required("normals", "the contact normals, [[x, y], ...] from each obstacle into the body"),
        "body.normals", f.contacts, f.body);
    const toml::node& v = required("v", "the mass-centre velocity before impact, [v_x, v_y]");
    const toml::array& va = r.array(v, "body.v");
    if (va.size() != 2)
      r.fail_value(v, "body.v", "expected [v_x, v_y] (two numbers), got " + std::to_string(va.size()));
    f.velocity[0] = r.number(va[0], "body.v[0]");
    f.velocity[1] = r.number(va[1], "body.v[1]");
    f.velocity[2] =
        r.number(required("omega", "the angular velocity before impact (counterclockwise)"), "body.omega");
    return f;
  } catch (const ConfigError& e) {
    throw UsageError(std::string("--bodies ") + e.what());
  }
}

}  // namespace collsweep::families

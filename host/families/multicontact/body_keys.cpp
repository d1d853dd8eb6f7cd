// The multi-contact body kind's keys that need their own reader and writers: matrix.mass, inertia, points
// and normals of the one planar rigid body (models/multicontact/planar_body.hpp).
#include <cmath>

#include "collsweep/models/multicontact/sampler.hpp"
#include "config/config_values.hpp"
#include "families/multicontact/family.hpp"

namespace collsweep::families::multicontact_keys {

namespace {

std::string points_toml(const double (&v)[max_contacts][2], std::uint32_t k) {
  std::string s = "[";
  for (std::uint32_t j = 0; j < k; ++j)
    s += std::string(j ? ", " : "") + "[" + config::toml_double(v[j][0]) + ", " +
         config::toml_double(v[j][1]) + "]";
  return s + "]";
}

void points_json(io::JsonWriter& j, const double (&v)[max_contacts][2], std::uint32_t k) {
  j.begin_array();
  for (std::uint32_t c = 0; c < k; ++c) {
    j.begin_array();
    j.number(v[c][0]).number(v[c][1]);
    j.end_array();
  }
  j.end_array();
}

// Reads k = a.size() pairs of numbers into v; the message names what they are.
std::uint32_t read_pairs(const config::ConfigReader& r, const toml::node& n, const std::string& path,
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

}  // namespace

config::CustomKey body_positive_key(double& x, const char* what) {
  config::CustomKey key;
  key.read = [&x, what](const config::ConfigReader& r, const toml::node* parent, const toml::node* n,
                        const std::string& path) {
    if (!n) r.fail_missing(*parent, path, std::string("kind = \"body\" needs the body's ") + what);
    x = r.number(*n, path);
    if (!(x > 0.0)) r.fail_value(*n, path, std::string("out of range: the body's ") + what + " must be > 0");
  };
  key.toml = [&x] { return config::toml_double(x); };
  key.json = [&x](io::JsonWriter& j) { j.number(x); };
  return key;
}

config::CustomKey body_points_key(PlanarBody& b, const ScalarDist& contacts) {
  config::CustomKey key;
  key.read = [&b, &contacts](const config::ConfigReader& r, const toml::node* parent, const toml::node* n,
                             const std::string& path) {
    if (!n)
      r.fail_missing(*parent, path,
                     "kind = \"body\" needs the contact points, [[x, y], ...] from the body's mass centre");
    const std::uint32_t k = read_pairs(r, *n, path, "contact points", b.point);
    if (contacts.kind != ScalarKind::constant)
      r.fail_value(*n, path,
                   "the body's points fix the number of contacts: model.contacts must be a constant (" +
                       std::to_string(k) + "), not a distribution or a grid");
    if (contact_count_of(contacts.lo) != k || contacts.lo != static_cast<double>(k))
      r.fail_value(*n, path,
                   std::to_string(k) +
                       " contact points but model.contacts = " + config::shortest_double(contacts.lo) +
                       " (2 when absent): set model.contacts = " + std::to_string(k));
  };
  key.toml = [&b, &contacts] {
    return points_toml(b.point, contact_count_of(contacts.lo)) + "  # from the mass centre";
  };
  key.json = [&b, &contacts](io::JsonWriter& j) { points_json(j, b.point, contact_count_of(contacts.lo)); };
  return key;
}

config::CustomKey body_normals_key(PlanarBody& b, const ScalarDist& contacts) {
  config::CustomKey key;
  key.read = [&b, &contacts](const config::ConfigReader& r, const toml::node* parent, const toml::node* n,
                             const std::string& path) {
    if (!n)
      r.fail_missing(
          *parent, path,
          "kind = \"body\" needs the contact normals, [[x, y], ...] from each obstacle into the body");
    const std::uint32_t k = read_pairs(r, *n, path, "contact normals", b.normal);
    const std::uint32_t points = contact_count_of(contacts.lo);
    if (k != points)
      r.fail_value(*n, path,
                   std::to_string(k) + " normals for " + std::to_string(points) +
                       " contact points: give one normal per point, in the same order");
    // Each normal is scaled to unit length (a direction is what the user means).
    for (std::uint32_t j = 0; j < k; ++j) {
      const double len = std::hypot(b.normal[j][0], b.normal[j][1]);
      if (!(len > 0.0))
        r.fail_value(*r.array(*n, path).get(j), config::index_path(path, j),
                     "a contact normal must not be zero: it points from the obstacle into the body");
      b.normal[j][0] /= len;
      b.normal[j][1] /= len;
    }
  };
  key.toml = [&b, &contacts] {
    return points_toml(b.normal, contact_count_of(contacts.lo)) + "  # unit, from the obstacle into the body";
  };
  key.json = [&b, &contacts](io::JsonWriter& j) { points_json(j, b.normal, contact_count_of(contacts.lo)); };
  return key;
}

}  // namespace collsweep::families::multicontact_keys

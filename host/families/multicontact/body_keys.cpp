// The multi-contact body kind's keys that need their own reader and writers: matrix.mass, inertia, points
// and normals of the one planar rigid body (models/multicontact/planar_body.hpp).
#include <cmath>

#include "collsweep/models/multicontact/sampler.hpp"
#include "config/config_values.hpp"
#include "families/multicontact/body_reader.hpp"
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

}  // namespace

config::CustomKey body_positive_key(double& x, const char* what) {
  config::CustomKey key;
  key.read = [&x, what](const config::ConfigReader& r, const toml::node* parent, const toml::node* n,
                        const std::string& path) {
    if (!n) r.fail_missing(*parent, path, std::string("kind = \"body\" needs the body's ") + what);
    x = read_positive(r, *n, path, what);
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
    const std::uint32_t k = read_contact_pairs(r, *n, path, "contact points", b.point);
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
    read_contact_normals(r, *n, path, contact_count_of(contacts.lo), b);
  };
  key.toml = [&b, &contacts] {
    return points_toml(b.normal, contact_count_of(contacts.lo)) + "  # unit, from the obstacle into the body";
  };
  key.json = [&b, &contacts](io::JsonWriter& j) { points_json(j, b.normal, contact_count_of(contacts.lo)); };
  return key;
}

}  // namespace collsweep::families::multicontact_keys

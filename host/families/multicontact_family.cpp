// The multi-contact family's keys that need their own reader and writers: model.contacts (integers only).
#include "families/multicontact_family.hpp"

#include <limits>

#include "config/scalar_reader.hpp"

namespace collsweep::families::multicontact_keys {
namespace {

using config::ConfigReader;
using config::describe_type;
using config::did_you_mean;
using config::join_names;
using config::join_path;
using config::parse_scalar_kind;
using config::scalar_kind_name;
using config::scalar_kind_names;

// An integer k of model.contacts, within 1 .. max_contacts.
std::uint32_t read_contact_count(const ConfigReader& r, const toml::node& n, const std::string& path) {
  const std::int64_t k =
      r.integer(n, path, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max());
  if (k < 1 || k > max_contacts)
    r.fail_value(n, path,
                 "out of range: contacts must be within [1, " + std::to_string(max_contacts) +
                     "] (k, the number of planar contacts)");
  return static_cast<std::uint32_t>(k);
}

// model.contacts: an integer constant or a grid over integers (k is never drawn at random).
ScalarDist read_contacts(const ConfigReader& r, const toml::node& n, const std::string& path) {
  if (n.is_number()) {
    const double k = read_contact_count(r, n, path);
    return ScalarDist{ScalarKind::constant, k, k, 1};
  }
  if (!n.is_table())
    r.fail_value(n, path,
                 "expected an integer 1 .. 4 or a table { dist = \"grid\", lo = 1, hi = 4, n = 4 }, got " +
                     describe_type(n));
  const toml::table& t = *n.as_table();
  r.check_keys(t, path, {"dist", "lo", "hi", "n", "value"});
  ScalarKind kind = ScalarKind::constant;
  const std::string dist_path = join_path(path, "dist");
  if (const toml::node* dist = t.get("dist")) {
    const std::string name = r.string(*dist, dist_path);
    if (!parse_scalar_kind(name, &kind))
      r.fail_value(*dist, dist_path,
                   "unknown distribution" + did_you_mean(name, scalar_kind_names()) +
                       "; known: " + join_names(scalar_kind_names()));
    if (kind != ScalarKind::constant && kind != ScalarKind::grid)
      r.fail_value(*dist, dist_path,
                   "contacts takes integer values only: a constant or dist = \"grid\" over integers");
  } else if (!t.get("value")) {
    r.fail_missing(n, dist_path, "\"constant\" or \"grid\"");
  }
  const std::string kind_name = scalar_kind_name(kind);
  const auto not_applicable = [&](const char* key) {
    if (const toml::node* x = t.get(key))
      r.fail_value(*x, join_path(path, key), "not applicable to dist = \"" + kind_name + "\"");
  };
  if (kind == ScalarKind::constant) {
    not_applicable("hi");
    not_applicable("n");
    const toml::node* value = t.get("value");
    const toml::node* lo = t.get("lo");
    if (value && lo) r.fail_value(*lo, join_path(path, "lo"), "give a constant as value or as lo, not both");
    if (!value && !lo) r.fail_missing(n, join_path(path, "value"), "the constant's value");
    const double k = read_contact_count(r, value ? *value : *lo, join_path(path, value ? "value" : "lo"));
    return ScalarDist{ScalarKind::constant, k, k, 1};
  }
  not_applicable("value");
  const std::string n_path = join_path(path, "n"), lo_path = join_path(path, "lo"),
                    hi_path = join_path(path, "hi");
  const toml::node* n_n = t.get("n");
  if (!n_n) r.fail_missing(n, n_path, "dist = \"grid\" needs n, the number of grid points (>= 1)");
  const auto points =
      static_cast<std::uint32_t>(r.integer(*n_n, n_path, 1, std::numeric_limits<std::uint32_t>::max()));
  const toml::node* lo_n = t.get("lo");
  if (!lo_n) r.fail_missing(n, lo_path, "dist = \"grid\" needs lo");
  const std::uint32_t lo = read_contact_count(r, *lo_n, lo_path);
  std::uint32_t hi = lo;
  if (const toml::node* hi_n = t.get("hi")) {
    hi = read_contact_count(r, *hi_n, hi_path);
    if (hi < lo) r.fail_value(*hi_n, hi_path, "empty range: a grid needs hi >= lo = " + std::to_string(lo));
  } else if (points > 1) {
    r.fail_missing(n, hi_path, "dist = \"grid\" with n > 1 needs hi");
  }
  if (points > 1 && (hi - lo) % (points - 1) != 0)
    r.fail_value(*n_n, n_path,
                 "the grid points lo + i (hi - lo) / (n - 1) must be integers: n - 1 must divide hi - lo = " +
                     std::to_string(hi - lo) + " (e.g. n = " + std::to_string(hi - lo + 1) + ")");
  return ScalarDist{ScalarKind::grid, static_cast<double>(lo), static_cast<double>(hi), points};
}

std::string toml_contacts(const ScalarDist& d) {
  const auto k = [](double x) { return std::to_string(static_cast<long long>(x)); };
  if (d.kind == ScalarKind::constant) return k(d.lo);
  return "{ dist = \"grid\", lo = " + k(d.lo) + ", hi = " + k(d.hi) + ", n = " + std::to_string(d.n) + " }";
}

void json_contacts(io::JsonWriter& j, const ScalarDist& d) {
  j.begin_object().key("dist").string(scalar_kind_name(d.kind));
  if (d.kind == ScalarKind::constant) {
    j.key("value").integer(static_cast<long long>(d.lo));
  } else {
    j.key("lo").integer(static_cast<long long>(d.lo)).key("hi").integer(static_cast<long long>(d.hi));
    j.key("n").integer(d.n);
  }
  j.end_object();
}

}  // namespace

config::CustomKey contacts_key(ScalarDist& contacts) {
  config::CustomKey key;
  key.read = [&contacts](const ConfigReader& r, const toml::node*, const toml::node* n,
                         const std::string& path) {
    if (n) contacts = read_contacts(r, *n, path);
  };
  key.toml = [&contacts] { return toml_contacts(contacts); };
  key.json = [&contacts](io::JsonWriter& j) { json_contacts(j, contacts); };
  key.grid = &contacts;
  return key;
}

}  // namespace collsweep::families::multicontact_keys

// Reads a SCALAR config value and checks it against its key's Domain (scalar_reader.hpp).
#include "config/scalar_reader.hpp"

#include <cstdint>
#include <limits>

namespace collsweep::config {
namespace {

std::string domain_text(const Domain& d) {
  if (d.has_min && d.has_max)
    return std::string("within ") + (d.min_open ? "(" : "[") + shortest_double(d.min) + ", " +
           shortest_double(d.max) + (d.max_open ? ")" : "]");
  if (d.has_min) return (d.min_open ? "> " : ">= ") + shortest_double(d.min);
  if (d.has_max) return (d.max_open ? "< " : "<= ") + shortest_double(d.max);
  return "finite";
}

bool above_min(const Domain& d, double x) { return !d.has_min || (d.min_open ? x > d.min : x >= d.min); }
bool below_max(const Domain& d, double x, bool open_end) {
  if (!d.has_max) return true;
  if (d.max_open && !(open_end && d.hi_may_touch_open_max)) return x < d.max;
  return x <= d.max;
}

[[noreturn]] void fail_domain(const ConfigReader& r, const toml::node& n, const std::string& path,
                              const Domain& d, bool open_end) {
  std::string reason =
      "out of range: " + std::string(d.name) + " must be " + domain_text(d) + " (" + d.note + ")";
  if (open_end && d.hi_may_touch_open_max)
    reason += "; the hi of a uniform or log_uniform may equal " + shortest_double(d.max) +
              " (its upper end is open)";
  r.fail_value(n, path, reason);
}

// A value that the distribution can take (constant, lo, a grid's hi) must lie in the domain.
void check_point(const ConfigReader& r, const toml::node& n, const std::string& path, double x,
                 const Domain& d) {
  if (!above_min(d, x) || !below_max(d, x, false)) fail_domain(r, n, path, d, false);
}

// The excluded upper end of U[lo, hi) or a log-uniform.
void check_open_hi(const ConfigReader& r, const toml::node& n, const std::string& path, double x,
                   const Domain& d) {
  if (!above_min(d, x) || !below_max(d, x, true)) fail_domain(r, n, path, d, true);
}

}  // namespace

const char* scalar_kind_name(ScalarKind k) {
  switch (k) {
    case ScalarKind::constant:
      return "constant";
    case ScalarKind::uniform:
      return "uniform";
    case ScalarKind::log_uniform:
      return "log_uniform";
    case ScalarKind::grid:
      return "grid";
  }
  return "unknown";
}

const std::vector<std::string_view>& scalar_kind_names() {
  static const std::vector<std::string_view> names = {"constant", "uniform", "log_uniform", "grid"};
  return names;
}

bool parse_scalar_kind(const std::string& s, ScalarKind* out) {
  for (const ScalarKind k :
       {ScalarKind::constant, ScalarKind::uniform, ScalarKind::log_uniform, ScalarKind::grid})
    if (s == scalar_kind_name(k)) {
      *out = k;
      return true;
    }
  return false;
}

ScalarDist read_scalar(const ConfigReader& r, const toml::node& n, const std::string& path, const Domain& d) {
  // A value of the key: an integer where the domain takes integers only (a float, even 2.0, is rejected).
  const auto number = [&](const toml::node& x, const std::string& at) {
    if (!d.integers) return r.number(x, at);
    return static_cast<double>(
        r.integer(x, at, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()));
  };
  if (n.is_number()) {
    const double v = number(n, path);
    check_point(r, n, path, v, d);
    return ScalarDist{ScalarKind::constant, v, v, 1};
  }
  if (!n.is_table())
    r.fail_value(
        n, path,
        std::string(d.integers ? "expected an integer (a constant) or a table { dist = \"grid\", lo = ..., "
                                 "hi = ..., n = ... }, got "
                               : "expected a number (a constant) or a table { dist = \"uniform\", lo = "
                                 "..., hi = ... }, got ") +
            describe_type(n));
  const toml::table& t = *n.as_table();
  r.check_keys(t, path, {"dist", "lo", "hi", "n", "value"});

  ScalarKind kind = ScalarKind::constant;
  if (const toml::node* dist = t.get("dist")) {
    const std::string name = r.string(*dist, join_path(path, "dist"));
    if (!parse_scalar_kind(name, &kind))
      r.fail_value(*dist, join_path(path, "dist"),
                   "unknown distribution" + did_you_mean(name, scalar_kind_names()) +
                       "; known: " + join_names(scalar_kind_names()));
    if (d.integers && kind != ScalarKind::constant && kind != ScalarKind::grid)
      r.fail_value(
          *dist, join_path(path, "dist"),
          std::string(d.name) + " takes integer values only: a constant or dist = \"grid\" over integers");
  } else if (!t.get("value")) {
    r.fail_missing(n, join_path(path, "dist"), "one of " + join_names(scalar_kind_names()));
  }
  const std::string kind_name = scalar_kind_name(kind);
  const auto not_applicable = [&](const char* key) {
    if (const toml::node* x = t.get(key))
      r.fail_value(*x, join_path(path, key), "not applicable to dist = \"" + kind_name + "\"");
  };
  const auto required = [&](const char* key) -> const toml::node& {
    const toml::node* x = t.get(key);
    if (!x) r.fail_missing(n, join_path(path, key), "dist = \"" + kind_name + "\" needs lo and hi");
    return *x;
  };

  switch (kind) {
    case ScalarKind::constant: {
      not_applicable("hi");
      not_applicable("n");
      const toml::node* value = t.get("value");
      const toml::node* lo = t.get("lo");
      if (value && lo)
        r.fail_value(*lo, join_path(path, "lo"), "give a constant as value or as lo, not both");
      if (!value && !lo) r.fail_missing(n, join_path(path, "value"), "the constant's value");
      const std::string key = join_path(path, value ? "value" : "lo");
      const toml::node& vn = value ? *value : *lo;
      const double v = number(vn, key);
      check_point(r, vn, key, v, d);
      return ScalarDist{ScalarKind::constant, v, v, 1};
    }
    case ScalarKind::uniform:
    case ScalarKind::log_uniform: {
      not_applicable("n");
      not_applicable("value");
      const toml::node& lo_n = required("lo");
      const toml::node& hi_n = required("hi");
      const std::string lo_path = join_path(path, "lo"), hi_path = join_path(path, "hi");
      const double lo = r.number(lo_n, lo_path), hi = r.number(hi_n, hi_path);
      if (kind == ScalarKind::log_uniform && !(lo > 0.0))
        r.fail_value(lo_n, lo_path, "log_uniform needs lo > 0 (it draws log10 uniformly)");
      check_point(r, lo_n, lo_path, lo, d);
      check_open_hi(r, hi_n, hi_path, hi, d);
      if (!(lo < hi)) r.fail_value(hi_n, hi_path, "empty range: hi must be > lo = " + shortest_double(lo));
      return ScalarDist{kind, lo, hi, 1};
    }
    case ScalarKind::grid: {
      not_applicable("value");
      const std::string lo_path = join_path(path, "lo"), hi_path = join_path(path, "hi"),
                        n_path = join_path(path, "n");
      const toml::node* n_n = t.get("n");
      if (!n_n) r.fail_missing(n, n_path, "dist = \"grid\" needs n, the number of grid points (>= 1)");
      const auto points =
          static_cast<std::uint32_t>(r.integer(*n_n, n_path, 1, std::numeric_limits<std::uint32_t>::max()));
      const toml::node* lo_n = t.get("lo");
      if (!lo_n) r.fail_missing(n, lo_path, "dist = \"grid\" needs lo");
      const double lo = number(*lo_n, lo_path);
      check_point(r, *lo_n, lo_path, lo, d);
      double hi = lo;
      if (const toml::node* hi_n = t.get("hi")) {
        hi = number(*hi_n, hi_path);
        if (!(lo <= hi))
          r.fail_value(*hi_n, hi_path, "empty range: a grid needs hi >= lo = " + shortest_double(lo));
        check_point(r, *hi_n, hi_path, hi, d);
      } else if (points > 1) {
        r.fail_missing(n, hi_path, "dist = \"grid\" with n > 1 needs hi");
      }
      // Integer grids: every point lo + i (hi - lo) / (n - 1) must be an integer.
      const auto span = static_cast<std::uint64_t>(hi - lo);
      if (d.integers && points > 1 && span % (points - 1) != 0)
        r.fail_value(
            *n_n, n_path,
            "the grid points lo + i (hi - lo) / (n - 1) must be integers: n - 1 must divide hi - lo = " +
                std::to_string(span) + " (e.g. n = " + std::to_string(span + 1) + ")");
      return ScalarDist{ScalarKind::grid, lo, hi, points};
    }
  }
  return ScalarDist{};
}

}  // namespace collsweep::config

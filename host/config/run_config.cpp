// Parses and validates a `collsweep run` TOML config into a RunConfig (the schema is documented below).
//
// Schema (configs/README.md is the user-facing copy). Every key is optional unless marked required. A key
// of one model kind written in a config of the other is rejected as "not applicable to model.kind = ...".
//
//   [model]                                 optional table
//   kind = "planar"                         planar (default when [model] is absent) | multicontact
//   contacts = 2                            multicontact only: k, the number of planar contacts; an integer
//                                           1 .. 4, or { dist = "constant", value = k } or
//                                           { dist = "grid", lo = 1, hi = 4, n = 4 } with integer lo, hi and
//                                           integer grid points ((hi - lo) a multiple of n - 1); default 2
//
//   [run]                                   required table
//   name = "quickstart"                     default: the config file's stem; no '/', '\' or control chars
//   seed = 20261125                         required; integer 0 .. 2^63 - 1 (TOML integers: signed 64-bit)
//   samples = 2_000_000                     required; integer > 0
//   batch = 1_048_576                       samples per work unit (never changes results); integer > 0
//   laws = ["stronge", "poisson"]           required; non-empty, no duplicates; the output order.
//                                           planar: stronge | poisson | newton | chatterjee-ruina;
//                                           multicontact: poisson-lcp | newton-lcp
//   solver = "automatic"                    multicontact only: automatic (enumeration for k <= 2, Lemke for
//                                           k >= 3) | enumeration | lemke
//   tolerance = 1e-12                       energy gain when dE > tolerance * T_acc; >= 0
//   witnesses = 10                          integer 0 .. 64
//   samples_npy = false                     true only when samples <= 1_000_000
//
//   [matrix]                                how W (planar, 2 x 2) or G (multicontact, 2k x 2k) is drawn
//   kind = "direct"                         planar: direct | wishart | mechanism | fixed | shape;
//                                           multicontact: direct | wishart | mechanism (default direct)
//   log10_cond = SCALAR                     direct only; within [0, 12]; default U[0, 4) planar,
//                                           U[0, 3) multicontact
//   dof = 3                                 planar wishart: integer 2 .. 10000 (default 2);
//                                           mechanism: integer 2 .. 12 (default 3 planar, 8 multicontact),
//                                           multicontact also >= 2 * (the largest k of model.contacts)
//   extra_dof = 0                           multicontact wishart only: dof = 2k + extra_dof; integer
//                                           0 .. 10000 (default 0)
//   log10_cond_M = SCALAR                   mechanism only; within [0, 12]; default U[0, 3)
//   W = [m_nn, m_nt, m_tt]                  planar fixed only, and required there; symmetric positive
//   definite rho = SCALAR                            planar shape only; within (-1, 1); default U[-0.99,
//   0.99) kappa = SCALAR                          planar shape only; > 0; default log_uniform [0.1, 10) A key
//   that another kind reads (e.g. W with kind = "direct") is rejected as not applicable.
//
//   [approach]
//   theta_deg = SCALAR                      planar: within [0, 90); uniform/log_uniform hi may be 90 (open
//                                           end); default U[0, 90)
//   random_tangent_sign = false             planar
//   gamma_N = SCALAR                        multicontact: pre-impact normal velocity of each contact; <= 0
//                                           (so hi <= 0); default U[-1, 0)
//   gamma_T = SCALAR                        multicontact: pre-impact tangential velocity; default U[-1, 1)
//
//   [parameters]
//   mu = SCALAR                             >= 0; default U[0, 1) planar, U[0, 1.5) multicontact (per
//   contact) e = SCALAR                              planar: within [0, 1]; default U[0, 1) e_t = SCALAR
//   planar: >= -1; default 0 (only chatterjee-ruina reads it) eps_N = SCALAR multicontact: within [0, 1], per
//   contact; default U[0, 1) eps_T_ratio = SCALAR                    multicontact: within [0, 1], per
//   contact; eps_T = ratio * eps_N
//                                           (keeps 0 <= eps_T <= eps_N); default U[0, 1)
//
//   [map]                                   required table
//   x = AXIS                                required
//   y = AXIS                                optional; not the same quantity as x
//   AXIS = { quantity = "theta", lo = 0.0, hi = 90.0, bins = 45 }   all four keys required;
//     quantity, planar: theta | alpha | mu | e | e_t | rho | kappa | log10_cond;
//     quantity, multicontact: log10_cond | eps_spread | mu | contacts;
//     lo < hi (finite); bins: integer 1 .. 4096; bins(x) * bins(y) <= 1_000_000
//
//   SCALAR = a bare number (a constant) or a table
//     { dist = "constant", value = x }        (lo = x is accepted instead of value; dist may be left out
//                                             when value is given)
//     { dist = "uniform", lo = a, hi = b }    U[a, b), a < b
//     { dist = "log_uniform", lo = a, hi = b }  10^U[log10 a, log10 b), 0 < a < b
//     { dist = "grid", lo = a, hi = b, n = k }  k points a .. b (k >= 1; k = 1 is a alone and hi may be
//                                             left out), a <= b
//   Every value a SCALAR can produce must lie in the key's range. The product of the grid sizes of all
//   SCALARs (model.contacts included) must be <= run.samples (else some grid point gets no sample).
//
// Numbers: integers are accepted where a float is expected; floats (even 2e6) are rejected where an
// integer is expected; nan and inf are rejected everywhere. Unknown keys are rejected at every level with
// a did-you-mean suggestion. Every ConfigError reads "FILE:LINE:COLUMN: KEY.PATH = VALUE: REASON".
#include "config/run_config.hpp"

#include <toml++/toml.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "collsweep/sampling/mechanism.hpp"
#include "config/config_names.hpp"
#include "config/map_reach.hpp"
#include "config/toml_reader.hpp"

namespace collsweep {
namespace {

using config::ConfigReader;
using config::describe_type;
using config::did_you_mean;
using config::join_names;
using config::join_path;
using config::shortest_double;

constexpr std::uint32_t max_axis_bins = 4096;
constexpr std::size_t max_folder_name_bytes = 255;  // NAME_MAX of Linux file systems
constexpr std::uint64_t max_map_cells = 1000000;
constexpr std::uint64_t max_samples_npy = 1000000;
constexpr std::int64_t max_wishart_dof = 10000;

// The range a scalar key's values must lie in.
struct Domain {
  const char* name;
  bool has_min = false;
  double min = 0.0;
  bool min_open = false;
  bool has_max = false;
  double max = 0.0;
  bool max_open = false;
  bool hi_may_touch_open_max = false;  // U[lo, hi) may have hi == max when max is open
  const char* note = "";               // why, appended in parentheses
};

const Domain kTheta{"theta_deg", true, 0.0,
                    false,       true, 90.0,
                    true,        true, "the angle between -v1 and the normal, in degrees"};
const Domain kMu{"mu", true, 0.0, false, false, 0.0, false, false, "a friction coefficient"};
const Domain kE{"e", true, 0.0, false, true, 1.0, false, false, "a coefficient of restitution"};
const Domain kEt{"e_t", true, -1.0, false, false, 0.0, false, false, "tangential restitution"};
// Condition numbers are capped at 1e12: beyond it the rounded entries of W no longer define its shape
// (the sampler's accuracy drops like eps * cond, and near 1e16 W is singular to working precision).
const Domain kLog10Cond{
    "log10_cond", true,  0.0,
    false,        true,  12.0,
    false,        false, "log10 of W's condition number: cond >= 1, and cond <= 1e12 for accuracy"};
const Domain kLog10CondM{
    "log10_cond_M", true,  0.0,
    false,          true,  12.0,
    false,          false, "log10 of M's condition number: cond >= 1, and cond <= 1e12 for accuracy"};
const Domain kRho{"rho", true,  -1.0,
                  true,  true,  1.0,
                  true,  false, "rho = m_nt / sqrt(m_nn m_tt); |rho| = 1 is a singular W"};
const Domain kKappa{"kappa", true, 0.0, true, false, 0.0, false, false, "kappa = sqrt(m_nn / m_tt)"};
// Multi-contact (G is 2k x 2k; the per-contact coefficients follow Glocker 2014's kinetic restrictions).
const Domain kLog10CondG{
    "log10_cond", true,  0.0,
    false,        true,  12.0,
    false,        false, "log10 of G's condition number: cond >= 1, and cond <= 1e12 for accuracy"};
const Domain kGammaN{"gamma_N", false, 0.0,
                     false,     true,  0.0,
                     false,     false, "a pre-impact normal contact velocity: < 0 approaches, 0 touches"};
const Domain kGammaT{
    "gamma_T", false, 0.0, false, false, 0.0, false, false, "a pre-impact tangential velocity"};
const Domain kEpsN{"eps_N", true, 0.0, false, true, 1.0, false, false, "a normal impact coefficient"};
const Domain kEpsTRatio{"eps_T_ratio", true,  0.0,
                        false,         true,  1.0,
                        false,         false, "eps_T = eps_T_ratio * eps_N, which keeps 0 <= eps_T <= eps_N"};

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

bool parse_scalar_kind(const std::string& s, ScalarKind* out) {
  for (const ScalarKind k :
       {ScalarKind::constant, ScalarKind::uniform, ScalarKind::log_uniform, ScalarKind::grid})
    if (s == config::scalar_kind_name(k)) {
      *out = k;
      return true;
    }
  return false;
}

ScalarDist read_scalar(const ConfigReader& r, const toml::node& n, const std::string& path, const Domain& d) {
  if (n.is_number()) {
    const double v = r.number(n, path);
    check_point(r, n, path, v, d);
    return ScalarDist{ScalarKind::constant, v, v, 1};
  }
  if (!n.is_table())
    r.fail_value(
        n, path,
        "expected a number (a constant) or a table { dist = \"uniform\", lo = ..., hi = ... }, got " +
            describe_type(n));
  const toml::table& t = *n.as_table();
  r.check_keys(t, path, {"dist", "lo", "hi", "n", "value"});

  ScalarKind kind = ScalarKind::constant;
  if (const toml::node* dist = t.get("dist")) {
    const std::string name = r.string(*dist, join_path(path, "dist"));
    if (!parse_scalar_kind(name, &kind))
      r.fail_value(*dist, join_path(path, "dist"),
                   "unknown distribution" + did_you_mean(name, config::scalar_kind_names()) +
                       "; known: " + join_names(config::scalar_kind_names()));
  } else if (!t.get("value")) {
    r.fail_missing(n, join_path(path, "dist"), "one of " + join_names(config::scalar_kind_names()));
  }
  const std::string kind_name = config::scalar_kind_name(kind);
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
      const double v = r.number(vn, key);
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
      const double lo = r.number(*lo_n, lo_path);
      check_point(r, *lo_n, lo_path, lo, d);
      double hi = lo;
      if (const toml::node* hi_n = t.get("hi")) {
        hi = r.number(*hi_n, hi_path);
        if (!(lo <= hi))
          r.fail_value(*hi_n, hi_path, "empty range: a grid needs hi >= lo = " + shortest_double(lo));
        check_point(r, *hi_n, hi_path, hi, d);
      } else if (points > 1) {
        r.fail_missing(n, hi_path, "dist = \"grid\" with n > 1 needs hi");
      }
      return ScalarDist{ScalarKind::grid, lo, hi, points};
    }
  }
  return ScalarDist{};
}

// ---- which keys each model kind reads ----

enum class Applies : std::uint8_t { both, planar, multi };

struct Key {
  std::string_view name;
  Applies applies;
};

// Every table's keys, in the order that messages list them.
const std::vector<Key> kModelKeys = {{"kind", Applies::both}, {"contacts", Applies::multi}};
const std::vector<Key> kRunKeys = {
    {"name", Applies::both},      {"seed", Applies::both},        {"samples", Applies::both},
    {"batch", Applies::both},     {"laws", Applies::both},        {"tolerance", Applies::both},
    {"witnesses", Applies::both}, {"samples_npy", Applies::both}, {"solver", Applies::multi}};
const std::vector<Key> kMatrixKeys = {{"kind", Applies::both},    {"log10_cond", Applies::both},
                                      {"dof", Applies::both},     {"log10_cond_M", Applies::both},
                                      {"W", Applies::planar},     {"rho", Applies::planar},
                                      {"kappa", Applies::planar}, {"extra_dof", Applies::multi}};
const std::vector<Key> kApproachKeys = {{"theta_deg", Applies::planar},
                                        {"random_tangent_sign", Applies::planar},
                                        {"gamma_N", Applies::multi},
                                        {"gamma_T", Applies::multi}};
const std::vector<Key> kParameterKeys = {{"mu", Applies::both},
                                         {"e", Applies::planar},
                                         {"e_t", Applies::planar},
                                         {"eps_N", Applies::multi},
                                         {"eps_T_ratio", Applies::multi}};
const std::vector<Key> kMapKeys = {{"x", Applies::both}, {"y", Applies::both}};

bool applies_to(Applies a, ModelKind m) {
  return a == Applies::both || (a == Applies::planar) == (m == ModelKind::planar);
}

std::vector<std::string_view> keys_of(const std::vector<Key>& keys, ModelKind m) {
  std::vector<std::string_view> out;
  for (const Key& k : keys)
    if (applies_to(k.applies, m)) out.push_back(k.name);
  return out;
}

std::string model_text(ModelKind m) {
  return std::string("model.kind = \"") + config::model_kind_name(m) + "\"";
}

// "not applicable to model.kind = "planar": ...": a key, law, kind or quantity of the other model kind.
std::string not_for_model(ModelKind m, const std::string& why) {
  std::string reason = "not applicable to " + model_text(m) + ": " + why;
  if (m == ModelKind::planar) reason += "; a multi-contact config sets kind = \"multicontact\" in [model]";
  return reason;
}

// Unknown keys and keys of the other model kind are rejected, in the table's order.
void check_model_keys(const ConfigReader& r, const toml::table& t, const std::string& path, ModelKind m,
                      const std::vector<Key>& keys) {
  const std::vector<std::string_view> own = keys_of(keys, m);
  for (auto&& [k, v] : t)
    for (const Key& key : keys)
      if (key.name == k.str() && !applies_to(key.applies, m))
        r.fail_value(v, join_path(path, k.str()),
                     not_for_model(
                         m, std::string(m == ModelKind::planar ? "a multi-contact key" : "a planar key") +
                                (own.empty() ? std::string() : "; [" + path + "] takes " + join_names(own))));
  r.check_keys(t, path, own);
}

// The optional table [name] of the config with its keys checked for model kind m; nullptr when absent.
const toml::table* model_section(const ConfigReader& r, const toml::table& root, const char* name,
                                 ModelKind m, const std::vector<Key>& keys) {
  const toml::node* node = root.get(name);
  if (!node) return nullptr;
  const toml::table& t = r.table(*node, name);
  check_model_keys(r, t, name, m, keys);
  return &t;
}

// ---- names ----

std::vector<std::string_view> quantity_names(ModelKind m) {
  std::vector<std::string_view> v;
  for (int i = 0; i < quantity_count; ++i) {
    const Quantity q = static_cast<Quantity>(i);
    if (m == ModelKind::planar ? planar_quantity(q) : multicontact_quantity(q))
      v.emplace_back(quantity_name(q));
  }
  return v;
}

const std::vector<std::string_view>& law_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (int i = 0; i < planar_law_count; ++i) v.emplace_back(law_name(static_cast<PlanarLaw>(i)));
    return v;
  }();
  return names;
}

const std::vector<std::string_view>& multicontact_law_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> v;
    for (int i = 0; i < multicontact_law_count; ++i)
      v.emplace_back(law_name(static_cast<MultiContactLaw>(i)));
    return v;
  }();
  return names;
}

const std::vector<std::string_view>& laws_of_model(ModelKind m) {
  return m == ModelKind::planar ? law_names() : multicontact_law_names();
}

// ---- [map] ----

MapAxis read_axis(const ConfigReader& r, const toml::node& n, const std::string& path, ModelKind m) {
  const toml::table& t = r.table(n, path);
  r.check_keys(t, path, {"quantity", "lo", "hi", "bins"});
  const auto required = [&](const char* key, const char* what) -> const toml::node& {
    const toml::node* x = t.get(key);
    if (!x) r.fail_missing(n, join_path(path, key), what);
    return *x;
  };
  MapAxis a;
  const std::vector<std::string_view> known = quantity_names(m);
  const toml::node& q = required("quantity", "the binned quantity");
  const std::string q_path = join_path(path, "quantity");
  const std::string qname = r.string(q, q_path);
  if (!parse_quantity(qname.c_str(), &a.quantity))
    r.fail_value(q, q_path,
                 "unknown quantity" + did_you_mean(qname, known) + "; known: " + join_names(known));
  if (m == ModelKind::planar && !planar_quantity(a.quantity))
    r.fail_value(q, q_path,
                 not_for_model(m, "a multi-contact quantity; planar quantities: " + join_names(known)));
  if (m == ModelKind::multicontact && !multicontact_quantity(a.quantity))
    r.fail_value(q, q_path,
                 not_for_model(m, "a planar quantity; multi-contact quantities: " + join_names(known)));
  const toml::node& lo_n = required("lo", "the axis' lower edge");
  const toml::node& hi_n = required("hi", "the axis' upper edge");
  const toml::node& bins_n = required("bins", "the number of bins, 1 .. 4096");
  a.lo = r.number(lo_n, join_path(path, "lo"));
  a.hi = r.number(hi_n, join_path(path, "hi"));
  if (!(a.lo < a.hi))
    r.fail_value(hi_n, join_path(path, "hi"), "empty range: hi must be > lo = " + shortest_double(a.lo));
  a.bins = static_cast<std::uint32_t>(r.integer(bins_n, join_path(path, "bins"), 1, max_axis_bins));
  return a;
}

void read_map(const ConfigReader& r, const toml::table& root, ModelKind m, MapAxis (&axes)[max_map_axes],
              int& n_axes) {
  const toml::node* node = root.get("map");
  if (!node) r.fail_missing(root, "map", "a [map] table with x (and optionally y)");
  const toml::table& t = r.table(*node, "map");
  check_model_keys(r, t, "map", m, kMapKeys);
  const toml::node* x = t.get("x");
  if (!x)
    r.fail_missing(*node, "map.x", "the first map axis { quantity = ..., lo = ..., hi = ..., bins = ... }");
  axes[0] = read_axis(r, *x, "map.x", m);
  n_axes = 1;
  axes[1] = MapAxis{};
  if (const toml::node* y = t.get("y")) {
    axes[1] = read_axis(r, *y, "map.y", m);
    n_axes = 2;
    if (axes[1].quantity == axes[0].quantity)
      r.fail_value(*y->as_table()->get("quantity"), "map.y.quantity", "same quantity as map.x");
    const std::uint64_t cells = std::uint64_t{axes[0].bins} * axes[1].bins;
    if (cells > max_map_cells)
      r.fail_value(*y->as_table()->get("bins"), "map.y.bins",
                   "too many map cells: map.x.bins * map.y.bins = " + std::to_string(cells) + " > 1000000");
  }
}

// Saturating product (grid sizes are at most 2^32 - 1 each; 8 of them can overflow 64 bits).
std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a)
    return std::numeric_limits<std::uint64_t>::max();
  return a * b;
}

std::string default_name(const std::string& source_name) {
  const std::string stem = std::filesystem::path(source_name).stem().string();
  return stem.empty() ? std::string("run") : stem;
}

// ---- [model] ----

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
                   "unknown distribution" + did_you_mean(name, config::scalar_kind_names()) +
                       "; known: " + join_names(config::scalar_kind_names()));
    if (kind != ScalarKind::constant && kind != ScalarKind::grid)
      r.fail_value(*dist, dist_path,
                   "contacts takes integer values only: a constant or dist = \"grid\" over integers");
  } else if (!t.get("value")) {
    r.fail_missing(n, dist_path, "\"constant\" or \"grid\"");
  }
  const std::string kind_name = config::scalar_kind_name(kind);
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

void read_model(const ConfigReader& r, const toml::table& root, RunConfig& c) {
  c.model = ModelKind::planar;
  const toml::node* node = root.get("model");
  if (!node) return;
  const toml::table& t = r.table(*node, "model");
  // The kind decides which keys apply, so it is read before the other keys are checked.
  r.check_keys(t, "model", keys_of(kModelKeys, ModelKind::multicontact));
  if (const toml::node* k = t.get("kind")) {
    const std::string name = r.string(*k, "model.kind");
    bool found = false;
    for (const ModelKind m : {ModelKind::planar, ModelKind::multicontact})
      if (name == config::model_kind_name(m)) {
        c.model = m;
        found = true;
      }
    if (!found)
      r.fail_value(*k, "model.kind",
                   "unknown model kind" + did_you_mean(name, config::model_kind_names()) +
                       "; known: " + join_names(config::model_kind_names()));
  }
  check_model_keys(r, t, "model", c.model, kModelKeys);
  if (const toml::node* n = t.get("contacts")) c.multi.plan.contacts = read_contacts(r, *n, "model.contacts");
}

// The largest k that model.contacts can give.
std::uint32_t max_contact_count(const MultiContactSamplePlan& p) {
  return static_cast<std::uint32_t>(p.contacts.kind == ScalarKind::grid ? p.contacts.hi : p.contacts.lo);
}

// ---- [run] ----

void read_run(const ConfigReader& r, const toml::table& root, RunConfig& c) {
  const toml::node* node = root.get("run");
  if (!node) r.fail_missing(root, "run", "a [run] table with at least seed, samples and laws");
  const toml::table& run = r.table(*node, "run");
  const ModelKind m = c.model;
  check_model_keys(r, run, "run", m, kRunKeys);

  if (const toml::node* n = run.get("name")) {
    c.name = r.string(*n, "run.name");
    if (c.name.empty()) r.fail_value(*n, "run.name", "must not be empty");
    if (c.name == "." || c.name == "..") r.fail_value(*n, "run.name", "must not be \".\" or \"..\"");
    if (c.name.size() > max_folder_name_bytes)
      r.fail_value(*n, "run.name",
                   "too long for a folder name: " + std::to_string(c.name.size()) + " bytes, at most " +
                       std::to_string(max_folder_name_bytes));
    for (const char ch : c.name)
      if (ch == '/' || ch == '\\' || static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f)
        r.fail_value(*n, "run.name", "must not contain '/', '\\' or control characters");
  }

  const toml::node* seed = run.get("seed");
  if (!seed) r.fail_missing(*node, "run.seed", "an unsigned 64-bit integer");
  const auto seed_value = static_cast<std::uint64_t>(r.integer(*seed, "run.seed", 0, INT64_MAX));

  const toml::node* samples = run.get("samples");
  if (!samples) r.fail_missing(*node, "run.samples", "the number of samples, > 0");
  c.samples = static_cast<std::uint64_t>(r.integer(*samples, "run.samples", 1, INT64_MAX));

  if (const toml::node* n = run.get("batch"))
    c.batch = static_cast<std::uint64_t>(r.integer(*n, "run.batch", 1, INT64_MAX));

  // Laws: the model's names; a name of the other model gets a pointed message.
  const std::vector<std::string_view>& known = laws_of_model(m);
  const toml::node* laws = run.get("laws");
  if (!laws) r.fail_missing(*node, "run.laws", "a non-empty array of law names: " + join_names(known));
  const toml::array& arr = r.array(*laws, "run.laws");
  if (arr.empty()) r.fail_value(*laws, "run.laws", "must name at least one law (" + join_names(known) + ")");
  int ids[planar_law_count + multicontact_law_count] = {};
  int n_ids = 0;
  for (std::size_t i = 0; i < arr.size(); ++i) {
    const std::string path = config::index_path("run.laws", i);
    const std::string name = r.string(arr[i], path);
    PlanarLaw planar{};
    MultiContactLaw multi{};
    const bool is_planar = parse_law(name.c_str(), &planar);
    const bool is_multi = parse_multicontact_law(name.c_str(), &multi);
    if (m == ModelKind::planar && is_multi) {
      const std::string base = name.substr(0, name.size() - 4);  // "poisson-lcp" -> "poisson"
      r.fail_value(arr[i], path,
                   not_for_model(m, "a multi-contact law" + did_you_mean(base, known) +
                                        "; planar laws: " + join_names(known)));
    }
    if (m == ModelKind::multicontact && is_planar)
      r.fail_value(arr[i], path,
                   not_for_model(m, "a planar law" + did_you_mean(name + "-lcp", known) +
                                        "; multi-contact laws: " + join_names(known)));
    if (!(m == ModelKind::planar ? is_planar : is_multi))
      r.fail_value(arr[i], path,
                   "unknown law" + did_you_mean(name, known) + "; known laws: " + join_names(known));
    const int id = m == ModelKind::planar ? static_cast<int>(planar) : static_cast<int>(multi);
    for (int j = 0; j < n_ids; ++j)
      if (ids[j] == id)
        r.fail_value(arr[i], path,
                     "duplicate law (already given as " + config::index_path("run.laws", j) + ")");
    ids[n_ids++] = id;
  }

  double tolerance = 1e-12;
  if (const toml::node* n = run.get("tolerance")) {
    tolerance = r.number(*n, "run.tolerance");
    if (!(tolerance >= 0.0)) r.fail_value(*n, "run.tolerance", "out of range: must be >= 0");
  }
  int witnesses = 10;
  if (const toml::node* n = run.get("witnesses"))
    witnesses = static_cast<int>(r.integer(*n, "run.witnesses", 0, max_witnesses));
  if (const toml::node* n = run.get("samples_npy")) {
    c.samples_npy = r.boolean(*n, "run.samples_npy");
    if (c.samples_npy && c.samples > max_samples_npy)
      r.fail_value(
          *n, "run.samples_npy",
          "only allowed when run.samples <= 1000000 (run.samples = " + std::to_string(c.samples) + ")");
  }

  if (m == ModelKind::planar) {
    PlanarSweepSpec& s = c.spec;
    s.plan.seed = seed_value;
    s.n_laws = n_ids;
    for (int i = 0; i < n_ids; ++i) s.laws[i] = static_cast<PlanarLaw>(ids[i]);
    s.tolerance = tolerance;
    s.witnesses = witnesses;
    return;
  }
  MultiContactSweepSpec& s = c.multi;
  s.plan.seed = seed_value;
  s.n_laws = n_ids;
  for (int i = 0; i < n_ids; ++i) s.laws[i] = static_cast<MultiContactLaw>(ids[i]);
  s.tolerance = tolerance;
  s.witnesses = witnesses;
  if (const toml::node* n = run.get("solver")) {
    const std::string name = r.string(*n, "run.solver");
    bool found = false;
    for (const LcpSolver v : {LcpSolver::automatic, LcpSolver::enumeration, LcpSolver::lemke})
      if (name == config::solver_name(v)) {
        s.solver = v;
        found = true;
      }
    if (!found)
      r.fail_value(*n, "run.solver",
                   "unknown solver" + did_you_mean(name, config::solver_names()) +
                       "; known: " + join_names(config::solver_names()) +
                       " (automatic: enumeration for k <= 2, Lemke for k >= 3)");
  }
}

// ---- [matrix] ----

bool parse_matrix_kind(const std::string& s, MatrixKind* out) {
  for (const MatrixKind k :
       {MatrixKind::direct, MatrixKind::wishart, MatrixKind::mechanism, MatrixKind::fixed, MatrixKind::shape})
    if (s == config::matrix_kind_name(k)) {
      *out = k;
      return true;
    }
  return false;
}

void read_matrix(const ConfigReader& r, const toml::table& root, MatrixDist& W) {
  const toml::table* section = model_section(r, root, "matrix", ModelKind::planar, kMatrixKeys);
  if (!section) return;
  const toml::table& t = *section;
  if (const toml::node* k = t.get("kind")) {
    const std::string name = r.string(*k, "matrix.kind");
    if (!parse_matrix_kind(name, &W.kind))
      r.fail_value(*k, "matrix.kind",
                   "unknown matrix kind" + did_you_mean(name, config::matrix_kind_names()) +
                       "; known: " + join_names(config::matrix_kind_names()));
  }
  const std::string kind_name = config::matrix_kind_name(W.kind);
  // Keys another kind reads are rejected.
  const auto applicable = [&](const char* key, std::initializer_list<MatrixKind> kinds,
                              const char* kinds_text) {
    const toml::node* x = t.get(key);
    if (!x) return static_cast<const toml::node*>(nullptr);
    for (const MatrixKind k : kinds)
      if (k == W.kind) return x;
    r.fail_value(
        *x, join_path("matrix", key),
        "not applicable to matrix.kind = \"" + kind_name + "\" (only read by kind = " + kinds_text + ")");
  };
  if (const toml::node* n = applicable("log10_cond", {MatrixKind::direct}, "\"direct\""))
    W.log10_cond = read_scalar(r, *n, "matrix.log10_cond", kLog10Cond);
  if (const toml::node* n =
          applicable("dof", {MatrixKind::wishart, MatrixKind::mechanism}, "\"wishart\" or \"mechanism\"")) {
    if (W.kind == MatrixKind::wishart)
      W.wishart_dof = static_cast<std::uint32_t>(r.integer(*n, "matrix.dof", 2, max_wishart_dof));
    else
      W.mechanism_dof = static_cast<std::uint32_t>(r.integer(*n, "matrix.dof", 2, max_mechanism_dof));
  }
  if (const toml::node* n = applicable("log10_cond_M", {MatrixKind::mechanism}, "\"mechanism\""))
    W.log10_cond_M = read_scalar(r, *n, "matrix.log10_cond_M", kLog10CondM);
  if (const toml::node* n = applicable("rho", {MatrixKind::shape}, "\"shape\""))
    W.rho = read_scalar(r, *n, "matrix.rho", kRho);
  if (const toml::node* n = applicable("kappa", {MatrixKind::shape}, "\"shape\""))
    W.kappa = read_scalar(r, *n, "matrix.kappa", kKappa);
  const toml::node* w = applicable("W", {MatrixKind::fixed}, "\"fixed\"");
  if (W.kind == MatrixKind::fixed) {
    if (!w) r.fail_missing(t, "matrix.W", "kind = \"fixed\" needs W = [m_nn, m_nt, m_tt]");
    const toml::array& a = r.array(*w, "matrix.W");
    if (a.size() != 3)
      r.fail_value(*w, "matrix.W", "expected 3 numbers [m_nn, m_nt, m_tt], got " + std::to_string(a.size()));
    const double nn = r.number(a[0], "matrix.W[0]");
    const double nt = r.number(a[1], "matrix.W[1]");
    const double tt = r.number(a[2], "matrix.W[2]");
    W.fixed = Delassus2{nn, nt, tt};
    if (!is_spd(W.fixed))
      r.fail_value(
          *w, "matrix.W",
          "not symmetric positive definite: needs m_nn > 0, m_tt > 0 and m_nn m_tt - m_nt^2 > 0 beyond "
          "rounding (it is " +
              shortest_double(determinant(W.fixed)) + ")");
  }
}

// G (2k x 2k) of a multi-contact config; model.contacts is read already (mechanism's dof depends on k).
void read_multicontact_matrix(const ConfigReader& r, const toml::table& root, MultiContactSamplePlan& p) {
  const toml::table* section = model_section(r, root, "matrix", ModelKind::multicontact, kMatrixKeys);
  if (!section) return;
  const toml::table& t = *section;
  if (const toml::node* k = t.get("kind")) {
    const std::string name = r.string(*k, "matrix.kind");
    bool found = false;
    for (const DelassusKind d : {DelassusKind::direct, DelassusKind::wishart, DelassusKind::mechanism})
      if (name == config::delassus_kind_name(d)) {
        p.G_kind = d;
        found = true;
      }
    MatrixKind planar{};
    if (!found && parse_matrix_kind(name, &planar))
      r.fail_value(*k, "matrix.kind",
                   not_for_model(ModelKind::multicontact, "a planar matrix kind; G is drawn by kind = " +
                                                              join_names(config::delassus_kind_names())));
    if (!found)
      r.fail_value(*k, "matrix.kind",
                   "unknown matrix kind" + did_you_mean(name, config::delassus_kind_names()) +
                       "; known: " + join_names(config::delassus_kind_names()));
  }
  const std::string kind_name = config::delassus_kind_name(p.G_kind);
  const auto applicable = [&](const char* key, DelassusKind kind, const char* hint) {
    const toml::node* x = t.get(key);
    if (!x || kind == p.G_kind) return x;
    r.fail_value(*x, join_path("matrix", key),
                 "not applicable to matrix.kind = \"" + kind_name + "\" (only read by kind = \"" +
                     config::delassus_kind_name(kind) + "\"" + hint + ")");
  };
  if (const toml::node* n = applicable("log10_cond", DelassusKind::direct, ""))
    p.log10_cond = read_scalar(r, *n, "matrix.log10_cond", kLog10CondG);
  if (const toml::node* n = applicable("extra_dof", DelassusKind::wishart, ""))
    p.wishart_extra_dof = static_cast<std::uint32_t>(r.integer(*n, "matrix.extra_dof", 0, max_wishart_dof));
  const char* dof_hint =
      p.G_kind == DelassusKind::wishart ? "; a multi-contact wishart G has dof = 2k + extra_dof" : "";
  if (const toml::node* n = applicable("dof", DelassusKind::mechanism, dof_hint)) {
    p.mechanism_dof = static_cast<std::uint32_t>(r.integer(*n, "matrix.dof", 2, max_mechanism_dof));
    const std::uint32_t k = max_contact_count(p);
    if (p.mechanism_dof < 2 * k)
      r.fail_value(*n, "matrix.dof",
                   "out of range: kind = \"mechanism\" needs dof >= 2 * k = " + std::to_string(2 * k) +
                       " (k = " + std::to_string(k) +
                       " is the largest of model.contacts; G = J M^-1 J^T with J 2k x dof is positive "
                       "definite only when dof >= 2k)");
  }
  if (const toml::node* n = applicable("log10_cond_M", DelassusKind::mechanism, ""))
    p.log10_cond_M = read_scalar(r, *n, "matrix.log10_cond_M", kLog10CondM);
}

// ---- [approach], [parameters] ----

void read_approach(const ConfigReader& r, const toml::table& root, PlanarSamplePlan& p) {
  const toml::table* section = model_section(r, root, "approach", ModelKind::planar, kApproachKeys);
  if (!section) return;
  const toml::table& t = *section;
  if (const toml::node* n = t.get("theta_deg"))
    p.theta_deg = read_scalar(r, *n, "approach.theta_deg", kTheta);
  if (const toml::node* n = t.get("random_tangent_sign"))
    p.random_tangent_sign = r.boolean(*n, "approach.random_tangent_sign");
}

void read_parameters(const ConfigReader& r, const toml::table& root, PlanarSamplePlan& p) {
  const toml::table* section = model_section(r, root, "parameters", ModelKind::planar, kParameterKeys);
  if (!section) return;
  const toml::table& t = *section;
  if (const toml::node* n = t.get("mu")) p.mu = read_scalar(r, *n, "parameters.mu", kMu);
  if (const toml::node* n = t.get("e")) p.e = read_scalar(r, *n, "parameters.e", kE);
  if (const toml::node* n = t.get("e_t")) p.e_t = read_scalar(r, *n, "parameters.e_t", kEt);
}

void read_multicontact_approach(const ConfigReader& r, const toml::table& root, MultiContactSamplePlan& p) {
  const toml::table* section = model_section(r, root, "approach", ModelKind::multicontact, kApproachKeys);
  if (!section) return;
  const toml::table& t = *section;
  if (const toml::node* n = t.get("gamma_N")) p.gamma_N = read_scalar(r, *n, "approach.gamma_N", kGammaN);
  if (const toml::node* n = t.get("gamma_T")) p.gamma_T = read_scalar(r, *n, "approach.gamma_T", kGammaT);
}

void read_multicontact_parameters(const ConfigReader& r, const toml::table& root, MultiContactSamplePlan& p) {
  const toml::table* section = model_section(r, root, "parameters", ModelKind::multicontact, kParameterKeys);
  if (!section) return;
  const toml::table& t = *section;
  if (const toml::node* n = t.get("mu")) p.mu = read_scalar(r, *n, "parameters.mu", kMu);
  if (const toml::node* n = t.get("eps_N")) p.eps_N = read_scalar(r, *n, "parameters.eps_N", kEpsN);
  if (const toml::node* n = t.get("eps_T_ratio"))
    p.eps_T_ratio = read_scalar(r, *n, "parameters.eps_T_ratio", kEpsTRatio);
}

// ---- cross-key rules ----

struct GridItem {
  const char* path;
  const ScalarDist* d;
};

// Every grid point must get a sample: G = product of the grid sizes <= samples.
void check_grid_size(const ConfigReader& r, const toml::table& root, std::uint64_t samples,
                     std::initializer_list<GridItem> items) {
  std::uint64_t G = 1;
  std::string terms;
  int grids = 0;
  for (const GridItem& it : items) {
    if (it.d->kind != ScalarKind::grid || it.d->n <= 1) continue;
    G = saturating_mul(G, it.d->n);
    terms += (terms.empty() ? "" : " * ") + std::string(it.path) + ".n = " + std::to_string(it.d->n);
    ++grids;
  }
  if (grids > 1) terms += " = " + std::to_string(G);
  if (G > samples) {
    const toml::node& samples_node = *root.get("run")->as_table()->get("samples");
    r.fail_value(samples_node, "run.samples",
                 "fewer samples than grid points (" + terms +
                     "), so some grid point would get no sample; use samples >= " + std::to_string(G) +
                     ", best a multiple of it");
  }
}

void check_planar_grid_size(const ConfigReader& r, const toml::table& root, const RunConfig& c) {
  const PlanarSamplePlan& p = c.spec.plan;
  check_grid_size(r, root, c.samples,
                  {{"approach.theta_deg", &p.theta_deg},
                   {"parameters.mu", &p.mu},
                   {"parameters.e", &p.e},
                   {"parameters.e_t", &p.e_t},
                   {"matrix.log10_cond", &p.W.log10_cond},
                   {"matrix.log10_cond_M", &p.W.log10_cond_M},
                   {"matrix.rho", &p.W.rho},
                   {"matrix.kappa", &p.W.kappa}});
}

void check_multicontact_grid_size(const ConfigReader& r, const toml::table& root, const RunConfig& c) {
  const MultiContactSamplePlan& p = c.multi.plan;
  check_grid_size(r, root, c.samples,
                  {{"model.contacts", &p.contacts},
                   {"matrix.log10_cond", &p.log10_cond},
                   {"matrix.log10_cond_M", &p.log10_cond_M},
                   {"approach.gamma_N", &p.gamma_N},
                   {"approach.gamma_T", &p.gamma_T},
                   {"parameters.mu", &p.mu},
                   {"parameters.eps_N", &p.eps_N},
                   {"parameters.eps_T_ratio", &p.eps_T_ratio}});
}

// A key of some section written at the top level (before any [table] header) gets a pointed message.
void check_top_level_strays(const ConfigReader& r, const toml::table& root) {
  static const struct {
    const char* table;
    const std::vector<Key>* keys;
  } sections[] = {{"run", &kRunKeys},           {"model", &kModelKeys},          {"matrix", &kMatrixKeys},
                  {"approach", &kApproachKeys}, {"parameters", &kParameterKeys}, {"map", &kMapKeys}};
  for (auto&& [k, v] : root) {
    std::string tables;
    for (const auto& sec : sections)
      for (const Key& key : *sec.keys)
        if (k.str() == key.name) tables += std::string(tables.empty() ? "[" : "] or [") + sec.table;
    if (tables.empty()) continue;
    tables += "]";
    r.fail_at(k.source(), k.str(),
              "unknown top-level key; it belongs in the " + tables + " table (write it below a " + tables +
                  " line)");
  }
}

// Every map axis must overlap the values its quantity can take (map_reach.hpp), else no sample lands in
// the map.
template <class Plan>
void check_map_reachable(const ConfigReader& r, const toml::table& root, const Plan& plan,
                         const MapAxis* axes, int n_axes) {
  const toml::table& map = *root.get("map")->as_table();
  for (int a = 0; a < n_axes; ++a) {
    const ValueRange range = reachable_range(plan, axes[a].quantity);
    if (axis_reachable(axes[a], range)) continue;
    const char* key = a == 0 ? "x" : "y";
    r.fail_value(*map.get(key), join_path("map", key),
                 std::string("no sample can reach this axis: ") + quantity_name(axes[a].quantity) +
                     " takes values in " + describe_range(range) + " (" + range.from +
                     "), the axis covers [" + shortest_double(axes[a].lo) + ", " +
                     shortest_double(axes[a].hi) + "]");
  }
}

// Fewer than ~100 samples per cell: a fraction's 95 % interval is then wider than +-0.1 near 1/2.
void warn_thin_cells(RunConfig& c, const std::string& source, int cells) {
  constexpr double enough = 100.0;
  const double per_cell = static_cast<double>(c.samples) / cells;
  if (per_cell >= enough) return;
  char text[96];
  std::snprintf(text, sizeof text, "%.3g", per_cell);
  c.warnings.push_back(source + ": the map has " + std::to_string(cells) +
                       " cells for run.samples = " + std::to_string(c.samples) + ": " + text +
                       " samples per cell on average, so most cells get fewer than ~100 and their fractions' "
                       "95 % intervals are wider than +-0.1; use fewer bins or more samples");
}

RunConfig parse_document(const toml::table& root, const ConfigReader& r, const std::string& name_default) {
  check_top_level_strays(r, root);
  r.check_keys(root, "", {"run", "matrix", "approach", "parameters", "map", "model"});
  RunConfig c;
  c.name = name_default;
  read_model(r, root, c);
  read_run(r, root, c);
  if (c.model == ModelKind::planar) {
    read_matrix(r, root, c.spec.plan.W);
    read_approach(r, root, c.spec.plan);
    read_parameters(r, root, c.spec.plan);
    read_map(r, root, c.model, c.spec.axes, c.spec.n_axes);
    check_map_reachable(r, root, c.spec.plan, c.spec.axes, c.spec.n_axes);
    check_planar_grid_size(r, root, c);
    warn_thin_cells(c, r.source_name(), c.spec.cells());
  } else {
    read_multicontact_matrix(r, root, c.multi.plan);
    read_multicontact_approach(r, root, c.multi.plan);
    read_multicontact_parameters(r, root, c.multi.plan);
    read_map(r, root, c.model, c.multi.axes, c.multi.n_axes);
    check_map_reachable(r, root, c.multi.plan, c.multi.axes, c.multi.n_axes);
    check_multicontact_grid_size(r, root, c);
    warn_thin_cells(c, r.source_name(), c.multi.cells());
  }
  return c;
}

}  // namespace

RunConfig parse_run_config(const std::string& toml_text, const std::string& source_name) {
  toml::table root;
  try {
    root = toml::parse(toml_text, source_name);
  } catch (const toml::parse_error& err) {
    const toml::source_region& where = err.source();
    std::ostringstream msg;
    msg << source_name;
    if (where.begin.line) msg << ":" << where.begin.line << ":" << where.begin.column;
    msg << ": TOML syntax error: " << err.description();
    throw ConfigError(msg.str());
  }
  const ConfigReader reader(source_name);
  return parse_document(root, reader, default_name(source_name));
}

RunConfig load_run_config(const std::string& path) {
  std::error_code ec;
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path, ec)) throw ConfigError("cannot open config file " + path);
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ConfigError("cannot read config file " + path);
  RunConfig c = parse_run_config(text.str(), path);
  c.source_path = path;
  return c;
}

}  // namespace collsweep

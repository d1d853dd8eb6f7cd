// Parses and validates a `collsweep run` TOML config into a RunConfig: model.kind, the family's key table
// read by the KeyReader, then the rules across keys (the keys and rules for users: configs/README.md).
#include "families/run_config.hpp"

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

#include "config/key_collectors.hpp"
#include "config/map_reach.hpp"
#include "config/toml_reader.hpp"
#include "families/key_reader.hpp"

namespace collsweep {
namespace {

using config::ConfigReader;
using config::did_you_mean;
using config::join_names;
using config::join_path;
using config::shortest_double;

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

// The sections of every family, and each section's keys over every family, in registry order.
std::vector<config::SectionKeys> all_sections() {
  std::vector<config::SectionKeys> all;
  for (const config::KeyCollector& family : config::family_keys())
    for (const config::SectionKeys& s : family.sections) {
      auto it = std::find_if(all.begin(), all.end(),
                             [&](const config::SectionKeys& a) { return a.name == s.name; });
      if (it == all.end()) it = all.insert(all.end(), config::SectionKeys{s.name, {}, {}});
      for (const std::string_view k : s.keys)
        if (!it->has(k)) {
          it->keys.push_back(k);
          it->declarations.push_back(1);
        }
    }
  return all;
}

// model.kind (default: the registry's first family); [model]'s keys of every family are known here.
std::size_t read_family(const ConfigReader& r, const toml::table& root,
                        const std::vector<config::SectionKeys>& sections) {
  const toml::node* node = root.get("model");
  if (!node) return 0;
  const toml::table& t = r.table(*node, "model");
  for (const config::SectionKeys& s : sections)
    if (s.name == "model") r.check_keys(t, "model", s.keys);
  const toml::node* k = t.get("kind");
  if (!k) return 0;
  const std::string name = r.string(*k, "model.kind");
  const std::vector<std::string_view>& names = families::family_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (name == names[i]) return i;
  r.fail_value(*k, "model.kind",
               "unknown model kind" + did_you_mean(name, names) + "; known: " + join_names(names));
}

// ---- cross-key rules ----

// Every grid point must get a sample: G = product of the grid sizes <= samples.
template <class Spec>
void check_grid_size(const ConfigReader& r, const toml::table& root, RunSettings run, Spec spec) {
  config::GridCollector grids_of;
  families::FamilyTraits<Spec>::keys(grids_of, run, spec);
  const std::uint64_t samples = run.samples;
  std::uint64_t G = 1;
  std::string terms;
  int grids = 0;
  for (const auto& [path, d] : grids_of.scalars) {
    if (d->kind != ScalarKind::grid || d->n <= 1) continue;
    G = saturating_mul(G, d->n);
    terms += (terms.empty() ? "" : " * ") + path + ".n = " + std::to_string(d->n);
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

// A key of some section written at the top level (before any [table] header) gets a pointed message.
void check_top_level_strays(const ConfigReader& r, const toml::table& root,
                            const std::vector<config::SectionKeys>& sections) {
  for (auto&& [k, v] : root) {
    std::string tables;
    for (const config::SectionKeys& sec : sections)
      if (sec.has(k.str())) tables += std::string(tables.empty() ? "[" : "] or [") + sec.name;
    if (tables.empty()) continue;
    tables += "]";
    r.fail_at(k.source(), k.str(),
              "unknown top-level key; it belongs in the " + tables + " table (write it below a " + tables +
                  " line)");
  }
}

// Every map axis must overlap the values its quantity can take (map_reach.hpp), else no sample lands in
// the map.
template <class Plan, class Q>
void check_map_reachable(const ConfigReader& r, const toml::table& root, const Plan& plan,
                         const MapAxis<Q>* axes, int n_axes) {
  const toml::table& map = *root.get("map")->as_table();
  for (int a = 0; a < n_axes; ++a) {
    const ValueRange range = reachable_range(plan, axes[a].quantity);
    if (axis_reachable(axes[a], range)) continue;
    const char* key = a == 0 ? "x" : "y";
    r.fail_value(*map.get(key), join_path("map", key),
                 is_empty(range)
                     ? std::string("no sample can reach this axis: ") + quantity_name(axes[a].quantity) +
                           " takes no value here (" + range.from + ")"
                     : std::string("no sample can reach this axis: ") + quantity_name(axes[a].quantity) +
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
  const std::vector<config::SectionKeys> sections = all_sections();
  check_top_level_strays(r, root, sections);
  std::vector<std::string_view> section_names;
  for (const config::SectionKeys& s : sections) section_names.emplace_back(s.name);
  r.check_keys(root, "", section_names);
  RunConfig c;
  c.name = name_default;
  const std::size_t family = read_family(r, root, sections);
  c.model = families::default_spec(family);
  std::visit(
      [&](auto& spec) {
        using Spec = std::decay_t<decltype(spec)>;
        config::KeyReader<Spec> reader(r, root, family);
        families::FamilyTraits<Spec>::keys(reader, c, spec);
        check_map_reachable(r, root, spec.plan, spec.axes, spec.n_axes);
        check_grid_size(r, root, static_cast<const RunSettings&>(c), spec);
        warn_thin_cells(c, r.source_name(), spec.cells());
      },
      c.model);
  return c;
}

}  // namespace

RunConfig parse_run_config(const std::string& toml_text, const std::string& source_name) {
  const toml::table root = config::parse_toml(toml_text, source_name);
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

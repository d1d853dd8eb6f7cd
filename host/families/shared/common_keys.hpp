// The config keys every model family shares: [model] kind, the [run] settings around a family's own
// run keys, and [map]; a family's key table (planar_family.hpp, ...) calls these in file order.
#pragma once

#include <cstdint>
#include <string>

#include "collsweep/sweep/sweep_limits.hpp"
#include "config/config_keys.hpp"
#include "config/config_values.hpp"
#include "config/run_settings.hpp"
#include "families/shared/family_traits.hpp"
#include "families/shared/parameter_rows.hpp"

namespace collsweep::families {

inline constexpr std::size_t max_folder_name_bytes = 255;  // NAME_MAX of Linux file systems
inline constexpr std::uint64_t max_samples_npy = 1000000;

// Why matrix.log10_cond and matrix.log10_cond_M are not interchangeable: the first is cond(W) of the direct
// kind, the second cond(M) of a mechanism, whose W = J M^-1 J^T has a condition number it does not bound.
inline constexpr const char* kMechanismCondHint =
    "; kind = \"mechanism\" bounds the condition number of its mass matrix M with log10_cond_M, which does "
    "not bound W's";
inline constexpr const char* kDirectCondHint =
    "; kind = \"direct\" bounds the condition number of W itself with log10_cond";
// The same for the multi-contact family, whose contact-space matrix is G.
inline constexpr const char* kMechanismCondHintG =
    "; kind = \"mechanism\" bounds the condition number of its mass matrix M with log10_cond_M, which does "
    "not bound G's";
inline constexpr const char* kDirectCondHintG =
    "; kind = \"direct\" bounds the condition number of G itself with log10_cond";

// run.name names the output folder runs/<name>.
inline std::string folder_name_problem(const std::string& name) {
  if (name.empty()) return "must not be empty";
  if (name == "." || name == "..") return "must not be \".\" or \"..\"";
  if (name.size() > max_folder_name_bytes)
    return "too long for a folder name: " + std::to_string(name.size()) + " bytes, at most " +
           std::to_string(max_folder_name_bytes);
  for (const char ch : name)
    if (ch == '/' || ch == '\\' || static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f)
      return "must not contain '/', '\\' or control characters";
  return "";
}

// [model]: kind, then the family's own keys (model.contacts).
template <class V, class Own>
void model_keys(V& v, Own own) {
  v.section("model", nullptr);
  v.family_kind();
  own();
}

// [run]: the shared settings, the seed and laws of the spec, the family's own keys (run.solver), then
// tolerance, witnesses and samples_npy.
template <class V, class Spec, class Own>
void run_keys(V& v, RunSettings& run, Spec& s, Own own) {
  using config::KeyRules;
  v.section("run", "a [run] table with at least seed, samples and laws");
  v.text("name", run.name, KeyRules<std::string>{nullptr, folder_name_problem});
  v.integer("seed", s.plan.seed, 0, INT64_MAX, KeyRules<std::uint64_t>{"an unsigned 64-bit integer", {}});
  v.integer("samples", run.samples, 1, INT64_MAX, KeyRules<std::uint64_t>{"the number of samples, > 0", {}});
  v.integer("batch", run.batch, 1, INT64_MAX, KeyRules<std::uint64_t>{});
  v.laws("laws", s.laws, s.n_laws);
  own();
  v.number("tolerance", s.tolerance,
           KeyRules<double>{nullptr, [](const double& t) {
                              return t >= 0.0 ? std::string() : std::string("out of range: must be >= 0");
                            }});
  v.integer("witnesses", s.witnesses, 0, max_witnesses, KeyRules<int>{});
  v.boolean("samples_npy", run.samples_npy,
            KeyRules<bool>{nullptr, [&run](const bool& on) {
                             if (!on) return std::string();
                             if (!FamilyTraits<Spec>::writes_samples_npy)
                               return std::string("model.kind = \"") + FamilyTraits<Spec>::name +
                                      "\" writes no samples.npy (only planar runs do)";
                             if (run.samples <= max_samples_npy) return std::string();
                             return "only allowed when run.samples <= 1000000 (run.samples = " +
                                    std::to_string(run.samples) + ")";
                           }});
}

// run.constraints = true (planar and spatial): the constraint and solution columns for every law even without
// a thesis law (a sweep with one has them anyway). Written only when true, so that the resolved config of a
// run without it does not name it.
inline config::CustomKey constraints_key(bool& constraints) {
  config::CustomKey key;
  key.read = [&constraints](const config::ConfigReader& r, const toml::node*, const toml::node* n,
                            const std::string& path) { constraints = n ? r.boolean(*n, path) : false; };
  key.toml = [&constraints] { return std::string(constraints ? "true" : "false"); };
  key.json = [&constraints](io::JsonWriter& j) { j.boolean(constraints); };
  key.written = [&constraints] { return constraints; };
  return key;
}

// When a law parameter's key is read: only when a law of run.laws reads it (a law whose reads include
// `bit`), so that the resolved file of a config without such a law does not name it; the message names the
// family's laws that do.
template <class Spec>
config::When read_by_laws(const Spec& s, unsigned bit) {
  using Traits = FamilyTraits<Spec>;
  bool applies = false;
  std::string now, readers;
  for (int i = 0; i < s.n_laws; ++i) {
    applies |= (law_reads(s.laws[i]) & bit) != 0u;
    now += std::string(i ? ", " : "") + Traits::law_name(s.laws[i]);
  }
  for (int l = 0; l < Traits::law_count; ++l) {
    const typename Traits::Law law = static_cast<typename Traits::Law>(l);
    if (law_reads(law) & bit) readers += std::string(readers.empty() ? "" : ", ") + Traits::law_name(law);
  }
  return config::When{applies, "run.laws", now, readers, "", "the law"};
}

// The keys of the family's law parameters in the open section, one per row of its table (parameter_rows.hpp)
// with the row's domain; a row of key `read` is refused unless a law of run.laws reads it.
template <class V, class Spec>
void parameter_row_keys(V& v, Spec& s) {
  FamilyTraits<Spec>::for_each_parameter([&](const auto& row) {
    const config::Domain domain = config_domain(row.info);
    if (row.info.key == ParameterKey::read)
      v.scalar(row.info.name, row.dist(s.plan), domain, read_by_laws(s, row.info.reads));
    else
      v.scalar(row.info.name, row.dist(s.plan), domain);
  });
}

// [parameters]: the family's law parameters (parameter_row_keys).
template <class V, class Spec>
void parameter_keys(V& v, Spec& s) {
  v.section("parameters", nullptr);
  parameter_row_keys(v, s);
}

// [map]: x (required) and y, over the family's quantities.
template <class V, class Spec>
void map_keys(V& v, Spec& s) {
  v.section("map", "a [map] table with x (and optionally y)");
  v.axes(s.axes, s.n_axes);
}

}  // namespace collsweep::families

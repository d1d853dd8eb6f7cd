// A family's parameter table (kernels' models/<family>/parameters.hpp) on the host: each row's description
// and its fields in any plan, sample or record, for the config keys, map reach, eval, solve and the outputs.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "collsweep/sampling/parameter_rows.hpp"
#include "config/config_keys.hpp"
#include "config/map_reach.hpp"
#include "families/shared/family_traits.hpp"
#include "vocabulary/command_options.hpp"
#include "vocabulary/eval_table.hpp"
#include "vocabulary/parse_numbers.hpp"
#include "vocabulary/solve_coefficients.hpp"

namespace collsweep::families {

// What one row says (parameter_rows.hpp's columns).
struct ParameterInfo {
  const char* name;
  unsigned reads;
  ParameterKey key;
  ParameterDomain domain;
  const char* option;
  const char* meaning;

  // Whether law inputs `inputs` (a law's reads, or the union over a sweep's laws) read it.
  bool read_by(unsigned inputs) const { return parameter_drawn(inputs, reads); }
  // Whether every sweep records it (key any), or only the sweeps whose laws read it.
  bool always_recorded() const { return key == ParameterKey::any; }
};

// Where a row's value lives in an object of the family: holder c is the collision (the object itself when
// it is one, else its member c), holder params its member params; NoHolder when the object has none (a
// classic law's record, which no parameter of that holder feeds).
struct NoHolder {};

template <class T, class = void>
struct HasC : std::false_type {};
template <class T>
struct HasC<T, std::void_t<decltype(std::declval<T&>().c)>> : std::true_type {};
template <class T, class = void>
struct HasParams : std::false_type {};
template <class T>
struct HasParams<T, std::void_t<decltype(std::declval<T&>().params)>> : std::true_type {};

template <class T>
auto* holder_c(T& x) {
  if constexpr (HasC<T>::value)
    return &x.c;
  else
    return &x;
}
template <class T>
auto* holder_params(T& x) {
  if constexpr (HasParams<T>::value)
    return &x.params;
  else
    return static_cast<NoHolder*>(nullptr);
}

// One row with its fields: dist(plan) is the plan's ScalarDist, value(x) the address of its value in x
// (a sample, a collision or a record; const when x is), nullptr when x holds none.
template <class Dist, class Value>
struct ParameterRow {
  ParameterInfo info;
  Dist dist;
  Value value;
};
template <class Dist, class Value>
ParameterRow(ParameterInfo, Dist, Value) -> ParameterRow<Dist, Value>;

}  // namespace collsweep::families

// f(ParameterRow) for one row of a table: a family's FamilyTraits::for_each_parameter(f) is
// FAMILY_PARAMETERS(COLLSWEEP_HOST_PARAMETER_ROW).
// clang-format off
#define COLLSWEEP_HOST_PARAMETER_ROW(name, holder, stream, at, slot, reads, key, domain, init, option, meaning) \
  f(::collsweep::families::ParameterRow{                                                                        \
      ::collsweep::families::ParameterInfo{#name, reads, ::collsweep::ParameterKey::key,                        \
                                           ::collsweep::parameter_domain::domain, option, meaning},             \
      [](auto& plan) -> auto& { return plan.name; },                                                            \
      [](auto& x) {                                                                                             \
        auto* h = ::collsweep::families::holder_##holder(x);                                                    \
        if constexpr (std::is_same_v<decltype(h), ::collsweep::families::NoHolder*>)                            \
          return static_cast<double*>(nullptr);                                                                 \
        else                                                                                                    \
          return &h->name;                                                                                      \
      }});
// clang-format on

namespace collsweep::families {

// The rows of a family, in table order, without their fields.
template <class Spec>
std::vector<ParameterInfo> parameter_infos() {
  std::vector<ParameterInfo> v;
  FamilyTraits<Spec>::for_each_parameter([&](const auto& row) { v.push_back(row.info); });
  return v;
}

// The config key's domain of a row.
inline config::Domain config_domain(const ParameterInfo& p) {
  const ParameterDomain& d = p.domain;
  return config::Domain{p.name,  d.has_min, d.min,     d.min_open, d.has_max,
                        d.max,   d.max_open, false, p.meaning, d.integers};
}

// The union of the law inputs a sweep's laws read.
template <class Spec>
unsigned sweep_reads(const Spec& s) {
  unsigned inputs = 0u;
  for (int i = 0; i < s.n_laws; ++i) inputs |= law_reads(s.laws[i]);
  return inputs;
}

// Whether a sweep whose laws read `reads` records a row in its outputs: recorded_first (key any: with the
// collision's inputs) or after them (key read: only when a law of the sweep reads it).
inline bool recorded_in(const ParameterInfo& p, unsigned reads, bool recorded_first) {
  return p.always_recorded() ? recorded_first : !recorded_first && (p.reads & reads) != 0u;
}

// The values a map axis over a law parameter can take under a plan (the row's distribution), or nothing
// when q is not a parameter of the family.
template <class Spec, class Plan, class Q>
std::optional<ValueRange> parameter_range(const Plan& plan, Q q) {
  std::optional<ValueRange> range;
  FamilyTraits<Spec>::for_each_parameter([&](const auto& row) {
    if (std::string(quantity_name(q)) == row.info.name)
      range = of_dist(row.dist(plan), ("parameters." + std::string(row.info.name)).c_str());
  });
  return range;
}

// The rows a law reads (`reads`: law_reads(law)) with their values in x, in table order: the inputs that
// solve prints after W and v.
template <class Spec, class X>
std::vector<std::pair<std::string, double>> law_parameter_values(unsigned reads, const X& x) {
  std::vector<std::pair<std::string, double>> v;
  FamilyTraits<Spec>::for_each_parameter([&](const auto& row) {
    const double* value = row.value(x);
    if (row.info.read_by(reads) && value) v.emplace_back(row.info.name, *value);
  });
  return v;
}

// eval's input columns of the rows a law reads, appended to `inputs` in table order.
template <class Spec, class Record>
void append_parameter_inputs(std::vector<vocabulary::InputColumn<Record>>& inputs, unsigned reads) {
  FamilyTraits<Spec>::for_each_parameter([&](const auto& row) {
    if (!row.info.read_by(reads)) return;
    inputs.push_back({row.info.name, [value = row.value](Record& r, double x) {
                        if (double* v = value(r)) *v = x;
                      }});
  });
}

// The columns witnesses.csv and samples.npy carry (recorded_in: the rows of key any with the collision's
// inputs, those of key read after them), in table order, and their values in a sample.
template <class Spec>
std::vector<std::string> recorded_parameter_names(const Spec& s, bool recorded_first) {
  const unsigned reads = sweep_reads(s);
  std::vector<std::string> names;
  for (const ParameterInfo& p : parameter_infos<Spec>())
    if (recorded_in(p, reads, recorded_first)) names.emplace_back(p.name);
  return names;
}
template <class Spec, class Sample, class Out>
void for_each_recorded_parameter(const Spec& s, bool recorded_first, const Sample& smp, Out&& out) {
  const unsigned reads = sweep_reads(s);
  FamilyTraits<Spec>::for_each_parameter([&](const auto& row) {
    if (recorded_in(row.info, reads, recorded_first)) out(*row.value(smp));
  });
}

// Whether an option is one of solve's coefficients (--mu, --e, --et: solve_coefficients.hpp reads them for
// every single-contact family), not a law parameter's own option.
inline bool is_solve_coefficient(const std::string& option) {
  return option == "--mu" || option == "--e" || option == "--et";
}

// `solve`'s law-parameter options of a family (its rows beyond the coefficients), into x: an option whose
// rows the law reads (`reads`) is required (rows sharing it take its comma-separated values in order), and
// one the law does not read is ignored with a note on stderr. Throws UsageError naming the option.
template <class Spec, class X>
void read_parameter_options(const vocabulary::SolveOptions& o, unsigned reads, X& x) {
  const std::vector<ParameterInfo> rows = parameter_infos<Spec>();
  std::map<std::string, std::vector<double>> values;
  for (const ParameterInfo& p : rows) {
    const std::string option = p.option;
    if (is_solve_coefficient(option) || values.count(option)) continue;
    std::string names, what;
    std::size_t n = 0;
    bool read = false;
    for (const ParameterInfo& q : rows)
      if (option == q.option) {
        names += (n ? "," : "") + std::string(q.name);
        what += (n ? ", " : "") + std::string(q.meaning);
        read |= q.read_by(reads);
        ++n;
      }
    const auto given = o.parameters.find(option);
    const std::string value = given == o.parameters.end() ? std::string() : given->second;
    if (!read) {
      if (!value.empty()) vocabulary::note_ignored_option(o, option);
      values[option].assign(n, 0.0);
      continue;
    }
    if (value.empty())
      throw vocabulary::UsageError(option + (n > 1 ? " " + names : "") + " is required by law " + o.law +
                                   " (" + what + ")");
    values[option] = n > 1 ? vocabulary::parse_finite_list(option.c_str(), value, n, names.c_str())
                           : std::vector<double>{vocabulary::parse_finite_option(option.c_str(), value)};
  }
  std::map<std::string, std::size_t> next;
  FamilyTraits<Spec>::for_each_parameter([&](const auto& row) {
    const std::string option = row.info.option;
    if (is_solve_coefficient(option)) return;
    const double v = values[option][next[option]++];
    if (double* field = row.value(x)) *field = v;
  });
}

// "--s1 0.7, --s2 0.5": the law-parameter options a law reads, as given (for a parameter_out_of_range
// message).
template <class Spec>
std::string given_parameter_options(const vocabulary::SolveOptions& o, unsigned reads) {
  std::string s;
  std::map<std::string, bool> seen;
  for (const ParameterInfo& p : parameter_infos<Spec>()) {
    const std::string option = p.option;
    if (is_solve_coefficient(option) || !p.read_by(reads) || seen[option]) continue;
    seen[option] = true;
    const auto given = o.parameters.find(option);
    s += (s.empty() ? "" : ", ") + option + " " +
         (given == o.parameters.end() ? std::string() : given->second);
  }
  return s;
}

}  // namespace collsweep::families

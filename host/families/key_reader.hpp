// The visitor of a family's key table (config_keys.hpp) that reads and validates a TOML document into the
// family's spec, against every family's keys: each message names the file, line, column, key path and value.
#pragma once

#include <string>
#include <vector>

#include "config/config_keys.hpp"
#include "config/key_collectors.hpp"
#include "config/run_settings.hpp"
#include "config/scalar_reader.hpp"
#include "families/registry.hpp"
#include "vocabulary/closest_name.hpp"

namespace collsweep::config {

// "not applicable to model.kind = "planar": WHY", with a pointer to [model] when the config is of the
// default family and the thing belongs to family `owner`.
std::string not_for_family(std::size_t family, const std::string& why, int owner = -1);

// [map] x or y as read, its quantity one of the family's (FamilyTraits::Quantity; a quantity of another
// family, or none, is refused by name).
struct AxisRead {
  std::string quantity;
  double lo = 0.0, hi = 1.0;
  std::uint32_t bins = 1;
};
AxisRead read_axis(const ConfigReader& r, const toml::node& n, const std::string& path, std::size_t family);

// The family's quantity enum value of an axis read_axis accepted.
template <class Q>
MapAxis<Q> typed_axis(const AxisRead& a) {
  MapAxis<Q> axis{Q{}, a.lo, a.hi, a.bins};
  parse_quantity(a.quantity.c_str(), &axis.quantity);
  return axis;
}

// The keys of every family, by registry index (from its key table run on a default spec).
inline const std::vector<KeyCollector>& family_keys() {
  static const std::vector<KeyCollector> all = [] {
    std::vector<KeyCollector> v(families::family_count);
    families::for_each_family([&](auto i) {
      RunSettings run;
      families::SpecAt<i> spec;
      families::FamilyTraits<families::SpecAt<i>>::keys(v[i], run, spec);
    });
    return v;
  }();
  return all;
}

template <class Spec>
class KeyReader {
 public:
  using Traits = families::FamilyTraits<Spec>;

  KeyReader(const ConfigReader& r, const toml::table& root, std::size_t family)
      : r_(r), root_(root), family_(family) {}

  void section(const char* name, const char* required) {
    path_ = name;
    table_ = nullptr;
    seen_.clear();
    const toml::node* node = root_.get(name);
    if (!node) {
      if (required) r_.fail_missing(root_, name, required);
      return;
    }
    node_ = node;
    table_ = &r_.table(*node, name);
    check_family_keys();
  }

  void family_kind() {}  // read before the family is known (run_config.cpp)

  template <class T>
  void integer(const char* key, T& x, std::int64_t lo, std::int64_t hi, const KeyRules<T>& rules,
               const When& when = {}) {
    const toml::node* n = find(key, when, rules.required);
    if (!n) return;
    x = static_cast<T>(r_.integer(*n, path(key), lo, hi));
    check(n, key, rules, x);
  }

  void scalar(const char* key, ScalarDist& d, const Domain& domain, const When& when = {}) {
    if (const toml::node* n = find(key, when, nullptr)) d = read_scalar(r_, *n, path(key), domain);
  }

  void number(const char* key, double& x, const KeyRules<double>& rules) {
    const toml::node* n = find(key, {}, rules.required);
    if (!n) return;
    x = r_.number(*n, path(key));
    check(n, key, rules, x);
  }

  void boolean(const char* key, bool& b, const KeyRules<bool>& rules, const When& when = {}) {
    const toml::node* n = find(key, when, rules.required);
    if (!n) return;
    b = r_.boolean(*n, path(key));
    check(n, key, rules, b);
  }

  void text(const char* key, std::string& s, const KeyRules<std::string>& rules) {
    const toml::node* n = find(key, {}, rules.required);
    if (!n) return;
    s = r_.string(*n, path(key));
    check(n, key, rules, s);
  }

  template <class E>
  void choice(const char* key, E& e, const Choices<E>& choices, const KeyRules<E>& rules) {
    const toml::node* n = find(key, {}, rules.required);
    if (!n) return;
    const std::string name = r_.string(*n, path(key));
    for (const auto& [value, spelling] : choices.names)
      if (name == spelling) {
        e = value;
        check(n, key, rules, e);
        return;
      }
    for (const std::string_view f : choices.foreign)
      if (name == f) r_.fail_value(*n, path(key), not_for_family(family_, choices.foreign_reason));
    r_.fail_value(*n, path(key),
                  std::string("unknown ") + choices.what + did_you_mean(name, choices.list()) +
                      "; known: " + join_names(choices.list()) + choices.unknown_suffix);
  }

  // The family's law names; a law of another family gets a pointed message with its counterpart here.
  template <class Law>
  void laws(const char* key, Law* laws, int& n_laws) {
    const std::vector<std::string_view> known = families::law_names<Spec>();
    const toml::node* node = find(key, {}, ("a non-empty array of law names: " + join_names(known)).c_str());
    if (!node) return;
    const std::string p = path(key);
    const toml::array& arr = r_.array(*node, p);
    if (arr.empty()) r_.fail_value(*node, p, "must name at least one law (" + join_names(known) + ")");
    n_laws = 0;
    for (std::size_t i = 0; i < arr.size(); ++i) {
      const std::string item = index_path(p, i);
      const std::string name = r_.string(arr[i], item);
      Law law{};
      if (!Traits::parse_law(name, &law)) {
        foreign_law(arr[i], item, name, known);
        r_.fail_value(arr[i], item,
                      "unknown law" + did_you_mean_name(name, known) + "; known laws: " + join_names(known));
      }
      for (int j = 0; j < n_laws; ++j)
        if (laws[j] == law)
          r_.fail_value(arr[i], item, "duplicate law (already given as " + index_path(p, j) + ")");
      laws[n_laws++] = law;
    }
  }

  template <class Q, std::size_t N>
  void axes(MapAxis<Q> (&axes)[N], int& n_axes) {
    const toml::node* x =
        find("x", {}, "the first map axis { quantity = ..., lo = ..., hi = ..., bins = ... }");
    axes[0] = typed_axis<Q>(read_axis(r_, *x, "map.x", family_));
    n_axes = 1;
    axes[1] = MapAxis<Q>{};
    const toml::node* y = find("y", {}, nullptr);
    if (!y) return;
    axes[1] = typed_axis<Q>(read_axis(r_, *y, "map.y", family_));
    n_axes = 2;
    if (axes[1].quantity == axes[0].quantity)
      r_.fail_value(*y->as_table()->get("quantity"), "map.y.quantity", "same quantity as map.x");
    const std::uint64_t cells = std::uint64_t{axes[0].bins} * axes[1].bins;
    if (cells > max_map_cells)
      r_.fail_value(*y->as_table()->get("bins"), "map.y.bins",
                    "too many map cells: map.x.bins * map.y.bins = " + std::to_string(cells) + " > 1000000");
  }

  void custom(const char* key, const CustomKey& c, const When& when) {
    if (!table_) return;
    const toml::node* n = find(key, when, nullptr);
    if (when.applies) c.read(r_, node_, n, path(key));
  }

  static constexpr std::uint64_t max_map_cells = 1000000;

 private:
  std::string path(const char* key) const { return join_path(path_, key); }

  // The key's node when present and read; a key present while its When does not apply is rejected once no
  // other declaration of it in the section can read it.
  const toml::node* find(const char* key, const When& when, const char* required) {
    if (!table_) return nullptr;
    const toml::node* n = table_->get(key);
    Seen& s = seen(key);
    ++s.declarations;
    if (!when.applies) {
      if (!s.read_by.empty()) s.read_by += " or ";
      s.read_by += "\"" + when.read_by + "\"";
      s.hint += when.hint;
      const int total = own_section()->declarations_of(key);
      if (n && !s.applied && s.declarations == total)
        r_.fail_value(*n, path(key),
                      "not applicable to " + when.kind_key + " = \"" + when.kind_now + "\" (only read by " +
                          when.readers + " = " + s.read_by + s.hint + ")");
      return nullptr;
    }
    s.applied = true;
    if (!n && required) r_.fail_missing(*node_, path(key), required);
    return n;
  }

  template <class T>
  void check(const toml::node* n, const char* key, const KeyRules<T>& rules, const T& value) {
    if (!rules.check) return;
    const std::string problem = rules.check(value);
    if (!problem.empty()) r_.fail_value(*n, path(key), problem);
  }

  // Unknown keys and keys of another family are rejected, in the table's order.
  void check_family_keys() const {
    const SectionKeys* own = own_section();
    const std::vector<std::string_view> own_keys = own ? own->keys : std::vector<std::string_view>{};
    for (auto&& [k, v] : *table_) {
      if (own && own->has(k.str())) continue;
      for (std::size_t f = 0; f < families::family_count; ++f) {
        const SectionKeys* other = family_keys()[f].find(path_);
        if (f == family_ || !other || !other->has(k.str())) continue;
        r_.fail_value(
            v, join_path(path_, k.str()),
            not_for_family(
                family_,
                std::string("a ") + families::family_in_words(f) + " key" +
                    (own_keys.empty() ? std::string() : "; [" + path_ + "] takes " + join_names(own_keys)),
                static_cast<int>(f)));
      }
    }
    r_.check_keys(*table_, path_, own_keys);
  }

  void foreign_law(const toml::node& n, const std::string& item, const std::string& name,
                   const std::vector<std::string_view>& known) const {
    families::for_each_family([&](auto i) {
      using Other = families::FamilyTraits<families::SpecAt<i>>;
      typename Other::Law law{};
      if (i == family_ || !Other::parse_law(name, &law)) return;
      r_.fail_value(n, item,
                    not_for_family(family_,
                                   std::string("a ") + Other::in_words + " law" +
                                       did_you_mean(Traits::law_of_stem(Other::law_stem(name)), known) +
                                       "; " + Traits::in_words + " laws: " + join_names(known),
                                   static_cast<int>(i)));
    });
  }

  const SectionKeys* own_section() const { return family_keys()[family_].find(path_); }

  struct Seen {
    std::string key;
    int declarations = 0;
    bool applied = false;
    std::string read_by, hint;
  };
  Seen& seen(const char* key) {
    for (Seen& s : seen_)
      if (s.key == key) return s;
    seen_.push_back(Seen{key, 0, false, "", ""});
    return seen_.back();
  }

  const ConfigReader& r_;
  const toml::table& root_;
  std::size_t family_;
  std::string path_;
  const toml::node* node_ = nullptr;
  const toml::table* table_ = nullptr;
  std::vector<Seen> seen_;
};

}  // namespace collsweep::config

// The messages and the map-axis reader that KeyReader (key_reader.hpp) shares across families.
#include "families/key_reader.hpp"

namespace collsweep {
namespace config {

constexpr std::uint32_t max_axis_bins = 4096;

std::string not_for_family(std::size_t family, const std::string& why, int owner) {
  const std::vector<std::string_view>& names = families::family_names();
  std::string reason = "not applicable to model.kind = \"" + std::string(names[family]) + "\": " + why;
  if (family == 0 && owner > 0) {
    reason += std::string("; a ") + families::family_in_words(static_cast<std::size_t>(owner)) +
              " config sets kind = \"" + std::string(names[owner]) + "\" in [model]";
  }
  return reason;
}

MapAxis read_axis(const ConfigReader& r, const toml::node& n, const std::string& path, std::size_t family) {
  const toml::table& t = r.table(n, path);
  r.check_keys(t, path, {"quantity", "lo", "hi", "bins"});
  const auto required = [&](const char* key, const char* what) -> const toml::node& {
    const toml::node* x = t.get(key);
    if (!x) r.fail_missing(n, join_path(path, key), what);
    return *x;
  };
  // The family's quantities, and which family owns a quantity it lacks.
  std::vector<std::string_view> known;
  const char* own_words = "";
  bool has = false;
  MapAxis a;
  const toml::node& q = required("quantity", "the binned quantity");
  const std::string q_path = join_path(path, "quantity");
  const std::string qname = r.string(q, q_path);
  const bool parsed = parse_quantity(qname.c_str(), &a.quantity);
  families::for_each_family([&](auto i) {
    using T = families::FamilyTraits<families::SpecAt<i>>;
    if (i != family) return;
    own_words = T::in_words;
    for (int k = 0; k < quantity_count; ++k)
      if (T::has_quantity(static_cast<Quantity>(k)))
        known.emplace_back(quantity_name(static_cast<Quantity>(k)));
    has = parsed && T::has_quantity(a.quantity);
  });
  if (!parsed)
    r.fail_value(q, q_path,
                 "unknown quantity" + did_you_mean(qname, known) + "; known: " + join_names(known));
  if (!has) {
    int owner = -1;
    const char* owner_words = "another family's";
    families::for_each_family([&](auto i) {
      using T = families::FamilyTraits<families::SpecAt<i>>;
      if (owner < 0 && i != family && T::has_quantity(a.quantity)) {
        owner = static_cast<int>(i);
        owner_words = T::in_words;
      }
    });
    r.fail_value(q, q_path,
                 not_for_family(family,
                                std::string("a ") + owner_words + " quantity; " + own_words +
                                    " quantities: " + join_names(known),
                                owner));
  }
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

}  // namespace config

}  // namespace collsweep

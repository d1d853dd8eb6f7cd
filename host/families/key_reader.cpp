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

namespace {

// The names of family i's map quantities.
std::vector<std::string_view> quantity_names(std::size_t family) {
  std::vector<std::string_view> names;
  families::for_each_family([&](auto i) {
    using Q = typename families::FamilyTraits<families::SpecAt<i>>::Quantity;
    if (i != family) return;
    for (int k = 0; k < static_cast<int>(Q::count_); ++k)
      names.emplace_back(quantity_name(static_cast<Q>(k)));
  });
  return names;
}

bool contains(const std::vector<std::string_view>& names, const std::string& name) {
  for (const std::string_view n : names)
    if (n == name) return true;
  return false;
}

}  // namespace

AxisRead read_axis(const ConfigReader& r, const toml::node& n, const std::string& path, std::size_t family) {
  const toml::table& t = r.table(n, path);
  r.check_keys(t, path, {"quantity", "lo", "hi", "bins"});
  const auto required = [&](const char* key, const char* what) -> const toml::node& {
    const toml::node* x = t.get(key);
    if (!x) r.fail_missing(n, join_path(path, key), what);
    return *x;
  };
  // The family's quantities, and which family owns a quantity it lacks.
  AxisRead a;
  const toml::node& q = required("quantity", "the binned quantity");
  const std::string q_path = join_path(path, "quantity");
  a.quantity = r.string(q, q_path);
  const std::vector<std::string_view> known = quantity_names(family);
  if (!contains(known, a.quantity)) {
    int owner = -1;
    const char* owner_words = "another family's";
    families::for_each_family([&](auto i) {
      if (owner < 0 && i != family && contains(quantity_names(i), a.quantity)) {
        owner = static_cast<int>(i);
        owner_words = families::FamilyTraits<families::SpecAt<i>>::in_words;
      }
    });
    if (owner < 0)
      r.fail_value(q, q_path,
                   "unknown quantity" + did_you_mean(a.quantity, known) + "; known: " + join_names(known));
    r.fail_value(q, q_path,
                 not_for_family(family,
                                std::string("a ") + owner_words + " quantity; " +
                                    families::family_in_words(family) + " quantities: " + join_names(known),
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

// run.compare = [["A", "B"], ...] of the planar and spatial families: pairs of laws of run.laws whose
// disagreement is mapped (models/*/compare.hpp); read after run.laws, written only when there are pairs.
#pragma once

#include <string>

#include "collsweep/sweep/compare_pairs.hpp"
#include "collsweep/sweep/sweep_limits.hpp"
#include "config/config_keys.hpp"
#include "config/config_values.hpp"
#include "families/shared/family_traits.hpp"

namespace collsweep::families {

template <class Spec>
config::CustomKey compare_pairs_key(Spec& s) {
  config::CustomKey key;
  key.read = [&s](const config::ConfigReader& r, const toml::node*, const toml::node* n,
                  const std::string& path) {
    s.n_pairs = 0;
    if (!n) return;
    const toml::array& a = r.array(*n, path);
    if (a.size() > static_cast<std::size_t>(max_compare_pairs))
      r.fail_value(
          *n, path,
          "at most " + std::to_string(max_compare_pairs) + " pairs, got " + std::to_string(a.size()));
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::string item = config::index_path(path, i);
      const toml::array& pair = r.array(a[i], item);
      if (pair.size() != 2)
        r.fail_value(
            a[i], item,
            "expected a pair of law names [\"A\", \"B\"], got " + std::to_string(pair.size()) + " items");
      int slot[2] = {-1, -1};
      for (std::size_t j = 0; j < 2; ++j) {
        const std::string at = config::index_path(item, j);
        const std::string name = r.string(pair[j], at);
        for (int l = 0; l < s.n_laws; ++l)
          if (name == FamilyTraits<Spec>::law_name(s.laws[l])) slot[j] = l;
        if (slot[j] < 0)
          r.fail_value(pair[j], at, "\"" + name + "\" is not a law of run.laws (compare its laws)");
      }
      for (int p = 0; p < s.n_pairs; ++p)
        if (s.pairs[p].a == slot[0] && s.pairs[p].b == slot[1])
          r.fail_value(a[i], item, "duplicate pair (already given as " + config::index_path(path, p) + ")");
      s.pairs[s.n_pairs++] =
          ComparePair{static_cast<std::uint8_t>(slot[0]), static_cast<std::uint8_t>(slot[1])};
    }
  };
  key.toml = [&s] {
    std::string t = "[";
    for (int p = 0; p < s.n_pairs; ++p)
      t += std::string(p ? ", " : "") + "[\"" + FamilyTraits<Spec>::law_name(s.laws[s.pairs[p].a]) +
           "\", \"" + FamilyTraits<Spec>::law_name(s.laws[s.pairs[p].b]) + "\"]";
    return t + "]";
  };
  key.json = [&s](io::JsonWriter& j) {
    j.begin_array();
    for (int p = 0; p < s.n_pairs; ++p)
      j.begin_array()
          .string(FamilyTraits<Spec>::law_name(s.laws[s.pairs[p].a]))
          .string(FamilyTraits<Spec>::law_name(s.laws[s.pairs[p].b]))
          .end_array();
    j.end_array();
  };
  key.written = [&s] { return s.n_pairs > 0; };
  return key;
}

}  // namespace collsweep::families

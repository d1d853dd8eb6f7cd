// The planar family's keys that need their own reader and writers: matrix.W of kind = "fixed".
#include "config/config_values.hpp"
#include "families/planar/family.hpp"

namespace collsweep::families::planar_keys {

config::CustomKey fixed_W_key(Delassus2& W, bool required) {
  config::CustomKey key;
  key.read = [&W, required](const config::ConfigReader& r, const toml::node* parent, const toml::node* w,
                            const std::string& path) {
    if (!w) {
      if (required) r.fail_missing(*parent, path, "kind = \"fixed\" needs W = [m_nn, m_nt, m_tt]");
      return;
    }
    const toml::array& a = r.array(*w, path);
    if (a.size() != 3)
      r.fail_value(*w, path, "expected 3 numbers [m_nn, m_nt, m_tt], got " + std::to_string(a.size()));
    const double nn = r.number(a[0], config::index_path(path, 0));
    const double nt = r.number(a[1], config::index_path(path, 1));
    const double tt = r.number(a[2], config::index_path(path, 2));
    W = Delassus2{nn, nt, tt};
    if (!is_spd(W))
      r.fail_value(
          *w, path,
          "not symmetric positive definite: needs m_nn > 0, m_tt > 0 and m_nn m_tt - m_nt^2 > 0 beyond "
          "rounding (it is " +
              config::shortest_double(determinant(W)) + ")");
  };
  key.toml = [&W] {
    return "[" + config::toml_double(W.nn) + ", " + config::toml_double(W.nt) + ", " +
           config::toml_double(W.tt) + "]  # [m_nn, m_nt, m_tt]";
  };
  key.json = [&W](io::JsonWriter& j) { j.begin_array().number(W.nn).number(W.nt).number(W.tt).end_array(); };
  return key;
}

}  // namespace collsweep::families::planar_keys

namespace collsweep::families::planar_keys {

config::CustomKey compare_pairs_key(PlanarSweepSpec& s) {
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
          if (name == collsweep::law_name(s.laws[l])) slot[j] = l;
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
      t += std::string(p ? ", " : "") + "[\"" + collsweep::law_name(s.laws[s.pairs[p].a]) + "\", \"" +
           collsweep::law_name(s.laws[s.pairs[p].b]) + "\"]";
    return t + "]";
  };
  key.json = [&s](io::JsonWriter& j) {
    j.begin_array();
    for (int p = 0; p < s.n_pairs; ++p)
      j.begin_array()
          .string(collsweep::law_name(s.laws[s.pairs[p].a]))
          .string(collsweep::law_name(s.laws[s.pairs[p].b]))
          .end_array();
    j.end_array();
  };
  key.written = [&s] { return s.n_pairs > 0; };
  return key;
}

config::CustomKey constraints_key(PlanarSweepSpec& s) {
  config::CustomKey key;
  key.read = [&s](const config::ConfigReader& r, const toml::node*, const toml::node* n,
                  const std::string& path) { s.constraints = n ? r.boolean(*n, path) : false; };
  key.toml = [&s] { return std::string(s.constraints ? "true" : "false"); };
  key.json = [&s](io::JsonWriter& j) { j.boolean(s.constraints); };
  key.written = [&s] { return s.constraints; };
  return key;
}

}  // namespace collsweep::families::planar_keys

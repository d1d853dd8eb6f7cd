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

namespace collsweep::families::planar_keys {}  // namespace collsweep::families::planar_keys

// The spatial family's keys that need their own reader and writers: matrix.W of kind = "fixed".
#include "config/config_values.hpp"
#include "families/spatial/family.hpp"

namespace collsweep::families::spatial_keys {

config::CustomKey fixed_W_key(Delassus3& W, bool required) {
  static const char* const layout = "[W_nn, W_n1, W_n2, W_11, W_12, W_22]";
  config::CustomKey key;
  key.read = [&W, required](const config::ConfigReader& r, const toml::node* parent, const toml::node* w,
                            const std::string& path) {
    if (!w) {
      if (required) r.fail_missing(*parent, path, std::string("kind = \"fixed\" needs W = ") + layout);
      return;
    }
    const toml::array& a = r.array(*w, path);
    if (a.size() != 6)
      r.fail_value(*w, path,
                   std::string("expected 6 numbers ") + layout +
                       " (the upper triangle of W in (n, t1, t2), row by row), got " +
                       std::to_string(a.size()));
    double x[6];
    for (std::size_t i = 0; i < 6; ++i) x[i] = r.number(a[i], config::index_path(path, i));
    W = Delassus3{x[0], x[1], x[2], x[3], x[4], x[5]};
    // Sylvester's criterion as contact.hpp's is_spd: W_nn > 0, b SPD, and the Schur complement
    // W_nn - c^T b^-1 c > 0 (1/zeta_ns of Elkaranshawy eq. 40), each beyond rounding.
    if (!is_spd(W)) {
      std::string why = "not symmetric positive definite beyond rounding: ";
      if (!(W.a > 0.0))
        why += "needs W_nn > 0";
      else if (!(W.b11 > 0.0) || !(W.b22 > 0.0))
        why += "needs W_11 > 0 and W_22 > 0";
      else if (!(det_b(W) > 8.0 * 2.220446049250313e-16 * W.b11 * W.b22))
        why += "needs W_11 W_22 - W_12^2 > 0 (it is " + config::shortest_double(det_b(W)) + ")";
      else
        why += "needs W_nn - c^T b^-1 c > 0 with c = (W_n1, W_n2), b = [[W_11, W_12], [W_12, W_22]] (it is " +
               config::shortest_double(stick_normal_rate(W)) + ")";
      r.fail_value(*w, path, why);
    }
  };
  key.toml = [&W] {
    std::string s = "[";
    const double x[] = {W.a, W.c1, W.c2, W.b11, W.b12, W.b22};
    for (int i = 0; i < 6; ++i) s += (i ? ", " : "") + config::toml_double(x[i]);
    return s + "]  # " + layout;
  };
  key.json = [&W](io::JsonWriter& j) {
    j.begin_array();
    for (double x : {W.a, W.c1, W.c2, W.b11, W.b12, W.b22}) j.number(x);
    j.end_array();
  };
  return key;
}

}  // namespace collsweep::families::spatial_keys

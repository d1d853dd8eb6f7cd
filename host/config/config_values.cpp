// TOML and JSON forms of config values (config_values.hpp).
#include "config/config_values.hpp"

#include <cstdio>

#include "config/scalar_reader.hpp"
#include "io/format.hpp"

namespace collsweep::config {

std::string toml_double(double x) {
  std::string s = io::format_double(x);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // "90" -> "90.0"; nan/inf have an 'n'
  return s;
}

std::string toml_scalar(const ScalarDist& d, bool integers) {
  const auto value = [&](double x) {
    return integers ? std::to_string(static_cast<long long>(x)) : toml_double(x);
  };
  if (d.kind == ScalarKind::constant) return value(d.lo);
  std::string s = std::string("{ dist = \"") + scalar_kind_name(d.kind) + "\", lo = " + value(d.lo) +
                  ", hi = " + value(d.hi);
  if (d.kind == ScalarKind::grid) s += ", n = " + std::to_string(d.n);
  return s + " }";
}

std::string toml_axis(const char* quantity, double lo, double hi, std::uint32_t bins) {
  return std::string("{ quantity = \"") + quantity + "\", lo = " + toml_double(lo) +
         ", hi = " + toml_double(hi) + ", bins = " + std::to_string(bins) + " }";
}

void json_scalar(io::JsonWriter& j, const ScalarDist& d, bool integers) {
  const auto value = [&](const char* key, double x) {
    if (integers)
      j.key(key).integer(static_cast<long long>(x));
    else
      j.key(key).number(x);
  };
  j.begin_object().key("dist").string(scalar_kind_name(d.kind));
  if (d.kind == ScalarKind::constant) {
    value("value", d.lo);
  } else {
    value("lo", d.lo);
    value("hi", d.hi);
    if (d.kind == ScalarKind::grid) j.key("n").integer(d.n);
  }
  j.end_object();
}

void json_axis(io::JsonWriter& j, const char* quantity, double lo, double hi, std::uint32_t bins) {
  j.begin_object().key("quantity").string(quantity);
  j.key("lo").number(lo).key("hi").number(hi).key("bins").integer(bins);
  j.end_object();
}

}  // namespace collsweep::config

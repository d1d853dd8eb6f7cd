// How config values are written back: TOML literals that parse to the same value, and their JSON form.
#pragma once

#include <cstdint>
#include <string>

#include "collsweep/sampling/scalar_dist.hpp"
#include "collsweep/tally/axes.hpp"
#include "config/toml_reader.hpp"
#include "io/json_writer.hpp"

namespace collsweep::config {

// A TOML float: 17 significant digits, always with a '.' or an exponent so that it stays a float.
std::string toml_double(double x);
// A constant is a bare number; the others are inline tables. `integers`: the values are written as integers
// (a key whose domain takes integers only, such as model.contacts).
std::string toml_scalar(const ScalarDist& d, bool integers = false);
std::string toml_axis(const char* quantity, double lo, double hi, std::uint32_t bins);
template <class Q>
std::string toml_axis(const MapAxis<Q>& a) {
  return toml_axis(quantity_name(a.quantity), a.lo, a.hi, a.bins);
}

void json_scalar(io::JsonWriter& j, const ScalarDist& d, bool integers = false);
void json_axis(io::JsonWriter& j, const char* quantity, double lo, double hi, std::uint32_t bins);
template <class Q>
void json_axis(io::JsonWriter& j, const MapAxis<Q>& a) {
  json_axis(j, quantity_name(a.quantity), a.lo, a.hi, a.bins);
}

}  // namespace collsweep::config

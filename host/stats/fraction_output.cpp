// Fractions with their Wilson intervals in map.csv and summary.json (fraction_output.hpp).
#include "stats/fraction_output.hpp"

#include "stats/wilson_interval.hpp"

namespace collsweep {

void write_fraction_columns(io::CsvWriter& csv, std::uint64_t x, std::uint64_t n) {
  if (n == 0) {
    for (int i = 0; i < 3; ++i) csv.empty_field();
    return;
  }
  const ProportionInterval ci = wilson_interval(x, n);
  csv.number(static_cast<double>(x) / static_cast<double>(n));
  csv.number(ci.lo);
  csv.number(ci.hi);
}

void write_fraction_names(io::CsvWriter& csv, const std::string& name) {
  csv.field(name);
  csv.field(name + "_lo");
  csv.field(name + "_hi");
}

void write_fraction_json(io::JsonWriter& j, const std::string& key, std::uint64_t x, std::uint64_t n) {
  const ProportionInterval ci = wilson_interval(x, n);
  if (n == 0)
    j.key(key).null();
  else
    j.key(key).number(static_cast<double>(x) / static_cast<double>(n));
  j.key(key + "_ci95").begin_array().number(ci.lo).number(ci.hi).end_array();
}

void write_fraction_object(io::JsonWriter& j, std::uint64_t x, std::uint64_t n) {
  j.begin_object();
  write_fraction_json(j, "fraction", x, n);
  j.end_object();
}

}  // namespace collsweep

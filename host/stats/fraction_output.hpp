// A fraction with its 95 % Wilson interval, as map.csv columns and as summary.json keys.
#pragma once

#include <cstdint>
#include <string>

#include "io/csv.hpp"
#include "io/json_writer.hpp"

namespace collsweep {

// Three columns: x / n, then its interval's lo and hi; three empty fields when n = 0.
void write_fraction_columns(io::CsvWriter& csv, std::uint64_t x, std::uint64_t n);

// The header names of write_fraction_columns: name, name_lo, name_hi.
void write_fraction_names(io::CsvWriter& csv, const std::string& name);

// "key": x / n and "key_ci95": [lo, hi] (null and [0, 1] when n = 0).
void write_fraction_json(io::JsonWriter& j, const std::string& key, std::uint64_t x, std::uint64_t n);

// {"fraction": x / n, "fraction_ci95": [lo, hi]} (write_fraction_json inside an object), for fractions
// keyed by a label.
void write_fraction_object(io::JsonWriter& j, std::uint64_t x, std::uint64_t n);

}  // namespace collsweep

// The thesis words of a sweep's tally in the outputs, shared by the planar and spatial families:
// their map.csv columns and their totals in summary.json. Words is the family's PlanarWords or SpatialWords
// (each has c1 .. c4, solutions_0 .. solutions_3plus and not_converged in that order).
#pragma once

#include <cstdint>
#include <string>

#include "io/csv.hpp"
#include "io/json_writer.hpp"

namespace collsweep {

// The thesis words' map.csv columns, in this order (after the family's own columns).
inline constexpr const char* kThesisMapColumns[] = {"C1_count",    "C2_count",        "C3_count",
                                                    "C4_count",    "solutions_0",     "solutions_1",
                                                    "solutions_2", "solutions_3plus", "not_converged"};

// One (cell, law) pair's thesis words, read off its words p.
struct ThesisCounts {
  std::uint64_t c[4] = {}, solutions[4] = {}, not_converged = 0;

  template <class Words, class Word>
  static ThesisCounts read(const Word* p) {
    ThesisCounts t;
    for (int i = 0; i < 4; ++i) {
      t.c[i] = p[Words::c1 + i];
      t.solutions[i] = p[Words::solutions_0 + i];
    }
    t.not_converged = p[Words::not_converged];
    return t;
  }

  // The kThesisMapColumns fields of a map.csv row.
  void write_csv(io::CsvWriter& csv) const {
    for (std::uint64_t n : c) csv.field(std::to_string(n));
    for (std::uint64_t n : solutions) csv.field(std::to_string(n));
    csv.field(std::to_string(not_converged));
  }
};

// A law's totals over the whole sweep in summary.json: Chatterjee 1997 §3.2-§3.4's constraints violated by
// its valid outcomes, its solution counts and convergence failures (r.pair_total sums a word over the cells).
template <class Words, class Result>
void write_thesis_totals_json(io::JsonWriter& j, const Result& r, int law) {
  j.key("constraint_violations").begin_object();
  for (int i = 0; i < 4; ++i)
    j.key(std::string("C") + std::to_string(i + 1))
        .integer(static_cast<long long>(r.pair_total(law, Words::c1 + i)));
  j.end_object();
  j.key("solutions").begin_object();
  for (int i = 0; i < 4; ++i)
    j.key(i == 3 ? std::string("3+") : std::to_string(i))
        .integer(static_cast<long long>(r.pair_total(law, Words::solutions_0 + i)));
  j.end_object();
  j.key("not_converged").integer(static_cast<long long>(r.pair_total(law, Words::not_converged)));
}

}  // namespace collsweep

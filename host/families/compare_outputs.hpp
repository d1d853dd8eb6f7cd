// run.compare's outputs shared by the planar and spatial families: compare.csv (one row per cell x pair) and
// summary.json's "compare" array. Words is the family's CompareWords or SpatialCompareWords; each family
// writes its own compare_witnesses.csv (its outcomes' columns differ).
#pragma once

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>

#include "io/csv.hpp"
#include "io/json_writer.hpp"
#include "io/output_file.hpp"
#include "stats/fraction_output.hpp"
#include "sweep/provenance.hpp"
#include "sweep/run_outputs.hpp"

namespace collsweep {

// compare.csv: axis centres, law_a, law_b, samples, both_valid, mean_dv2_rel, max_dv2_rel, type_differs and
// its fraction with the 95 % interval (the means and maxima empty where no sample had both laws valid).
template <class Words, class Result>
void write_compare_csv(const std::string& path, const Result& r) {
  const auto& s = r.spec;
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  write_axis_names(csv, s);
  for (const char* c :
       {"law_a", "law_b", "samples", "both_valid", "mean_dv2_rel", "max_dv2_rel", "type_differs"})
    csv.field(c);
  write_fraction_names(csv, "type_differs_fraction");
  csv.end_record();
  for (std::uint32_t cell = 0; cell < r.layout.cells; ++cell)
    for (int p = 0; p < s.n_pairs; ++p) {
      const u64* w = r.words.data() + r.layout.pair(cell, static_cast<std::uint32_t>(s.n_laws + p));
      const std::uint64_t both = w[Words::both_valid], differ = w[Words::type_differs];
      write_axis_centres(csv, s, cell);
      csv.field(law_name(s.laws[s.pairs[p].a]));
      csv.field(law_name(s.laws[s.pairs[p].b]));
      csv.field(std::to_string(r.words[r.layout.samples(cell)]));
      csv.field(std::to_string(both));
      if (both) {
        csv.number(int128_to_double(w[Words::sum_lo], w[Words::sum_hi]) / static_cast<double>(both));
        csv.number(key_value(w[Words::max_key]));
      } else {
        csv.empty_field();
        csv.empty_field();
      }
      csv.field(std::to_string(differ));
      write_fraction_columns(csv, differ, both);
      csv.end_record();
    }
  if (!csv.finish()) throw std::runtime_error("cannot write " + path);
}

// summary.json's "compare": per pair over every sample, dv2_rel = |v2_A - v2_B| / |v1| where both laws are
// valid, how often their types (modes, slip states) differ, and the witnesses' sample indices.
template <class Words, class Result>
void write_compare_json(io::JsonWriter& j, const Result& r) {
  j.key("compare").begin_array();
  for (int p = 0; p < r.spec.n_pairs; ++p) {
    const int slot = r.spec.n_laws + p;
    const std::uint64_t both = r.pair_total(slot, Words::both_valid),
                        differ = r.pair_total(slot, Words::type_differs);
    j.begin_object();
    j.key("law_a").string(law_name(r.spec.laws[r.spec.pairs[p].a]));
    j.key("law_b").string(law_name(r.spec.laws[r.spec.pairs[p].b]));
    j.key("both_valid").integer(static_cast<long long>(both));
    write_law_max_mean(j, "max_dv2_rel", "mean_dv2_rel", r, slot, both);
    j.key("type_differs").integer(static_cast<long long>(differ));
    write_fraction_json(j, "type_differs_fraction", differ, both);
    j.key("witnesses").begin_array();
    for (const Witness& w : r.witnesses[static_cast<std::size_t>(slot)])
      j.integer(static_cast<long long>(w.index));
    j.end_array();
    j.end_object();
  }
  j.end_array();
}

}  // namespace collsweep

// run.compare's outputs shared by the planar and spatial families: compare.csv (one row per cell x pair) and
// summary.json's "compare" array. Words is the family's CompareWords or SpatialCompareWords; each family
// writes its own compare_witnesses.csv (its outcomes' columns differ).
#pragma once

#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

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
  if (!csv.finish()) throw io::write_error(path);
}

// compare_witnesses.csv: per pair, the witnesses with the largest dv2_rel, ranked: law_a, law_b, rank,
// sample, the family's sample columns (sample_names), dv2_rel, then its outcome columns (outcome_names).
// write_row(csv, law_a, law_b, index) writes a row's sample columns, drawing and evaluating sample `index`
// again on the host, and returns a callable that writes the row's outcome columns after dv2_rel.
template <class Result, class Law, class Row>
void write_compare_witnesses_csv(const std::string& path, const Result& r,
                                 const std::vector<std::string>& sample_names,
                                 std::initializer_list<const char*> outcome_names, Row write_row) {
  const auto& s = r.spec;
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  for (const char* c : {"law_a", "law_b", "rank", "sample"}) csv.field(c);
  for (const std::string& c : sample_names) csv.field(c);
  csv.field("dv2_rel");
  for (const char* c : outcome_names) csv.field(c);
  csv.end_record();
  for (int p = 0; p < s.n_pairs; ++p) {
    int rank = 0;
    const Law la = s.laws[s.pairs[p].a], lb = s.laws[s.pairs[p].b];
    for (const Witness& w : r.witnesses[static_cast<std::size_t>(s.n_laws + p)]) {
      csv.field(law_name(la));
      csv.field(law_name(lb));
      csv.field(std::to_string(++rank));
      csv.field(std::to_string(w.index));
      const auto write_outcomes = write_row(csv, la, lb, w.index);
      csv.number(w.value);
      write_outcomes(csv);
      csv.end_record();
    }
  }
  if (!csv.finish()) throw io::write_error(path);
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

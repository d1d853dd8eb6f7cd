// Writes a run's map.csv, witnesses.csv, samples.npy and summary.json from the merged tally.
#include "families/planar/planar_outputs.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "backend/normal_lanes.hpp"
#include "collsweep/cuda_api.hpp"
#include "families/planar/family.hpp"
#include "families/shared/compare_outputs.hpp"
#include "families/shared/parameter_rows.hpp"
#include "families/shared/thesis_tallies.hpp"
#include "io/csv.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "io/output_file.hpp"
#include "stats/fraction_output.hpp"
#include "sweep/provenance.hpp"
#include "sweep/totals_table.hpp"

namespace collsweep {

namespace {

// One (cell, law) pair of a planar tally, read off its words.
struct PairStats {
  std::uint64_t samples, valid, gain, violation, invalid, degenerate, types[5];
  double max_dE_rel = 0.0, mean_dE_rel = 0.0;
  int dominant_type = 0;  // 0 without a valid sample; ties go to the lower Type
  ThesisCounts thesis;    // the thesis words (tally_words.hpp), when the sweep has them
};

PairStats pair_stats(const PlanarSweepResult& r, std::uint32_t cell, int law) {
  const u64* p = r.words.data() + r.layout.pair(cell, law);
  PairStats s{};
  s.samples = r.words[r.layout.samples(cell)];
  s.gain = p[PlanarWords::gain];
  s.violation = p[PlanarWords::violation];
  s.invalid = p[PlanarWords::invalid];
  s.degenerate = p[PlanarWords::degenerate];
  std::uint64_t best = 0;
  for (int t = 0; t < 5; ++t) {
    s.types[t] = p[PlanarWords::type_1 + t];
    s.valid += s.types[t];
    if (s.types[t] > best) {
      best = s.types[t];
      s.dominant_type = t + 1;
    }
  }
  if (s.valid) {
    s.max_dE_rel = key_value(p[PlanarWords::max_key]);
    s.mean_dE_rel =
        int128_to_double(p[PlanarWords::sum_lo], p[PlanarWords::sum_hi]) / static_cast<double>(s.valid);
  }
  if (r.layout.pair_words == PlanarWords::count_thesis) s.thesis = ThesisCounts::read<PlanarWords>(p);
  return s;
}

}  // namespace

void write_map_csv(const std::string& path, const PlanarSweepResult& r) {
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  const PlanarSweepSpec& s = r.spec;
  write_axis_names(csv, s);
  for (const char* c : {"law", "samples", "valid", "invalid", "degenerate", "gain_count"}) csv.field(c);
  write_fraction_names(csv, "gain_fraction");
  for (const char* c : {"max_dE_rel", "mean_dE_rel", "type_1", "type_2", "type_3", "type_4", "type_5"})
    csv.field(c);
  for (int t = 1; t <= 5; ++t) write_fraction_names(csv, "type_" + std::to_string(t) + "_fraction");
  for (const char* c : {"dominant_type", "dominant_fraction", "violations"}) csv.field(c);
  const bool thesis = r.layout.pair_words == PlanarWords::count_thesis;
  if (thesis)
    for (const char* c : kThesisMapColumns) csv.field(c);
  csv.end_record();
  for (std::uint32_t cell = 0; cell < r.layout.cells; ++cell)
    for (int l = 0; l < s.n_laws; ++l) {
      write_axis_centres(csv, s, cell);
      csv.field(law_name(s.laws[l]));
      const PairStats p = pair_stats(r, cell, l);
      for (std::uint64_t n : {p.samples, p.valid, p.invalid, p.degenerate, p.gain})
        csv.field(std::to_string(n));
      write_fraction_columns(csv, p.gain, p.valid);
      if (p.valid) {
        csv.number(p.max_dE_rel);
        csv.number(p.mean_dE_rel);
      } else {
        csv.empty_field();
        csv.empty_field();
      }
      for (int t = 0; t < 5; ++t) csv.field(std::to_string(p.types[t]));
      // A law's own Types only (chatterjee-ruina has two): the others' fractions are not defined.
      for (int t = 1; t <= 5; ++t)
        write_fraction_columns(csv, p.types[t - 1], t <= law_type_count(s.laws[l]) ? p.valid : 0);
      if (p.valid) {
        csv.field(std::to_string(p.dominant_type));
        csv.number(static_cast<double>(p.types[p.dominant_type - 1]) / static_cast<double>(p.valid));
      } else {
        csv.empty_field();
        csv.empty_field();
      }
      csv.field(std::to_string(p.violation));
      if (thesis) p.thesis.write_csv(csv);
      csv.end_record();
    }
  if (!csv.finish()) throw io::write_error(path);
}

std::vector<std::string> sample_column_names(const PlanarSweepSpec& spec) {
  // W, v, the parameters every sweep records, those its laws read (parameters.hpp), theta.
  std::vector<std::string> names = {"W_nn", "W_nt", "W_tt", "v_n", "v_t"};
  for (const bool always : {true, false})
    for (std::string& p : families::recorded_parameter_names(spec, always)) names.push_back(std::move(p));
  names.emplace_back("theta_deg");
  return names;
}

void write_sample_columns(io::FieldSink& out, const PlanarSweepSpec& spec, const PlanarSample& smp) {
  for (double x : {smp.c.W.nn, smp.c.W.nt, smp.c.W.tt, smp.c.v.n, smp.c.v.t}) out.number(x);
  for (const bool always : {true, false})
    families::for_each_recorded_parameter(spec, always, smp, [&](double x) { out.number(x); });
  out.number(smp.theta_deg);
}

void write_sample_columns(io::FieldSink& out, const PlanarSweepSpec& spec, std::uint64_t index) {
  write_sample_columns(out, spec, draw_planar_sample<SimdNormals>(spec.plan, index));
}

void write_witnesses_csv(const std::string& path, const PlanarSweepResult& r) {
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  for (const char* c : {"law", "rank", "sample"}) csv.field(c);
  for (const std::string& c : sample_column_names(r.spec)) csv.field(c);
  for (const char* c : {"type", "dE", "dE_rel"}) csv.field(c);
  csv.end_record();
  for (int l = 0; l < r.spec.n_laws; ++l) {
    int rank = 0;
    for (const Witness& w : r.witnesses[l]) {
      // The inputs are drawn again on the host (sample k is the same everywhere) and re-evaluated, so the
      // row is exactly what `collsweep eval` computes from its own columns.
      const PlanarSample smp = draw_planar_sample<SimdNormals>(r.spec.plan, w.index);
      const PlanarOutcome o = evaluate(r.spec.laws[l], smp.c);
      csv.field(law_name(r.spec.laws[l]));
      csv.field(std::to_string(++rank));
      csv.field(std::to_string(w.index));
      write_sample_columns(csv, r.spec, smp);
      csv.field(std::to_string(o.type));
      csv.number(o.dE);
      csv.number(o.dE_rel);
      csv.end_record();
    }
  }
  if (!csv.finish()) throw io::write_error(path);
}

void write_compare_outputs(const std::string& dir, const PlanarSweepResult& r,
                           std::vector<std::string>& outputs) {
  const PlanarSweepSpec& s = r.spec;
  if (s.n_pairs == 0) return;
  write_compare_csv<CompareWords>(dir + "/compare.csv", r);
  outputs.push_back("compare.csv");
  write_compare_witnesses_csv<PlanarSweepResult, PlanarLaw>(
      dir + "/compare_witnesses.csv", r, sample_column_names(s),
      {"type_a", "type_b", "v_n2_a", "v_t2_a", "v_n2_b", "v_t2_b"},
      [&s](io::CsvWriter& csv, PlanarLaw la, PlanarLaw lb, std::uint64_t index) {
        // Drawn and evaluated again on the host, as witnesses.csv's rows.
        const PlanarSample smp = draw_planar_sample<SimdNormals>(s.plan, index);
        write_sample_columns(csv, s, smp);
        const PlanarOutcome a = evaluate(la, smp.c), b = evaluate(lb, smp.c);
        return [a, b](io::CsvWriter& out) {
          out.field(std::to_string(a.type));
          out.field(std::to_string(b.type));
          for (double x : {a.v_n2, a.v_t2, b.v_n2, b.v_t2}) out.number(x);
        };
      });
  outputs.push_back("compare_witnesses.csv");
}

std::vector<std::string> samples_npy_columns(const PlanarSweepSpec& spec) {
  // The sample, W, v, the parameters every sweep records, theta, then those the sweep's laws read.
  std::vector<std::string> cols = {"sample", "W_nn", "W_nt", "W_tt", "v_n", "v_t"};
  for (std::string& p : families::recorded_parameter_names(spec, true)) cols.push_back(std::move(p));
  cols.emplace_back("theta_deg");
  for (std::string& p : families::recorded_parameter_names(spec, false)) cols.push_back(std::move(p));
  for (int l = 0; l < spec.n_laws; ++l)
    for (const char* q : {"type", "dE", "dE_rel"})
      cols.push_back(std::string(law_name(spec.laws[l])) + "." + q);
  return cols;
}

void write_samples_npy(const std::string& path, const PlanarSweepResult& r) {
  const std::size_t ncol = samples_npy_columns(r.spec).size();
  std::ofstream out = io::open_output_file(path);
  // NPY format 1.0: magic, version, little-endian header length, dict header padded to 64 bytes.
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(r.count) +
                       ", " + std::to_string(ncol) + "), }";
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');
  const unsigned short len = static_cast<unsigned short>(header.size());
  out.write("\x93NUMPY\x01\x00", 8);
  const char len_bytes[2] = {static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
  out.write(len_bytes, 2);
  out << header;
  std::vector<double> row(ncol);
  for (std::uint64_t k = r.first; k < r.first + r.count; ++k) {
    const PlanarSample smp = draw_planar_sample<SimdNormals>(r.spec.plan, k);
    std::size_t c = 0;
    for (double x : {static_cast<double>(k), smp.c.W.nn, smp.c.W.nt, smp.c.W.tt, smp.c.v.n, smp.c.v.t})
      row[c++] = x;
    families::for_each_recorded_parameter(r.spec, true, smp, [&](double x) { row[c++] = x; });
    row[c++] = smp.theta_deg;
    families::for_each_recorded_parameter(r.spec, false, smp, [&](double x) { row[c++] = x; });
    for (int l = 0; l < r.spec.n_laws; ++l) {
      const PlanarOutcome o = evaluate(r.spec.laws[l], smp.c);
      row[c++] = o.status == Status::ok ? o.type : NAN;
      row[c++] = o.status == Status::ok ? o.dE : NAN;
      row[c++] = o.status == Status::ok ? o.dE_rel : NAN;
    }
    out.write(reinterpret_cast<const char*>(row.data()),
              static_cast<std::streamsize>(row.size() * sizeof(double)));
  }
  if (!out) throw io::write_error(path);
}

std::string totals_table(const PlanarSweepResult& r) {
  std::ostringstream t;
  char line[320];
  std::snprintf(line, sizeof line, "%-18s %14s %12s %-36s %14s %10s\n", "law", "valid", "gains",
                "gain fraction [95 % interval]", "max dE_rel", "violations");
  t << line;
  for (int l = 0; l < r.spec.n_laws; ++l) {
    const std::uint64_t gains = r.pair_total(l, PlanarWords::gain);
    const std::uint64_t bad =
        r.pair_total(l, PlanarWords::invalid) + r.pair_total(l, PlanarWords::degenerate);
    const std::uint64_t valid = r.samples_total() - bad;
    std::snprintf(line, sizeof line, "%-18s %14llu %12llu %-36s %14s %10llu\n", law_name(r.spec.laws[l]),
                  static_cast<unsigned long long>(valid), static_cast<unsigned long long>(gains),
                  fraction_with_interval(gains, valid).c_str(),
                  maximum_text(r.max_dE_rel(l), valid > 0).c_str(),
                  static_cast<unsigned long long>(r.pair_total(l, PlanarWords::violation)));
    t << line;
  }
  t << outside_map_note(r.samples_total(), r.outside());
  return t.str();
}

void write_summary_json(const std::string& path, const PlanarSweepResult& r, const RunRecord& record) {
  std::ofstream out = io::open_output_file(path);
  io::JsonWriter j(out);
  j.begin_object();
  write_provenance(j, r, record);
  j.key("laws").begin_object();
  std::uint64_t all_violations = 0;
  for (int l = 0; l < r.spec.n_laws; ++l) {
    j.key(law_name(r.spec.laws[l])).begin_object();
    const std::uint64_t invalid = r.pair_total(l, PlanarWords::invalid),
                        degenerate = r.pair_total(l, PlanarWords::degenerate);
    const std::uint64_t valid = r.samples_total() - invalid - degenerate;
    const std::uint64_t gains = r.pair_total(l, PlanarWords::gain),
                        violations = r.pair_total(l, PlanarWords::violation);
    all_violations += violations;
    j.key("samples").integer(static_cast<long long>(r.samples_total()));
    j.key("valid_samples").integer(static_cast<long long>(valid));
    j.key("invalid").integer(static_cast<long long>(invalid));
    j.key("degenerate").integer(static_cast<long long>(degenerate));
    j.key("energy_gains").integer(static_cast<long long>(gains));
    write_fraction_json(j, "energy_gain_fraction", gains, valid);
    write_law_max_mean(j, "max_dE_rel", "mean_dE_rel", r, l, valid);
    j.key("types").begin_object();
    for (int t = 1; t <= law_type_count(r.spec.laws[l]); ++t)
      j.key(std::to_string(t) + ": " + type_label(r.spec.laws[l], t))
          .integer(static_cast<long long>(r.pair_total(l, PlanarWords::type_word(t))));
    j.end_object();
    j.key("type_fractions").begin_object();
    for (int t = 1; t <= law_type_count(r.spec.laws[l]); ++t) {
      j.key(std::to_string(t) + ": " + type_label(r.spec.laws[l], t));
      write_fraction_object(j, r.pair_total(l, PlanarWords::type_word(t)), valid);
    }
    j.end_object();
    j.key("theorem_violations").integer(static_cast<long long>(violations));
    if (r.layout.pair_words == PlanarWords::count_thesis) write_thesis_totals_json<PlanarWords>(j, r, l);
    j.end_object();
  }
  j.end_object();
  j.key("theorem_violations_total").integer(static_cast<long long>(all_violations));
  if (r.spec.n_pairs > 0) write_compare_json<CompareWords>(j, r);
  j.key("samples_columns").begin_array();
  for (const auto& c : samples_npy_columns(r.spec)) j.string(c);
  j.end_array();
  j.key("outputs").begin_array();
  for (const auto& o : record.outputs) j.string(o);
  j.end_array();
  j.end_object();
  out << '\n';
  if (!out) throw io::write_error(path);
}

}  // namespace collsweep

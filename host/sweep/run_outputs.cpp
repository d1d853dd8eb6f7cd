// Writes a run's map.csv, witnesses.csv, samples.npy and summary.json from the merged tally.
#include "sweep/run_outputs.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "collsweep/cuda_api.hpp"
#include "io/csv.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "io/output_file.hpp"
#include "sweep/provenance.hpp"

namespace collsweep {

namespace {

struct PairStats {
  std::uint64_t samples, gain, violation, invalid, degenerate, types[5];
  double max_dE_rel, mean_dE_rel;
  bool has_valid;
  int dominant_type;
};

PairStats pair_stats(const PlanarSweepResult& r, std::uint32_t cell, int law) {
  const u64* p = r.words.data() + r.layout.pair(cell, law);
  PairStats s{};
  s.samples = r.words[r.layout.samples(cell)];
  s.gain = p[TallyLayout::gain];
  s.violation = p[TallyLayout::violation];
  s.invalid = p[TallyLayout::invalid];
  s.degenerate = p[TallyLayout::degenerate];
  std::uint64_t valid = 0, best = 0;
  for (int t = 0; t < 5; ++t) {
    s.types[t] = p[TallyLayout::type_1 + t];
    valid += s.types[t];
    if (s.types[t] > best) {  // ties go to the lower Type
      best = s.types[t];
      s.dominant_type = t + 1;
    }
  }
  s.has_valid = valid > 0;
  if (s.has_valid) {
    s.max_dE_rel = key_value(p[TallyLayout::max_key]);
    s.mean_dE_rel =
        int128_to_double(p[TallyLayout::sum_lo], p[TallyLayout::sum_hi]) / static_cast<double>(valid);
  }
  return s;
}

}  // namespace

void write_map_csv(const std::string& path, const PlanarSweepResult& r) {
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  const PlanarSweepSpec& s = r.spec;
  write_axis_names(csv, s);
  for (const char* c :
       {"law", "samples", "gain_count", "gain_fraction", "max_dE_rel", "mean_dE_rel", "type_1", "type_2",
        "type_3", "type_4", "type_5", "dominant_type", "invalid", "degenerate", "violations"})
    csv.field(c);
  csv.end_record();
  for (std::uint32_t cell = 0; cell < r.layout.cells; ++cell)
    for (int l = 0; l < s.n_laws; ++l) {
      write_axis_centres(csv, s, cell);
      csv.field(law_name(s.laws[l]));
      const PairStats p = pair_stats(r, cell, l);
      csv.field(std::to_string(p.samples));
      csv.field(std::to_string(p.gain));
      const std::uint64_t valid = p.types[0] + p.types[1] + p.types[2] + p.types[3] + p.types[4];
      if (p.has_valid) {
        csv.number(static_cast<double>(p.gain) / static_cast<double>(valid));
        csv.number(p.max_dE_rel);
        csv.number(p.mean_dE_rel);
      } else {
        csv.empty_field();
        csv.empty_field();
        csv.empty_field();
      }
      for (int t = 0; t < 5; ++t) csv.field(std::to_string(p.types[t]));
      csv.field(p.has_valid ? std::to_string(p.dominant_type) : std::string());
      csv.field(std::to_string(p.invalid));
      csv.field(std::to_string(p.degenerate));
      csv.field(std::to_string(p.violation));
      csv.end_record();
    }
  if (!csv.finish()) throw std::runtime_error("cannot write " + path);
}

void write_witnesses_csv(const std::string& path, const PlanarSweepResult& r) {
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  for (const char* c : {"law", "rank", "sample", "W_nn", "W_nt", "W_tt", "v_n", "v_t", "mu", "e", "e_t",
                        "theta_deg", "type", "dE", "dE_rel"})
    csv.field(c);
  csv.end_record();
  for (int l = 0; l < r.spec.n_laws; ++l) {
    int rank = 0;
    for (const Witness& w : r.witnesses[l]) {
      // The inputs are drawn again on the host (sample k is the same everywhere) and re-evaluated, so the
      // row is exactly what `collsweep eval` computes from its own columns.
      const PlanarSample smp = draw_planar_sample(r.spec.plan, w.index);
      const PlanarOutcome o = evaluate(r.spec.laws[l], smp.c);
      csv.field(law_name(r.spec.laws[l]));
      csv.field(std::to_string(++rank));
      csv.field(std::to_string(w.index));
      for (double x : {smp.c.W.nn, smp.c.W.nt, smp.c.W.tt, smp.c.v.n, smp.c.v.t, smp.c.mu, smp.c.e, smp.c.e_t,
                       smp.theta_deg})
        csv.number(x);
      csv.field(std::to_string(o.type));
      csv.number(o.dE);
      csv.number(o.dE_rel);
      csv.end_record();
    }
  }
  if (!csv.finish()) throw std::runtime_error("cannot write " + path);
}

std::vector<std::string> samples_npy_columns(const PlanarSweepSpec& spec) {
  std::vector<std::string> cols = {"sample", "W_nn", "W_nt", "W_tt", "v_n",
                                   "v_t",    "mu",   "e",    "e_t",  "theta_deg"};
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
    const PlanarSample smp = draw_planar_sample(r.spec.plan, k);
    std::size_t c = 0;
    for (double x : {static_cast<double>(k), smp.c.W.nn, smp.c.W.nt, smp.c.W.tt, smp.c.v.n, smp.c.v.t,
                     smp.c.mu, smp.c.e, smp.c.e_t, smp.theta_deg})
      row[c++] = x;
    for (int l = 0; l < r.spec.n_laws; ++l) {
      const PlanarOutcome o = evaluate(r.spec.laws[l], smp.c);
      row[c++] = o.status == Status::ok ? o.type : NAN;
      row[c++] = o.status == Status::ok ? o.dE : NAN;
      row[c++] = o.status == Status::ok ? o.dE_rel : NAN;
    }
    out.write(reinterpret_cast<const char*>(row.data()),
              static_cast<std::streamsize>(row.size() * sizeof(double)));
  }
  if (!out) throw std::runtime_error("cannot write " + path);
}

std::string totals_table(const PlanarSweepResult& r) {
  std::ostringstream t;
  char line[256];
  std::snprintf(line, sizeof line, "%-18s %14s %12s %14s %14s %10s\n", "law", "samples", "gains",
                "gain fraction", "max dE_rel", "violations");
  t << line;
  const std::uint64_t in_map = r.samples_in_map();
  for (int l = 0; l < r.spec.n_laws; ++l) {
    const std::uint64_t gains = r.pair_total(l, TallyLayout::gain);
    const std::uint64_t bad =
        r.pair_total(l, TallyLayout::invalid) + r.pair_total(l, TallyLayout::degenerate);
    const std::uint64_t valid = in_map - bad;
    std::snprintf(line, sizeof line, "%-18s %14llu %12llu %14.6g %14.6g %10llu\n", law_name(r.spec.laws[l]),
                  static_cast<unsigned long long>(valid), static_cast<unsigned long long>(gains),
                  valid ? static_cast<double>(gains) / static_cast<double>(valid) : 0.0, r.max_dE_rel(l),
                  static_cast<unsigned long long>(r.pair_total(l, TallyLayout::violation)));
    t << line;
  }
  return t.str();
}

void write_summary_json(const std::string& path, const RunConfig& config, const PlanarSweepResult& r,
                        const RunRecord& record) {
  std::ofstream out = io::open_output_file(path);
  io::JsonWriter j(out);
  j.begin_object();
  write_provenance(j, config, r, record);
  j.key("laws").begin_object();
  std::uint64_t all_violations = 0;
  for (int l = 0; l < r.spec.n_laws; ++l) {
    j.key(law_name(r.spec.laws[l])).begin_object();
    const std::uint64_t invalid = r.pair_total(l, TallyLayout::invalid),
                        degenerate = r.pair_total(l, TallyLayout::degenerate);
    const std::uint64_t valid = r.samples_in_map() - invalid - degenerate;
    const std::uint64_t gains = r.pair_total(l, TallyLayout::gain),
                        violations = r.pair_total(l, TallyLayout::violation);
    all_violations += violations;
    j.key("valid_samples").integer(static_cast<long long>(valid));
    j.key("invalid").integer(static_cast<long long>(invalid));
    j.key("degenerate").integer(static_cast<long long>(degenerate));
    j.key("energy_gains").integer(static_cast<long long>(gains));
    j.key("energy_gain_fraction")
        .number(valid ? static_cast<double>(gains) / static_cast<double>(valid) : 0.0);
    j.key("max_dE_rel").number(r.max_dE_rel(l));
    j.key("mean_dE_rel").number(r.mean_value(l, valid));
    j.key("types").begin_object();
    for (int t = 1; t <= law_type_count(r.spec.laws[l]); ++t)
      j.key(std::to_string(t) + ": " + type_label(r.spec.laws[l], t))
          .integer(static_cast<long long>(
              r.pair_total(l, static_cast<TallyLayout::PairWord>(TallyLayout::type_1 + t - 1))));
    j.end_object();
    j.key("theorem_violations").integer(static_cast<long long>(violations));
    j.end_object();
  }
  j.end_object();
  j.key("theorem_violations_total").integer(static_cast<long long>(all_violations));
  j.key("samples_columns").begin_array();
  for (const auto& c : samples_npy_columns(r.spec)) j.string(c);
  j.end_array();
  j.key("outputs").begin_array();
  for (const auto& o : record.outputs) j.string(o);
  j.end_array();
  j.end_object();
  out << '\n';
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace collsweep

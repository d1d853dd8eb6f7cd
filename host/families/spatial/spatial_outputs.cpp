// Writes a spatial run's map.csv, witnesses.csv and summary.json from the merged tally.
#include "families/spatial/spatial_outputs.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "families/shared/compare_outputs.hpp"
#include "families/shared/thesis_tallies.hpp"
#include "families/spatial/family.hpp"
#include "families/shared/parameter_rows.hpp"
#include "families/spatial/spatial_eval.hpp"
#include "io/csv.hpp"
#include "io/json_writer.hpp"
#include "io/output_file.hpp"
#include "stats/fraction_output.hpp"
#include "sweep/provenance.hpp"
#include "sweep/totals_table.hpp"

namespace collsweep {

namespace {

using Wd = SpatialWords;

constexpr SpatialMode kAllModes[] = {SpatialMode::A,        SpatialMode::B, SpatialMode::C,
                                     SpatialMode::D,        SpatialMode::E, SpatialMode::law2_inside,
                                     SpatialMode::law2_cone};

// "mode_A" .. "mode_E", "mode_II_1", "mode_II_2": the map.csv column of a mode.
std::string mode_column(SpatialMode m) {
  std::string name = std::string("mode_") + mode_name(m);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

// One (cell, law) pair of a spatial tally, read off its words.
struct PairStats {
  std::uint64_t samples = 0, valid = 0, gain = 0, violation = 0, invalid = 0, degenerate = 0, jam = 0;
  std::uint64_t modes[7] = {}, directions_2 = 0, directions_4 = 0, stick = 0;
  double max_dE_rel = 0.0, mean_dE_rel = 0.0, mean_swerve = 0.0, max_swerve = 0.0;
  // The thesis words (tally_words.hpp), when the sweep has them: constraints, solutions, a thesis law's
  // cases.
  ThesisCounts thesis;
  std::uint64_t cases[3] = {};
};

bool has_thesis_words(const SpatialSweepResult& r) { return r.layout.pair_words == Wd::count_thesis; }

// The map.csv columns of a thesis law's cases (after the thesis words).
constexpr const char* kCaseColumns[] = {"case_1", "case_2", "case_3"};

PairStats pair_stats(const SpatialSweepResult& r, std::uint32_t cell, int law) {
  const u64* p = r.words.data() + r.layout.pair(cell, law);
  PairStats s;
  s.samples = r.words[r.layout.samples(cell)];
  s.gain = p[Wd::gain];
  s.violation = p[Wd::violation];
  s.invalid = p[Wd::invalid];
  s.degenerate = p[Wd::degenerate];
  s.jam = p[Wd::jam];
  for (int m = 0; m < 7; ++m) {
    s.modes[m] = p[Wd::mode_word(kAllModes[m])];
    s.valid += s.modes[m];
  }
  if (has_thesis_words(r)) {
    s.thesis = ThesisCounts::read<Wd>(p);
    for (int c = 0; c < 3; ++c) {
      s.cases[c] = p[Wd::case_1 + c];
      s.valid += s.cases[c];  // a thesis law's valid samples have a case and no mode
    }
  }
  s.directions_2 = p[Wd::directions_2];
  s.directions_4 = p[Wd::directions_4];
  s.stick = p[Wd::stick_regime];
  if (s.valid) {
    const double n = static_cast<double>(s.valid);
    s.max_dE_rel = key_value(p[Wd::max_key]);
    s.mean_dE_rel = int128_to_double(p[Wd::sum_lo], p[Wd::sum_hi]) / n;
    s.mean_swerve = static_cast<double>(p[Wd::swerve_sum]) / swerve_sum_scale / n;
    s.max_swerve = key_value(p[Wd::swerve_max]);
  }
  return s;
}

// What W's sampling measure is under each matrix kind (models/spatial/plan.hpp), for summary.json.
const char* matrix_measure(SpatialMatrixKind k) {
  switch (k) {
    case SpatialMatrixKind::direct:
      return "W = Q diag(1, 10^(-x u), 10^-x) Q^T with Q Haar-random and x = log10 cond(W) from "
             "matrix.log10_cond";
    case SpatialMatrixKind::canonical:
      return "the canonical form W_nn = 1, b = diag(b1, b2) from matrix.log10_b, c^T b^-1 c = r^2 with r = "
             "matrix.coupling and c's angle uniform";
    case SpatialMatrixKind::bodies:
      return "two random rigid bodies (or one on fixed ground): random principal inertias and orientations, "
             "mass centres at matrix.lever along random directions, masses 1 and matrix.mass_ratio";
    case SpatialMatrixKind::mechanism:
      return "W = J M^-1 J^T of a random mechanism of matrix.dof degrees of freedom (log10 cond(M) from "
             "matrix.log10_cond_M)";
    case SpatialMatrixKind::fixed:
      return "one given W (matrix.W)";
  }
  return "";
}

std::uint64_t mode_total(const SpatialSweepResult& r, int law, SpatialMode m) {
  return r.pair_total(law, Wd::mode_word(m));
}

std::uint64_t valid_total(const SpatialSweepResult& r, int law) {
  std::uint64_t v = 0;
  for (const SpatialMode m : kAllModes) v += mode_total(r, law, m);
  if (has_thesis_words(r))
    for (int c = 0; c < 3; ++c) v += r.pair_total(law, Wd::case_1 + c);
  return v;
}

// The largest |swerve| of a law over every sample (0 without a valid sample).
double max_swerve_total(const SpatialSweepResult& r, int law) {
  u64 best = 0;
  for (std::uint32_t c = 0; c <= r.layout.cells; ++c)
    best = std::max(best, r.words[r.layout.pair(c, law) + Wd::swerve_max]);
  return best ? key_value(best) : 0.0;
}

}  // namespace

std::vector<SpatialMode> law_modes(SpatialLaw law) {
  std::vector<SpatialMode> modes;  // none for the thesis laws: their cases instead (LawReport::type)
  for (int m = 0; m < law_mode_count(law); ++m)
    modes.push_back(static_cast<SpatialMode>(static_cast<int>(law_first_mode(law)) + m));
  return modes;
}

const char* mode_description(SpatialMode m) {
  switch (m) {
    case SpatialMode::A:
      return "slides throughout";
    case SpatialMode::B:
      return "slip halts in compression, then sticks";
    case SpatialMode::C:
      return "slip halts in compression, then slides on";
    case SpatialMode::D:
      return "slip halts in restitution, then sticks";
    case SpatialMode::E:
      return "slip halts in restitution, then slides on";
    case SpatialMode::law2_inside:
      return "candidate impulse inside the friction cone";
    case SpatialMode::law2_cone:
      return "candidate impulse projected onto the cone";
    default:
      return "invalid";
  }
}

void write_map_csv(const std::string& path, const SpatialSweepResult& r) {
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  const SpatialSweepSpec& s = r.spec;
  write_axis_names(csv, s);
  for (const char* c : {"law", "samples", "valid", "invalid", "degenerate", "jam", "gain_count"})
    csv.field(c);
  write_fraction_names(csv, "gain_fraction");
  for (const char* c : {"violations", "max_dE_rel", "mean_dE_rel"}) csv.field(c);
  for (const SpatialMode m : kAllModes) csv.field(mode_column(m));
  for (const char* c : {"directions_2", "directions_4", "stick_regime", "mean_swerve_deg", "max_swerve_deg"})
    csv.field(c);
  const bool thesis = has_thesis_words(r);
  if (thesis) {
    for (const char* c : kThesisMapColumns) csv.field(c);
    for (const char* c : kCaseColumns) csv.field(c);
  }
  csv.end_record();
  for (std::uint32_t cell = 0; cell < r.layout.cells; ++cell)
    for (int l = 0; l < s.n_laws; ++l) {
      write_axis_centres(csv, s, cell);
      csv.field(law_name(s.laws[l]));
      const PairStats p = pair_stats(r, cell, l);
      for (std::uint64_t n : {p.samples, p.valid, p.invalid, p.degenerate, p.jam, p.gain})
        csv.field(std::to_string(n));
      write_fraction_columns(csv, p.gain, p.valid);
      csv.field(std::to_string(p.violation));
      if (p.valid) {
        csv.number(p.max_dE_rel);
        csv.number(p.mean_dE_rel);
      } else {
        csv.empty_field();
        csv.empty_field();
      }
      for (const std::uint64_t n : p.modes) csv.field(std::to_string(n));
      for (std::uint64_t n : {p.directions_2, p.directions_4, p.stick}) csv.field(std::to_string(n));
      if (p.valid) {
        csv.number(p.mean_swerve);
        csv.number(p.max_swerve);
      } else {
        csv.empty_field();
        csv.empty_field();
      }
      if (thesis) {
        p.thesis.write_csv(csv);
        for (std::uint64_t n : p.cases) csv.field(std::to_string(n));
      }
      csv.end_record();
    }
  if (!csv.finish()) throw io::write_error(path);
}

std::vector<std::string> sample_column_names(const SpatialSweepSpec& spec) {
  // W, v, the parameters every sweep records, the angles, then those the sweep's laws read (parameters.hpp).
  std::vector<std::string> names = {"W_nn", "W_n1", "W_n2", "W_11", "W_12", "W_22", "v_n", "v_1", "v_2"};
  for (std::string& p : families::recorded_parameter_names(spec, true)) names.push_back(std::move(p));
  names.insert(names.end(), {"psi_deg", "phi_deg"});
  for (std::string& p : families::recorded_parameter_names(spec, false)) names.push_back(std::move(p));
  return names;
}

void write_sample_columns(io::FieldSink& out, const SpatialSweepSpec& spec, const SpatialSample& smp) {
  const SpatialCollision& c = smp.c;
  for (double x : {c.W.a, c.W.c1, c.W.c2, c.W.b11, c.W.b12, c.W.b22, c.v.n, c.v.t1, c.v.t2}) out.number(x);
  families::for_each_recorded_parameter(spec, true, smp, [&](double x) { out.number(x); });
  out.number(smp.psi_deg);
  out.number(smp.phi_deg);
  families::for_each_recorded_parameter(spec, false, smp, [&](double x) { out.number(x); });
}

// g++ 12 inlines the sampler's random stream here and warns that its block may be read before it is
// generated (SampleRng::next_u32 generates it on the first call: a false positive).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
void write_sample_columns(io::FieldSink& out, const SpatialSweepSpec& spec, std::uint64_t index) {
  write_sample_columns(out, spec, draw_spatial_sample(spec.plan, index, sample_needs(spec)));
}
#pragma GCC diagnostic pop

void write_witnesses_csv(const std::string& path, const SpatialSweepResult& r) {
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  for (const char* c : {"law", "rank", "sample"}) csv.field(c);
  for (const std::string& c : sample_column_names(r.spec)) csv.field(c);
  for (const std::string& c : families::spatial_recorded_columns()) csv.field(c);
  csv.end_record();
  const SpatialNeeds needs = sample_needs(r.spec);
  for (int l = 0; l < r.spec.n_laws; ++l) {
    int rank = 0;
    for (const Witness& w : r.witnesses[l]) {
      // The inputs are drawn again on the host (sample k is the same everywhere) and re-evaluated, so the
      // row is exactly what `collsweep eval` computes from its own columns.
      const SpatialSample smp = draw_spatial_sample(r.spec.plan, w.index, needs);
      const SpatialOutcome o = evaluate_spatial(r.spec.laws[l], smp.c, smp.params);
      csv.field(law_name(r.spec.laws[l]));
      csv.field(std::to_string(++rank));
      csv.field(std::to_string(w.index));
      write_sample_columns(csv, r.spec, smp);
      csv.field(mode_name(o.mode));  // spatial_recorded_columns(), in its order
      csv.field(std::to_string(o.n_invariant));
      csv.number(o.dE);
      csv.number(o.dE_rel);
      csv.number(o.swerve_deg);
      csv.end_record();
    }
  }
  if (!csv.finish()) throw io::write_error(path);
}

void write_compare_outputs(const std::string& dir, const SpatialSweepResult& r,
                           std::vector<std::string>& outputs) {
  const SpatialSweepSpec& s = r.spec;
  if (s.n_pairs == 0) return;
  write_compare_csv<SpatialCompareWords>(dir + "/compare.csv", r);
  outputs.push_back("compare.csv");
  const SpatialNeeds needs = sample_needs(s);
  write_compare_witnesses_csv<SpatialSweepResult, SpatialLaw>(
      dir + "/compare_witnesses.csv", r, sample_column_names(s),
      {"mode_a", "mode_b", "vf_n_a", "vf_1_a", "vf_2_a", "vf_n_b", "vf_1_b", "vf_2_b"},
      [&s, needs](io::CsvWriter& csv, SpatialLaw la, SpatialLaw lb, std::uint64_t index) {
        // Drawn and evaluated again on the host, as witnesses.csv's rows.
        const SpatialSample smp = draw_spatial_sample(s.plan, index, needs);
        write_sample_columns(csv, s, smp);
        const SpatialOutcome a = evaluate_spatial(la, smp.c, smp.params),
                             b = evaluate_spatial(lb, smp.c, smp.params);
        return [a, b](io::CsvWriter& out) {
          out.field(mode_name(a.mode));
          out.field(mode_name(b.mode));
          for (double x : {a.vf.n, a.vf.t1, a.vf.t2, b.vf.n, b.vf.t1, b.vf.t2}) out.number(x);
        };
      });
  outputs.push_back("compare_witnesses.csv");
}

std::string totals_table(const SpatialSweepResult& r) {
  std::ostringstream t;
  char line[384];
  std::snprintf(line, sizeof line, "%-22s %12s %12s %-36s %14s %10s %10s %10s\n", "law", "valid", "gains",
                "gain fraction [95 % interval]", "max dE_rel", "jams", "invalid", "violations");
  t << line;
  for (int l = 0; l < r.spec.n_laws; ++l) {
    const std::uint64_t valid = valid_total(r, l), gains = r.pair_total(l, Wd::gain);
    const std::uint64_t invalid = r.pair_total(l, Wd::invalid) + r.pair_total(l, Wd::degenerate);
    std::snprintf(
        line, sizeof line, "%-22s %12llu %12llu %-36s %14s %10llu %10llu %10llu\n", law_name(r.spec.laws[l]),
        static_cast<unsigned long long>(valid), static_cast<unsigned long long>(gains),
        fraction_with_interval(gains, valid).c_str(), maximum_text(r.max_dE_rel(l), valid > 0).c_str(),
        static_cast<unsigned long long>(r.pair_total(l, Wd::jam)), static_cast<unsigned long long>(invalid),
        static_cast<unsigned long long>(r.pair_total(l, Wd::violation)));
    t << line;
  }
  t << outside_map_note(r.samples_total(), r.outside());
  return t.str();
}

void write_summary_json(const std::string& path, const SpatialSweepResult& r, const RunRecord& record) {
  std::ofstream out = io::open_output_file(path);
  io::JsonWriter j(out);
  j.begin_object();
  write_provenance(j, r, record);
  const SpatialMatrixKind kind = r.spec.plan.W.kind;
  j.key("matrix_kind").string(families::spatial_keys::matrix_kinds().name_of(kind));
  j.key("matrix_measure").string(matrix_measure(kind));
  j.key("laws").begin_object();
  std::uint64_t all_violations = 0;
  for (int l = 0; l < r.spec.n_laws; ++l) {
    const SpatialLaw law = r.spec.laws[l];
    j.key(law_name(law)).begin_object();
    const std::uint64_t valid = valid_total(r, l);
    const std::uint64_t gains = r.pair_total(l, Wd::gain), violations = r.pair_total(l, Wd::violation);
    all_violations += violations;
    j.key("samples").integer(static_cast<long long>(r.samples_total()));
    j.key("valid_samples").integer(static_cast<long long>(valid));
    j.key("invalid").integer(static_cast<long long>(r.pair_total(l, Wd::invalid)));
    j.key("degenerate").integer(static_cast<long long>(r.pair_total(l, Wd::degenerate)));
    j.key("jams").integer(static_cast<long long>(r.pair_total(l, Wd::jam)));
    j.key("energy_gains").integer(static_cast<long long>(gains));
    write_fraction_json(j, "energy_gain_fraction", gains, valid);
    write_law_max_mean(j, "max_dE_rel", "mean_dE_rel", r, l, valid);
    j.key("modes").begin_object();
    for (const SpatialMode m : law_modes(law))
      j.key(std::string(mode_name(m)) + ": " + mode_description(m))
          .integer(static_cast<long long>(mode_total(r, l, m)));
    j.end_object();
    j.key("mode_fractions").begin_object();
    for (const SpatialMode m : law_modes(law)) {
      j.key(std::string(mode_name(m)) + ": " + mode_description(m));
      write_fraction_object(j, mode_total(r, l, m), valid);
    }
    j.end_object();
    j.key("invariant_directions").begin_object();
    j.key("2").integer(static_cast<long long>(r.pair_total(l, Wd::directions_2)));
    j.key("4").integer(static_cast<long long>(r.pair_total(l, Wd::directions_4)));
    j.end_object();
    write_fraction_json(j, "stick_regime_fraction", r.pair_total(l, Wd::stick_regime), valid);
    if (valid) {
      const double swerve_sum = static_cast<double>(r.pair_total(l, Wd::swerve_sum));  // micro-degrees
      j.key("mean_swerve_deg").number(swerve_sum / swerve_sum_scale / static_cast<double>(valid));
      j.key("max_swerve_deg").number(max_swerve_total(r, l));
    } else {
      j.key("mean_swerve_deg").null();
      j.key("max_swerve_deg").null();
    }
    j.key("theorem_violations").integer(static_cast<long long>(violations));
    if (has_thesis_words(r)) {
      write_thesis_totals_json<Wd>(j, r, l);
      if (is_thesis_law(law)) {  // its cases (LawReport::type), as the planar family's types
        j.key("cases").begin_object();
        for (int c = 1; c <= 3; ++c)
          if (std::string(type_label(law, c)) != "none")
            j.key(std::to_string(c) + ": " + type_label(law, c))
                .integer(static_cast<long long>(r.pair_total(l, Wd::case_1 + (c - 1))));
        j.end_object();
      }
    }
    j.end_object();
  }
  j.end_object();
  j.key("theorem_violations_total").integer(static_cast<long long>(all_violations));
  if (r.spec.n_pairs > 0) write_compare_json<SpatialCompareWords>(j, r);
  j.key("outputs").begin_array();
  for (const auto& o : record.outputs) j.string(o);
  j.end_array();
  j.end_object();
  out << '\n';
  if (!out) throw io::write_error(path);
}

}  // namespace collsweep

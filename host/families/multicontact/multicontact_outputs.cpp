// Writes a multi-contact run's map.csv, witnesses.csv and summary.json from the merged tally.
#include "families/multicontact/multicontact_outputs.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "backend/normal_lanes.hpp"
#include "collsweep/models/multicontact/sweep.hpp"
#include "families/multicontact/family.hpp"
#include "families/multicontact/law_instances.hpp"
#include "families/shared/parameter_rows.hpp"
#include "io/csv.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "io/output_file.hpp"
#include "stats/fraction_output.hpp"
#include "sweep/provenance.hpp"
#include "sweep/totals_table.hpp"

namespace collsweep {

namespace {

using Wd = MultiContactWords;

// The engine law's map.csv columns of one pair: not_converged (K = 0 out of sweeps), unconverged (valid, the
// last of K >= 1 sweeps not at the fixed point), the mean sweeps of the valid outcomes, the valid samples
// whose W spreads over the orders of the normal impulses by more than 1e-6 T_acc, and the largest spread /
// T_acc; empty for a law that is not the engine law.
void write_engine_columns(io::CsvWriter& csv, const u64* p, bool engine_law) {
  if (!engine_law) {
    for (int i = 0; i < 5; ++i) csv.empty_field();
    return;
  }
  const std::uint64_t valid = p[Wd::valid];
  csv.field(std::to_string(p[Wd::not_converged]));
  csv.field(std::to_string(p[Wd::unconverged]));
  if (valid)
    csv.number(static_cast<double>(p[Wd::iterations_sum]) / static_cast<double>(valid));
  else
    csv.empty_field();
  csv.field(std::to_string(p[Wd::order_spread]));
  if (valid)
    csv.number(key_value(p[Wd::order_spread_max]));
  else
    csv.empty_field();
}

}  // namespace

void write_map_csv(const std::string& path, const MultiContactSweepResult& r) {
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  const MultiContactSweepSpec& s = r.spec;
  write_axis_names(csv, s);
  for (const char* c : {"law", "samples", "valid"}) csv.field(c);
  for (const char* c : {"p_gain_max", "p_gain_min", "p_gain_chosen"}) write_fraction_names(csv, c);
  for (const char* c : {"max_W_rel", "mean_W_rel"}) csv.field(c);
  for (int n = 1; n <= 8; ++n) csv.field("solutions_" + std::to_string(n));
  for (const char* c : {"truncated", "violations_111", "violations_117", "violations_121", "no_solution",
                        "solver_failure", "singular", "invalid", "semidefinite", "near_singular"})
    csv.field(c);
  // The engine law's columns, in sweeps with it (empty for the other laws).
  const bool engine = r.layout.pair_words == Wd::count_engine;
  if (engine)
    for (const char* c :
         {"not_converged", "unconverged", "mean_iterations", "order_spread", "max_order_spread"})
      csv.field(c);
  csv.end_record();
  for (std::uint32_t cell = 0; cell < r.layout.cells; ++cell)
    for (int l = 0; l < s.n_laws; ++l) {
      const u64* p = r.words.data() + r.layout.pair(cell, l);
      write_axis_centres(csv, s, cell);
      csv.field(law_name(s.laws[l]));
      csv.field(std::to_string(r.words[r.layout.samples(cell)]));
      const std::uint64_t valid = p[Wd::valid];
      csv.field(std::to_string(valid));
      for (std::uint32_t w : {Wd::gain_max, Wd::gain_min, Wd::gain_chosen})
        write_fraction_columns(csv, p[w], valid);
      if (valid) {
        csv.number(key_value(p[Wd::max_key]));
        csv.number(int128_to_double(p[Wd::sum_lo], p[Wd::sum_hi]) / static_cast<double>(valid));
      } else {
        csv.empty_field();
        csv.empty_field();
      }
      for (int n = 0; n < 8; ++n) csv.field(std::to_string(p[Wd::solutions_1 + n]));
      for (std::uint32_t w :
           {Wd::truncated, Wd::violation_111, Wd::violation_117, Wd::violation_121, Wd::no_solution,
            Wd::solver_failure, Wd::singular, Wd::invalid, Wd::semidefinite, Wd::near_singular})
        csv.field(std::to_string(p[w]));
      if (engine) write_engine_columns(csv, p, law_reports_convergence(s.laws[l]));
      csv.end_record();
    }
  if (!csv.finish()) throw io::write_error(path);
}

std::vector<std::string> sample_column_names(const MultiContactSweepSpec& spec) {
  // The columns of the largest k the plan can draw; a sample of fewer contacts leaves the rest empty.
  const int k_max = max_contacts_of(spec.plan), n = 2 * k_max;
  std::vector<std::string> names = {"contacts"};
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) names.push_back("G_" + std::to_string(i) + "_" + std::to_string(j));
  for (int i = 1; i <= n; ++i) names.push_back("g_" + std::to_string(i));
  for (const char* q : {"mu_", "eN_", "eT_"})
    for (int i = 1; i <= k_max; ++i) names.push_back(q + std::to_string(i));
  // One rigid body: its velocity before impact too (gamma^- = J v); eval reads G and gamma and passes these
  // by.
  if (spec.plan.G_kind == DelassusKind::body)
    for (const char* q : {"v_x", "v_y", "omega"}) names.push_back(q);
  // The law parameters the sweep's laws read (parameters.hpp: the engine law's settings), eval's columns.
  for (std::string& p : families::recorded_parameter_names(spec, false)) names.push_back(std::move(p));
  return names;
}

void write_sample_columns(io::FieldSink& out, const MultiContactSweepSpec& spec,
                          const MultiContactSample& s) {
  const int k_max = max_contacts_of(spec.plan), n = 2 * k_max;
  const int k = static_cast<int>(s.k), nk = 2 * k;
  out.field(std::to_string(k));
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) i < nk&& j < nk ? out.number(s.G[i][j]) : out.empty_field();
  for (int i = 0; i < n; ++i) i < nk ? out.number(s.gamma_minus[i]) : out.empty_field();
  for (const double* q : {s.mu, s.eps_N, s.eps_T})
    for (int i = 0; i < k_max; ++i) i < k ? out.number(q[i]) : out.empty_field();
  if (spec.plan.G_kind == DelassusKind::body)
    for (double v : s.body_velocity) out.number(v);
  families::for_each_recorded_parameter(spec, false, s, [&](double x) { out.number(x); });
}

void write_sample_columns(io::FieldSink& out, const MultiContactSweepSpec& spec, std::uint64_t index) {
  write_sample_columns(out, spec, draw_multicontact_sample<SimdNormals>(spec.plan, index));
}

void write_witnesses_csv(const std::string& path, const MultiContactSweepResult& r) {
  std::ofstream out = io::open_output_file(path);
  io::CsvWriter csv(out);
  for (const char* c : {"law", "rank", "sample"}) csv.field(c);
  for (const std::string& c : sample_column_names(r.spec)) csv.field(c);
  for (const char* c : {"solutions", "W_min", "W_max", "W", "W_max_rel"}) csv.field(c);
  csv.end_record();
  for (int l = 0; l < r.spec.n_laws; ++l) {
    int rank = 0;
    for (const Witness& w : r.witnesses[l]) {
      // Drawn again on the host (sample i is the same everywhere) and re-evaluated on the CPU, so the
      // row is exactly what `collsweep eval` computes from its columns.
      const MultiContactSample s = draw_multicontact_sample<SimdNormals>(r.spec.plan, w.index);
      const MultiContactSummary o = evaluate_multicontact(r.spec.laws[l], s, r.spec.solver);
      csv.field(law_name(r.spec.laws[l]));
      csv.field(std::to_string(++rank));
      csv.field(std::to_string(w.index));
      write_sample_columns(csv, r.spec, s);
      csv.field(std::to_string(o.solutions));
      csv.number(o.W_min);
      csv.number(o.W_max);
      csv.number(o.W);
      csv.number(o.W_max / o.T_acc);
      csv.end_record();
    }
  }
  if (!csv.finish()) throw io::write_error(path);
}

// The largest W spread over the normal orders / T_acc of law l over every cell (the second maximum word).
double engine_spread_max(const MultiContactSweepResult& r, int l) {
  u64 key = 0;
  for (std::uint32_t cell = 0; cell <= r.layout.cells; ++cell) {
    const u64 k = r.words[r.layout.pair(cell, static_cast<std::uint32_t>(l)) + Wd::order_spread_max];
    key = k > key ? k : key;
  }
  return key_value(key);
}

void write_summary_json(const std::string& path, const MultiContactSweepResult& r, const RunRecord& record) {
  std::ofstream out = io::open_output_file(path);
  io::JsonWriter j(out);
  j.begin_object();
  write_provenance(j, r, record);
  j.key("solver").string(lcp_solver_name(r.spec.solver));
  j.key("laws").begin_object();
  std::uint64_t all_violations = 0;
  for (int l = 0; l < r.spec.n_laws; ++l) {
    j.key(law_name(r.spec.laws[l])).begin_object();
    const std::uint64_t valid = r.pair_total(l, Wd::valid);
    j.key("samples").integer(static_cast<long long>(r.samples_total()));
    j.key("valid_samples").integer(static_cast<long long>(valid));
    write_fraction_json(j, "P_W_max_positive", r.pair_total(l, Wd::gain_max), valid);
    write_fraction_json(j, "P_W_min_positive", r.pair_total(l, Wd::gain_min), valid);
    write_fraction_json(j, "P_chosen_W_positive", r.pair_total(l, Wd::gain_chosen), valid);
    write_law_max_mean(j, "max_W_rel", "mean_chosen_W_rel", r, l, valid);
    j.key("solution_counts").begin_object();
    for (int n = 1; n <= 8; ++n)
      j.key(std::to_string(n)).integer(static_cast<long long>(r.pair_total(l, Wd::solutions_1 + n - 1)));
    j.end_object();
    j.key("truncated_solution_lists").integer(static_cast<long long>(r.pair_total(l, Wd::truncated)));
    const std::uint64_t v111 = r.pair_total(l, Wd::violation_111), v117 = r.pair_total(l, Wd::violation_117),
                        v121 = r.pair_total(l, Wd::violation_121);
    all_violations += v111 + v117 + v121;
    j.key("theorem_violations").begin_object();
    j.key("(111)").integer(static_cast<long long>(v111));
    j.key("(117)").integer(static_cast<long long>(v117));
    j.key("(121)").integer(static_cast<long long>(v121));
    j.end_object();
    j.key("failures").begin_object();
    j.key("no_solution").integer(static_cast<long long>(r.pair_total(l, Wd::no_solution)));
    j.key("solver_failure").integer(static_cast<long long>(r.pair_total(l, Wd::solver_failure)));
    j.key("singular_G").integer(static_cast<long long>(r.pair_total(l, Wd::singular)));
    j.key("invalid").integer(static_cast<long long>(r.pair_total(l, Wd::invalid)));
    j.end_object();
    // Valid samples whose G is singular (accepted as positive semidefinite) or nearly singular
    // (docs/multicontact.md, "Semidefinite G"): their solutions are counted by outcome.
    j.key("G").begin_object();
    j.key("semidefinite").integer(static_cast<long long>(r.pair_total(l, Wd::semidefinite)));
    j.key("near_singular").integer(static_cast<long long>(r.pair_total(l, Wd::near_singular)));
    j.end_object();
    if (law_reports_convergence(r.spec.laws[l]) && r.layout.pair_words == Wd::count_engine) {
      // The engine law (laws/sequential_impulse.hpp): its sweeps and the spread over the normal orders.
      j.key("engine").begin_object();
      j.key("not_converged").integer(static_cast<long long>(r.pair_total(l, Wd::not_converged)));
      j.key("unconverged").integer(static_cast<long long>(r.pair_total(l, Wd::unconverged)));
      j.key("mean_iterations");
      valid ? j.number(static_cast<double>(r.pair_total(l, Wd::iterations_sum)) / static_cast<double>(valid))
            : j.null();
      write_fraction_json(j, "P_order_spread", r.pair_total(l, Wd::order_spread), valid);
      j.key("max_order_spread_W_rel");
      valid ? j.number(engine_spread_max(r, l)) : j.null();
      j.end_object();
    }
    j.end_object();
  }
  j.end_object();
  j.key("theorem_violations_total").integer(static_cast<long long>(all_violations));
  j.key("outputs").begin_array();
  for (const auto& o : record.outputs) j.string(o);
  j.end_array();
  j.end_object();
  out << '\n';
  if (!out) throw io::write_error(path);
}

std::string totals_table(const MultiContactSweepResult& r) {
  std::ostringstream t;
  char line[384];
  std::snprintf(line, sizeof line, "%-18s %12s %-34s %-34s %14s %12s %10s\n", "law", "valid",
                "P(W_max > 0) [95 % interval]", "P(W_min > 0) [95 % interval]", "max W/T_acc", "failures",
                "violations");
  t << line;
  for (int l = 0; l < r.spec.n_laws; ++l) {
    const std::uint64_t valid = r.pair_total(l, Wd::valid);
    const std::uint64_t failures = r.pair_total(l, Wd::no_solution) + r.pair_total(l, Wd::solver_failure) +
                                   r.pair_total(l, Wd::singular) + r.pair_total(l, Wd::invalid);
    const std::uint64_t violations = r.pair_total(l, Wd::violation_111) + r.pair_total(l, Wd::violation_117) +
                                     r.pair_total(l, Wd::violation_121);
    std::snprintf(line, sizeof line, "%-18s %12llu %-34s %-34s %14s %12llu %10llu\n",
                  law_name(r.spec.laws[l]), static_cast<unsigned long long>(valid),
                  fraction_with_interval(r.pair_total(l, Wd::gain_max), valid).c_str(),
                  fraction_with_interval(r.pair_total(l, Wd::gain_min), valid).c_str(),
                  maximum_text(r.max_value(l), valid > 0).c_str(), static_cast<unsigned long long>(failures),
                  static_cast<unsigned long long>(violations));
    t << line;
  }
  for (int l = 0; l < r.spec.n_laws; ++l) {  // G singular or nearly so, where a law met one
    const std::uint64_t semidefinite = r.pair_total(l, Wd::semidefinite);
    const std::uint64_t near = r.pair_total(l, Wd::near_singular);
    if (semidefinite == 0 && near == 0) continue;
    std::snprintf(
        line, sizeof line,
        "%s: %llu valid samples with G singular (rank < 2k), %llu nearly singular (cond(G) > 1e8)\n",
        law_name(r.spec.laws[l]), static_cast<unsigned long long>(semidefinite),
        static_cast<unsigned long long>(near));
    t << line;
  }
  for (int l = 0; l < r.spec.n_laws; ++l) {  // the engine law: convergence and the spread over the orders
    if (!law_reports_convergence(r.spec.laws[l]) || r.layout.pair_words != Wd::count_engine) continue;
    const std::uint64_t valid = r.pair_total(l, Wd::valid);
    std::snprintf(
        line, sizeof line,
        "%s: mean %s sweeps, %llu not converged (iterations = 0), %llu valid not at the fixed point; "
        "order spread of W > 1e-6 T_acc on %s, max %s T_acc\n",
        law_name(r.spec.laws[l]),
        valid ? io::format_short(
                    static_cast<double>(r.pair_total(l, Wd::iterations_sum)) / static_cast<double>(valid), 4)
                    .c_str()
              : "-",
        static_cast<unsigned long long>(r.pair_total(l, Wd::not_converged)),
        static_cast<unsigned long long>(r.pair_total(l, Wd::unconverged)),
        fraction_with_interval(r.pair_total(l, Wd::order_spread), valid).c_str(),
        maximum_text(engine_spread_max(r, l), valid > 0).c_str());
    t << line;
  }
  t << outside_map_note(r.samples_total(), r.outside());
  return t.str();
}

}  // namespace collsweep

// Writers of a planar run's folder: map.csv, witnesses.csv, summary.json and samples.npy.
#pragma once

#include <string>
#include <vector>

#include "io/field_sink.hpp"
#include "sweep/run_outputs.hpp"
#include "sweep/sweep_result.hpp"

namespace collsweep {

// map.csv: one row per cell x law (tidy), axis bin centres first, then
// law,samples,gain_count,gain_fraction,max_dE_rel,mean_dE_rel,type_1..type_5,dominant_type,invalid,degenerate,violations.
// Statistics of cells without a valid sample are empty fields. Byte-identical for any thread count,
// batch size and backend that computed the same tally.
void write_map_csv(const std::string& path, const PlanarSweepResult& result);

// witnesses.csv: per law the ranked samples with the largest energy gain, with their full inputs in the
// columns of `collsweep eval` (W_nn,W_nt,W_tt,v_n,v_t,mu,e,e_t) so that eval reproduces each dE exactly.
void write_witnesses_csv(const std::string& path, const PlanarSweepResult& result);

// A sample's input columns as witness rows hold them (`collsweep eval`'s columns, the thesis laws'
// parameters where the spec's laws read them, then theta_deg), and their values for sample `index` (drawn as
// the sweep draws it, on every backend the same).
std::vector<std::string> sample_column_names(const PlanarSweepSpec& spec);
void write_sample_columns(io::FieldSink& out, const PlanarSweepSpec& spec, const PlanarSample& sample);
void write_sample_columns(io::FieldSink& out, const PlanarSweepSpec& spec, std::uint64_t index);

// samples.npy: float64 array [count x columns], columns named in summary.json ("samples_columns").
std::vector<std::string> samples_npy_columns(const PlanarSweepSpec& spec);
void write_samples_npy(const std::string& path, const PlanarSweepResult& result);

// summary.json: how the run was made (version, git revision, compiler, CUDA, backend, device, threads,
// seed, resolved config, wall time, samples/s) and what it found (totals per law, theorem violations).
void write_summary_json(const std::string& path, const PlanarSweepResult& result, const RunRecord& record);

// run.compare's files (models/planar/compare.hpp), written when the spec has pairs, their names appended to
// `outputs`:
//   compare.csv            one row per cell x pair: axis centres, law_a, law_b, samples, both_valid,
//                          mean_dv2_rel, max_dv2_rel, type_differs, type_differs_fraction (_lo, _hi)
//   compare_witnesses.csv  per pair the samples with the largest dv2_rel, with their inputs (eval's columns)
//                          and both laws' type, v_n2, v_t2
void write_compare_outputs(const std::string& dir, const PlanarSweepResult& result,
                           std::vector<std::string>& outputs);

// The per-law totals printed at the end of a run.
std::string totals_table(const PlanarSweepResult& result);

}  // namespace collsweep

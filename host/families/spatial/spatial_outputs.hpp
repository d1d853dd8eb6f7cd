// Writers of a spatial run's folder: map.csv, witnesses.csv and summary.json.
#pragma once

#include <string>
#include <vector>

#include "io/field_sink.hpp"
#include "sweep/run_outputs.hpp"
#include "sweep/sweep_result.hpp"

namespace collsweep {

// map.csv: one row per cell x law (tidy), axis bin centres first, then
// law,samples,valid,invalid,degenerate,jam,gain_count,gain_fraction(_lo,_hi),violations,max_dE_rel,
// mean_dE_rel,mode_A..mode_E,mode_II_1,mode_II_2,directions_2,directions_4,stick_regime,mean_swerve_deg,
// max_swerve_deg. Statistics of cells without a valid sample are empty fields. Byte-identical for any
// thread count, batch size and backend that computed the same tally.
void write_map_csv(const std::string& path, const SpatialSweepResult& result);

// A sample's input columns as witness rows hold them (`collsweep eval`'s columns and the approach angles),
// and their values for sample `index` (drawn as the sweep draws it, on every backend the same).
std::vector<std::string> sample_column_names(const SpatialSweepSpec& spec);
void write_sample_columns(io::FieldSink& out, const SpatialSweepSpec& spec, const SpatialSample& sample);
void write_sample_columns(io::FieldSink& out, const SpatialSweepSpec& spec, std::uint64_t index);

// witnesses.csv: per law the ranked samples with the largest energy gain, with their inputs in the columns
// of `collsweep eval` (W_nn,W_n1,W_n2,W_11,W_12,W_22,v_n,v_1,v_2,mu,e,e_t) so that eval and reproduce
// give each row's results again, then psi_deg, phi_deg and the recorded mode,directions,dE,dE_rel,swerve_deg.
void write_witnesses_csv(const std::string& path, const SpatialSweepResult& result);

// summary.json: how the run was made, the matrix kind (the kinds sample different measures over W) and per
// law its totals: gains, modes, invariant directions, the stick regime, swerve, theorem violations.
void write_summary_json(const std::string& path, const SpatialSweepResult& result, const RunRecord& record);

// run.compare's files (models/spatial/compare.hpp), written when the spec has pairs, their names appended to
// `outputs`:
//   compare.csv            one row per cell x pair: axis centres, law_a, law_b, samples, both_valid,
//                          mean_dv2_rel, max_dv2_rel, type_differs (modes or slip states), its fraction
//   compare_witnesses.csv  per pair the samples with the largest dv2_rel, with their inputs (eval's columns)
//                          and both laws' mode, vf_n, vf_1, vf_2
void write_compare_outputs(const std::string& dir, const SpatialSweepResult& result,
                           std::vector<std::string>& outputs);

// The per-law totals printed at the end of a run.
std::string totals_table(const SpatialSweepResult& result);

// The modes a law reports: A..E for the Routh laws, II-1 and II-2 for chatterjee-ruina-3d.
std::vector<SpatialMode> law_modes(SpatialLaw law);

// A mode in words ("slip halts in compression, then sticks"; slides on: along the invariant direction
// sigma_F).
const char* mode_description(SpatialMode m);

}  // namespace collsweep

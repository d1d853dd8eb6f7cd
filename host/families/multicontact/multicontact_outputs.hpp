// Writers of a multi-contact run's folder: map.csv, witnesses.csv and summary.json.
#pragma once

#include <string>

#include "io/field_sink.hpp"
#include "sweep/run_outputs.hpp"
#include "sweep/sweep_result.hpp"

namespace collsweep {

// map.csv: one row per cell x law, axis bin centres first, then
// law,samples,valid,p_gain_max,p_gain_min,p_gain_chosen,max_W_rel,mean_W_rel,solutions_1..solutions_8,
// truncated,violations_111,violations_117,violations_121,no_solution,solver_failure,singular,invalid.
// p_* are fractions of the valid samples; W_rel = W / T_acc (max over W_max, mean over the chosen W).
void write_map_csv(const std::string& path, const MultiContactSweepResult& result);

// A sample's input columns as witness rows hold them (contacts, then `collsweep eval`'s columns for the
// plan's largest k, those of a smaller sample's missing contacts empty), and their values for sample `index`
// (drawn as the sweep draws it, on every backend the same).
std::vector<std::string> sample_column_names(const MultiContactSweepSpec& spec);
void write_sample_columns(io::FieldSink& out, const MultiContactSweepSpec& spec,
                          const MultiContactSample& sample);
void write_sample_columns(io::FieldSink& out, const MultiContactSweepSpec& spec, std::uint64_t index);

// witnesses.csv: per law the samples with the largest W_max / T_acc, with their inputs in the columns of
// `collsweep eval --law <law> --contacts k` (G_i_j, g_1.., mu_1.., eN_1.., eT_1..) plus k, the sample index
// and the outcome (solutions, W_min, W_max, W). Rows of a sweep over several k have empty cells beyond 2k.
void write_witnesses_csv(const std::string& path, const MultiContactSweepResult& result);

void write_summary_json(const std::string& path, const MultiContactSweepResult& result,
                        const RunRecord& record);

std::string totals_table(const MultiContactSweepResult& result);

}  // namespace collsweep

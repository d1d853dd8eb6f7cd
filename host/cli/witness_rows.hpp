// reproduce's reading of a run's witnesses.csv: each row checked against the run's witness schema and
// re-evaluated with its law, the results compared (vocabulary/witness_check.hpp).
#pragma once

#include <istream>

#include "vocabulary/command_options.hpp"
#include "vocabulary/run_summary.hpp"
#include "vocabulary/witness_check.hpp"

namespace collsweep::cli {

// The witness schema of the run's family (summary.family).
WitnessSchema schema_of_run(const RunSummary& summary);

// Reads every witness row of `in` (a witnesses.csv, header first) and compares it; throws MalformedInput or
// io::CsvError naming the line.
void check_witness_rows(std::istream& in, const RunSummary& summary, WitnessCheck& check);

}  // namespace collsweep::cli

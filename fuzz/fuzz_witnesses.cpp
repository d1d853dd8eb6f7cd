// reproduce's witness reader (cli/witness_rows.*): the first byte picks the run's family and LCP solver,
// the rest is its witnesses.csv.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "cli/witness_rows.hpp"
#include "families/registry.hpp"
#include "fuzz_support.hpp"
#include "io/csv.hpp"
#include "vocabulary/eval_table.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collsweep;
  if (size == 0) return 0;
  RunSummary summary;
  summary.family = data[0] % families::family_count;
  summary.solver = static_cast<LcpSolver>((data[0] >> 2) % 3);
  summary.energy_tolerance = 1e-12;
  WitnessCheck check(cli::schema_of_run(summary).recorded, (data[0] & 0x80) ? 1e-9 : 0.0, "witnesses.csv");
  std::istringstream in(fuzz::as_text(data + 1, size - 1));
  try {
    cli::check_witness_rows(in, summary, check);
  } catch (const MalformedInput&) {
  } catch (const io::CsvError&) {
  }
  std::ostringstream report;
  check.print_text(report);
  check.print_json(report, "run", "model");
  return 0;
}

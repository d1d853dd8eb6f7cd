// `collsweep reproduce RUN_DIR`: every witness of a finished run re-evaluated through eval's row schema and
// compared with what the run recorded (docs/commands.md, "collsweep reproduce").
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/run_summary.hpp"
#include "cli/subcommands.hpp"
#include "cli/witness_rows.hpp"
#include "families/commands.hpp"
#include "vocabulary/eval_table.hpp"
#include "vocabulary/parse_numbers.hpp"
#include "vocabulary/witness_check.hpp"

namespace collsweep::cli {
namespace {

struct ReproduceOptions {
  std::string run_dir, tolerance;
  bool json = false;
};

// Reads every witness row of `path` and compares it (throws MalformedInput or io::CsvError).
void check_witnesses(const std::string& path, const RunSummary& summary, WitnessCheck& check) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw RunFolderError(path + ": cannot open: " + std::strerror(errno));
  check_witness_rows(file, summary, check);
}

int run_reproduce(const ReproduceOptions& o, const std::vector<std::string>& extras) {
  const auto fail = [](const std::string& message) {
    std::cerr << "collsweep reproduce: " << message << '\n';
    return 2;
  };
  if (!extras.empty())
    return fail("unexpected argument '" + extras.front() + "' (see collsweep reproduce --help)");
  double tolerance = 0.0;
  if (!o.tolerance.empty()) {
    try {
      tolerance = parse_number_option("--tolerance", o.tolerance);
    } catch (const UsageError& e) {
      return fail(e.what());
    }
    if (!(tolerance >= 0.0) || !std::isfinite(tolerance))
      return fail("--tolerance " + o.tolerance + ": expected a finite relative difference >= 0");
  }
  std::error_code ec;
  if (!std::filesystem::is_directory(o.run_dir, ec))
    return fail(o.run_dir + ": not a run folder (no such directory)");
  const std::filesystem::path dir(o.run_dir);
  const std::string witnesses = (dir / "witnesses.csv").string();
  RunSummary summary;
  try {
    summary = read_run_summary((dir / "summary.json").string());
  } catch (const RunFolderError& e) {
    return fail(e.what());
  }
  WitnessCheck check(schema_of_run(summary).recorded, tolerance, witnesses);
  for (const std::string& law : summary.laws) check.add_law(law);
  try {
    check_witnesses(witnesses, summary, check);
  } catch (const RunFolderError& e) {
    return fail(e.what());
  } catch (const std::runtime_error& e) {  // MalformedInput or io::CsvError: both start "line N: "
    return fail(witnesses + ": " + e.what());
  }
  const std::string model(families::family_names()[summary.family]);
  if (o.json) {
    check.print_json(std::cout, o.run_dir, model);
  } else {
    std::cout << "run " << o.run_dir << " (" << model << schema_of_run(summary).note
              << "): witnesses re-evaluated with eval's row schema\n";
    check.print_text(std::cout);
  }
  return check.reproduced() ? 0 : 1;
}

}  // namespace

void register_reproduce(CLI::App& app, int& status) {
  auto o = std::make_shared<ReproduceOptions>();
  CLI::App* sub = app.add_subcommand(
      "reproduce", "Re-evaluate every witness of a finished run and compare with what the run recorded");
  sub->add_option("run_dir", o->run_dir, "the run's output folder (holds summary.json and witnesses.csv)")
      ->required();
  sub->add_option("--tolerance", o->tolerance,
                  "largest relative difference accepted (default 0: the same bits; the run evaluated its "
                  "witnesses on the CPU with the same code)");
  sub->add_flag("--json", o->json, "one JSON object instead of the table");
  sub->footer(
      "Planar runs: type, dE and dE_rel of every witness; multi-contact runs: solutions, W_min, W_max, W "
      "and\n"
      "W_max_rel; spatial runs: mode, directions, dE, dE_rel and swerve_deg. Exit status: 0 every witness\n"
      "reproduces, 1 some does not (the rows are listed), 2 bad options or a missing or malformed run "
      "folder.");
  sub->allow_extras();
  sub->callback([o, sub, &status] { status = run_reproduce(*o, sub->remaining()); });
}

}  // namespace collsweep::cli

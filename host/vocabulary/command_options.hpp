// What the commands hand to a model family's part of them (families/<family>/commands.hpp): the parsed
// options of solve, eval, validate and reproduce, and what a family gives back.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "io/csv.hpp"
#include "vocabulary/eval_table.hpp"
#include "vocabulary/witness_check.hpp"

namespace collsweep {

inline namespace vocabulary {

// `solve`'s options as given (empty when not); each family reads its own (FamilyTraits::solve_options).
struct SolveOptions {
  std::string law, W, v, M, J, dof, u, mu, e, et;  // planar (W, v, mu, e, et: spatial too)
  std::string contacts, G, gamma, eN, eT, solver;  // multi-contact
  std::string bodies;                              // spatial: the two-body TOML file
  std::map<std::string, std::string> parameters;   // the law parameters' own options by name ("--ratio")
  bool json = false;
};

// A solve failure: the one-line message and a machine-readable code ("usage" or a Status name).
struct SolveFailure {
  std::string code;
  std::string message;
};

// `eval`'s options as given.
struct EvalOptions {
  std::string law, in, out, contacts, solver;
  bool constraints = false;  // planar and spatial: C1..C4 and eta for every law (thesis laws: always)
};

// Reads every row of `in` into `out` with one law's schema (throws as eval_csv does); `rows_read` says which
// rows of a witness file are evaluated (the others are left out).
struct EvalTable {
  std::function<EvalCounts(std::istream&, io::CsvWriter&)> run;
  std::string rows_read;
  // The same law as columns (ColumnEvaluator), for inputs that come with these column names (multi-contact:
  // they tell k when --contacts does not); throws MalformedInput (line 0) as a header of these names would.
  std::function<ColumnEvaluator(const std::vector<std::string>& names)> columns;
};

// `validate`'s options.
struct ValidateOptions {
  std::string config;
  std::uint64_t samples = 1000000;
  std::uint64_t first = 0;
  double tolerance = 1e-12;
  int threads = 0;          // CPU threads of the reference (0: every core)
  std::uint64_t chunk = 0;  // samples per GPU chunk (0: about 256 MiB of results)
  bool quiet = false;       // no progress on stderr
};

// Re-evaluates one row of a witnesses file (its fields, its line).
using RowEvaluator = std::function<Reproduced(const std::vector<std::string>&, long)>;

// What a family's witness rows hold: the columns besides law, rank and sample, the recorded outcome columns,
// a row's evaluator for its law, and a note for the report's first line.
struct WitnessSchema {
  std::vector<std::string> extra_columns;
  std::vector<std::string> recorded;
  bool first_is_label = false;  // recorded[0] is text (spatial: mode), compared as text (Reproduced::label)
  // The evaluator of a row of `law` (its fields at the positions of extra_columns in `extra`); nullptr when
  // `law` is not one of the family's laws. reproduce builds one per law and extra fields.
  std::function<RowEvaluator(const HeaderIndex&, const std::string& law,
                             const std::vector<std::string>& extra, long line)>
      evaluator;
  std::string note;
};

}  // namespace vocabulary
}  // namespace collsweep

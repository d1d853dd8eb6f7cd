// reproduce's reading of witnesses.csv (witness_rows.hpp): the header's columns, each row's recorded results
// and its re-evaluation by the family's row evaluator of its law.
#include "cli/witness_rows.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "families/commands.hpp"
#include "io/csv.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep::cli {
namespace {

// The position of each named column; MalformedInput naming the missing ones.
std::vector<std::size_t> require_columns(const HeaderIndex& header, const std::vector<std::string>& names) {
  std::vector<std::size_t> at;
  std::string missing;
  for (const std::string& n : names) {
    const long p = header.find(n);
    if (p < 0) missing += (missing.empty() ? "'" : ", '") + n + "'";
    at.push_back(p < 0 ? 0 : static_cast<std::size_t>(p));
  }
  if (!missing.empty())
    throw MalformedInput(header.line(),
                         "missing required column " + missing + " (a witnesses.csv of collsweep run)");
  return at;
}

}  // namespace

WitnessSchema schema_of_run(const RunSummary& summary) {
  WitnessSchema w;
  families::for_each_family([&](auto i) {
    if (i == summary.family) w = witness_schema(families::FamilyTag<families::SpecAt<i>>{}, summary);
  });
  return w;
}

void check_witness_rows(std::istream& in, const RunSummary& summary, WitnessCheck& check) {
  io::CsvReader reader(in);
  const std::vector<std::string> names = read_header(reader, "law,rank,sample,...");
  const HeaderIndex header(names, reader.record_line());
  const WitnessSchema schema = schema_of_run(summary);
  std::vector<std::string> fixed = {"law", "rank", "sample"};
  fixed.insert(fixed.end(), schema.extra_columns.begin(), schema.extra_columns.end());
  const std::vector<std::size_t> at = require_columns(header, fixed);
  const std::vector<std::size_t> rec_at = require_columns(header, schema.recorded);
  const std::string model(families::family_names()[summary.family]);

  std::map<std::string, RowEvaluator> evaluators;  // per law (and, multi-contact, number of contacts)
  std::vector<std::string> fields;
  while (reader.next(fields)) {
    const long line = reader.record_line();
    check_field_count(header, fields, line);
    WitnessRow row;
    row.law = trim_blanks(fields[at[0]]);
    row.line = line;
    row.rank = trim_blanks(fields[at[1]]);
    row.sample = trim_blanks(fields[at[2]]);
    for (std::size_t q = 0; q < schema.recorded.size(); ++q) {
      row.recorded_text.push_back(trim_blanks(fields[rec_at[q]]));
      const bool label = q == 0 && schema.first_is_label;
      row.recorded.push_back(label ? 0.0 : parse_field(fields[rec_at[q]], schema.recorded[q], line));
    }
    // One evaluator per law and extra fields (multi-contact: the row's k), built at its first row.
    std::vector<std::string> extra;
    std::string key = row.law;
    for (std::size_t e = 0; e < schema.extra_columns.size(); ++e) {
      extra.push_back(fields[at[3 + e]]);
      key += "/" + trim_blanks(extra.back());
    }
    auto it = evaluators.find(key);
    if (it == evaluators.end()) {
      RowEvaluator f = schema.evaluator(header, row.law, extra, line);
      if (!f)
        throw MalformedInput(line, "column 'law': '" + row.law + "' is not a " +
                                       families::family_in_words(summary.family) + " law" +
                                       " (summary.json says the run is " + model + ")");
      it = evaluators.emplace(key, std::move(f)).first;
    }
    check.compare(row, it->second(fields, line));
  }
}

}  // namespace collsweep::cli

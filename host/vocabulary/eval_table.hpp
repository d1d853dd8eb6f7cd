// Generic CSV row evaluation for `eval`-style commands: a table of required columns -> field setters.
//
// Every other column is passed through, fixed output columns are appended, rows stream one at a time.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "io/csv.hpp"
#include "io/format.hpp"

namespace collsweep {
inline namespace vocabulary {

// A malformed input file (bad header, wrong field count, unparsable number): the message names the
// line and, where there is one, the column. Commands exit with status 2.
class MalformedInput : public std::runtime_error {
 public:
  MalformedInput(long line, const std::string& message)
      : std::runtime_error("line " + std::to_string(line) + ": " + message), line_(line) {}
  long line() const { return line_; }

 private:
  long line_;
};

// One required numeric input column and how its value enters the record.
template <class Record>
struct InputColumn {
  std::string name;
  std::function<void(Record&, double)> set;
};

// A column that decides whether a row is evaluated (witness files: law, contacts). keep() returns false to
// skip the row, and throws std::invalid_argument (the reason) for a value it cannot read.
struct RowFilter {
  std::string column;
  std::function<bool(const std::string&)> keep;
};

// What an eval-style command reads and writes. A law family (planar, families/planar/planar_eval.cpp; LCP
// with k contacts, families/multicontact/lcp_eval.cpp) supplies its own schema; the row loop below does not
// know any column name.
template <class Record, class Outcome>
struct RowSchema {
  std::vector<InputColumn<Record>> inputs;        // required numeric columns, any order in the file
  std::vector<std::string> outputs;               // appended columns, in this order
  std::function<Outcome(const Record&)> compute;  // the law (`reproduce` calls it too)
  // Writes exactly outputs.size() fields (not the end of the record); returns true when the row is valid.
  std::function<bool(const Outcome&, io::FieldSink&)> write;
  // Witness files of `collsweep run`, told by the column of filters[0] (`law`): only the rows that every
  // filter column of the header keeps are evaluated (the others are left out of the output), and the results
  // the run recorded (columns named in `recorded`) pass through renamed recorded_<name>, so they do not clash
  // with the outputs. Files without that column are plain inputs: every row is evaluated.
  std::vector<RowFilter> filters;
  std::vector<std::string> recorded;
  // The law on many records at once on the GPU: compute's outcomes, bit for bit (the same kernels/ code
  // compiled by nvcc). Empty where the law has no GPU path. False, with the reason in error, when the GPU
  // cannot run it (no device, a CUDA call that failed).
  std::function<bool(const std::vector<Record>&, std::vector<Outcome>&, std::string& error)> compute_gpu;
};

// Rows evaluated together (ColumnEvaluator::gpu_rows): write(i, sink) writes row i's output fields as
// ColumnEvaluator::row does and returns whether the row is valid; it may be called from several threads.
struct EvaluatedRows {
  std::size_t size = 0;
  std::function<bool(std::size_t row, io::FieldSink& out)> write;
};

// A row schema with its record type erased, for callers that hold columns of numbers rather than a CSV file
// (the Python module, python/src/evaluate_binding.cpp): the input names in the schema's order, the output
// names, and one row's evaluation from its input values (in that order) into a sink, exactly as eval_rows
// evaluates a parsed row; returns whether the row is valid. May be called from several threads at once.
struct ColumnEvaluator {
  std::vector<std::string> inputs, outputs;
  std::function<bool(const double* values, io::FieldSink& out)> row;
  // Many rows at once on the GPU (empty where the law has no GPU path): values holds rows × inputs.size()
  // numbers, row after row. Throws std::runtime_error with the GPU's reason when it cannot run them.
  std::function<EvaluatedRows(const double* values, std::size_t rows)> gpu_rows;
};

template <class Record, class Outcome>
ColumnEvaluator column_evaluator(RowSchema<Record, Outcome> schema) {
  ColumnEvaluator c;
  for (const auto& in : schema.inputs) c.inputs.push_back(in.name);
  c.outputs = schema.outputs;
  const auto s = std::make_shared<const RowSchema<Record, Outcome>>(std::move(schema));
  c.row = [s](const double* values, io::FieldSink& out) {
    Record record{};
    for (std::size_t k = 0; k < s->inputs.size(); ++k) s->inputs[k].set(record, values[k]);
    return s->write(s->compute(record), out);
  };
  if (s->compute_gpu)
    c.gpu_rows = [s](const double* values, std::size_t rows) {
      std::vector<Record> records(rows, Record{});
      const std::size_t n = s->inputs.size();
      for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t k = 0; k < n; ++k) s->inputs[k].set(records[r], values[r * n + k]);
      auto outcomes = std::make_shared<std::vector<Outcome>>(rows);
      std::string error;
      if (!s->compute_gpu(records, *outcomes, error)) throw std::runtime_error(error);
      return EvaluatedRows{rows, [s, outcomes](std::size_t row, io::FieldSink& out) {
                             return s->write((*outcomes)[row], out);
                           }};
    };
  return c;
}

struct EvalCounts {
  long rows = 0;     // rows evaluated
  long invalid = 0;  // of them, invalid
  long skipped = 0;  // rows a filter left out
};

// Header names (trimmed of blanks) -> position. Throws MalformedInput for a duplicate name.
class HeaderIndex {
 public:
  HeaderIndex(const std::vector<std::string>& header, long line);
  // The position of a column, or -1.
  long find(const std::string& name) const;
  const std::vector<std::string>& fields() const { return fields_; }  // as read, in file order
  const std::vector<std::string>& names() const { return names_; }    // trimmed, in file order
  long line() const { return line_; }

 private:
  std::vector<std::string> fields_, names_;
  std::unordered_map<std::string, std::size_t> index_;
  long line_;
};

std::string trim_blanks(const std::string& s);

// Reads the header row; an empty input is MalformedInput (line 1) naming `required` when it is not empty.
std::vector<std::string> read_header(io::CsvReader& reader, const std::string& required);

// Throws MalformedInput when a record's field count differs from the header's.
void check_field_count(const HeaderIndex& header, const std::vector<std::string>& fields, long line);

// What the header lacks of `required` (some of it is missing), for the message: "missing required column
// 'W_nn'" and a hint when the header looks mistyped: a column that is not required but close to a missing
// one ("the header has 'Wnn': did you mean 'W_nn'?"), or one field holding ';' (another separator).
std::string missing_columns_message(const HeaderIndex& header, const std::vector<std::string>& required);

// " (...: collsweep eval reads comma-separated values)" when a record is one field holding ';' and no ','
// (a file written with another separator), else "".
std::string separator_hint(const std::vector<std::string>& fields);

// Reads a field as a number (io::parse_double: "nan" and "inf" are numbers); throws MalformedInput naming
// the line and the column for an empty or unparsable field.
double parse_field(const std::string& text, const std::string& column, long line);

// The schema's input columns bound to their positions in one header.
template <class Record>
class RecordBinding {
 public:
  // Throws MalformedInput naming every missing column (missing_columns_message).
  RecordBinding(const HeaderIndex& header, const std::vector<InputColumn<Record>>& inputs) : inputs_(inputs) {
    std::vector<std::string> names;
    bool missing = false;
    for (const auto& c : inputs) {
      const long at = header.find(c.name);
      missing |= at < 0;
      names.push_back(c.name);
      pos_.push_back(at < 0 ? 0 : static_cast<std::size_t>(at));
    }
    if (missing) throw MalformedInput(header.line(), missing_columns_message(header, names));
  }

  // The record of one row (its field count checked); throws MalformedInput for an unparsable field.
  Record parse(const std::vector<std::string>& fields, long line) const {
    Record record{};
    for (std::size_t k = 0; k < inputs_.size(); ++k)
      inputs_[k].set(record, parse_field(fields[pos_[k]], inputs_[k].name, line));
    return record;
  }

 private:
  const std::vector<InputColumn<Record>>& inputs_;
  std::vector<std::size_t> pos_;
};

// Whether the row passes every filter whose column the header has (the filters' positions in `at`, -1
// where absent); throws MalformedInput naming the column for a value a filter cannot read.
bool keep_row(const std::vector<RowFilter>& filters, const std::vector<long>& at,
              const std::vector<std::string>& fields, long line);

// Evaluates every row after the header (already read by `reader`) into `out`: the header plus the outputs,
// then one output record per kept input row. Input fields are written back as they were read (quoted again
// where needed). Throws MalformedInput (or io::CsvError) at the first malformed line; the records before it
// have been written.
template <class Record, class Outcome>
EvalCounts eval_rows(io::CsvReader& reader, const HeaderIndex& header, io::CsvWriter& out,
                     const RowSchema<Record, Outcome>& schema) {
  const bool witness = !schema.filters.empty() && header.find(schema.filters[0].column) >= 0;
  std::vector<long> filter_at;
  for (const RowFilter& f : schema.filters) filter_at.push_back(witness ? header.find(f.column) : -1);
  const auto is_recorded = [&](const std::string& name) {
    for (const std::string& r : schema.recorded)
      if (witness && r == name) return true;
    return false;
  };
  for (const std::string& name : schema.outputs)
    if (header.find(name) >= 0 && !is_recorded(name))
      throw MalformedInput(header.line(),
                           "column '" + name + "': has the name of an output column; rename or remove it");
  const RecordBinding<Record> binding(header, schema.inputs);

  for (std::size_t i = 0; i < header.names().size(); ++i) {
    const std::string& name = header.names()[i];
    out.field(is_recorded(name) ? "recorded_" + name : header.fields()[i]);
  }
  for (const std::string& o : schema.outputs) out.field(o);
  out.end_record();

  EvalCounts counts;
  std::vector<std::string> fields;
  while (reader.next(fields)) {
    const long line = reader.record_line();
    check_field_count(header, fields, line);
    if (!keep_row(schema.filters, filter_at, fields, line)) {
      ++counts.skipped;
      continue;
    }
    const Record record = binding.parse(fields, line);
    for (const std::string& f : fields) out.field(f);
    if (!schema.write(schema.compute(record), out)) ++counts.invalid;
    out.end_record();
    ++counts.rows;
  }
  return counts;
}

// Reads the header and every row of `in` into `out` (eval_rows).
template <class Record, class Outcome>
EvalCounts eval_csv(std::istream& in, io::CsvWriter& out, const RowSchema<Record, Outcome>& schema) {
  io::CsvReader reader(in);
  std::string need;
  for (const auto& c : schema.inputs) need += (need.empty() ? "" : ",") + c.name;
  const std::vector<std::string> names = read_header(reader, need);
  return eval_rows(reader, HeaderIndex(names, reader.record_line()), out, schema);
}

}  // namespace vocabulary
}  // namespace collsweep

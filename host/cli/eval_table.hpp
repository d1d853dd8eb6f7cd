// Generic CSV row evaluation for `eval`-style commands: a table of required columns -> field setters.
//
// Every other column is passed through, fixed output columns are appended, rows stream one at a time.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "io/csv.hpp"
#include "io/format.hpp"

namespace collsweep::cli {

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

// What an eval-style command reads and writes. A law family (planar; LCP with k contacts, cli/lcp_eval.cpp)
// supplies its own schema; the row loop below does not know any column name.
template <class Record>
struct RowSchema {
  std::vector<InputColumn<Record>> inputs;  // required numeric columns, any order in the file
  std::vector<std::string> outputs;         // appended columns, in this order
  // Evaluates one record and writes exactly outputs.size() fields (not the end of the record);
  // returns true when the row is valid.
  std::function<bool(const Record&, io::CsvWriter&)> evaluate;
};

struct EvalCounts {
  long rows = 0;
  long invalid = 0;
};

namespace detail {
inline std::string trim_blanks(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}
}  // namespace detail

// Reads the header and every row of `in`, writes the header plus the outputs and one output record per
// input row to `out`. Header names are matched after trimming blanks; input fields are written back as
// they were read (quoted again where needed). Numbers are parsed with io::parse_double, so "nan" and
// "inf" reach the evaluator. Throws MalformedInput (or io::CsvError) at the first malformed line;
// the records before it have been written.
template <class Record>
EvalCounts eval_csv(std::istream& in, io::CsvWriter& out, const RowSchema<Record>& schema) {
  io::CsvReader reader(in);
  std::vector<std::string> header;
  if (!reader.next(header)) {
    std::string need;
    for (const auto& c : schema.inputs) need += (need.empty() ? "" : ",") + c.name;
    throw MalformedInput(1, "empty file: no header row (the required columns are " + need + ")");
  }
  const long header_line = reader.record_line();

  std::unordered_map<std::string, std::size_t> index;  // trimmed name -> position
  for (std::size_t i = 0; i < header.size(); ++i) {
    const std::string name = detail::trim_blanks(header[i]);
    const auto [it, inserted] = index.emplace(name, i);
    if (!inserted)
      throw MalformedInput(header_line, "column '" + name + "': duplicate column (fields " +
                                            std::to_string(it->second + 1) + " and " + std::to_string(i + 1) +
                                            ")");
  }
  for (const std::string& name : schema.outputs)
    if (index.count(name))
      throw MalformedInput(header_line,
                           "column '" + name + "': has the name of an output column; rename or remove it");

  std::vector<std::size_t> bound;  // position of each schema input in the file
  std::string missing;
  for (const auto& c : schema.inputs) {
    const auto it = index.find(c.name);
    if (it == index.end()) {
      missing += (missing.empty() ? "'" : ", '") + c.name + "'";
      bound.push_back(0);
    } else {
      bound.push_back(it->second);
    }
  }
  if (!missing.empty()) throw MalformedInput(header_line, "missing required column " + missing);

  for (const std::string& h : header) out.field(h);
  for (const std::string& o : schema.outputs) out.field(o);
  out.end_record();

  EvalCounts counts;
  std::vector<std::string> fields;
  while (reader.next(fields)) {
    const long line = reader.record_line();
    if (fields.size() != header.size()) {
      const std::string where =
          fields.size() < header.size()
              ? "column '" + detail::trim_blanks(header[fields.size()]) + "' and after are missing"
              : "extra field(s) after column '" + detail::trim_blanks(header.back()) + "'";
      throw MalformedInput(line, std::to_string(fields.size()) + " fields but the header has " +
                                     std::to_string(header.size()) + " (" + where + ")");
    }
    Record record{};
    for (std::size_t k = 0; k < schema.inputs.size(); ++k) {
      const std::string& text = fields[bound[k]];
      double x = 0.0;
      if (!io::parse_double(text, &x)) {
        const std::string what = detail::trim_blanks(text).empty() ? "empty field, a number is required"
                                                                   : "'" + text + "' is not a number";
        throw MalformedInput(line, "column '" + schema.inputs[k].name + "': " + what);
      }
      schema.inputs[k].set(record, x);
    }
    for (const std::string& f : fields) out.field(f);
    if (!schema.evaluate(record, out)) ++counts.invalid;
    out.end_record();
    ++counts.rows;
  }
  return counts;
}

}  // namespace collsweep::cli

// RFC 4180 CSV: a streaming record reader with line numbers and a buffered writer that quotes as needed.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "io/field_sink.hpp"

namespace collsweep::io {

// A CSV syntax error at a 1-based line of the input.
class CsvError : public std::runtime_error {
 public:
  CsvError(long line, const std::string& message);
  long line() const { return line_; }

 private:
  long line_;
};

// Reads one record at a time (nothing else is kept in memory), so files of any length stream.
//  - Separator ','; a field in double quotes may hold ',', '""' (one quote) and line breaks.
//  - Lines may end in LF or CRLF; a line break inside a quoted field is read as "\n".
//  - Blank lines (empty or only spaces/tabs) outside quoted fields are skipped.
//  - A UTF-8 byte-order mark at the start of the input is dropped.
//  - A quote inside an unquoted field is kept as a literal character (lenient); text after a closing
//    quote other than ',' or the line end, and a quoted field still open at the end of the input, are
//    errors (CsvError with the line where the record began).
class CsvReader {
 public:
  // max_record_bytes bounds the memory an unterminated quoted field can take.
  explicit CsvReader(std::istream& in, std::size_t max_record_bytes = std::size_t{16} << 20);

  // Reads the next record into fields; returns false at the end of the input. Throws CsvError.
  bool next(std::vector<std::string>& fields);

  // The line on which the record last returned by next() began (1-based).
  long record_line() const { return record_line_; }

 private:
  std::istream& in_;
  std::size_t max_record_bytes_;
  long line_ = 0;         // physical lines read so far
  long record_line_ = 0;  // first line of the last record
  std::string buf_;
};

// Whether a field must be quoted: it holds ',', '"', CR or LF.
bool csv_needs_quotes(std::string_view field);

// Appends one field to out, quoted (with '"' doubled) when csv_needs_quotes says so.
void append_csv_field(std::string& out, std::string_view field);

// Buffered CSV writer: fields are separated by ',', records end in "\n". Call finish() at the end and
// check its result: it flushes and reports whether every write to the stream succeeded.
class CsvWriter final : public FieldSink {
 public:
  explicit CsvWriter(std::ostream& out, std::size_t buffer_bytes = std::size_t{1} << 16);
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  void field(std::string_view text) override;  // one field of the current record (quoted as needed)
  void number(double x) override;              // one numeric field, format_double (17 significant digits)
  void end_record();
  void record(const std::vector<std::string>& fields);  // a whole record

  bool flush();   // writes the buffer out; false when the stream failed
  bool finish();  // flush() and stream flush; false when anything failed

 private:
  void separator();
  std::ostream& out_;
  std::size_t buffer_bytes_;
  std::string buf_;
  bool at_record_start_ = true;
};

}  // namespace collsweep::io

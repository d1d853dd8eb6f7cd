// RFC 4180 CSV: a streaming record reader with line numbers and a buffered writer that quotes as needed.
#include "io/csv.hpp"

#include <string>

#include "io/format.hpp"

namespace collsweep::io {

CsvError::CsvError(long line, const std::string& message)
    : std::runtime_error("line " + std::to_string(line) + ": " + message), line_(line) {}

CsvReader::CsvReader(std::istream& in, std::size_t max_record_bytes)
    : in_(in), max_record_bytes_(max_record_bytes) {}

namespace {

bool is_blank_line(const std::string& s) {
  for (char c : s)
    if (c != ' ' && c != '\t') return false;
  return true;
}

}  // namespace

bool CsvReader::next(std::vector<std::string>& fields) {
  fields.clear();
  // Find the next non-blank physical line.
  for (;;) {
    if (!std::getline(in_, buf_)) return false;
    ++line_;
    if (line_ == 1 && buf_.compare(0, 3, "\xEF\xBB\xBF") == 0) buf_.erase(0, 3);
    if (!buf_.empty() && buf_.back() == '\r') buf_.pop_back();
    if (!is_blank_line(buf_)) break;
  }
  record_line_ = line_;

  std::string field;
  bool quoted = false;       // the current field started with a quote
  bool in_quotes = false;    // inside the quotes of a quoted field
  bool after_quote = false;  // just after the closing quote of a quoted field
  std::size_t record_bytes = 0;
  for (;;) {
    const std::string& line = buf_;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (in_quotes) {
        if (c == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            ++i;
          } else {
            in_quotes = false;
            after_quote = true;
          }
        } else {
          field += c;
        }
      } else if (c == ',') {
        fields.push_back(std::move(field));
        field.clear();
        quoted = after_quote = false;
      } else if (after_quote) {
        throw CsvError(record_line_, std::string("unexpected character '") + c +
                                         "' after the closing quote of field " +
                                         std::to_string(fields.size() + 1));
      } else if (c == '"' && field.empty() && !quoted) {
        quoted = in_quotes = true;
      } else {
        field += c;
      }
    }
    if (!in_quotes) break;
    // A line break inside a quoted field: the record continues on the next line.
    record_bytes += line.size() + 1;
    if (record_bytes > max_record_bytes_)
      throw CsvError(record_line_, "quoted field " + std::to_string(fields.size() + 1) +
                                       " is not closed within " + std::to_string(max_record_bytes_) +
                                       " bytes");
    if (!std::getline(in_, buf_))
      throw CsvError(record_line_, "quoted field " + std::to_string(fields.size() + 1) +
                                       " is not closed before the end of the input");
    ++line_;
    if (!buf_.empty() && buf_.back() == '\r') buf_.pop_back();
    field += '\n';
  }
  fields.push_back(std::move(field));
  return true;
}

bool csv_needs_quotes(std::string_view field) {
  return field.find_first_of(",\"\r\n") != std::string_view::npos;
}

void append_csv_field(std::string& out, std::string_view field) {
  if (!csv_needs_quotes(field)) {
    out.append(field);
    return;
  }
  out += '"';
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

CsvWriter::CsvWriter(std::ostream& out, std::size_t buffer_bytes) : out_(out), buffer_bytes_(buffer_bytes) {
  buf_.reserve(buffer_bytes_ + 4096);
}

CsvWriter::~CsvWriter() { flush(); }

void CsvWriter::separator() {
  if (!at_record_start_) buf_ += ',';
  at_record_start_ = false;
}

void CsvWriter::field(std::string_view text) {
  separator();
  append_csv_field(buf_, text);
}

void CsvWriter::number(double x) {
  separator();
  append_double(buf_, x);
}

void CsvWriter::end_record() {
  buf_ += '\n';
  at_record_start_ = true;
  if (buf_.size() >= buffer_bytes_) flush();
}

void CsvWriter::record(const std::vector<std::string>& fields) {
  for (const std::string& f : fields) field(f);
  end_record();
}

bool CsvWriter::flush() {
  if (!buf_.empty()) {
    out_.write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
    buf_.clear();
  }
  return static_cast<bool>(out_);
}

bool CsvWriter::finish() {
  flush();
  out_.flush();
  return static_cast<bool>(out_);
}

}  // namespace collsweep::io

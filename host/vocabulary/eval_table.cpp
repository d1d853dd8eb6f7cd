// The non-template parts of eval's row table: header index, header row, field counts, numbers, row filters.
#include "vocabulary/eval_table.hpp"

namespace collsweep {
inline namespace vocabulary {

std::string trim_blanks(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

HeaderIndex::HeaderIndex(const std::vector<std::string>& header, long line) : fields_(header), line_(line) {
  for (std::size_t i = 0; i < header.size(); ++i) {
    names_.push_back(trim_blanks(header[i]));
    const auto [it, inserted] = index_.emplace(names_.back(), i);
    if (!inserted)
      throw MalformedInput(line, "column '" + names_.back() + "': duplicate column (fields " +
                                     std::to_string(it->second + 1) + " and " + std::to_string(i + 1) + ")");
  }
}

long HeaderIndex::find(const std::string& name) const {
  const auto it = index_.find(name);
  return it == index_.end() ? -1 : static_cast<long>(it->second);
}

std::vector<std::string> read_header(io::CsvReader& reader, const std::string& required) {
  std::vector<std::string> header;
  if (!reader.next(header))
    throw MalformedInput(
        1, "empty file: no header row" +
               (required.empty() ? std::string() : " (the required columns are " + required + ")"));
  return header;
}

void check_field_count(const HeaderIndex& header, const std::vector<std::string>& fields, long line) {
  const std::size_t n = header.names().size();
  if (fields.size() == n) return;
  const std::string where = fields.size() < n
                                ? "column '" + header.names()[fields.size()] + "' and after are missing"
                                : "extra field(s) after column '" + header.names().back() + "'";
  throw MalformedInput(line, std::to_string(fields.size()) + " fields but the header has " +
                                 std::to_string(n) + " (" + where + ")");
}

double parse_field(const std::string& text, const std::string& column, long line) {
  double x = 0.0;
  if (io::parse_double(text, &x)) return x;
  const std::string what =
      trim_blanks(text).empty() ? "empty field, a number is required" : "'" + text + "' is not a number";
  throw MalformedInput(line, "column '" + column + "': " + what);
}

bool keep_row(const std::vector<RowFilter>& filters, const std::vector<long>& at,
              const std::vector<std::string>& fields, long line) {
  for (std::size_t i = 0; i < filters.size(); ++i) {
    if (at[i] < 0) continue;
    try {
      if (!filters[i].keep(fields[static_cast<std::size_t>(at[i])])) return false;
    } catch (const std::invalid_argument& e) {
      throw MalformedInput(line, "column '" + filters[i].column + "': " + e.what());
    }
  }
  return true;
}

}  // namespace vocabulary
}  // namespace collsweep

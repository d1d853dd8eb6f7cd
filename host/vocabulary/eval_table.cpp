// The non-template parts of eval's row table: header index, header row, field counts, numbers, row filters.
#include "vocabulary/eval_table.hpp"

#include <algorithm>
#include <string_view>

#include "vocabulary/closest_name.hpp"

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

std::string separator_hint(const std::vector<std::string>& fields) {
  if (fields.size() != 1 || fields[0].find(';') == std::string::npos) return "";
  return " (the line is one field holding ';' and no ',': collsweep eval reads comma-separated values, so "
         "write the file with ',' between fields)";
}

void check_field_count(const HeaderIndex& header, const std::vector<std::string>& fields, long line) {
  const std::size_t n = header.names().size();
  if (fields.size() == n) return;
  const std::string where = fields.size() < n
                                ? "column '" + header.names()[fields.size()] + "' and after are missing"
                                : "extra field(s) after column '" + header.names().back() + "'";
  throw MalformedInput(line, std::to_string(fields.size()) + " fields but the header has " +
                                 std::to_string(n) + " (" + where + ")" + separator_hint(fields));
}

std::string missing_columns_message(const HeaderIndex& header, const std::vector<std::string>& required) {
  std::string m = "missing required column ";
  std::vector<std::string_view> missing;
  for (const std::string& name : required)
    if (header.find(name) < 0) {
      m += (missing.empty() ? "'" : ", '") + name + "'";
      missing.push_back(name);
    }
  const std::string separator = separator_hint(header.fields());
  if (!separator.empty()) return m + separator;
  // A header column that is none of the required ones but close to a missing one is a misspelling of it.
  std::string close;
  for (const std::string& name : header.names()) {
    if (std::find(required.begin(), required.end(), name) != required.end()) continue;
    const std::string meant = closest_name(name, missing);
    if (meant.empty()) continue;
    close +=
        (close.empty() ? " (the header has '" : "; it has '") + name + "': did you mean '" + meant + "'?";
  }
  return close.empty() ? m : m + close + ")";
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

// A small left-aligned text table for the human-readable output of the commands.
#include "vocabulary/text_table.hpp"

#include <algorithm>

#include "io/format.hpp"

namespace collsweep {
inline namespace vocabulary {

void TextTable::print(std::ostream& out, const std::string& indent) const {
  std::vector<std::size_t> width;
  for (const auto& r : rows_) {
    if (width.size() < r.size()) width.resize(r.size(), 0);
    for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
  }
  for (const auto& r : rows_) {
    std::string line = indent;
    for (std::size_t i = 0; i < r.size(); ++i) {
      line += r[i];
      if (i + 1 < r.size()) line += std::string(width[i] - r[i].size() + 2, ' ');
    }
    out << line << '\n';
  }
}

std::string table_number(double x) {
  const std::string s = io::format_short(x, 10);
  return (s[0] == '-' ? "" : " ") + s;
}

}  // namespace vocabulary
}  // namespace collsweep

// ColumnTable (column_table.hpp): rows written through io::FieldSink into NumPy-ready columns.
#include "column_table.hpp"

#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace collsweep::python {
namespace {

// Whether text is an optional '-' and 1 to 15 decimal digits (exact in a double), and its value.
bool integer_text(std::string_view text, double* value) {
  std::size_t i = (!text.empty() && text[0] == '-') ? 1 : 0;
  if (text.size() == i || text.size() - i > 15) return false;
  long long v = 0;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + (text[i] - '0');
  }
  *value = static_cast<double>(text[0] == '-' ? -v : v);
  return true;
}

}  // namespace

ColumnTable::ColumnTable(std::vector<std::string> names, std::size_t rows)
    : names_(std::move(names)),
      rows_(rows),
      numbers_(names_.size(), std::vector<double>(rows, std::numeric_limits<double>::quiet_NaN())),
      text_(names_.size()),
      has_text_(names_.size(), 0),
      integer_(names_.size(), 0) {}

std::size_t ColumnTable::Writer::next_column() {
  if (column_ >= table_.names_.size())
    throw std::logic_error("a row has more fields than the table's " + std::to_string(table_.names_.size()) +
                           " columns");
  return column_++;
}

void ColumnTable::Writer::field(std::string_view text) {
  const std::size_t c = next_column();
  double value = 0.0;
  if (text.empty()) return;
  if (integer_text(text, &value)) {
    table_.numbers_[c][row_] = value;
    integers_[c] = 1;
    return;
  }
  Texts& t = texts_[c];
  std::int32_t code = 0;
  while (code < static_cast<std::int32_t>(t.categories.size()) && t.categories[code] != text) ++code;
  if (code == static_cast<std::int32_t>(t.categories.size())) t.categories.emplace_back(text);
  t.cells.emplace_back(row_, code);
}

void ColumnTable::Writer::number(double x) { table_.numbers_[next_column()][row_] = x; }

void ColumnTable::merge(std::vector<Writer>& writers) {
  for (std::size_t c = 0; c < names_.size(); ++c) {
    for (Writer& w : writers) {
      if (w.integers_[c]) integer_[c] = 1;
      const Writer::Texts& t = w.texts_[c];
      if (t.cells.empty()) continue;
      Categorical& out = text_[c];
      if (!has_text_[c]) out.codes.assign(rows_, -1);
      has_text_[c] = 1;
      std::vector<std::int32_t> global(t.categories.size());
      for (std::size_t k = 0; k < t.categories.size(); ++k) {
        std::size_t g = 0;
        while (g < out.categories.size() && out.categories[g] != t.categories[k]) ++g;
        if (g == out.categories.size()) out.categories.push_back(t.categories[k]);
        global[k] = static_cast<std::int32_t>(g);
      }
      for (const auto& [row, code] : t.cells) out.codes[row] = global[code];
    }
  }
}

}  // namespace collsweep::python

// ColumnTable: the columns of a table that rows fill through io::FieldSink — from several threads at once,
// each its own rows — handed to Python as NumPy arrays: numbers as float64, text as categorical codes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/field_sink.hpp"

namespace collsweep::python {

class ColumnTable {
 public:
  ColumnTable(std::vector<std::string> names, std::size_t rows);

  // Writes rows of the table, one thread's share. A field whose text is an integer ("3", a Type, a count)
  // is a number; an empty field leaves the cell NaN; other text is a category of its column.
  class Writer final : public io::FieldSink {
   public:
    explicit Writer(ColumnTable& table)
        : table_(table), texts_(table.names_.size()), integers_(table.names_.size(), 0) {}
    void begin_row(std::size_t row) {
      row_ = row;
      column_ = 0;
    }
    void field(std::string_view text) override;
    void number(double x) override;

   private:
    friend class ColumnTable;
    struct Texts {  // the categories this writer met in one column, and its cells (row, category)
      std::vector<std::string> categories;
      std::vector<std::pair<std::size_t, std::int32_t>> cells;
    };
    std::size_t next_column();
    ColumnTable& table_;
    std::vector<Texts> texts_;
    std::vector<char> integers_;  // columns that had integer text in this writer's rows
    std::size_t row_ = 0, column_ = 0;
  };

  // A column's categories (in the order of their first row) and each row's code (-1: not text), after
  // the writers' texts are merged in the order of their rows.
  struct Categorical {
    std::vector<std::string> categories;
    std::vector<std::int32_t> codes;
  };

  // Merges the writers (each covering the rows after the previous one's) into the categorical columns.
  void merge(std::vector<Writer>& writers);

  const std::vector<std::string>& names() const { return names_; }
  std::size_t rows() const { return rows_; }
  std::vector<double>& numbers(std::size_t column) { return numbers_[column]; }
  // Whether the column's numbers came from integer text (a Type, a count: integers in Python).
  bool integer(std::size_t column) const { return integer_[column] != 0; }
  // The column's text cells, or nullptr when it has none.
  Categorical* text(std::size_t column) { return has_text_[column] ? &text_[column] : nullptr; }

 private:
  std::vector<std::string> names_;
  std::size_t rows_;
  std::vector<std::vector<double>> numbers_;
  std::vector<Categorical> text_;
  std::vector<char> has_text_;
  std::vector<char> integer_;
};

}  // namespace collsweep::python

// A small left-aligned text table for the human-readable output of the commands.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace collsweep {
inline namespace vocabulary {

// Rows of text cells printed with each column padded to its widest cell, two spaces apart.
class TextTable {
 public:
  void row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  void print(std::ostream& out, const std::string& indent = "") const;

 private:
  std::vector<std::vector<std::string>> rows_;
};

// A number for a table: 10 significant digits, non-negative numbers get a leading space so that
// signs line up.
std::string table_number(double x);

}  // namespace vocabulary
}  // namespace collsweep

// Rows [0, n) split into contiguous shares over threads, each share written by its own ColumnTable::Writer;
// the table is the same for any thread count (each row is computed alone, texts merge in row order).
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

#include "column_table.hpp"
#include "io/usable_cores.hpp"

namespace collsweep::python {

// The threads to use: `requested` (> 0), else the machine's cores; never more than one per 256 rows.
inline int thread_count(int requested, std::size_t rows) {
  int n = requested > 0 ? requested : io::usable_cores();
  const std::size_t useful = std::max<std::size_t>(1, rows / 256);
  return static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(n), useful));
}

// write_row(writer, row) for every row, on `threads` threads; rethrows the first share's exception.
template <class WriteRow>
void fill_rows(ColumnTable& table, int threads, WriteRow write_row) {
  const std::size_t n = table.rows();
  const int t = thread_count(threads, n);
  std::vector<ColumnTable::Writer> writers(static_cast<std::size_t>(t), ColumnTable::Writer(table));
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(t));
  const auto share = [&](int k) {
    const std::size_t begin = n * static_cast<std::size_t>(k) / static_cast<std::size_t>(t);
    const std::size_t end = n * static_cast<std::size_t>(k + 1) / static_cast<std::size_t>(t);
    try {
      for (std::size_t row = begin; row < end; ++row) {
        writers[k].begin_row(row);
        write_row(writers[k], row);
      }
    } catch (...) {
      errors[k] = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (int k = 1; k < t; ++k) pool.emplace_back(share, k);
  share(0);
  for (std::thread& th : pool) th.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  table.merge(writers);
}

}  // namespace collsweep::python

// A ColumnTable handed to Python without copying its numbers: {"columns": [names], "numbers": {name:
// float64 array}, "text": {name: (int32 codes, [categories])}, "integers": [names of integer columns]}
// (python/collsweep/_tables.py builds the DataFrame).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "column_table.hpp"

namespace collsweep::python {

// Moves the vector into a NumPy array that owns it.
template <class T>
pybind11::array_t<T> to_numpy(std::vector<T>&& v) {
  auto* owned = new std::vector<T>(std::move(v));
  pybind11::capsule free(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return pybind11::array_t<T>(static_cast<pybind11::ssize_t>(owned->size()), owned->data(), free);
}

inline pybind11::dict to_python(ColumnTable& table) {
  pybind11::list columns;
  pybind11::dict numbers, text;
  pybind11::list integers;
  for (std::size_t c = 0; c < table.names().size(); ++c) {
    const std::string& name = table.names()[c];
    columns.append(name);
    if (table.integer(c)) integers.append(name);
    numbers[name.c_str()] = to_numpy(std::move(table.numbers(c)));
    if (ColumnTable::Categorical* t = table.text(c))
      text[name.c_str()] = pybind11::make_tuple(to_numpy(std::move(t->codes)), pybind11::cast(t->categories));
  }
  pybind11::dict out;
  out["columns"] = columns;
  out["numbers"] = numbers;
  out["text"] = text;
  out["integers"] = integers;
  return out;
}

}  // namespace collsweep::python

// The config file's spellings of distribution kinds and matrix kinds, shared by the parser and the writers.
#pragma once

#include <string_view>
#include <vector>

#include "collsweep/sampling/plan.hpp"

namespace collsweep::config {

inline const char* scalar_kind_name(ScalarKind k) {
  switch (k) {
    case ScalarKind::constant:
      return "constant";
    case ScalarKind::uniform:
      return "uniform";
    case ScalarKind::log_uniform:
      return "log_uniform";
    case ScalarKind::grid:
      return "grid";
  }
  return "unknown";
}

inline const char* matrix_kind_name(MatrixKind k) {
  switch (k) {
    case MatrixKind::direct:
      return "direct";
    case MatrixKind::wishart:
      return "wishart";
    case MatrixKind::mechanism:
      return "mechanism";
    case MatrixKind::fixed:
      return "fixed";
    case MatrixKind::shape:
      return "shape";
  }
  return "unknown";
}

inline const std::vector<std::string_view>& scalar_kind_names() {
  static const std::vector<std::string_view> names = {"constant", "uniform", "log_uniform", "grid"};
  return names;
}

inline const std::vector<std::string_view>& matrix_kind_names() {
  static const std::vector<std::string_view> names = {"direct", "wishart", "mechanism", "fixed", "shape"};
  return names;
}

}  // namespace collsweep::config

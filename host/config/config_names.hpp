// The config file's spellings of model, distribution, matrix and solver kinds, shared by parser and writers.
#pragma once

#include <string_view>
#include <vector>

#include "collsweep/models/multicontact/contact.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "config/run_config.hpp"

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

inline const char* model_kind_name(ModelKind k) {
  switch (k) {
    case ModelKind::planar:
      return "planar";
    case ModelKind::multicontact:
      return "multicontact";
  }
  return "unknown";
}

inline const char* delassus_kind_name(DelassusKind k) {
  switch (k) {
    case DelassusKind::direct:
      return "direct";
    case DelassusKind::wishart:
      return "wishart";
    case DelassusKind::mechanism:
      return "mechanism";
  }
  return "unknown";
}

inline const char* solver_name(LcpSolver s) { return lcp_solver_name(s); }

inline const std::vector<std::string_view>& model_kind_names() {
  static const std::vector<std::string_view> names = {"planar", "multicontact"};
  return names;
}

inline const std::vector<std::string_view>& delassus_kind_names() {
  static const std::vector<std::string_view> names = {"direct", "wishart", "mechanism"};
  return names;
}

inline const std::vector<std::string_view>& solver_names() {
  static const std::vector<std::string_view> names = {"automatic", "enumeration", "lemke"};
  return names;
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

// Writes a resolved RunConfig (every default filled in) as TOML that parses back, and as JSON.
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

#include "config/config_names.hpp"
#include "config/run_config.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"

namespace collsweep {
namespace {

// A TOML float: 17 significant digits, always with a '.' or an exponent so that it stays a float.
std::string toml_double(double x) {
  std::string s = io::format_double(x);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // "90" -> "90.0"; nan/inf have an 'n'
  return s;
}

std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// A constant is a bare number; the others are inline tables.
std::string toml_scalar(const ScalarDist& d) {
  if (d.kind == ScalarKind::constant) return toml_double(d.lo);
  std::string s = std::string("{ dist = \"") + config::scalar_kind_name(d.kind) +
                  "\", lo = " + toml_double(d.lo) + ", hi = " + toml_double(d.hi);
  if (d.kind == ScalarKind::grid) s += ", n = " + std::to_string(d.n);
  return s + " }";
}

std::string toml_axis(const MapAxis& a) {
  return std::string("{ quantity = \"") + quantity_name(a.quantity) + "\", lo = " + toml_double(a.lo) +
         ", hi = " + toml_double(a.hi) + ", bins = " + std::to_string(a.bins) + " }";
}

void json_scalar(io::JsonWriter& j, const ScalarDist& d) {
  j.begin_object().key("dist").string(config::scalar_kind_name(d.kind));
  if (d.kind == ScalarKind::constant) {
    j.key("value").number(d.lo);
  } else {
    j.key("lo").number(d.lo).key("hi").number(d.hi);
    if (d.kind == ScalarKind::grid) j.key("n").integer(d.n);
  }
  j.end_object();
}

void json_axis(io::JsonWriter& j, const MapAxis& a) {
  j.begin_object().key("quantity").string(quantity_name(a.quantity));
  j.key("lo").number(a.lo).key("hi").number(a.hi).key("bins").integer(a.bins);
  j.end_object();
}

}  // namespace

std::string resolved_config_toml(const RunConfig& config) {
  const PlanarSweepSpec& s = config.spec;
  const PlanarSamplePlan& p = s.plan;
  std::ostringstream o;
  o << "# collsweep run configuration, resolved: every default filled in";
  if (!config.source_path.empty()) o << " (from " << config.source_path << ")";
  o << "\n\n[run]\n";
  o << "name = " << toml_string(config.name) << "\n";
  o << "seed = " << p.seed << "\n";
  o << "samples = " << config.samples << "\n";
  o << "batch = " << config.batch << "\n";
  o << "laws = [";
  for (int i = 0; i < s.n_laws; ++i) o << (i ? ", " : "") << '"' << law_name(s.laws[i]) << '"';
  o << "]\n";
  o << "tolerance = " << toml_double(s.tolerance) << "\n";
  o << "witnesses = " << s.witnesses << "\n";
  o << "samples_npy = " << (config.samples_npy ? "true" : "false") << "\n";

  o << "\n[matrix]\n";
  o << "kind = \"" << config::matrix_kind_name(p.W.kind) << "\"\n";
  switch (p.W.kind) {
    case MatrixKind::direct:
      o << "log10_cond = " << toml_scalar(p.W.log10_cond) << "\n";
      break;
    case MatrixKind::wishart:
      o << "dof = " << p.W.wishart_dof << "\n";
      break;
    case MatrixKind::mechanism:
      o << "dof = " << p.W.mechanism_dof << "\n";
      o << "log10_cond_M = " << toml_scalar(p.W.log10_cond_M) << "\n";
      break;
    case MatrixKind::fixed:
      o << "W = [" << toml_double(p.W.fixed.nn) << ", " << toml_double(p.W.fixed.nt) << ", "
        << toml_double(p.W.fixed.tt) << "]  # [m_nn, m_nt, m_tt]\n";
      break;
    case MatrixKind::shape:
      o << "rho = " << toml_scalar(p.W.rho) << "\n";
      o << "kappa = " << toml_scalar(p.W.kappa) << "\n";
      break;
  }

  o << "\n[approach]\n";
  o << "theta_deg = " << toml_scalar(p.theta_deg) << "\n";
  o << "random_tangent_sign = " << (p.random_tangent_sign ? "true" : "false") << "\n";

  o << "\n[parameters]\n";
  o << "mu = " << toml_scalar(p.mu) << "\n";
  o << "e = " << toml_scalar(p.e) << "\n";
  o << "e_t = " << toml_scalar(p.e_t) << "\n";

  o << "\n[map]\n";
  o << "x = " << toml_axis(s.axes[0]) << "\n";
  if (s.n_axes > 1) o << "y = " << toml_axis(s.axes[1]) << "\n";
  return o.str();
}

std::string resolved_config_json(const RunConfig& config) {
  const PlanarSweepSpec& s = config.spec;
  const PlanarSamplePlan& p = s.plan;
  std::ostringstream o;
  io::JsonWriter j(o);
  j.begin_object();
  j.key("source").string(config.source_path);

  j.key("run").begin_object();
  j.key("name").string(config.name);
  // TOML seeds are at most 2^63 - 1; a larger one set by code is written as a decimal string.
  if (p.seed <= static_cast<std::uint64_t>(INT64_MAX))
    j.key("seed").integer(static_cast<long long>(p.seed));
  else
    j.key("seed").string(std::to_string(p.seed));
  j.key("samples").integer(static_cast<long long>(config.samples));
  j.key("batch").integer(static_cast<long long>(config.batch));
  j.key("laws").begin_array();
  for (int i = 0; i < s.n_laws; ++i) j.string(law_name(s.laws[i]));
  j.end_array();
  j.key("tolerance").number(s.tolerance);
  j.key("witnesses").integer(s.witnesses);
  j.key("samples_npy").boolean(config.samples_npy);
  j.end_object();

  j.key("matrix").begin_object();
  j.key("kind").string(config::matrix_kind_name(p.W.kind));
  switch (p.W.kind) {
    case MatrixKind::direct:
      json_scalar(j.key("log10_cond"), p.W.log10_cond);
      break;
    case MatrixKind::wishart:
      j.key("dof").integer(p.W.wishart_dof);
      break;
    case MatrixKind::mechanism:
      j.key("dof").integer(p.W.mechanism_dof);
      json_scalar(j.key("log10_cond_M"), p.W.log10_cond_M);
      break;
    case MatrixKind::fixed:
      j.key("W").begin_array().number(p.W.fixed.nn).number(p.W.fixed.nt).number(p.W.fixed.tt).end_array();
      break;
    case MatrixKind::shape:
      json_scalar(j.key("rho"), p.W.rho);
      json_scalar(j.key("kappa"), p.W.kappa);
      break;
  }
  j.end_object();

  j.key("approach").begin_object();
  json_scalar(j.key("theta_deg"), p.theta_deg);
  j.key("random_tangent_sign").boolean(p.random_tangent_sign);
  j.end_object();

  j.key("parameters").begin_object();
  json_scalar(j.key("mu"), p.mu);
  json_scalar(j.key("e"), p.e);
  json_scalar(j.key("e_t"), p.e_t);
  j.end_object();

  j.key("map").begin_object();
  json_axis(j.key("x"), s.axes[0]);
  if (s.n_axes > 1) json_axis(j.key("y"), s.axes[1]);
  j.end_object();

  j.end_object();
  return o.str();
}

}  // namespace collsweep

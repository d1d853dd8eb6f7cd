// Writes a resolved RunConfig (every default filled in) as TOML that parses back, and as JSON.
#include <cstdint>
#include <cstdio>
#include <ostream>
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

// model.contacts: integers, so that it reads back (contacts takes no floats).
std::string toml_contacts(const ScalarDist& d) {
  const auto k = [](double x) { return std::to_string(static_cast<long long>(x)); };
  if (d.kind == ScalarKind::constant) return k(d.lo);
  return "{ dist = \"grid\", lo = " + k(d.lo) + ", hi = " + k(d.hi) + ", n = " + std::to_string(d.n) + " }";
}

void json_contacts(io::JsonWriter& j, const ScalarDist& d) {
  j.begin_object().key("dist").string(config::scalar_kind_name(d.kind));
  if (d.kind == ScalarKind::constant) {
    j.key("value").integer(static_cast<long long>(d.lo));
  } else {
    j.key("lo").integer(static_cast<long long>(d.lo)).key("hi").integer(static_cast<long long>(d.hi));
    j.key("n").integer(d.n);
  }
  j.end_object();
}

void json_axis(io::JsonWriter& j, const MapAxis& a) {
  j.begin_object().key("quantity").string(quantity_name(a.quantity));
  j.key("lo").number(a.lo).key("hi").number(a.hi).key("bins").integer(a.bins);
  j.end_object();
}

// The [run] keys both model kinds share, after the laws.
void toml_run_tail(std::ostream& o, const RunConfig& config, double tolerance, int witnesses) {
  o << "tolerance = " << toml_double(tolerance) << "\n";
  o << "witnesses = " << witnesses << "\n";
  o << "samples_npy = " << (config.samples_npy ? "true" : "false") << "\n";
}

void toml_run_head(std::ostream& o, const RunConfig& config, std::uint64_t seed) {
  o << "# collsweep run configuration, resolved: every default filled in";
  if (!config.source_path.empty()) o << " (from " << config.source_path << ")";
  o << "\n\n[model]\n";
  o << "kind = \"" << config::model_kind_name(config.model) << "\"\n";
  if (config.model == ModelKind::multicontact)
    o << "contacts = " << toml_contacts(config.multi.plan.contacts) << "\n";
  o << "\n[run]\n";
  o << "name = " << toml_string(config.name) << "\n";
  o << "seed = " << seed << "\n";
  o << "samples = " << config.samples << "\n";
  o << "batch = " << config.batch << "\n";
}

void toml_map(std::ostream& o, const MapAxis (&axes)[max_map_axes], int n_axes) {
  o << "\n[map]\n";
  o << "x = " << toml_axis(axes[0]) << "\n";
  if (n_axes > 1) o << "y = " << toml_axis(axes[1]) << "\n";
}

std::string planar_toml(const RunConfig& config) {
  const PlanarSweepSpec& s = config.spec;
  const PlanarSamplePlan& p = s.plan;
  std::ostringstream o;
  toml_run_head(o, config, p.seed);
  o << "laws = [";
  for (int i = 0; i < s.n_laws; ++i) o << (i ? ", " : "") << '"' << law_name(s.laws[i]) << '"';
  o << "]\n";
  toml_run_tail(o, config, s.tolerance, s.witnesses);

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

  toml_map(o, s.axes, s.n_axes);
  return o.str();
}

std::string multicontact_toml(const RunConfig& config) {
  const MultiContactSweepSpec& s = config.multi;
  const MultiContactSamplePlan& p = s.plan;
  std::ostringstream o;
  toml_run_head(o, config, p.seed);
  o << "laws = [";
  for (int i = 0; i < s.n_laws; ++i) o << (i ? ", " : "") << '"' << law_name(s.laws[i]) << '"';
  o << "]\n";
  o << "solver = \"" << config::solver_name(s.solver) << "\"\n";
  toml_run_tail(o, config, s.tolerance, s.witnesses);

  o << "\n[matrix]\n";
  o << "kind = \"" << config::delassus_kind_name(p.G_kind) << "\"\n";
  switch (p.G_kind) {
    case DelassusKind::direct:
      o << "log10_cond = " << toml_scalar(p.log10_cond) << "\n";
      break;
    case DelassusKind::wishart:
      o << "extra_dof = " << p.wishart_extra_dof << "\n";
      break;
    case DelassusKind::mechanism:
      o << "dof = " << p.mechanism_dof << "\n";
      o << "log10_cond_M = " << toml_scalar(p.log10_cond_M) << "\n";
      break;
  }

  o << "\n[approach]\n";
  o << "gamma_N = " << toml_scalar(p.gamma_N) << "\n";
  o << "gamma_T = " << toml_scalar(p.gamma_T) << "\n";

  o << "\n[parameters]\n";
  o << "mu = " << toml_scalar(p.mu) << "\n";
  o << "eps_N = " << toml_scalar(p.eps_N) << "\n";
  o << "eps_T_ratio = " << toml_scalar(p.eps_T_ratio) << "\n";

  toml_map(o, s.axes, s.n_axes);
  return o.str();
}

// TOML seeds are at most 2^63 - 1; a larger one set by code is written as a decimal string.
void json_run_head(io::JsonWriter& j, const RunConfig& config, std::uint64_t seed) {
  j.key("model").begin_object();
  j.key("kind").string(config::model_kind_name(config.model));
  if (config.model == ModelKind::multicontact) json_contacts(j.key("contacts"), config.multi.plan.contacts);
  j.end_object();

  j.key("run").begin_object();
  j.key("name").string(config.name);
  if (seed <= static_cast<std::uint64_t>(INT64_MAX))
    j.key("seed").integer(static_cast<long long>(seed));
  else
    j.key("seed").string(std::to_string(seed));
  j.key("samples").integer(static_cast<long long>(config.samples));
  j.key("batch").integer(static_cast<long long>(config.batch));
}

void json_run_tail(io::JsonWriter& j, const RunConfig& config, double tolerance, int witnesses) {
  j.key("tolerance").number(tolerance);
  j.key("witnesses").integer(witnesses);
  j.key("samples_npy").boolean(config.samples_npy);
  j.end_object();
}

void json_map(io::JsonWriter& j, const MapAxis (&axes)[max_map_axes], int n_axes) {
  j.key("map").begin_object();
  json_axis(j.key("x"), axes[0]);
  if (n_axes > 1) json_axis(j.key("y"), axes[1]);
  j.end_object();
}

void planar_json(io::JsonWriter& j, const RunConfig& config) {
  const PlanarSweepSpec& s = config.spec;
  const PlanarSamplePlan& p = s.plan;
  json_run_head(j, config, p.seed);
  j.key("laws").begin_array();
  for (int i = 0; i < s.n_laws; ++i) j.string(law_name(s.laws[i]));
  j.end_array();
  json_run_tail(j, config, s.tolerance, s.witnesses);

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

  json_map(j, s.axes, s.n_axes);
}

void multicontact_json(io::JsonWriter& j, const RunConfig& config) {
  const MultiContactSweepSpec& s = config.multi;
  const MultiContactSamplePlan& p = s.plan;
  json_run_head(j, config, p.seed);
  j.key("laws").begin_array();
  for (int i = 0; i < s.n_laws; ++i) j.string(law_name(s.laws[i]));
  j.end_array();
  j.key("solver").string(config::solver_name(s.solver));
  json_run_tail(j, config, s.tolerance, s.witnesses);

  j.key("matrix").begin_object();
  j.key("kind").string(config::delassus_kind_name(p.G_kind));
  switch (p.G_kind) {
    case DelassusKind::direct:
      json_scalar(j.key("log10_cond"), p.log10_cond);
      break;
    case DelassusKind::wishart:
      j.key("extra_dof").integer(p.wishart_extra_dof);
      break;
    case DelassusKind::mechanism:
      j.key("dof").integer(p.mechanism_dof);
      json_scalar(j.key("log10_cond_M"), p.log10_cond_M);
      break;
  }
  j.end_object();

  j.key("approach").begin_object();
  json_scalar(j.key("gamma_N"), p.gamma_N);
  json_scalar(j.key("gamma_T"), p.gamma_T);
  j.end_object();

  j.key("parameters").begin_object();
  json_scalar(j.key("mu"), p.mu);
  json_scalar(j.key("eps_N"), p.eps_N);
  json_scalar(j.key("eps_T_ratio"), p.eps_T_ratio);
  j.end_object();

  json_map(j, s.axes, s.n_axes);
}

}  // namespace

std::string resolved_config_toml(const RunConfig& config) {
  return config.model == ModelKind::multicontact ? multicontact_toml(config) : planar_toml(config);
}

std::string resolved_config_json(const RunConfig& config) {
  std::ostringstream o;
  io::JsonWriter j(o);
  j.begin_object();
  j.key("source").string(config.source_path);
  if (config.model == ModelKind::multicontact)
    multicontact_json(j, config);
  else
    planar_json(j, config);
  j.end_object();
  return o.str();
}

}  // namespace collsweep

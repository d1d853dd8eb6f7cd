// Run-config validation: each kind of bad config gives a ConfigError with key path, value, reason, position.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "families/run_config.hpp"

namespace collsweep {
namespace {

// A valid config made of sections; each case replaces one section (or appends to it).
struct Doc {
  std::string model;  // [model], empty: none (planar)
  std::string run = "seed = 1\nsamples = 1000\nlaws = [\"stronge\"]\n";
  std::string matrix;
  std::string approach;
  std::string parameters;
  std::string map = "x = { quantity = \"theta\", lo = 0.0, hi = 90.0, bins = 10 }\n";
  std::string prefix;  // root-level keys before the first table
  std::string extra;   // appended at the end (other tables)

  // A section's [header] is written only when the section has keys.
  std::string text() const {
    std::string t = "# test config\n" + prefix;
    if (!model.empty()) t += "[model]\n" + model;
    if (!run.empty()) t += "[run]\n" + run;
    if (!matrix.empty()) t += "[matrix]\n" + matrix;
    if (!approach.empty()) t += "[approach]\n" + approach;
    if (!parameters.empty()) t += "[parameters]\n" + parameters;
    if (!map.empty()) t += "[map]\n" + map;
    return t + extra;
  }
};

Doc run(std::string extra_or_all, bool replace = false) {
  Doc d;
  d.run = replace ? extra_or_all : d.run + extra_or_all;
  return d;
}
Doc matrix(std::string m) {
  Doc d;
  d.matrix = std::move(m);
  return d;
}
Doc approach(std::string a) {
  Doc d;
  d.approach = std::move(a);
  return d;
}
Doc params(std::string p) {
  Doc d;
  d.parameters = std::move(p);
  return d;
}
Doc map(std::string m) {
  Doc d;
  d.map = std::move(m);
  return d;
}

// A valid multi-contact config (k = 2, one law, a log10_cond map), with `edit` applied.
template <typename F>
Doc multi(F edit) {
  Doc d;
  d.model = "kind = \"multicontact\"\n";
  d.run = "seed = 1\nsamples = 1000\nlaws = [\"poisson-lcp\"]\n";
  d.map = "x = { quantity = \"log10_cond\", lo = 0.0, hi = 3.0, bins = 10 }\n";
  edit(d);
  return d;
}
Doc multi_model(const std::string& m) {
  return multi([&](Doc& d) { d.model += m; });
}
Doc multi_run(const std::string& r) {
  return multi([&](Doc& d) { d.run += r; });
}
Doc multi_laws(const std::string& laws) {
  return multi([&](Doc& d) { d.run = "seed = 1\nsamples = 1000\nlaws = " + laws + "\n"; });
}
Doc multi_matrix(const std::string& m) {
  return multi([&](Doc& d) { d.matrix = m; });
}
Doc multi_approach(const std::string& a) {
  return multi([&](Doc& d) { d.approach = a; });
}
Doc multi_params(const std::string& p) {
  return multi([&](Doc& d) { d.parameters = p; });
}
Doc multi_map(const std::string& m) {
  return multi([&](Doc& d) { d.map = m; });
}

// A rod on both ends (matrix.kind = "body", two contacts).
const char* const kBody =
    "kind = \"body\"\nmass = 1.0\ninertia = 0.1\npoints = [[-0.5, 0.0], [0.5, 0.0]]\n"
    "normals = [[0.0, 1.0], [0.0, 1.0]]\n";

struct BadCase {
  const char* name;
  Doc doc;
  std::vector<std::string> expect;  // substrings of the message: key path (with value), reason, ...
  const char* at;                   // the error's line is the first line containing this ("" = no check)
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

// The 1-based line of the first line of text containing `needle`, or 0.
int line_of(const std::string& text, const std::string& needle) {
  int line = 1;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string l = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (l.find(needle) != std::string::npos) return line;
    if (end == std::string::npos) break;
    start = end + 1;
    ++line;
  }
  return 0;
}

std::string error_of(const std::string& text) {
  try {
    parse_run_config(text, "test.toml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no error)";
}

const std::vector<BadCase>& bad_cases() {
  static const std::vector<BadCase> cases = {
      // ---- [run] ----
      {"missing_run",
       [] {
         Doc d;
         d.run.clear();
         return d;
       }(),
       {"run: required key is missing"},
       ""},
      {"missing_seed",
       run("samples = 1000\nlaws = [\"stronge\"]\n", true),
       {"run.seed", "required"},
       "[run]"},
      {"missing_samples",
       run("seed = 1\nlaws = [\"stronge\"]\n", true),
       {"run.samples", "required"},
       "[run]"},
      {"missing_laws", run("seed = 1\nsamples = 10\n", true), {"run.laws", "required"}, "[run]"},
      {"seed_negative",
       run("seed = -1\nsamples = 10\nlaws = [\"stronge\"]\n", true),
       {"run.seed = -1", "out of range", "unsigned"},
       "seed = -1"},
      {"seed_float",
       run("seed = 1.5\nsamples = 10\nlaws = [\"stronge\"]\n", true),
       {"run.seed = 1.5", "expected an integer, got a floating-point number"},
       "seed = 1.5"},
      {"seed_string",
       run("seed = \"42\"\nsamples = 10\nlaws = [\"stronge\"]\n", true),
       {"run.seed = \"42\"", "expected an integer, got a string"},
       "seed = \"42\""},
      {"samples_zero",
       run("seed = 1\nsamples = 0\nlaws = [\"stronge\"]\n", true),
       {"run.samples = 0", "must be >= 1"},
       "samples = 0"},
      {"samples_float",
       run("seed = 1\nsamples = 2e6\nlaws = [\"stronge\"]\n", true),
       {"run.samples = 2e+06", "expected an integer, got a floating-point number"},
       "samples = 2e6"},
      {"batch_zero", run("batch = 0\n"), {"run.batch = 0", "must be >= 1"}, "batch = 0"},
      {"laws_empty",
       run("seed = 1\nsamples = 10\nlaws = []\n", true),
       {"run.laws = []", "at least one law"},
       "laws = []"},
      {"laws_not_array",
       run("seed = 1\nsamples = 10\nlaws = \"stronge\"\n", true),
       {"run.laws = \"stronge\"", "expected an array, got a string"},
       "laws ="},
      {"law_unknown",
       run("seed = 1\nsamples = 10\nlaws = [\"strong\"]\n", true),
       {"run.laws[0] = \"strong\"", "unknown law", "did you mean \"stronge\"?", "chatterjee-ruina"},
       "laws ="},
      {"law_not_string",
       run("seed = 1\nsamples = 10\nlaws = [\"poisson\", 3]\n", true),
       {"run.laws[1] = 3", "expected a string, got an integer"},
       "laws ="},
      {"law_duplicate",
       run("seed = 1\nsamples = 10\nlaws = [\"poisson\", \"newton\", \"poisson\"]\n", true),
       {"run.laws[2] = \"poisson\"", "duplicate law", "run.laws[0]"},
       "laws ="},
      {"tolerance_negative",
       run("tolerance = -1e-9\n"),
       {"run.tolerance = -1e-09", "must be >= 0"},
       "tolerance"},
      {"tolerance_string",
       run("tolerance = \"tiny\"\n"),
       {"run.tolerance = \"tiny\"", "expected a number"},
       "tolerance"},
      {"witnesses_too_many", run("witnesses = 65\n"), {"run.witnesses = 65", "within [0, 64]"}, "witnesses"},
      {"witnesses_negative", run("witnesses = -1\n"), {"run.witnesses = -1", "within [0, 64]"}, "witnesses"},
      {"samples_npy_too_many",
       run("seed = 1\nsamples = 1_000_001\nlaws = [\"stronge\"]\nsamples_npy = true\n", true),
       {"run.samples_npy = true", "only allowed when run.samples <= 1000000"},
       "samples_npy"},
      {"samples_npy_not_bool",
       run("samples_npy = 1\n"),
       {"run.samples_npy = 1", "expected a boolean"},
       "samples_npy"},
      {"name_empty", run("name = \"\"\n"), {"run.name = \"\"", "must not be empty"}, "name"},
      {"name_slash", run("name = \"a/b\"\n"), {"run.name = \"a/b\"", "must not contain '/'"}, "name"},
      {"run_unknown_key",
       run("sample = 5\n"),
       {"run.sample", "unknown key", "did you mean \"samples\"?"},
       "sample = 5"},
      {"run_not_table",
       [] {
         Doc d;
         d.run.clear();
         d.prefix = "run = 3\n";
         return d;
       }(),
       {"run = 3", "expected a table, got an integer"},
       "run = 3"},

      // ---- top level ----
      {"top_unknown_table",
       [] {
         Doc d;
         d.extra = "[paramters]\nmu = 0.5\n";
         return d;
       }(),
       {"paramters", "unknown key", "did you mean \"parameters\"?"},
       "[paramters]"},
      {"top_unknown_key_no_suggestion",
       [] {
         Doc d;
         d.extra = "[output]\ndir = \"x\"\n";
         return d;
       }(),
       {"output", "unknown key; known keys: model, run, matrix, approach, parameters, map"},
       "[output]"},
      {"top_level_stray_key",
       [] {
         Doc d;
         d.prefix = "samples = 10\n";
         return d;
       }(),
       {"samples", "unknown top-level key; it belongs in the [run] table"},
       "samples = 10"},
      {"missing_map",
       [] {
         Doc d;
         d.map.clear();
         return d;
       }(),
       {"map: required key is missing"},
       ""},

      // ---- [matrix] ----
      {"matrix_kind_unknown",
       matrix("kind = \"wishrt\"\n"),
       {"matrix.kind = \"wishrt\"", "unknown matrix kind", "did you mean \"wishart\"?"},
       "kind"},
      {"matrix_W_with_direct",
       matrix("kind = \"direct\"\nW = [1.0, 0.0, 1.0]\n"),
       {"matrix.W = [1, 0, 1]", "not applicable to matrix.kind = \"direct\"", "\"fixed\""},
       "W ="},
      {"matrix_W_default_kind",
       matrix("W = [1.0, 0.0, 1.0]\n"),
       {"matrix.W", "not applicable to matrix.kind = \"direct\""},
       "W ="},
      {"matrix_cond_with_fixed",
       matrix("kind = \"fixed\"\nW = [1, 0, 1]\nlog10_cond = 1.0\n"),
       {"matrix.log10_cond = 1", "not applicable to matrix.kind = \"fixed\""},
       "log10_cond"},
      // log10_cond (cond(W), direct) and log10_cond_M (cond(M) of a mechanism) are not interchangeable.
      {"matrix_cond_with_mechanism",
       matrix("kind = \"mechanism\"\nlog10_cond = 2.0\n"),
       {"matrix.log10_cond = 2",
        "not applicable to matrix.kind = \"mechanism\" (only read by kind = \"direct\"; "
        "kind = \"mechanism\" bounds the condition number of its mass matrix M with log10_cond_M, which does "
        "not "
        "bound W's)"},
       "log10_cond"},
      {"matrix_cond_M_with_direct",
       matrix("log10_cond_M = 2.0\n"),
       {"matrix.log10_cond_M = 2",
        "(only read by kind = \"mechanism\"; kind = \"direct\" bounds the condition "
        "number of W itself with log10_cond)"},
       "log10_cond_M"},
      {"matrix_cond_M_too_large",
       matrix("kind = \"mechanism\"\nlog10_cond_M = 13.0\n"),
       {"matrix.log10_cond_M = 13", "log10 cond(M) (of M, not W): cond >= 1"},
       "log10_cond_M"},
      {"matrix_dof_with_shape",
       matrix("kind = \"shape\"\ndof = 3\n"),
       {"matrix.dof = 3", "not applicable to matrix.kind = \"shape\""},
       "dof"},
      {"matrix_cond_below_one",
       matrix("log10_cond = { dist = \"uniform\", lo = -1.0, hi = 2.0 }\n"),
       {"matrix.log10_cond.lo = -1", "log10_cond must be within [0, 12]", "cond >= 1"},
       "log10_cond"},
      {"matrix_cond_constant_negative",
       matrix("log10_cond = -0.5\n"),
       {"matrix.log10_cond = -0.5", "must be within [0, 12]"},
       "log10_cond"},
      {"matrix_cond_too_large",
       matrix("log10_cond = { dist = \"uniform\", lo = 0.0, hi = 13.0 }\n"),
       {"matrix.log10_cond.hi = 13", "cond <= 1e12"},
       "log10_cond"},
      {"matrix_W_not_spd",
       matrix("kind = \"fixed\"\nW = [1.0, 2.0, 1.0]\n"),
       {"matrix.W = [1, 2, 1]", "not symmetric positive definite"},
       "W ="},
      {"matrix_W_negative_diagonal",
       matrix("kind = \"fixed\"\nW = [-1.0, 0.0, 1.0]\n"),
       {"matrix.W = [-1, 0, 1]", "not symmetric positive definite"},
       "W ="},
      {"matrix_W_wrong_length",
       matrix("kind = \"fixed\"\nW = [1.0, 0.0]\n"),
       {"matrix.W = [1, 0]", "expected 3 numbers"},
       "W ="},
      {"matrix_W_string_entry",
       matrix("kind = \"fixed\"\nW = [1.0, \"0\", 1.0]\n"),
       {"matrix.W[1] = \"0\"", "expected a number, got a string"},
       "W ="},
      {"matrix_W_missing",
       matrix("kind = \"fixed\"\n"),
       {"matrix.W", "required", "W = [m_nn, m_nt, m_tt]"},
       "[matrix]"},
      {"matrix_wishart_dof",
       matrix("kind = \"wishart\"\ndof = 1\n"),
       {"matrix.dof = 1", "within [2, 10000]"},
       "dof"},
      {"matrix_mechanism_dof",
       matrix("kind = \"mechanism\"\ndof = 13\n"),
       {"matrix.dof = 13", "within [2, 12]"},
       "dof"},
      {"matrix_dof_float",
       matrix("kind = \"mechanism\"\ndof = 3.0\n"),
       {"matrix.dof = 3", "expected an integer, got a floating-point number"},
       "dof"},
      {"matrix_rho_at_one",
       matrix("kind = \"shape\"\nrho = { dist = \"uniform\", lo = 0.0, hi = 1.0 }\n"),
       {"matrix.rho.hi = 1", "within (-1, 1)"},
       "rho"},
      {"matrix_kappa_zero",
       matrix("kind = \"shape\"\nkappa = 0\n"),
       {"matrix.kappa = 0", "kappa must be > 0"},
       "kappa"},
      {"matrix_unknown_key",
       matrix("kind = \"fixed\"\nw = [1, 0, 1]\n"),
       {"matrix.w", "unknown key", "did you mean \"W\"?"},
       "w ="},

      // ---- [approach] ----
      {"theta_constant_90",
       approach("theta_deg = 90\n"),
       {"approach.theta_deg = 90", "theta_deg must be within [0, 90)"},
       "theta_deg"},
      {"theta_hi_above_90",
       approach("theta_deg = { dist = \"uniform\", lo = 0, hi = 95 }\n"),
       {"approach.theta_deg.hi = 95", "within [0, 90)", "may equal 90"},
       "theta_deg"},
      {"theta_negative",
       approach("theta_deg = { dist = \"uniform\", lo = -5, hi = 45 }\n"),
       {"approach.theta_deg.lo = -5", "within [0, 90)"},
       "theta_deg"},
      {"theta_grid_reaches_90",
       approach("theta_deg = { dist = \"grid\", lo = 0, hi = 90, n = 10 }\n"),
       {"approach.theta_deg.hi = 90", "within [0, 90)"},
       "theta_deg"},
      {"tangent_sign_not_bool",
       approach("random_tangent_sign = \"yes\"\n"),
       {"approach.random_tangent_sign = \"yes\"", "expected a boolean"},
       "random_tangent_sign"},
      {"approach_unknown_key",
       approach("theta = 30\n"),
       {"approach.theta", "unknown key", "theta_deg"},
       "theta = 30"},

      // ---- [parameters] ----
      {"e_above_one", params("e = 1.5\n"), {"parameters.e = 1.5", "e must be within [0, 1]"}, "e = 1.5"},
      {"e_negative", params("e = -0.1\n"), {"parameters.e = -0.1", "within [0, 1]"}, "e = -0.1"},
      {"e_hi_above_one",
       params("e = { dist = \"uniform\", lo = 0.5, hi = 1.2 }\n"),
       {"parameters.e.hi = 1.2", "within [0, 1]"},
       "e = {"},
      {"mu_negative",
       params("mu = { dist = \"uniform\", lo = -0.5, hi = 1.0 }\n"),
       {"parameters.mu.lo = -0.5", "mu must be >= 0"},
       "mu ="},
      {"e_t_below_minus_one", params("e_t = -1.5\n"), {"parameters.e_t = -1.5", "e_t must be >= -1"}, "e_t"},
      {"empty_range",
       params("mu = { dist = \"uniform\", lo = 0.5, hi = 0.5 }\n"),
       {"parameters.mu.hi = 0.5", "empty range", "lo = 0.5"},
       "mu ="},
      {"reversed_range",
       params("mu = { dist = \"log_uniform\", lo = 2, hi = 1 }\n"),
       {"parameters.mu.hi = 1", "empty range"},
       "mu ="},
      {"log_uniform_zero_lo",
       params("mu = { dist = \"log_uniform\", lo = 0.0, hi = 1.0 }\n"),
       {"parameters.mu.lo = 0", "log_uniform needs lo > 0"},
       "mu ="},
      {"grid_zero_points",
       params("e = { dist = \"grid\", lo = 0, hi = 1, n = 0 }\n"),
       {"parameters.e.n = 0", "within [1, 4294967295]"},
       "e ="},
      {"grid_reversed",
       params("e = { dist = \"grid\", lo = 1, hi = 0, n = 3 }\n"),
       {"parameters.e.hi = 0", "empty range", "hi >= lo"},
       "e ="},
      {"grid_missing_hi",
       params("e = { dist = \"grid\", lo = 0, n = 3 }\n"),
       {"parameters.e.hi", "required", "n > 1 needs hi"},
       "e ="},
      {"grid_missing_n",
       params("e = { dist = \"grid\", lo = 0, hi = 1 }\n"),
       {"parameters.e.n", "required"},
       "e ="},
      {"dist_unknown",
       params("mu = { dist = \"normal\", lo = 0, hi = 1 }\n"),
       {"parameters.mu.dist = \"normal\"", "unknown distribution", "constant, uniform, log_uniform, grid"},
       "mu ="},
      {"dist_hyphen",
       params("mu = { dist = \"log-uniform\", lo = 0.1, hi = 1 }\n"),
       {"parameters.mu.dist = \"log-uniform\"", "did you mean \"log_uniform\"?"},
       "mu ="},
      {"dist_missing", params("mu = { lo = 0, hi = 1 }\n"), {"parameters.mu.dist", "required"}, "mu ="},
      {"scalar_string", params("e = \"0.5\"\n"), {"parameters.e = \"0.5\"", "expected a number"}, "e ="},
      {"scalar_unknown_key",
       params("mu = { dist = \"uniform\", lo = 0, hii = 1 }\n"),
       {"parameters.mu.hii", "unknown key", "did you mean \"hi\"?"},
       "mu ="},
      {"uniform_with_n",
       params("mu = { dist = \"uniform\", lo = 0, hi = 1, n = 3 }\n"),
       {"parameters.mu.n = 3", "not applicable to dist = \"uniform\""},
       "mu ="},
      {"uniform_missing_hi",
       params("mu = { dist = \"uniform\", lo = 0 }\n"),
       {"parameters.mu.hi", "required"},
       "mu ="},
      {"constant_value_and_lo",
       params("mu = { dist = \"constant\", value = 0.2, lo = 0.2 }\n"),
       {"parameters.mu.lo = 0.2", "not both"},
       "mu ="},
      {"constant_with_hi",
       params("mu = { value = 0.2, hi = 0.3 }\n"),
       {"parameters.mu.hi = 0.3", "not applicable to dist = \"constant\""},
       "mu ="},
      {"constant_value_out_of_range",
       params("e = { value = 2 }\n"),
       {"parameters.e.value = 2", "within [0, 1]"},
       "e ="},
      {"mu_nan", params("mu = nan\n"), {"parameters.mu = nan", "finite"}, "mu ="},
      {"mu_inf",
       params("mu = { dist = \"uniform\", lo = 0, hi = inf }\n"),
       {"parameters.mu.hi = inf", "finite"},
       "mu ="},
      {"parameters_unknown_key",
       params("muu = 0.3\n"),
       {"parameters.muu", "unknown key", "did you mean \"mu\"?"},
       "muu"},
      {"grid_larger_than_samples",
       [] {
         Doc d = params(
             "e = { dist = \"grid\", lo = 0, hi = 1, n = 11 }\nmu = { dist = \"grid\", lo = 0, hi = 1, n = "
             "100 }\n");
         d.run = "seed = 1\nsamples = 1000\nlaws = [\"stronge\"]\n";
         return d;
       }(),
       {"run.samples = 1000", "fewer samples than grid points",
        "parameters.mu.n = 100 * parameters.e.n = 11 = 1100", "use samples >= 1100"},
       "samples"},

      // ---- [map] ----
      {"map_zero_bins",
       map("x = { quantity = \"theta\", lo = 0, hi = 90, bins = 0 }\n"),
       {"map.x.bins = 0", "within [1, 4096]"},
       "x ="},
      {"map_too_many_bins",
       map("x = { quantity = \"theta\", lo = 0, hi = 90, bins = 5000 }\n"),
       {"map.x.bins = 5000", "within [1, 4096]"},
       "x ="},
      {"map_too_many_cells",
       map("x = { quantity = \"theta\", lo = 0, hi = 90, bins = 4096 }\ny = { quantity = \"mu\", lo = 0, hi "
           "= 1, "
           "bins = 4096 }\n"),
       {"map.y.bins = 4096", "too many map cells", "16777216 > 1000000"},
       "y = {"},
      {"map_empty_range",
       map("x = { quantity = \"mu\", lo = 1, hi = 1, bins = 4 }\n"),
       {"map.x.hi = 1", "empty range"},
       "x ="},
      {"map_unknown_quantity",
       map("x = { quantity = \"thta\", lo = 0, hi = 90, bins = 4 }\n"),
       {"map.x.quantity = \"thta\"", "unknown quantity", "did you mean \"theta\"?", "log10_cond"},
       "x ="},
      {"map_missing_x",
       map("y = { quantity = \"mu\", lo = 0, hi = 1, bins = 4 }\n"),
       {"map.x", "required"},
       "[map]"},
      {"map_missing_bins",
       map("x = { quantity = \"mu\", lo = 0, hi = 1 }\n"),
       {"map.x.bins", "required"},
       "x ="},
      {"map_same_quantity",
       map("x = { quantity = \"mu\", lo = 0, hi = 1, bins = 4 }\ny = { quantity = \"mu\", lo = 0, hi = 2, "
           "bins = 4 }\n"),
       {"map.y.quantity = \"mu\"", "same quantity as map.x"},
       "y = {"},
      {"map_unknown_key",
       map("x = { quantity = \"mu\", lo = 0, hi = 1, bins = 4 }\nz = 1\n"),
       {"map.z", "unknown key; known keys: x, y"},
       "z = 1"},
      {"map_axis_not_table",
       map("x = \"theta\"\n"),
       {"map.x = \"theta\"", "expected a table, got a string"},
       "x ="},

      // ---- [model] ----
      {"model_kind_unknown",
       [] {
         Doc d;
         d.model = "kind = \"multi-contact\"\n";
         return d;
       }(),
       {"model.kind = \"multi-contact\"", "unknown model kind", "did you mean \"multicontact\"?",
        "planar, multicontact"},
       "kind ="},
      {"model_unknown_key",
       multi_model("contact = 3\n"),
       {"model.contact", "unknown key", "did you mean \"contacts\"?"},
       "contact = 3"},
      {"model_not_table",
       [] {
         Doc d;
         d.prefix = "model = \"multicontact\"\n";
         return d;
       }(),
       {"model = \"multicontact\"", "expected a table, got a string"},
       "model ="},
      {"top_level_stray_contacts",
       [] {
         Doc d;
         d.prefix = "contacts = 2\n";
         return d;
       }(),
       {"contacts", "unknown top-level key; it belongs in the [model] table"},
       "contacts = 2"},
      {"top_level_stray_kind",
       [] {
         Doc d;
         d.prefix = "kind = \"multicontact\"\n";
         return d;
       }(),
       {"kind", "it belongs in the [model] or [matrix] table"},
       "kind ="},
      {"contacts_zero",
       multi_model("contacts = 0\n"),
       {"model.contacts = 0", "contacts must be within [1, 4]"},
       "contacts"},
      {"contacts_five",
       multi_model("contacts = 5\n"),
       {"model.contacts = 5", "contacts must be within [1, 4]"},
       "contacts"},
      {"contacts_float",
       multi_model("contacts = 2.0\n"),
       {"model.contacts = 2", "expected an integer, got a floating-point number"},
       "contacts"},
      {"contacts_constant_value_out_of_range",
       multi_model("contacts = { value = 6 }\n"),
       {"model.contacts.value = 6", "within [1, 4]"},
       "contacts"},
      {"contacts_uniform",
       multi_model("contacts = { dist = \"uniform\", lo = 1, hi = 4 }\n"),
       {"model.contacts.dist = \"uniform\"", "integer values only"},
       "contacts"},
      {"contacts_grid_float_lo",
       multi_model("contacts = { dist = \"grid\", lo = 1.5, hi = 4, n = 2 }\n"),
       {"model.contacts.lo = 1.5", "expected an integer"},
       "contacts"},
      {"contacts_grid_hi_too_large",
       multi_model("contacts = { dist = \"grid\", lo = 1, hi = 5, n = 5 }\n"),
       {"model.contacts.hi = 5", "within [1, 4]"},
       "contacts"},
      {"contacts_grid_non_integer_points",
       multi_model("contacts = { dist = \"grid\", lo = 1, hi = 4, n = 3 }\n"),
       {"model.contacts.n = 3", "must be integers", "n - 1 must divide hi - lo = 3"},
       "contacts"},
      {"contacts_string",
       multi_model("contacts = \"two\"\n"),
       {"model.contacts = \"two\"", "expected an integer (a constant) or a table { dist = \"grid\""},
       "contacts"},
      {"contacts_in_planar",
       [] {
         Doc d;
         d.model = "kind = \"planar\"\ncontacts = 2\n";
         return d;
       }(),
       {"model.contacts = 2", "not applicable to model.kind = \"planar\"", "kind = \"multicontact\""},
       "contacts"},

      // ---- multi-contact [run] ----
      {"mc_samples_npy",
       multi_run("samples_npy = true\n"),
       {"run.samples_npy = true",
        "model.kind = \"multicontact\" writes no samples.npy (only planar runs do)"},
       "samples_npy"},
      {"mc_planar_law",
       multi_laws("[\"poisson\"]"),
       {"run.laws[0] = \"poisson\"", "not applicable to model.kind = \"multicontact\"", "a planar law",
        "did you mean \"poisson-lcp\"?", "multi-contact laws: poisson-lcp, newton-lcp"},
       "laws ="},
      {"mc_planar_law_second",
       multi_laws("[\"newton-lcp\", \"stronge\"]"),
       {"run.laws[1] = \"stronge\"", "not applicable to model.kind = \"multicontact\""},
       "laws ="},
      {"planar_mc_law",
       run("seed = 1\nsamples = 10\nlaws = [\"newton-lcp\"]\n", true),
       {"run.laws[0] = \"newton-lcp\"", "not applicable to model.kind = \"planar\"", "a multi-contact law",
        "did you mean \"newton\"?", "kind = \"multicontact\""},
       "laws ="},
      {"mc_law_unknown",
       multi_laws("[\"poisson-lpc\"]"),
       {"run.laws[0] = \"poisson-lpc\"", "unknown law", "did you mean \"poisson-lcp\"?"},
       "laws ="},
      {"mc_law_duplicate",
       multi_laws("[\"newton-lcp\", \"newton-lcp\"]"),
       {"run.laws[1] = \"newton-lcp\"", "duplicate law", "run.laws[0]"},
       "laws ="},
      {"mc_laws_empty", multi_laws("[]"), {"run.laws = []", "poisson-lcp, newton-lcp"}, "laws ="},
      {"mc_solver_unknown",
       multi_run("solver = \"lemk\"\n"),
       {"run.solver = \"lemk\"", "unknown solver", "did you mean \"lemke\"?",
        "automatic, enumeration, lemke"},
       "solver"},
      {"mc_solver_not_string",
       multi_run("solver = 2\n"),
       {"run.solver = 2", "expected a string, got an integer"},
       "solver"},
      {"planar_solver",
       run("solver = \"lemke\"\n"),
       {"run.solver = \"lemke\"", "not applicable to model.kind = \"planar\""},
       "solver"},
      {"mc_run_unknown_key",
       multi_run("solvers = \"lemke\"\n"),
       {"run.solvers", "unknown key", "did you mean \"solver\"?"},
       "solvers"},

      // ---- multi-contact [matrix] ----
      {"mc_matrix_kind_fixed",
       multi_matrix("kind = \"fixed\"\n"),
       {"matrix.kind = \"fixed\"", "not applicable to model.kind = \"multicontact\"",
        "direct, wishart, mechanism"},
       "kind = \"fixed\""},
      {"mc_matrix_kind_unknown",
       multi_matrix("kind = \"mechanisms\"\n"),
       {"matrix.kind = \"mechanisms\"", "unknown matrix kind", "did you mean \"mechanism\"?"},
       "kind = \"mechanisms\""},
      {"mc_mechanism_dof_zero",
       multi_matrix("kind = \"mechanism\"\ndof = 0\n"),
       {"matrix.dof = 0", "within [1, 12]"},
       "dof"},
      {"mc_body_points_not_contacts",
       multi([](Doc& d) {
         d.model += "contacts = 3\n";
         d.matrix = kBody;
       }),
       {"matrix.points", "2 contact points but model.contacts = 3", "set model.contacts = 2"},
       "points"},
      {"mc_body_contacts_grid",
       multi([](Doc& d) {
         d.model += "contacts = { dist = \"grid\", lo = 1, hi = 2, n = 2 }\n";
         d.matrix = kBody;
       }),
       {"matrix.points", "model.contacts must be a constant"},
       "points"},
      {"mc_body_without_points",
       multi_matrix("kind = \"body\"\nmass = 1.0\ninertia = 0.1\nnormals = [[0.0, 1.0], [0.0, 1.0]]\n"),
       {"matrix.points", "kind = \"body\" needs the contact points"},
       "[matrix]"},
      {"mc_body_point_not_a_pair",
       multi_matrix("kind = \"body\"\nmass = 1.0\ninertia = 0.1\npoints = [[-0.5, 0.0], [0.5]]\n"
                    "normals = [[0.0, 1.0], [0.0, 1.0]]\n"),
       {"matrix.points[1]", "expected [x, y]"},
       "points"},
      {"mc_body_normals_count",
       multi_matrix("kind = \"body\"\nmass = 1.0\ninertia = 0.1\npoints = [[-0.5, 0.0], [0.5, 0.0]]\n"
                    "normals = [[0.0, 1.0]]\n"),
       {"matrix.normals", "1 normals for 2 contact points"},
       "normals"},
      {"mc_body_zero_normal",
       multi_matrix("kind = \"body\"\nmass = 1.0\ninertia = 0.1\npoints = [[-0.5, 0.0], [0.5, 0.0]]\n"
                    "normals = [[0.0, 1.0], [0.0, 0.0]]\n"),
       {"matrix.normals[1]", "must not be zero"},
       "normals"},
      {"mc_body_negative_mass",
       multi_matrix("kind = \"body\"\nmass = -1.0\ninertia = 0.1\npoints = [[-0.5, 0.0], [0.5, 0.0]]\n"
                    "normals = [[0.0, 1.0], [0.0, 1.0]]\n"),
       {"matrix.mass = -1", "must be > 0"},
       "mass"},
      {"mc_body_gamma_N",
       multi([](Doc& d) {
         d.matrix = kBody;
         d.approach = "gamma_N = -1.0\n";
       }),
       {"approach.gamma_N = -1", "not applicable to matrix.kind = \"body\"", "J v, from approach.v_x"},
       "gamma_N"},
      {"mc_v_x_without_body",
       multi_approach("v_x = 1.0\n"),
       {"approach.v_x = 1", "not applicable to matrix.kind = \"direct\"", "\"body\""},
       "v_x"},
      {"mc_body_map_log10_cond",
       multi([](Doc& d) { d.matrix = kBody; }),  // (the map of multi(): log10_cond over [0, 3])
       {"map.x", "log10_cond takes values in {inf}", "the body's G"},
       "x ="},
      {"mc_map_omega_without_body",
       multi_map("x = { quantity = \"omega\", lo = -1.0, hi = 1.0, bins = 4 }\n"),
       {"map.x", "omega takes no value here", "only matrix.kind = \"body\" draws one"},
       "x ="},
      {"mc_mechanism_dof_too_large",
       multi_matrix("kind = \"mechanism\"\ndof = 13\n"),
       {"matrix.dof = 13", "within [1, 12]"},
       "dof"},
      {"mc_dof_with_wishart",
       multi_matrix("kind = \"wishart\"\ndof = 5\n"),
       {"matrix.dof = 5", "not applicable to matrix.kind = \"wishart\"", "extra_dof"},
       "dof"},
      {"mc_extra_dof_negative",
       multi_matrix("kind = \"wishart\"\nextra_dof = -1\n"),
       {"matrix.extra_dof = -1", "within [0, 10000]"},
       "extra_dof"},
      {"mc_extra_dof_with_direct",
       multi_matrix("extra_dof = 2\n"),
       {"matrix.extra_dof = 2", "not applicable to matrix.kind = \"direct\""},
       "extra_dof"},
      {"mc_cond_too_large",
       multi_matrix("log10_cond = { dist = \"uniform\", lo = 0.0, hi = 13.0 }\n"),
       {"matrix.log10_cond.hi = 13", "within [0, 12]", "G's condition number"},
       "log10_cond"},
      {"mc_matrix_W",
       multi_matrix("W = [1.0, 0.0, 1.0]\n"),
       {"matrix.W = [1, 0, 1]", "not applicable to model.kind = \"multicontact\"", "a planar key"},
       "W ="},
      {"mc_matrix_rho",
       multi_matrix("rho = 0.5\n"),
       {"matrix.rho = 0.5", "not applicable to model.kind = \"multicontact\""},
       "rho"},
      {"planar_extra_dof",
       matrix("kind = \"wishart\"\nextra_dof = 2\n"),
       {"matrix.extra_dof = 2", "not applicable to model.kind = \"planar\"", "a multi-contact key"},
       "extra_dof"},

      // ---- multi-contact [approach], [parameters] ----
      {"mc_gamma_N_hi_positive",
       multi_approach("gamma_N = { dist = \"uniform\", lo = -1.0, hi = 0.5 }\n"),
       {"approach.gamma_N.hi = 0.5", "gamma_N must be <= 0"},
       "gamma_N"},
      {"mc_gamma_N_constant_positive",
       multi_approach("gamma_N = 0.1\n"),
       {"approach.gamma_N = 0.1", "gamma_N must be <= 0"},
       "gamma_N"},
      {"mc_gamma_T_string",
       multi_approach("gamma_T = \"fast\"\n"),
       {"approach.gamma_T = \"fast\"", "expected a number"},
       "gamma_T"},
      {"mc_theta_deg",
       multi_approach("theta_deg = 30\n"),
       {"approach.theta_deg = 30", "not applicable to model.kind = \"multicontact\"", "a planar key",
        "[approach] takes gamma_N, gamma_T"},
       "theta_deg"},
      {"mc_random_tangent_sign",
       multi_approach("random_tangent_sign = true\n"),
       {"approach.random_tangent_sign = true", "not applicable to model.kind = \"multicontact\""},
       "random_tangent_sign"},
      {"mc_approach_unknown_key",
       multi_approach("gama_N = -1\n"),
       {"approach.gama_N", "unknown key", "did you mean \"gamma_N\"?"},
       "gama_N"},
      {"planar_gamma_N",
       approach("gamma_N = -1\n"),
       {"approach.gamma_N = -1", "not applicable to model.kind = \"planar\"", "a multi-contact key"},
       "gamma_N"},
      {"mc_eps_N_above_one",
       multi_params("eps_N = 1.5\n"),
       {"parameters.eps_N = 1.5", "eps_N must be within [0, 1]"},
       "eps_N"},
      {"mc_eps_N_hi_above_one",
       multi_params("eps_N = { dist = \"uniform\", lo = 0.5, hi = 1.2 }\n"),
       {"parameters.eps_N.hi = 1.2", "within [0, 1]"},
       "eps_N"},
      {"mc_eps_T_ratio_above_one",
       multi_params("eps_T_ratio = { dist = \"uniform\", lo = 0.0, hi = 1.1 }\n"),
       {"parameters.eps_T_ratio.hi = 1.1", "eps_T_ratio must be within [0, 1]", "eps_T <= eps_N"},
       "eps_T_ratio"},
      {"mc_eps_T_ratio_negative",
       multi_params("eps_T_ratio = -0.5\n"),
       {"parameters.eps_T_ratio = -0.5", "within [0, 1]"},
       "eps_T_ratio"},
      {"mc_mu_negative",
       multi_params("mu = { dist = \"uniform\", lo = -0.5, hi = 1.0 }\n"),
       {"parameters.mu.lo = -0.5", "mu must be >= 0"},
       "mu ="},
      {"mc_e",
       multi_params("e = 0.5\n"),
       {"parameters.e = 0.5", "not applicable to model.kind = \"multicontact\"",
        "[parameters] takes mu, eps_N, eps_T_ratio"},
       "e ="},
      {"mc_e_t",
       multi_params("e_t = 0.5\n"),
       {"parameters.e_t = 0.5", "not applicable to model.kind = \"multicontact\""},
       "e_t"},
      {"planar_eps_N",
       params("eps_N = 0.5\n"),
       {"parameters.eps_N = 0.5", "not applicable to model.kind = \"planar\""},
       "eps_N"},
      {"planar_eps_T_ratio",
       params("eps_T_ratio = 0.5\n"),
       {"parameters.eps_T_ratio = 0.5", "not applicable to model.kind = \"planar\""},
       "eps_T_ratio"},
      {"mc_grid_larger_than_samples",
       multi([](Doc& d) {
         d.model += "contacts = { dist = \"grid\", lo = 1, hi = 4, n = 4 }\n";
         d.parameters = "eps_N = { dist = \"grid\", lo = 0, hi = 1, n = 11 }\n";
         d.run = "seed = 1\nsamples = 40\nlaws = [\"poisson-lcp\"]\n";
       }),
       {"run.samples = 40", "fewer samples than grid points",
        "model.contacts.n = 4 * parameters.eps_N.n = 11 = 44", "use samples >= 44"},
       "samples"},

      // ---- map quantities by model ----
      {"planar_eps_spread_axis",
       map("x = { quantity = \"eps_spread\", lo = 0, hi = 1, bins = 4 }\n"),
       {"map.x.quantity = \"eps_spread\"", "not applicable to model.kind = \"planar\"",
        "a multi-contact quantity", "planar quantities: theta, alpha"},
       "x ="},
      {"planar_contacts_axis",
       map("x = { quantity = \"theta\", lo = 0, hi = 90, bins = 4 }\ny = { quantity = \"contacts\", lo = "
           "0.5, "
           "hi = 4.5, bins = 4 }\n"),
       {"map.y.quantity = \"contacts\"", "not applicable to model.kind = \"planar\""},
       "y = {"},
      {"mc_theta_axis",
       multi_map("x = { quantity = \"theta\", lo = 0, hi = 90, bins = 4 }\n"),
       {"map.x.quantity = \"theta\"", "not applicable to model.kind = \"multicontact\"", "a planar quantity",
        "multi-contact quantities: mu, log10_cond, eps_spread, contacts"},
       "x ="},
      {"mc_e_axis",
       multi_map(
           "x = { quantity = \"mu\", lo = 0, hi = 1, bins = 4 }\ny = { quantity = \"e\", lo = 0, hi = 1, "
           "bins = 4 }\n"),
       {"map.y.quantity = \"e\"", "not applicable to model.kind = \"multicontact\""},
       "y = {"},
      {"mc_unknown_quantity",
       multi_map("x = { quantity = \"eps_sprad\", lo = 0, hi = 1, bins = 4 }\n"),
       {"map.x.quantity = \"eps_sprad\"", "unknown quantity", "did you mean \"eps_spread\"?",
        "known: mu, log10_cond, eps_spread, contacts"},
       "x ="},
  };
  return cases;
}

class BadConfig : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadConfig, NamesKeyValueReasonAndPosition) {
  const BadCase& c = GetParam();
  const std::string text = c.doc.text();
  const std::string msg = error_of(text);
  SCOPED_TRACE("config:\n" + text);
  for (const std::string& part : c.expect)
    EXPECT_NE(msg.find(part), std::string::npos) << "missing \"" << part << "\" in: " << msg;
  EXPECT_EQ(msg.rfind("test.toml", 0), 0u) << msg;
  if (*c.at) {
    const int line = line_of(text, c.at);
    ASSERT_GT(line, 0) << c.at;
    EXPECT_EQ(msg.rfind("test.toml:" + std::to_string(line) + ":", 0), 0u) << msg;
  }
}

INSTANTIATE_TEST_SUITE_P(Rules, BadConfig, ::testing::ValuesIn(bad_cases()),
                         [](const ::testing::TestParamInfo<BadCase>& info) {
                           return std::string(info.param.name);
                         });

TEST(ConfigErrors, ExactColumnOfAValue) {
  const std::string text =
      "[run]\nseed = 1\nsamples = 10\nlaws = [\"stronge\"]\n[parameters]\nmu = { dist = \"uniform\", lo = "
      "-0.5, hi = 1.0 }\n[map]\nx = { quantity = \"mu\", lo = 0, hi = 1, bins = 4 }\n";
  const std::string msg = error_of(text);
  // "lo = -0.5" starts the value at column 31 of line 6.
  EXPECT_EQ(msg.rfind("test.toml:6:31: parameters.mu.lo = -0.5: out of range: mu must be >= 0", 0), 0u)
      << msg;
}

TEST(ConfigErrors, SyntaxErrorGivesLineAndColumn) {
  const std::string text = "[run]\nseed = 1\nsamples = = 10\n";
  const std::string msg = error_of(text);
  EXPECT_EQ(msg.rfind("test.toml:3:", 0), 0u) << msg;
  EXPECT_NE(msg.find("TOML syntax error"), std::string::npos) << msg;
  EXPECT_GT(msg.size(), std::string("test.toml:3:11: TOML syntax error: ").size())
      << msg;  // toml++'s description
}

TEST(ConfigErrors, DuplicateKeyIsASyntaxError) {
  const std::string msg = error_of("[run]\nseed = 1\nseed = 2\n");
  EXPECT_EQ(msg.rfind("test.toml:3:", 0), 0u) << msg;
  EXPECT_NE(msg.find("TOML syntax error"), std::string::npos) << msg;
  EXPECT_NE(msg.find("seed"), std::string::npos) << msg;
}

TEST(ConfigErrors, MissingFile) {
  try {
    load_run_config("/nonexistent/dir/run.toml");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "cannot open config file /nonexistent/dir/run.toml");
  }
}

// A generated config's runaway key or value stays a one-line message: its first 200 bytes and its length.
TEST(ConfigErrors, ARunawayKeyOrValueIsShownShortened) {
  const std::string key(100000, 'k');
  std::string msg = error_of(run(key + " = 1\n").text());
  EXPECT_LT(msg.size(), 600u) << msg.substr(0, 600);
  EXPECT_NE(msg.find("kkkk... (100004 bytes): unknown key"), std::string::npos) << msg.substr(0, 600);
  msg = error_of(run("laws = [\"" + std::string(100000, 'x') + "\"]\n").text());
  EXPECT_LT(msg.size(), 600u) << msg.substr(0, 600);
}

TEST(ConfigErrors, UnknownKeySuggestsTheNearOne) {
  const struct {
    const char* line;
    const char* suggestion;
  } typos[] = {{"seeed = 1", "seed"},
               {"tolerence = 0.1", "tolerance"},
               {"witness = 3", "witnesses"},
               {"Batch = 10", "batch"},
               {"law = []", "laws"}};
  for (const auto& t : typos) {
    const std::string msg = error_of(run(std::string(t.line) + "\n").text());
    EXPECT_NE(msg.find("unknown key (did you mean \"" + std::string(t.suggestion) + "\"?)"),
              std::string::npos)
        << t.line << " -> " << msg;
  }
  // Nothing close: no suggestion, but the known keys are listed.
  const std::string msg = error_of(run("frobnicate = 1\n").text());
  EXPECT_EQ(msg.find("did you mean"), std::string::npos) << msg;
  EXPECT_NE(msg.find("known keys: name, seed, samples, batch, laws"), std::string::npos) << msg;
}

}  // namespace
}  // namespace collsweep

// Spatial run configs (model.kind = "spatial"): defaults, every matrix kind through the resolved config and
// back, the grid rule over every ScalarDist of the plan, and each kind of bad config named by file, line,
// key, value and reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "collsweep/models/spatial/sampler.hpp"
#include "config/key_collectors.hpp"
#include "families/run_config.hpp"
#include "support/config_access.hpp"
#include "support/paths.hpp"
#include "support/run_command.hpp"
#include "support/spatial_spec_compare.hpp"

namespace collsweep {
namespace {

using testing::spatial_spec;

// A valid spatial config: [model], [run] and [map] of `map`, plus `extra` (other tables) before [map].
std::string doc(const std::string& extra, const std::string& laws = "[\"stronge-3d\"]",
                const std::string& map = "x = { quantity = \"psi\", lo = 0.0, hi = 90.0, bins = 10 }\n",
                const std::string& run_extra = "") {
  return "[model]\nkind = \"spatial\"\n[run]\nseed = 1\nsamples = 1000\nlaws = " + laws + "\n" + run_extra +
         extra + "[map]\n" + map;
}

std::string error_of(const std::string& text) {
  try {
    parse_run_config(text, "test.toml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no error)";
}

// The 1-based line of the first line of text containing `needle`, or 0.
int line_of(const std::string& text, const std::string& needle) {
  int line = 1;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find('\n', start);
    if (text.substr(start, end - start).find(needle) != std::string::npos) return line;
    if (end == std::string::npos) return 0;
    start = end + 1;
    ++line;
  }
}

void expect_round_trip(const RunConfig& c) {
  const std::string text = resolved_config_toml(c);
  SCOPED_TRACE(text);
  const RunConfig back = parse_run_config(text, "resolved.toml");
  EXPECT_EQ(back.samples, c.samples);
  testing::expect_same_spatial(spatial_spec(c), spatial_spec(back));
  EXPECT_EQ(resolved_config_toml(back), text);
}

TEST(ConfigSpatial, DefaultsAreThePlansAndRoundTrip) {
  const RunConfig c = parse_run_config(doc(""), "configs/minimal.toml");
  const SpatialSweepSpec& s = spatial_spec(c);
  const SpatialSweepSpec d;  // the plan's own defaults (plan.hpp)
  EXPECT_EQ(s.plan.W.kind, SpatialMatrixKind::direct);
  EXPECT_EQ(s.plan.W.log10_cond.kind, ScalarKind::uniform);
  EXPECT_EQ(s.plan.W.log10_cond.hi, d.plan.W.log10_cond.hi);
  EXPECT_EQ(s.plan.psi_deg.kind, ScalarKind::uniform);
  EXPECT_EQ(s.plan.psi_deg.hi, 90.0);
  EXPECT_EQ(s.plan.phi_deg.hi, 360.0);
  EXPECT_EQ(s.plan.e_t.kind, ScalarKind::constant);
  ASSERT_EQ(s.n_laws, 1);
  EXPECT_EQ(s.laws[0], spatial_law<Stronge3d>);
  EXPECT_EQ(s.axes[0].quantity, SpatialQuantity::psi);
  EXPECT_EQ(std::string(families::family_name(c.model)), "spatial");
  expect_round_trip(c);
}

TEST(ConfigSpatial, EveryMatrixKindRoundTrips) {
  const std::string docs[] = {
      doc("[matrix]\nkind = \"canonical\"\nlog10_b = { dist = \"grid\", lo = -2.0, hi = 2.0, n = 5 }\n"
          "coupling = { dist = \"uniform\", lo = 0.0, hi = 1.0 }\n",
          "[\"poisson-3d\", \"chatterjee-ruina-3d\"]",
          "x = { quantity = \"mu_ratio\", lo = 0.0, hi = 3.0, bins = 30 }\n"
          "y = { quantity = \"phi\", lo = 0.0, hi = 360.0, bins = 12 }\n"),
      doc("[matrix]\nkind = \"bodies\"\nground = false\nmass_ratio = { dist = \"log_uniform\", lo = 0.01, hi "
          "= 100.0 }\nlever = 0\n"),
      doc("[matrix]\nkind = \"bodies\"\nground = true\nlever = { dist = \"grid\", lo = 0.5, hi = 2.0, n = 4 "
          "}\n"),
      doc("[matrix]\nkind = \"mechanism\"\ndof = 3\nlog10_cond_M = 2.5\n[approach]\npsi_deg = { dist = "
          "\"uniform\", lo = 10.0, hi = 90.0 }\nphi_deg = { dist = \"grid\", lo = 0.0, hi = 360.0, n = 9 "
          "}\n"),
      doc("[matrix]\nkind = \"fixed\"\nW = [2.0, 0.25, -0.5, 1.5, 0.125, 3.0]\n[parameters]\nmu = 0.4\ne = "
          "1\n"
          "e_t = { dist = \"uniform\", lo = -1.0, hi = 2.0 }\n",
          "[\"newton-3d\", \"chatterjee-ruina-3d\"]",
          "x = { quantity = \"e_t\", lo = -1.0, hi = 2.0, bins = 30 }\n"),
  };
  for (const std::string& d : docs) {
    SCOPED_TRACE(d);
    expect_round_trip(parse_run_config(d, "kinds.toml"));
  }
  const SpatialSweepSpec canonical = spatial_spec(parse_run_config(docs[0], "k.toml"));
  EXPECT_EQ(canonical.plan.W.kind, SpatialMatrixKind::canonical);
  EXPECT_EQ(canonical.plan.W.log10_b.n, 5u);
  EXPECT_EQ(canonical.plan.W.coupling.hi, 1.0);  // U[0, 1) never draws the singular r = 1
  const SpatialSweepSpec ground = spatial_spec(parse_run_config(docs[2], "k.toml"));
  EXPECT_TRUE(ground.plan.W.ground);
  EXPECT_EQ(ground.plan.W.lever.n, 4u);
  EXPECT_EQ(spatial_spec(parse_run_config(docs[3], "k.toml")).plan.W.mechanism_dof, 3u);
  const SpatialSweepSpec fixed = spatial_spec(parse_run_config(docs[4], "k.toml"));
  EXPECT_EQ(fixed.plan.W.fixed.a, 2.0);
  EXPECT_EQ(fixed.plan.W.fixed.c2, -0.5);
  EXPECT_EQ(fixed.plan.W.fixed.b12, 0.125);
  EXPECT_EQ(fixed.plan.W.fixed.b22, 3.0);
}

// The key table declares every ScalarDist of the plan: the grid rule multiplies exactly the sampler's grid
// digits (sampler.hpp's SpatialGridAxis slots), whatever the matrix kind.
TEST(ConfigSpatial, GridRuleCoversEveryScalarOfThePlan) {
  SpatialSweepSpec s;
  RunSettings run;
  const std::uint32_t primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};
  ScalarDist* dists[] = {&s.plan.W.log10_cond,
                         &s.plan.W.log10_b,
                         &s.plan.W.coupling,
                         &s.plan.W.mass_ratio,
                         &s.plan.W.lever,
                         &s.plan.W.log10_cond_M,
                         &s.plan.psi_deg,
                         &s.plan.phi_deg,
                         &s.plan.mu,
                         &s.plan.e,
                         &s.plan.e_t,
                         &s.plan.s1,
                         &s.plan.s2,
                         &s.plan.r1,
                         &s.plan.r2};
  for (int i = 0; i < 15; ++i) *dists[i] = ScalarDist{ScalarKind::grid, 0.0, 1.0, primes[i]};
  config::GridCollector grids;
  families::FamilyTraits<SpatialSweepSpec>::keys(grids, run, s);
  std::uint64_t product = 1;
  for (const auto& [path, d] : grids.scalars) product *= d->n;
  EXPECT_EQ(grids.scalars.size(), 19u);
  EXPECT_EQ(product, spatial_grid_size(s.plan));
  EXPECT_EQ(product, 614889782588491410ull);  // 2 * 3 * 5 * ... * 47
  // The engine law's parameters (their product beside the fifteen's would overflow 64 bits: on their own).
  SpatialSweepSpec e;
  ScalarDist* engine[] = {&e.plan.iterations, &e.plan.threshold, &e.plan.normal_first, &e.plan.friction_cone};
  for (int i = 0; i < 4; ++i) *engine[i] = ScalarDist{ScalarKind::grid, 0.0, 1.0, primes[i]};
  config::GridCollector engine_grids;
  families::FamilyTraits<SpatialSweepSpec>::keys(engine_grids, run, e);
  std::uint64_t engine_product = 1;
  for (const auto& [path, d] : engine_grids.scalars) engine_product *= d->n;
  EXPECT_EQ(engine_product, 2u * 3u * 5u * 7u);
  EXPECT_EQ(engine_product, spatial_grid_size(e.plan));
  // In a config: run.samples below the product is refused, naming every grid key.
  const std::string text =
      doc("[matrix]\nkind = \"canonical\"\nlog10_b = { dist = \"grid\", lo = 0.0, hi = 1.0, n = 4 }\n"
          "[approach]\npsi_deg = { dist = \"grid\", lo = 0.0, hi = 80.0, n = 9 }\n"
          "[parameters]\nmu = { dist = \"grid\", lo = 0.0, hi = 1.0, n = 30 }\n");
  const std::string msg = error_of(text);
  EXPECT_NE(msg.find("run.samples = 1000: fewer samples than grid points (matrix.log10_b.n = 4 * "
                     "approach.psi_deg.n = 9 * parameters.mu.n = 30 = 1080)"),
            std::string::npos)
      << msg;
}

// configs/README.md's spatial example and the two shipped spatial configs parse to what they say.
TEST(ConfigSpatial, ReadmeExampleAndShippedConfigsParse) {
  const std::string dir = testing::source_dir() + "/configs";
  const std::string md = testing::read_text_file(dir + "/README.md");
  const std::size_t section = md.find("## Spatial example");
  ASSERT_NE(section, std::string::npos);
  const std::size_t begin = md.find("```toml\n", section);
  ASSERT_NE(begin, std::string::npos);
  const std::size_t end = md.find("```", begin + 8);
  ASSERT_NE(end, std::string::npos);
  const RunConfig c = parse_run_config(md.substr(begin + 8, end - begin - 8), "README.md");
  const SpatialSweepSpec& s = spatial_spec(c);
  EXPECT_EQ(s.plan.W.kind, SpatialMatrixKind::bodies);
  EXPECT_FALSE(s.plan.W.ground);
  EXPECT_EQ(s.plan.W.mass_ratio.kind, ScalarKind::log_uniform);
  EXPECT_EQ(s.n_laws, 4);
  EXPECT_EQ(s.axes[0].quantity, SpatialQuantity::mu_ratio);
  expect_round_trip(c);

  const RunConfig q = load_run_config(dir + "/spatial_quickstart.toml");
  EXPECT_EQ(spatial_spec(q).plan.W.kind, SpatialMatrixKind::direct);
  EXPECT_EQ(spatial_spec(q).n_laws, 4);
  EXPECT_TRUE(q.warnings.empty());
  const RunConfig p = load_run_config(dir + "/spatial_poisson_energy.toml");
  const SpatialSweepSpec& ps = spatial_spec(p);
  EXPECT_EQ(ps.plan.W.kind, SpatialMatrixKind::bodies);
  ASSERT_EQ(ps.n_laws, 3);
  EXPECT_EQ(ps.laws[0], spatial_law<Poisson3d>);
  EXPECT_EQ(ps.plan.e_t.lo, -1.0);  // chatterjee-ruina-3d within its no-gain theorem
  EXPECT_EQ(ps.plan.e_t.hi, 1.0);
  EXPECT_EQ(ps.axes[0].quantity, SpatialQuantity::mu_ratio);
  EXPECT_EQ(ps.axes[1].quantity, SpatialQuantity::psi);
}

struct Bad {
  const char* name;
  std::string text;
  std::vector<std::string> expect;  // substrings of the message
  const char* at;                   // the error's line is the first containing this
};

void PrintTo(const Bad& b, std::ostream* os) { *os << b.name; }

const std::vector<Bad>& bad_cases() {
  static const std::vector<Bad> cases = {
      {"unknown_key",
       doc("[parameters]\nmuu = 0.5\n"),
       {"parameters.muu", "unknown key (did you mean \"mu\"?)", "known keys: mu, e, e_t"},
       "muu"},
      {"planar_key",
       doc("[approach]\ntheta_deg = 30\n"),
       {"approach.theta_deg = 30", "not applicable to model.kind = \"spatial\": a planar key",
        "[approach] takes psi_deg, phi_deg"},
       "theta_deg"},
      {"multicontact_key",
       doc("[parameters]\neps_N = 0.2\n"),
       {"parameters.eps_N = 0.2", "not applicable to model.kind = \"spatial\": a multi-contact key"},
       "eps_N"},
      {"spatial_key_in_planar_config",
       "[run]\nseed = 1\nsamples = 100\nlaws = [\"stronge\"]\n[approach]\npsi_deg = 10\n[map]\n"
       "x = { quantity = \"theta\", lo = 0.0, hi = 90.0, bins = 10 }\n",
       {"approach.psi_deg = 10", "not applicable to model.kind = \"planar\": a spatial key",
        "a spatial config sets kind = \"spatial\" in [model]"},
       "psi_deg"},
      {"planar_law",
       doc("", "[\"poisson\"]"),
       {"run.laws[0] = \"poisson\"", "a planar law (did you mean \"poisson-3d\"?)",
        "spatial laws: stronge-3d, poisson-3d, newton-3d, chatterjee-ruina-3d"},
       "laws ="},
      {"planar_quantity",
       doc("", "[\"stronge-3d\"]", "x = { quantity = \"theta\", lo = 0.0, hi = 90.0, bins = 10 }\n"),
       {"map.x.quantity = \"theta\"",
        "a planar quantity; spatial quantities: psi, phi, mu_ratio, log10_cond, mu, e, e_t, s1, s2, r1, "
        "r2"},
       "quantity"},
      {"unknown_kind",
       doc("[matrix]\nkind = \"cannonical\"\n"),
       {"matrix.kind = \"cannonical\"", "unknown matrix kind (did you mean \"canonical\"?)",
        "known: direct, canonical, bodies, mechanism, fixed"},
       "cannonical"},
      {"other_family_kind",
       doc("[matrix]\nkind = \"wishart\"\n"),
       {"matrix.kind = \"wishart\"", "not applicable to model.kind = \"spatial\"",
        "the spatial W is drawn by kind = direct, canonical, bodies, mechanism, fixed"},
       "wishart"},
      {"coupling_one",
       doc("[matrix]\nkind = \"canonical\"\ncoupling = 1.0\n"),
       {"matrix.coupling = 1", "out of range: coupling must be within [0, 1)", "r = 1 is a singular W"},
       "coupling"},
      {"coupling_grid_to_one",
       doc("[matrix]\nkind = \"canonical\"\ncoupling = { dist = \"grid\", lo = 0.0, hi = 1.0, n = 3 }\n"),
       {"matrix.coupling.hi = 1", "coupling must be within [0, 1)"},
       "coupling"},
      {"coupling_for_direct",
       doc("[matrix]\ncoupling = 0.5\n"),
       {"matrix.coupling = 0.5",
        "not applicable to matrix.kind = \"direct\" (only read by kind = \"canonical\")"},
       "coupling"},
      {"fixed_W_schur_complement",
       doc("[matrix]\nkind = \"fixed\"\nW = [1, 0.9, 0.9, 1, 0, 1]\n"),
       {"matrix.W = [1, 0.9, 0.9, 1, 0, 1]", "not symmetric positive definite", "needs W_nn - c^T b^-1 c > 0",
        "(it is -0.62"},
       "W ="},
      {"fixed_W_tangential_block",
       doc("[matrix]\nkind = \"fixed\"\nW = [1, 0.1, 0.1, 1, 1, 1]\n"),
       {"matrix.W", "needs W_11 W_22 - W_12^2 > 0 (it is 0)"},
       "W ="},
      {"fixed_W_negative_normal",
       doc("[matrix]\nkind = \"fixed\"\nW = [-1, 0, 0, 1, 0, 1]\n"),
       {"matrix.W", "needs W_nn > 0"},
       "W ="},
      {"fixed_W_count",
       doc("[matrix]\nkind = \"fixed\"\nW = [1, 0, 0, 1, 0]\n"),
       {"matrix.W", "expected 6 numbers [W_nn, W_n1, W_n2, W_11, W_12, W_22]", "got 5"},
       "W ="},
      {"fixed_W_missing",
       doc("[matrix]\nkind = \"fixed\"\n"),
       {"matrix.W: required key is missing",
        "kind = \"fixed\" needs W = [W_nn, W_n1, W_n2, W_11, W_12, W_22]"},
       "[matrix]"},
      {"psi_ninety",
       doc("[approach]\npsi_deg = 90\n"),
       {"approach.psi_deg = 90", "out of range: psi_deg must be within [0, 90)"},
       "psi_deg"},
      {"psi_beyond_ninety",
       doc("[approach]\npsi_deg = { dist = \"uniform\", lo = 0.0, hi = 95.0 }\n"),
       {"approach.psi_deg.hi = 95", "psi_deg must be within [0, 90)", "may equal 90 (its upper end is open)"},
       "psi_deg"},
      {"psi_negative",
       doc("[approach]\npsi_deg = -1\n"),
       {"approach.psi_deg = -1", "psi_deg must be within [0, 90)"},
       "psi_deg"},
      {"phi_beyond_360",
       doc("[approach]\nphi_deg = { dist = \"grid\", lo = 0.0, hi = 400.0, n = 5 }\n"),
       {"approach.phi_deg.hi = 400", "phi_deg must be within [0, 360]"},
       "phi_deg"},
      {"mass_ratio_with_ground",
       doc("[matrix]\nkind = \"bodies\"\nground = true\nmass_ratio = 2.0\n"),
       {"matrix.mass_ratio = 2", "not applicable to matrix.ground = \"true\"", "with ground = false"},
       "mass_ratio"},
      {"ground_for_direct",
       doc("[matrix]\nground = true\n"),
       {"matrix.ground = true",
        "not applicable to matrix.kind = \"direct\" (only read by kind = \"bodies\")"},
       "ground"},
      {"mass_ratio_zero",
       doc("[matrix]\nkind = \"bodies\"\nmass_ratio = 0\n"),
       {"matrix.mass_ratio = 0", "mass_ratio must be > 0"},
       "mass_ratio"},
      {"mechanism_dof_two",
       doc("[matrix]\nkind = \"mechanism\"\ndof = 2\n"),
       {"matrix.dof = 2", "out of range: must be within [3, 12]"},
       "dof"},
      {"e_t_below_minus_one",
       doc("[parameters]\ne_t = -1.5\n", "[\"chatterjee-ruina-3d\"]"),
       {"parameters.e_t = -1.5", "e_t must be >= -1"},
       "e_t"},
      {"samples_npy",
       doc("", "[\"stronge-3d\"]", "x = { quantity = \"psi\", lo = 0.0, hi = 90.0, bins = 10 }\n",
           "samples_npy = true\n"),
       {"run.samples_npy = true", "model.kind = \"spatial\" writes no samples.npy"},
       "samples_npy"},
      {"unreachable_axis",
       doc("[matrix]\nlog10_cond = { dist = \"uniform\", lo = 0.0, hi = 2.0 }\n", "[\"stronge-3d\"]",
           "x = { quantity = \"log10_cond\", lo = 3.0, hi = 5.0, bins = 10 }\n"),
       {"map.x", "no sample can reach this axis: log10_cond takes values in [0, 2) (matrix.log10_cond)"},
       "x ="},
      {"mu_ratio_of_a_fixed_W_without_coupling",
       doc("[matrix]\nkind = \"fixed\"\nW = [1, 0, 0, 1, 0, 1]\n", "[\"stronge-3d\"]",
           "x = { quantity = \"mu_ratio\", lo = 0.0, hi = 5.0, bins = 10 }\n"),
       {"map.x", "mu_ratio takes values in {inf}", "mu_c = 0"},
       "x ="},
  };
  return cases;
}

class BadSpatialConfig : public ::testing::TestWithParam<Bad> {};

TEST_P(BadSpatialConfig, NamesKeyValueReasonAndLine) {
  const Bad& c = GetParam();
  const std::string msg = error_of(c.text);
  SCOPED_TRACE("config:\n" + c.text);
  for (const std::string& part : c.expect)
    EXPECT_NE(msg.find(part), std::string::npos) << "missing \"" << part << "\" in: " << msg;
  const int line = line_of(c.text, c.at);
  ASSERT_GT(line, 0) << c.at;
  EXPECT_EQ(msg.rfind("test.toml:" + std::to_string(line) + ":", 0), 0u) << msg;
}

INSTANTIATE_TEST_SUITE_P(Rules, BadSpatialConfig, ::testing::ValuesIn(bad_cases()),
                         [](const ::testing::TestParamInfo<Bad>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace collsweep

// Run-config parsing: shipped configs give the expected values; defaults; resolved TOML/JSON round trips.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "collsweep/models/planar/contact.hpp"
#include "families/planar/mechanism.hpp"
#include "families/run_config.hpp"
#include "support/config_access.hpp"
#include "support/kane_pendulum.hpp"
#include "support/paths.hpp"
#include "support/spatial_spec_compare.hpp"

namespace collsweep {
namespace {

using testing::multicontact_spec;
using testing::planar_spec;

const std::string kConfigDir = testing::source_dir() + "/configs";

RunConfig load(const std::string& file) { return load_run_config(kConfigDir + "/" + file); }

void expect_dist(const ScalarDist& d, ScalarKind kind, double lo, double hi, std::uint32_t n = 1) {
  EXPECT_EQ(d.kind, kind);
  EXPECT_EQ(d.lo, lo);
  EXPECT_EQ(d.hi, hi);
  EXPECT_EQ(d.n, n);
}

template <class Q>
void expect_axis(const MapAxis<Q>& a, Q q, double lo, double hi, std::uint32_t bins) {
  EXPECT_EQ(a.quantity, q);
  EXPECT_EQ(a.lo, lo);
  EXPECT_EQ(a.hi, hi);
  EXPECT_EQ(a.bins, bins);
}

void expect_same_dist(const ScalarDist& a, const ScalarDist& b, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
  EXPECT_EQ(a.n, b.n);
}

// Field-by-field equality of two multi-contact specs.
void expect_same_multi(const MultiContactSweepSpec& s, const MultiContactSweepSpec& t) {
  EXPECT_EQ(s.plan.seed, t.plan.seed);
  expect_same_dist(s.plan.contacts, t.plan.contacts, "contacts");
  EXPECT_EQ(s.plan.G_kind, t.plan.G_kind);
  expect_same_dist(s.plan.log10_cond, t.plan.log10_cond, "G.log10_cond");
  EXPECT_EQ(s.plan.wishart_extra_dof, t.plan.wishart_extra_dof);
  EXPECT_EQ(s.plan.mechanism_dof, t.plan.mechanism_dof);
  expect_same_dist(s.plan.log10_cond_M, t.plan.log10_cond_M, "G.log10_cond_M");
  expect_same_dist(s.plan.gamma_N, t.plan.gamma_N, "gamma_N");
  expect_same_dist(s.plan.gamma_T, t.plan.gamma_T, "gamma_T");
  expect_same_dist(s.plan.mu, t.plan.mu, "multi mu");
  expect_same_dist(s.plan.eps_N, t.plan.eps_N, "eps_N");
  expect_same_dist(s.plan.eps_T_ratio, t.plan.eps_T_ratio, "eps_T_ratio");
  expect_same_dist(s.plan.v_x, t.plan.v_x, "v_x");
  expect_same_dist(s.plan.v_y, t.plan.v_y, "v_y");
  expect_same_dist(s.plan.omega, t.plan.omega, "omega");
  EXPECT_EQ(s.plan.body.mass, t.plan.body.mass);
  EXPECT_EQ(s.plan.body.inertia, t.plan.body.inertia);
  EXPECT_EQ(std::memcmp(s.plan.body.point, t.plan.body.point, sizeof s.plan.body.point), 0);
  EXPECT_EQ(std::memcmp(s.plan.body.normal, t.plan.body.normal, sizeof s.plan.body.normal), 0);
  ASSERT_EQ(s.n_axes, t.n_axes);
  for (int i = 0; i < s.n_axes; ++i) {
    EXPECT_EQ(s.axes[i].quantity, t.axes[i].quantity);
    EXPECT_EQ(s.axes[i].lo, t.axes[i].lo);
    EXPECT_EQ(s.axes[i].hi, t.axes[i].hi);
    EXPECT_EQ(s.axes[i].bins, t.axes[i].bins);
  }
  ASSERT_EQ(s.n_laws, t.n_laws);
  for (int i = 0; i < s.n_laws; ++i) EXPECT_EQ(s.laws[i], t.laws[i]);
  EXPECT_EQ(s.solver, t.solver);
  EXPECT_EQ(s.tolerance, t.tolerance);
  EXPECT_EQ(s.witnesses, t.witnesses);
}

// Field-by-field equality of two run configs (source_path aside).
void expect_same_config(const RunConfig& a, const RunConfig& b) {
  ASSERT_EQ(a.model.index(), b.model.index());
  if (std::holds_alternative<MultiContactSweepSpec>(a.model)) {
    expect_same_multi(multicontact_spec(a), multicontact_spec(b));
    return;
  }
  if (std::holds_alternative<SpatialSweepSpec>(a.model)) {
    EXPECT_EQ(a.samples, b.samples);
    testing::expect_same_spatial(testing::spatial_spec(a), testing::spatial_spec(b));
    return;
  }
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.samples, b.samples);
  EXPECT_EQ(a.batch, b.batch);
  EXPECT_EQ(a.samples_npy, b.samples_npy);
  const PlanarSweepSpec &s = planar_spec(a), &t = planar_spec(b);
  EXPECT_EQ(s.plan.seed, t.plan.seed);
  EXPECT_EQ(s.plan.W.kind, t.plan.W.kind);
  expect_same_dist(s.plan.W.log10_cond, t.plan.W.log10_cond, "W.log10_cond");
  EXPECT_EQ(s.plan.W.wishart_dof, t.plan.W.wishart_dof);
  EXPECT_EQ(s.plan.W.mechanism_dof, t.plan.W.mechanism_dof);
  expect_same_dist(s.plan.W.log10_cond_M, t.plan.W.log10_cond_M, "W.log10_cond_M");
  EXPECT_EQ(s.plan.W.fixed.nn, t.plan.W.fixed.nn);
  EXPECT_EQ(s.plan.W.fixed.nt, t.plan.W.fixed.nt);
  EXPECT_EQ(s.plan.W.fixed.tt, t.plan.W.fixed.tt);
  expect_same_dist(s.plan.W.rho, t.plan.W.rho, "W.rho");
  expect_same_dist(s.plan.W.kappa, t.plan.W.kappa, "W.kappa");
  expect_same_dist(s.plan.theta_deg, t.plan.theta_deg, "theta_deg");
  EXPECT_EQ(s.plan.random_tangent_sign, t.plan.random_tangent_sign);
  expect_same_dist(s.plan.mu, t.plan.mu, "mu");
  expect_same_dist(s.plan.e, t.plan.e, "e");
  expect_same_dist(s.plan.e_t, t.plan.e_t, "e_t");
  ASSERT_EQ(s.n_axes, t.n_axes);
  for (int i = 0; i < s.n_axes; ++i) {
    EXPECT_EQ(s.axes[i].quantity, t.axes[i].quantity);
    EXPECT_EQ(s.axes[i].lo, t.axes[i].lo);
    EXPECT_EQ(s.axes[i].hi, t.axes[i].hi);
    EXPECT_EQ(s.axes[i].bins, t.axes[i].bins);
  }
  ASSERT_EQ(s.n_laws, t.n_laws);
  for (int i = 0; i < s.n_laws; ++i) EXPECT_EQ(s.laws[i], t.laws[i]);
  EXPECT_EQ(s.tolerance, t.tolerance);
  EXPECT_EQ(s.witnesses, t.witnesses);
}

void expect_round_trip(const RunConfig& c) {
  const std::string text = resolved_config_toml(c);
  SCOPED_TRACE(text);
  const RunConfig back = parse_run_config(text, "resolved.toml");
  expect_same_config(c, back);
  // Writing the read-back config gives the same text again (source_path aside, which is only a comment).
  RunConfig back2 = back;
  back2.source_path = c.source_path;
  EXPECT_EQ(resolved_config_toml(back2), text);
}

// Djerassi's Case (Table 1) of W at friction mu, from the signs of g, h, p, q.
int djerassi_case(const Delassus2& W, double mu) {
  const double g = mu * W.tt - W.nt, h = W.nn - mu * W.nt, p = mu * W.tt + W.nt, q = W.nn + mu * W.nt;
  if (g < 0) return 5;
  if (h < 0) return 4;
  if (p < 0) return 3;
  if (q < 0) return 2;
  return 1;
}

std::vector<PlanarLaw> laws_of(const RunConfig& c) {
  return {planar_spec(c).laws, planar_spec(c).laws + planar_spec(c).n_laws};
}

TEST(ConfigParse, Quickstart) {
  const RunConfig c = load("quickstart.toml");
  EXPECT_EQ(c.name, "quickstart");
  EXPECT_EQ(c.source_path, kConfigDir + "/quickstart.toml");
  EXPECT_EQ(planar_spec(c).plan.seed, 20261125u);
  EXPECT_EQ(c.samples, 4000000u);
  EXPECT_EQ(c.batch, 1u << 20);
  EXPECT_FALSE(c.samples_npy);
  EXPECT_EQ(laws_of(c), (std::vector<PlanarLaw>{planar_law<Stronge>, planar_law<Poisson>, planar_law<Newton>,
                                                planar_law<ChatterjeeRuina>}));
  EXPECT_EQ(planar_spec(c).witnesses, 10);
  EXPECT_EQ(planar_spec(c).tolerance, 1e-12);
  EXPECT_EQ(planar_spec(c).plan.W.kind, MatrixKind::direct);
  expect_dist(planar_spec(c).plan.W.log10_cond, ScalarKind::uniform, 0.0, 3.0);
  expect_dist(planar_spec(c).plan.theta_deg, ScalarKind::uniform, 0.0, 90.0);
  EXPECT_FALSE(planar_spec(c).plan.random_tangent_sign);
  expect_dist(planar_spec(c).plan.mu, ScalarKind::uniform, 0.0, 1.5);
  expect_dist(planar_spec(c).plan.e, ScalarKind::uniform, 0.0, 1.0);
  expect_dist(planar_spec(c).plan.e_t, ScalarKind::uniform, -1.0, 1.0);
  ASSERT_EQ(planar_spec(c).n_axes, 2);
  expect_axis(planar_spec(c).axes[0], PlanarQuantity::theta, 0.0, 90.0, 30);
  expect_axis(planar_spec(c).axes[1], PlanarQuantity::mu, 0.0, 1.5, 20);
  EXPECT_EQ(planar_spec(c).cells(), 600);
}

struct DjerassiCase {
  int number;
  Delassus2 W;   // the golden Case's W (tests/golden/test_djerassi_cases.cpp)
  double mu;     // the golden Case's mu
  double mu_hi;  // the map's mu range is [0, mu_hi]
  unsigned mu_bins;
};

TEST(ConfigParse, DjerassiCases) {
  const DjerassiCase cases[] = {{1, {1.0, 0.2, 1.0}, 0.5, 1.0, 20},
                                {2, {1.0, -1.5, 4.0}, 1.0, 1.5, 30},
                                {3, {1.0, -0.5, 1.0}, 0.2, 1.0, 20},
                                {4, {1.0, 1.5, 4.0}, 1.0, 1.5, 30},
                                {5, {1.0, 0.5, 1.0}, 0.2, 1.0, 20}};
  for (const DjerassiCase& k : cases) {
    const std::string file = "djerassi_case" + std::to_string(k.number) + ".toml";
    SCOPED_TRACE(file);
    const RunConfig c = load(file);
    EXPECT_EQ(c.name, "djerassi_case" + std::to_string(k.number));
    EXPECT_EQ(laws_of(c),
              (std::vector<PlanarLaw>{planar_law<Stronge>, planar_law<Poisson>, planar_law<Newton>}));
    ASSERT_EQ(planar_spec(c).plan.W.kind, MatrixKind::fixed);
    EXPECT_EQ(planar_spec(c).plan.W.fixed.nn, k.W.nn);
    EXPECT_EQ(planar_spec(c).plan.W.fixed.nt, k.W.nt);
    EXPECT_EQ(planar_spec(c).plan.W.fixed.tt, k.W.tt);
    expect_dist(planar_spec(c).plan.e, ScalarKind::constant, 0.5, 0.5);
    expect_dist(planar_spec(c).plan.theta_deg, ScalarKind::uniform, 0.0, 90.0);
    expect_dist(planar_spec(c).plan.mu, ScalarKind::uniform, 0.0, k.mu_hi);
    ASSERT_EQ(planar_spec(c).n_axes, 2);
    expect_axis(planar_spec(c).axes[0], PlanarQuantity::theta, 0.0, 90.0, 45);
    expect_axis(planar_spec(c).axes[1], PlanarQuantity::mu, 0.0, k.mu_hi, k.mu_bins);
    // The golden mu lies inside the map and gives this file's Case; the map also crosses into another Case.
    EXPECT_EQ(djerassi_case(planar_spec(c).plan.W.fixed, k.mu), k.number);
    EXPECT_LT(k.mu, k.mu_hi);
    EXPECT_NE(djerassi_case(planar_spec(c).plan.W.fixed, 0.0),
              djerassi_case(planar_spec(c).plan.W.fixed, k.mu_hi));
    EXPECT_GE(c.samples, 1000u * static_cast<unsigned>(planar_spec(c).cells()));  // ~1000 samples per cell
  }
}

TEST(ConfigParse, DjerassiCaseBoundariesInComments) {
  // The mu boundaries the files' comments name: Case 2's W is Case 3 below 0.375, Case 1 up to 2/3, then
  // Case 2.
  const Delassus2 W2{1.0, -1.5, 4.0};
  EXPECT_EQ(djerassi_case(W2, 0.37), 3);
  EXPECT_EQ(djerassi_case(W2, 0.38), 1);
  EXPECT_EQ(djerassi_case(W2, 0.66), 1);
  EXPECT_EQ(djerassi_case(W2, 0.67), 2);
  const Delassus2 W4{1.0, 1.5, 4.0};
  EXPECT_EQ(djerassi_case(W4, 0.37), 5);
  EXPECT_EQ(djerassi_case(W4, 0.38), 1);
  EXPECT_EQ(djerassi_case(W4, 0.67), 4);
  const Delassus2 W1{1.0, 0.2, 1.0};
  EXPECT_EQ(djerassi_case(W1, 0.19), 5);
  EXPECT_EQ(djerassi_case(W1, 0.21), 1);
  EXPECT_EQ(djerassi_case(W1, 4.9), 1);
  EXPECT_EQ(djerassi_case(W1, 5.1), 4);
}

TEST(ConfigParse, KanePendulum) {
  const RunConfig c = load("kane_pendulum.toml");
  // W and the approach angle are those of tests/support/kane_pendulum.hpp, to the last digit.
  const KanePendulum p = kane_pendulum();
  const Delassus2 W = delassus_from_mechanism(p.mechanism);
  const Velocity2 v = contact_velocity(p.mechanism, p.u1);
  ASSERT_EQ(planar_spec(c).plan.W.kind, MatrixKind::fixed);
  EXPECT_DOUBLE_EQ(planar_spec(c).plan.W.fixed.nn, W.nn);
  EXPECT_DOUBLE_EQ(planar_spec(c).plan.W.fixed.nt, W.nt);
  EXPECT_DOUBLE_EQ(planar_spec(c).plan.W.fixed.tt, W.tt);
  EXPECT_NEAR(planar_spec(c).plan.W.fixed.nn, 0.336520, 5e-7);  // Djerassi's printed m_nn = 0.3365
  EXPECT_NEAR(planar_spec(c).plan.W.fixed.nt, -0.507103, 5e-7);
  EXPECT_NEAR(planar_spec(c).plan.W.fixed.tt, 0.813446, 5e-7);
  ASSERT_EQ(planar_spec(c).plan.theta_deg.kind, ScalarKind::constant);
  const double theta = planar_spec(c).plan.theta_deg.lo;
  EXPECT_DOUBLE_EQ(theta, std::atan2(v.t, -v.n) * 180.0 / std::acos(-1.0));
  EXPECT_NEAR(std::tan(theta * std::acos(-1.0) / 180.0), 1.990837, 5e-7);  // alpha
  EXPECT_FALSE(planar_spec(c).plan.random_tangent_sign);
  EXPECT_EQ(laws_of(c),
            (std::vector<PlanarLaw>{planar_law<Stronge>, planar_law<Poisson>, planar_law<Newton>}));
  expect_dist(planar_spec(c).plan.e, ScalarKind::grid, 0.0, 1.0, 21);
  expect_dist(planar_spec(c).plan.mu, ScalarKind::uniform, 0.0, 1.0);
  ASSERT_EQ(planar_spec(c).n_axes, 2);
  expect_axis(planar_spec(c).axes[0], PlanarQuantity::e, -0.025, 1.025, 21);
  expect_axis(planar_spec(c).axes[1], PlanarQuantity::mu, 0.0, 1.0, 20);
  // Each e grid point i / 20 falls in its own bin i, and every grid point gets the same number of samples.
  for (unsigned i = 0; i <= 20; ++i)
    EXPECT_EQ(axis_bin(planar_spec(c).axes[0], i / 20.0), static_cast<int>(i));
  EXPECT_EQ(c.samples % 21, 0u);
}

TEST(ConfigParse, ChatterjeeRuina) {
  const RunConfig c = load("chatterjee_ruina.toml");
  EXPECT_EQ(laws_of(c), std::vector<PlanarLaw>{planar_law<ChatterjeeRuina>});
  expect_dist(planar_spec(c).plan.e, ScalarKind::uniform, 0.0, 1.0);
  expect_dist(planar_spec(c).plan.e_t, ScalarKind::uniform, -1.0, 2.0);
  ASSERT_EQ(planar_spec(c).n_axes, 2);
  expect_axis(planar_spec(c).axes[0], PlanarQuantity::e, 0.0, 1.0, 20);
  expect_axis(planar_spec(c).axes[1], PlanarQuantity::e_t, -1.0, 2.0, 30);
  EXPECT_EQ(axis_bin(planar_spec(c).axes[1], 1.0 + 1e-9), 20);  // e_t > 1 (energy gain) starts at bin 20
  EXPECT_EQ(axis_bin(planar_spec(c).axes[1], 1.0 - 1e-9), 19);
}

TEST(ConfigParse, EveryShippedConfigParsesAndRoundTrips) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kConfigDir)) {
    if (entry.path().extension() != ".toml") continue;
    SCOPED_TRACE(entry.path().string());
    const RunConfig c = load_run_config(entry.path().string());
    EXPECT_EQ(c.name, entry.path().stem().string());
    // Shipped configs stay small (seconds to a minute on two cores), but for the one sized for a GPU or a
    // long CPU run (configs/README.md says so).
    if (c.name != "spatial_poisson_energy") {
      EXPECT_LE(c.samples, 4000000u);
    }
    expect_round_trip(c);
    ++count;
  }
  // quickstart, djerassi_case1..5, kane_pendulum, chatterjee_ruina, glocker_two_contacts,
  // glocker_one_to_four_contacts, spatial_quickstart, spatial_poisson_energy
  EXPECT_GE(count, 12);
}

const char* const kMinimal = R"(
[run]
seed = 7
samples = 100
laws = ["poisson"]

[map]
x = { quantity = "alpha", lo = 0, hi = 10, bins = 5 }
)";

TEST(ConfigParse, DefaultsResolved) {
  const RunConfig c = parse_run_config(kMinimal, "configs/minimal.toml");
  EXPECT_EQ(c.name, "minimal");  // the source's stem
  EXPECT_EQ(c.source_path, "");
  EXPECT_EQ(planar_spec(c).plan.seed, 7u);
  EXPECT_EQ(c.samples, 100u);
  EXPECT_EQ(c.batch, 1048576u);
  EXPECT_FALSE(c.samples_npy);
  EXPECT_EQ(planar_spec(c).tolerance, 1e-12);
  EXPECT_EQ(planar_spec(c).witnesses, 10);
  EXPECT_EQ(laws_of(c), std::vector<PlanarLaw>{planar_law<Poisson>});
  EXPECT_EQ(planar_spec(c).plan.W.kind, MatrixKind::direct);
  expect_dist(planar_spec(c).plan.W.log10_cond, ScalarKind::uniform, 0.0, 4.0);
  expect_dist(planar_spec(c).plan.theta_deg, ScalarKind::uniform, 0.0, 90.0);
  EXPECT_FALSE(planar_spec(c).plan.random_tangent_sign);
  expect_dist(planar_spec(c).plan.mu, ScalarKind::uniform, 0.0, 1.0);
  expect_dist(planar_spec(c).plan.e, ScalarKind::uniform, 0.0, 1.0);
  expect_dist(planar_spec(c).plan.e_t, ScalarKind::constant, 0.0, 0.0);
  ASSERT_EQ(planar_spec(c).n_axes, 1);
  expect_axis(planar_spec(c).axes[0], PlanarQuantity::alpha, 0.0, 10.0, 5);  // integers accepted for lo/hi
  expect_round_trip(c);
}

TEST(ConfigParse, EveryMatrixKindAndDistRoundTrips) {
  const char* const docs[] = {
      R"([run]
name = "wishart run"
seed = 9223372036854775807
samples = 1_000_000
batch = 4096
laws = ["newton", "stronge"]
tolerance = 0.0
witnesses = 0
samples_npy = true
[matrix]
kind = "wishart"
dof = 5
[approach]
theta_deg = { dist = "grid", lo = 0.0, hi = 89.5, n = 180 }
random_tangent_sign = true
[parameters]
mu = { dist = "log_uniform", lo = 0.01, hi = 10.0 }
e = { dist = "constant", value = 1 }
e_t = { dist = "grid", lo = -1.0, n = 1 }
[map]
x = { quantity = "log10_cond", lo = 0.0, hi = 5.0, bins = 4096 }
y = { quantity = "e_t", lo = -1.0, hi = 1.0, bins = 244 }
)",
      R"([run]
seed = 0
samples = 10
laws = ["chatterjee-ruina"]
[matrix]
kind = "mechanism"
dof = 12
log10_cond_M = { dist = "grid", lo = 0.0, hi = 6.0, n = 2 }
[approach]
theta_deg = { dist = "log_uniform", lo = 1e-3, hi = 90 }
[parameters]
mu = { dist = "constant", lo = 0.25 }
e = { dist = "grid", lo = 0.0, hi = 1.0, n = 5 }
e_t = 2.0
[map]
x = { quantity = "kappa", lo = 0.1, hi = 10.0, bins = 1 }
)",
      R"([run]
seed = 3
samples = 1000
laws = ["stronge", "chatterjee-ruina", "poisson", "newton"]
[matrix]
kind = "shape"
rho = { dist = "uniform", lo = -0.5, hi = 0.5 }
kappa = 2.5
[map]
x = { quantity = "rho", lo = -1, hi = 1, bins = 100 }
y = { quantity = "theta", lo = 0, hi = 90, bins = 90 }
)",
  };
  for (const char* doc : docs) {
    SCOPED_TRACE(doc);
    expect_round_trip(parse_run_config(doc, "kinds.toml"));
  }
  const RunConfig w = parse_run_config(docs[0], "kinds.toml");
  EXPECT_EQ(w.name, "wishart run");
  EXPECT_EQ(planar_spec(w).plan.seed, 9223372036854775807u);
  EXPECT_EQ(planar_spec(w).plan.W.wishart_dof, 5u);
  EXPECT_EQ(planar_spec(w).plan.W.mechanism_dof, 3u);  // untouched default
  EXPECT_TRUE(w.samples_npy);
  EXPECT_TRUE(planar_spec(w).plan.random_tangent_sign);
  expect_dist(planar_spec(w).plan.theta_deg, ScalarKind::grid, 0.0, 89.5, 180);
  expect_dist(planar_spec(w).plan.mu, ScalarKind::log_uniform, 0.01, 10.0);
  expect_dist(planar_spec(w).plan.e, ScalarKind::constant, 1.0, 1.0);
  expect_dist(planar_spec(w).plan.e_t, ScalarKind::grid, -1.0, -1.0, 1);  // n = 1: hi defaults to lo
  EXPECT_EQ(planar_spec(w).cells(), 4096 * 244);
  const RunConfig m = parse_run_config(docs[1], "kinds.toml");
  EXPECT_EQ(planar_spec(m).plan.W.mechanism_dof, 12u);
  expect_dist(planar_spec(m).plan.W.log10_cond_M, ScalarKind::grid, 0.0, 6.0, 2);
  expect_dist(planar_spec(m).plan.mu, ScalarKind::constant, 0.25, 0.25);
  expect_dist(planar_spec(m).plan.e_t, ScalarKind::constant, 2.0, 2.0);
  EXPECT_EQ(m.samples, 10u);  // = the grid size 2 * 5: every grid point gets a sample
  const RunConfig s = parse_run_config(docs[2], "kinds.toml");
  expect_dist(planar_spec(s).plan.W.rho, ScalarKind::uniform, -0.5, 0.5);
  expect_dist(planar_spec(s).plan.W.kappa, ScalarKind::constant, 2.5, 2.5);
  expect_dist(planar_spec(s).plan.W.log10_cond, ScalarKind::uniform, 0.0,
              4.0);  // not read by shape: default kept
  EXPECT_EQ(laws_of(s), (std::vector<PlanarLaw>{planar_law<Stronge>, planar_law<ChatterjeeRuina>,
                                                planar_law<Poisson>, planar_law<Newton>}));
}

TEST(ConfigParse, AcceptedEdgeValues) {
  // A uniform theta may end at 90 (open end); e may be exactly 0 or 1; e_t exactly -1; a map axis may bin a
  // quantity the plan holds constant.
  const RunConfig c = parse_run_config(R"([run]
seed = 1
samples = 1
laws = ["chatterjee-ruina"]
[approach]
theta_deg = { dist = "uniform", lo = 89.0, hi = 90.0 }
[parameters]
mu = 0
e = { dist = "uniform", lo = 0, hi = 1 }
e_t = -1
[map]
x = { quantity = "mu", lo = 0, hi = 1, bins = 1 }
)",
                                       "edge.toml");
  expect_dist(planar_spec(c).plan.theta_deg, ScalarKind::uniform, 89.0, 90.0);
  expect_dist(planar_spec(c).plan.mu, ScalarKind::constant, 0.0, 0.0);
  expect_dist(planar_spec(c).plan.e_t, ScalarKind::constant, -1.0, -1.0);
}

TEST(ConfigParse, ReadmeExampleParses) {
  std::ifstream in(kConfigDir + "/README.md");
  ASSERT_TRUE(in) << "configs/README.md";
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string md = ss.str();
  const std::size_t section = md.find("## Example");
  ASSERT_NE(section, std::string::npos);
  const std::size_t begin = md.find("```toml\n", section);
  ASSERT_NE(begin, std::string::npos);
  const std::size_t end = md.find("```", begin + 8);
  ASSERT_NE(end, std::string::npos);
  const RunConfig c = parse_run_config(md.substr(begin + 8, end - begin - 8), "README.md");
  EXPECT_EQ(c.name, "quickstart");
  EXPECT_EQ(c.samples, 2000000u);
  expect_dist(planar_spec(c).plan.e, ScalarKind::constant, 0.5, 0.5);
  expect_dist(planar_spec(c).plan.e_t, ScalarKind::grid, -1.0, 2.0, 31);
  EXPECT_EQ(planar_spec(c).n_laws, 4);
}

TEST(ConfigParse, ResolvedJson) {
  const RunConfig c = load("quickstart.toml");
  const std::string json = resolved_config_json(c);
  EXPECT_NE(json.find("\"seed\": 20261125"), std::string::npos) << json;
  EXPECT_NE(json.find("\"laws\": [\"stronge\", \"poisson\", \"newton\", \"chatterjee-ruina\"]"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"samples\": 4000000"), std::string::npos) << json;
  EXPECT_NE(json.find("\"kind\": \"direct\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"quantity\": \"mu\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"tolerance\": 9.9999999999999998e-13"), std::string::npos) << json;  // 17 digits
  EXPECT_NE(json.find("\"name\": \"quickstart\""), std::string::npos) << json;
  EXPECT_EQ(json.find("\"W\""), std::string::npos) << json;  // only the keys of the matrix kind in use

  const RunConfig k = load("kane_pendulum.toml");
  const std::string kj = resolved_config_json(k);
  EXPECT_NE(kj.find("\"W\": [0.33652009683469619, -0.50710288600359243, 0.81344601523210336]"),
            std::string::npos)
      << kj;
  EXPECT_NE(kj.find("\"value\": 63.329563055302323"), std::string::npos) << kj;
}

std::vector<MultiContactLaw> multi_laws_of(const RunConfig& c) {
  return {multicontact_spec(c).laws, multicontact_spec(c).laws + multicontact_spec(c).n_laws};
}

TEST(ConfigParse, GlockerTwoContacts) {
  const RunConfig c = load("glocker_two_contacts.toml");
  EXPECT_TRUE(std::holds_alternative<MultiContactSweepSpec>(c.model));
  EXPECT_EQ(c.name, "glocker_two_contacts");
  EXPECT_EQ(c.samples, 200000u);
  const MultiContactSweepSpec& m = multicontact_spec(c);
  expect_dist(m.plan.contacts, ScalarKind::constant, 2.0, 2.0);
  EXPECT_EQ(multi_laws_of(c),
            (std::vector<MultiContactLaw>{multicontact_law<PoissonLcp>, multicontact_law<NewtonLcp>}));
  EXPECT_EQ(m.solver, LcpSolver::automatic);
  EXPECT_EQ(m.witnesses, 10);
  EXPECT_EQ(m.tolerance, 1e-12);
  EXPECT_EQ(m.plan.G_kind, DelassusKind::direct);
  expect_dist(m.plan.log10_cond, ScalarKind::uniform, 0.0, 3.0);
  expect_dist(m.plan.gamma_N, ScalarKind::uniform, -1.0, 0.0);
  expect_dist(m.plan.gamma_T, ScalarKind::uniform, -1.0, 1.0);
  expect_dist(m.plan.mu, ScalarKind::uniform, 0.0, 1.5);
  expect_dist(m.plan.eps_N, ScalarKind::uniform, 0.0, 1.0);
  expect_dist(m.plan.eps_T_ratio, ScalarKind::uniform, 0.0, 1.0);
  ASSERT_EQ(m.n_axes, 2);
  expect_axis(m.axes[0], MultiContactQuantity::log10_cond, 0.0, 3.0, 15);
  expect_axis(m.axes[1], MultiContactQuantity::eps_spread, 0.0, 1.0, 10);
  EXPECT_EQ(m.cells(), 150);
  EXPECT_GE(c.samples, 1000u * static_cast<unsigned>(m.cells()));  // ~1000 samples per cell
  // Under ~10 s on two cores, budgeting a conservative 100k samples/s per core per law (enumeration;
  // measured rates: bench/results/notes.md, 'Last figures').
  EXPECT_LE(c.samples * static_cast<unsigned>(m.n_laws), 2u * 100000u * 10u);
  // The config holds the multi-contact spec only (RunConfig::model is one family's spec).
  EXPECT_TRUE(std::holds_alternative<MultiContactSweepSpec>(c.model));
}

const char* const kMinimalMulti = R"(
[model]
kind = "multicontact"

[run]
seed = 7
samples = 100
laws = ["newton-lcp"]

[map]
x = { quantity = "eps_spread", lo = 0, hi = 1, bins = 5 }
)";

// One rigid body (matrix.kind = "body"): the rod's mass, inertia, points and normals, its velocity
// distributions and a map over them; a normal is read as a direction (scaled to unit length).
TEST(ConfigParse, RodOnTwoContacts) {
  const RunConfig c = load("rod_two_contacts.toml");
  const MultiContactSweepSpec& m = multicontact_spec(c);
  EXPECT_EQ(m.plan.G_kind, DelassusKind::body);
  expect_dist(m.plan.contacts, ScalarKind::constant, 2.0, 2.0);
  EXPECT_EQ(m.plan.body.mass, 1.0);
  EXPECT_EQ(m.plan.body.inertia, 1.0 / 12.0);
  EXPECT_EQ(m.plan.body.point[0][0], -0.5);
  EXPECT_EQ(m.plan.body.point[1][0], 0.5);
  EXPECT_EQ(m.plan.body.normal[0][1], 1.0);
  EXPECT_EQ(m.plan.body.normal[1][0], 0.0);
  expect_dist(m.plan.v_x, ScalarKind::uniform, -1.0, 1.0);
  expect_dist(m.plan.v_y, ScalarKind::constant, -1.0, -1.0);
  expect_dist(m.plan.omega, ScalarKind::uniform, -4.0, 4.0);
  expect_axis(m.axes[0], MultiContactQuantity::omega, -4.0, 4.0, 16);
  expect_axis(m.axes[1], MultiContactQuantity::v_x, -1.0, 1.0, 10);

  std::string text = kMinimalMulti;
  text.replace(text.find("[map]"), 5,
               "[matrix]\nkind = \"body\"\nmass = 2.0\ninertia = 0.5\npoints = [[0.0, -1.0]]\n"
               "normals = [[3.0, 4.0]]\n\n[map]");
  text.replace(text.find("kind = \"multicontact\""), 22, "kind = \"multicontact\"\ncontacts = 1");
  const RunConfig one = parse_run_config(text, "configs/one_point.toml");
  const MultiContactSamplePlan& p = multicontact_spec(one).plan;
  EXPECT_EQ(p.body.normal[0][0], 0.6);
  EXPECT_EQ(p.body.normal[0][1], 0.8);
  expect_round_trip(one);
}

TEST(ConfigParse, MultiContactDefaultsResolved) {
  const RunConfig c = parse_run_config(kMinimalMulti, "configs/minimal_multi.toml");
  EXPECT_TRUE(std::holds_alternative<MultiContactSweepSpec>(c.model));
  EXPECT_EQ(c.name, "minimal_multi");
  EXPECT_EQ(c.samples, 100u);
  EXPECT_EQ(c.batch, 1048576u);
  EXPECT_FALSE(c.samples_npy);
  const MultiContactSweepSpec& m = multicontact_spec(c);
  EXPECT_EQ(m.plan.seed, 7u);
  EXPECT_EQ(multi_laws_of(c), std::vector<MultiContactLaw>{multicontact_law<NewtonLcp>});
  EXPECT_EQ(m.solver, LcpSolver::automatic);
  EXPECT_EQ(m.tolerance, 1e-12);
  EXPECT_EQ(m.witnesses, 10);
  expect_dist(m.plan.contacts, ScalarKind::constant, 2.0, 2.0);
  EXPECT_EQ(m.plan.G_kind, DelassusKind::direct);
  expect_dist(m.plan.log10_cond, ScalarKind::uniform, 0.0, 3.0);
  EXPECT_EQ(m.plan.wishart_extra_dof, 0u);
  EXPECT_EQ(m.plan.mechanism_dof, 8u);
  expect_dist(m.plan.log10_cond_M, ScalarKind::uniform, 0.0, 3.0);
  expect_dist(m.plan.gamma_N, ScalarKind::uniform, -1.0, 0.0);
  expect_dist(m.plan.gamma_T, ScalarKind::uniform, -1.0, 1.0);
  expect_dist(m.plan.mu, ScalarKind::uniform, 0.0, 1.5);
  expect_dist(m.plan.eps_N, ScalarKind::uniform, 0.0, 1.0);
  expect_dist(m.plan.eps_T_ratio, ScalarKind::uniform, 0.0, 1.0);
  ASSERT_EQ(m.n_axes, 1);
  expect_axis(m.axes[0], MultiContactQuantity::eps_spread, 0.0, 1.0, 5);
  expect_round_trip(c);
}

TEST(ConfigParse, PlanarModelMayBeExplicit) {
  const RunConfig implicit = parse_run_config(kMinimal, "minimal.toml");
  const RunConfig explicit_planar =
      parse_run_config(std::string("[model]\nkind = \"planar\"\n") + kMinimal, "minimal.toml");
  EXPECT_TRUE(std::holds_alternative<PlanarSweepSpec>(implicit.model));
  EXPECT_TRUE(std::holds_alternative<PlanarSweepSpec>(explicit_planar.model));
  expect_same_config(implicit, explicit_planar);
  EXPECT_EQ(resolved_config_toml(implicit), resolved_config_toml(explicit_planar));
  // An empty [model] table is the planar default too.
  EXPECT_TRUE(std::holds_alternative<PlanarSweepSpec>(
      parse_run_config(std::string("[model]\n") + kMinimal, "minimal.toml").model));
}

TEST(ConfigParse, EveryMultiContactKindAndContactsFormRoundTrips) {
  const char* const docs[] = {
      R"([model]
kind = "multicontact"
contacts = { dist = "grid", lo = 1, hi = 4, n = 4 }
[run]
seed = 3
samples = 4000
batch = 100
laws = ["newton-lcp", "poisson-lcp"]
solver = "lemke"
tolerance = 1e-9
witnesses = 64
samples_npy = false
[matrix]
kind = "mechanism"
dof = 8
log10_cond_M = { dist = "grid", lo = 0.0, hi = 2.0, n = 3 }
[approach]
gamma_N = 0
gamma_T = { dist = "log_uniform", lo = 0.1, hi = 1.0 }
[parameters]
mu = 0
eps_N = 1
eps_T_ratio = { dist = "grid", lo = 0.0, hi = 1.0, n = 5 }
[map]
x = { quantity = "contacts", lo = 0.5, hi = 4.5, bins = 4 }
y = { quantity = "mu", lo = 0.0, hi = 1.5, bins = 3 }
)",
      R"([model]
kind = "multicontact"
contacts = { dist = "constant", value = 3 }
[run]
seed = 0
samples = 10
laws = ["poisson-lcp"]
solver = "enumeration"
[matrix]
kind = "wishart"
extra_dof = 5
[map]
x = { quantity = "log10_cond", lo = 0.0, hi = 6.0, bins = 12 }
)",
      R"([model]
kind = "multicontact"
contacts = { dist = "grid", lo = 2, n = 1 }
[run]
seed = 5
samples = 1
laws = ["poisson-lcp"]
[matrix]
kind = "direct"
log10_cond = 12
[map]
x = { quantity = "mu", lo = 0.0, hi = 1.5, bins = 1 }
)",
      R"([model]
kind = "multicontact"
contacts = { lo = 1, dist = "constant" }
[run]
seed = 5
samples = 3
laws = ["newton-lcp"]
[matrix]
kind = "mechanism"
dof = 2
[map]
x = { quantity = "mu", lo = 0.0, hi = 1.5, bins = 1 }
)",
  };
  for (const char* doc : docs) {
    SCOPED_TRACE(doc);
    expect_round_trip(parse_run_config(doc, "multi.toml"));
  }
  const RunConfig a = parse_run_config(docs[0], "multi.toml");
  expect_dist(multicontact_spec(a).plan.contacts, ScalarKind::grid, 1.0, 4.0, 4);
  EXPECT_EQ(multicontact_spec(a).solver, LcpSolver::lemke);
  EXPECT_EQ(multi_laws_of(a),
            (std::vector<MultiContactLaw>{multicontact_law<NewtonLcp>, multicontact_law<PoissonLcp>}));
  EXPECT_EQ(multicontact_spec(a).plan.G_kind, DelassusKind::mechanism);
  EXPECT_EQ(multicontact_spec(a).plan.mechanism_dof, 8u);  // = 2k for k = 4: the smallest allowed
  expect_dist(multicontact_spec(a).plan.log10_cond_M, ScalarKind::grid, 0.0, 2.0, 3);
  expect_dist(multicontact_spec(a).plan.gamma_N, ScalarKind::constant, 0.0, 0.0);
  expect_dist(multicontact_spec(a).plan.eps_N, ScalarKind::constant, 1.0, 1.0);
  EXPECT_EQ(multicontact_spec(a).tolerance, 1e-9);
  EXPECT_EQ(multicontact_spec(a).witnesses, 64);
  EXPECT_EQ(a.batch, 100u);
  EXPECT_FALSE(a.samples_npy);  // accepted as false: multi-contact runs write no samples.npy
  expect_axis(multicontact_spec(a).axes[0], MultiContactQuantity::contacts, 0.5, 4.5, 4);
  for (int k = 1; k <= 4; ++k) EXPECT_EQ(axis_bin(multicontact_spec(a).axes[0], k), k - 1);  // one bin per k
  const RunConfig b = parse_run_config(docs[1], "multi.toml");
  expect_dist(multicontact_spec(b).plan.contacts, ScalarKind::constant, 3.0, 3.0);
  EXPECT_EQ(multicontact_spec(b).solver, LcpSolver::enumeration);
  EXPECT_EQ(multicontact_spec(b).plan.G_kind, DelassusKind::wishart);
  EXPECT_EQ(multicontact_spec(b).plan.wishart_extra_dof, 5u);
  EXPECT_EQ(multicontact_spec(b).plan.mechanism_dof, 8u);  // not read by wishart: default kept
  const RunConfig c = parse_run_config(docs[2], "multi.toml");
  expect_dist(multicontact_spec(c).plan.contacts, ScalarKind::grid, 2.0, 2.0, 1);  // n = 1: hi defaults to lo
  expect_dist(multicontact_spec(c).plan.log10_cond, ScalarKind::constant, 12.0, 12.0);
  const RunConfig d = parse_run_config(docs[3], "multi.toml");
  expect_dist(multicontact_spec(d).plan.contacts, ScalarKind::constant, 1.0, 1.0);
  EXPECT_EQ(multicontact_spec(d).plan.mechanism_dof, 2u);  // = 2k for k = 1
}

TEST(ConfigParse, ReadmeMultiContactExampleParses) {
  std::ifstream in(kConfigDir + "/README.md");
  ASSERT_TRUE(in) << "configs/README.md";
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string md = ss.str();
  const std::size_t section = md.find("## Multi-contact example");
  ASSERT_NE(section, std::string::npos);
  const std::size_t begin = md.find("```toml\n", section);
  ASSERT_NE(begin, std::string::npos);
  const std::size_t end = md.find("```", begin + 8);
  ASSERT_NE(end, std::string::npos);
  const RunConfig c = parse_run_config(md.substr(begin + 8, end - begin - 8), "README.md");
  EXPECT_TRUE(std::holds_alternative<MultiContactSweepSpec>(c.model));
  expect_dist(multicontact_spec(c).plan.contacts, ScalarKind::grid, 1.0, 4.0, 4);
  EXPECT_EQ(multicontact_spec(c).plan.G_kind, DelassusKind::mechanism);
  expect_dist(multicontact_spec(c).plan.eps_T_ratio, ScalarKind::constant, 1.0, 1.0);
  EXPECT_EQ(multicontact_spec(c).n_laws, 2);
  expect_round_trip(c);
}

TEST(ConfigParse, ResolvedMultiContactText) {
  const RunConfig c = load("glocker_two_contacts.toml");
  const std::string t = resolved_config_toml(c);
  EXPECT_EQ(t.find("[model]\nkind = \"multicontact\"\ncontacts = 2\n"), t.find("[model]")) << t;
  EXPECT_NE(t.find("[model]"), std::string::npos) << t;
  EXPECT_NE(t.find("laws = [\"poisson-lcp\", \"newton-lcp\"]\nsolver = \"automatic\"\n"), std::string::npos)
      << t;
  EXPECT_NE(t.find("eps_T_ratio = { dist = \"uniform\", lo = 0.0, hi = 1.0 }"), std::string::npos) << t;
  EXPECT_NE(t.find("y = { quantity = \"eps_spread\", lo = 0.0, hi = 1.0, bins = 10 }"), std::string::npos)
      << t;
  EXPECT_EQ(t.find("theta_deg"), std::string::npos) << t;  // no planar keys
  EXPECT_EQ(t.find("e_t"), std::string::npos) << t;

  const std::string j = resolved_config_json(c);
  EXPECT_NE(j.find("\"model\": {\n    \"kind\": \"multicontact\",\n    \"contacts\": {\n      \"dist\": "
                   "\"constant\",\n      \"value\": 2\n    }\n  },"),
            std::string::npos)
      << j;
  EXPECT_NE(j.find("\"solver\": \"automatic\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"laws\": [\"poisson-lcp\", \"newton-lcp\"]"), std::string::npos) << j;
  EXPECT_NE(j.find("\"eps_T_ratio\": {\n      \"dist\": \"uniform\","), std::string::npos) << j;
  EXPECT_NE(j.find("\"quantity\": \"eps_spread\""), std::string::npos) << j;
  EXPECT_EQ(j.find("theta_deg"), std::string::npos) << j;

  // A contacts grid is written with integers, which is what contacts accepts.
  const RunConfig g = parse_run_config(
      "[model]\nkind = \"multicontact\"\ncontacts = { dist = \"grid\", lo = 1, hi = 3, n = 3 }\n[run]\nseed "
      "= 1\n"
      "samples = 3\nlaws = [\"poisson-lcp\"]\n[map]\nx = { quantity = \"contacts\", lo = 0.5, hi = 3.5, bins "
      "= 3 }\n",
      "grid.toml");
  EXPECT_NE(resolved_config_toml(g).find("contacts = { dist = \"grid\", lo = 1, hi = 3, n = 3 }\n"),
            std::string::npos)
      << resolved_config_toml(g);
  EXPECT_NE(
      resolved_config_json(g).find("\"contacts\": {\n      \"dist\": \"grid\",\n      \"lo\": 1,\n      "
                                   "\"hi\": 3,\n      \"n\": 3\n    }"),
      std::string::npos)
      << resolved_config_json(g);
}

TEST(ConfigParse, ResolvedTomlText) {
  const std::string t = resolved_config_toml(load("kane_pendulum.toml"));
  EXPECT_NE(t.find("W = [0.33652009683469619, -0.50710288600359243, 0.81344601523210336]"), std::string::npos)
      << t;
  EXPECT_NE(t.find("theta_deg = 63.329563055302323\n"), std::string::npos) << t;
  EXPECT_NE(t.find("e = { dist = \"grid\", lo = 0.0, hi = 1.0, n = 21 }"), std::string::npos) << t;
  EXPECT_NE(t.find("batch = 1048576\n"), std::string::npos) << t;
  EXPECT_NE(t.find("name = \"kane_pendulum\"\n"), std::string::npos) << t;
  // The planar model is written out too (it is the default, so older resolved files still read back).
  EXPECT_NE(t.find("[model]\nkind = \"planar\"\n"), std::string::npos) << t;
  EXPECT_EQ(t.find("contacts"), std::string::npos) << t;
  EXPECT_NE(
      resolved_config_json(load("kane_pendulum.toml")).find("\"model\": {\n    \"kind\": \"planar\"\n  },"),
      std::string::npos);
}

}  // namespace
}  // namespace collsweep

// Golden synthetic collisions in each Case of Djerassi (2010) Table 1, Stronge's law.
#include <gtest/gtest.h>

#include "collsweep/models/planar/laws/stronge.hpp"

namespace collsweep {
namespace {

// e = 0.5, v_n1 = -1, v_t1 = alpha; values to 6 decimals.
struct Golden {
  const char* label;
  Delassus2 W;  // stored as {nn, nt, tt}
  double mu, alpha;
  int type;
  double I_nS, I_nC, I_n2, I_t2, v_n2, v_t2, dE;
};

const Golden kGolden[] = {
    {"Case1 a=0", {1, 0.2, 1}, 0.5, 0.0, 1, 0, 1.041667, 1.562500, -0.312500, 0.500000, 0, -0.390625},
    {"Case1 a=1/6",
     {1, 0.2, 1},
     0.5,
     1.0 / 6,
     1,
     0.555556,
     1.076389,
     1.610084,
     -0.488684,
     0.512348,
     0,
     -0.433304},
    {"Case1 a=0.41667",
     {1, 0.2, 1},
     0.5,
     1.25 / 3,
     2,
     1.388889,
     1.111111,
     1.662168,
     -0.749100,
     0.512348,
     0,
     -0.561343},
    {"Case1 a=1", {1, 0.2, 1}, 0.5, 1.0, 5, 0, 1.111111, 1.666667, -0.833333, 0.500000, 0.500000, -1.041667},
    {"Case2 a=0", {1, -1.5, 4}, 1.0, 0.0, 1, 0, 2.285714, 3.428571, 1.285714, 0.5, 0, -0.857143},
    {"Case2 a=1.1", {1, -1.5, 4}, 1.0, 1.1, 1, 0.2, 1.342857, 2.048519, 0.493195, 0.308727, 0, -0.436786},
    {"Case2 a=2.75", {1, -1.5, 4}, 1.0, 2.75, 2, 0.5, 0.4, 0.634234, -0.449662, 0.308727, 0, -0.8375},
    {"Case2 a=6.6", {1, -1.5, 4}, 1.0, 6.6, 5, 0, 0.4, 0.6, -0.6, 0.5, 3.3, -3.12},
    {"Case3 a=0", {1, -0.5, 1}, 0.2, 0.0, 3, 0, 1.111111, 1.666667, 0.333333, 0.5, -0.5, -0.5},
    {"Case3 a=0.318182",
     {1, -0.5, 1},
     0.2,
     0.35 / 1.1,
     3,
     0.454545,
     1.010101,
     1.526390,
     0.123460,
     0.464660,
     -0.321553,
     -0.408777},
    {"Case3 a=0.795455",
     {1, -0.5, 1},
     0.2,
     0.875 / 1.1,
     4,
     1.136364,
     0.909091,
     1.374875,
     -0.179570,
     0.464660,
     -0.071553,
     -0.433008},
    {"Case3 a=1.909091",
     {1, -0.5, 1},
     0.2,
     2.1 / 1.1,
     5,
     0,
     0.909091,
     1.363636,
     -0.272727,
     0.5,
     0.954545,
     -0.731405},
    {"Case4 a=0", {1, 1.5, 4}, 1.0, 0.0, 1, 0, 2.285714, 3.428571, -1.285714, 0.5, 0, -0.857143},
    {"Case4 a=1", {1, 1.5, 4}, 1.0, 1.0, 1, 0.4, 3.142857, 4.686772, -2.007540, 0.675463, 0, -1.764286},
    {"Case4 a=3", {1, 1.5, 4}, 1.0, 3.0, 1, 1.2, 4.857143, 7.121327, -3.420498, 0.990581, 0, -5.164286},
    {"Case5 a=0", {1, 0.5, 1}, 0.2, 0.0, 5, 0, 1.0 / 0.9, 1.666667, -0.333333, 0.5, 0.5, -0.5},
    {"Case5 a=1", {1, 0.5, 1}, 0.2, 1.0, 5, 0, 1.0 / 0.9, 1.666667, -0.333333, 0.5, 1.5, -0.833333},
    {"Case5 a=3", {1, 0.5, 1}, 0.2, 3.0, 5, 0, 1.0 / 0.9, 1.666667, -0.333333, 0.5, 3.5, -1.5},
};

TEST(DjerassiCases, GoldenSyntheticCollisions) {
  for (const Golden& g : kGolden) {
    SCOPED_TRACE(g.label);
    const PlanarCollision c{g.W, {-1.0, g.alpha}, g.mu, 0.5, 0.0};
    const PlanarOutcome o = Stronge::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.type, g.type);
    const RouthPath r = routh_path(make_routh_frame(c), c.e);
    if (g.type != 5) {
      EXPECT_NEAR(r.I_nS, g.I_nS, 5e-7);
    }
    EXPECT_NEAR(r.I_nC, g.I_nC, 5e-7);
    EXPECT_NEAR(o.I_n, g.I_n2, 5e-7);
    EXPECT_NEAR(o.I_t, g.I_t2, 5e-7);
    EXPECT_NEAR(o.v_n2, g.v_n2, 5e-7);
    EXPECT_NEAR(o.v_t2, g.v_t2, 5e-7);
    EXPECT_NEAR(o.dE, g.dE, 5e-7);
  }
}

// Tangent-flip symmetry (eq. 7): Case 3 at alpha = 0 mirrors Case 5, Case 2 mirrors Case 4.
TEST(DjerassiCases, MirrorImagesAtDirectImpact) {
  const PlanarOutcome c3 = Stronge::evaluate({{1, -0.5, 1}, {-1, 0}, 0.2, 0.5, 0});
  const PlanarOutcome c5 = Stronge::evaluate({{1, 0.5, 1}, {-1, 0}, 0.2, 0.5, 0});
  EXPECT_NEAR(c3.I_n, c5.I_n, 1e-15);
  EXPECT_NEAR(c3.I_t, -c5.I_t, 1e-15);
  EXPECT_NEAR(c3.v_t2, -c5.v_t2, 1e-15);
  const PlanarOutcome c2 = Stronge::evaluate({{1, -1.5, 4}, {-1, 0}, 1.0, 0.5, 0});
  const PlanarOutcome c4 = Stronge::evaluate({{1, 1.5, 4}, {-1, 0}, 1.0, 0.5, 0});
  EXPECT_NEAR(c2.I_n, c4.I_n, 1e-14);
  EXPECT_NEAR(c2.I_t, -c4.I_t, 1e-14);
}

// Djerassi Comment (d): direct impact (alpha = 0) in closed form for Types 1, 3, 5.
TEST(DjerassiCases, DirectImpactClosedForms) {
  const double e = 0.7, w = 1.3;
  const Delassus2 W1{1, 0.2, 1};  // Case 1 -> Type 1: I_n2 = (1+e) w m_tt / Delta
  EXPECT_NEAR(Stronge::evaluate({W1, {-w, 0}, 0.5, e, 0}).I_n, (1 + e) * w * W1.tt / determinant(W1), 1e-14);
  const Delassus2 W3{1, -0.5, 1};  // Case 3 -> Type 3: I_n2 = (1+e) w / q
  EXPECT_NEAR(Stronge::evaluate({W3, {-w, 0}, 0.2, e, 0}).I_n, (1 + e) * w / (1 - 0.2 * 0.5), 1e-14);
  const Delassus2 W5{1, 0.5, 1};  // Case 5 -> Type 5: I_n2 = (1+e) w / h
  EXPECT_NEAR(Stronge::evaluate({W5, {-w, 0}, 0.2, e, 0}).I_n, (1 + e) * w / (1 - 0.2 * 0.5), 1e-14);
}

}  // namespace
}  // namespace collsweep

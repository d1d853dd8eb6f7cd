// Printed and computed reference numbers of the spatial Routh model: invariant directions, Elkaranshawy's
// algebraic solutions (closed forms vs the incremental stronge-3d law), planar cases embedded in 3D.
#include <gtest/gtest.h>

#include <cmath>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "collsweep/models/spatial/routh/algebraic_solutions.hpp"

namespace collsweep {
namespace {

// A generic SPD configuration, (n, t1, t2) order: W = [[2, 0.4, -0.3], [0.4, 1.5, 0.2], [-0.3, 0.2, 1]].
// Its invariant directions, rates and the five algebraic-solution types below are the worked example for
// Elkaranshawy 2002, Sects 4-8 (eqs 32-52; the paper prints no numbers), computed independently by angle
// scan, t-quartic and secular equation, and by numerical integration in the normal impulse.
constexpr Delassus3 kW{2.0, 0.4, -0.3, 1.5, 0.2, 1.0};

TEST(SpatialGolden, CriticalFrictionAndStickRate) {
  EXPECT_NEAR(critical_friction(kW), 0.480673590672, 6e-13);        // Elkaranshawy eq. 36
  EXPECT_NEAR(1.0 / stick_normal_rate(kW), 0.566550252231, 6e-13);  // zeta_ns, eq. 40
}

TEST(SpatialGolden, InvariantDirectionsMuPointTwo) {
  const InvariantDirections d = invariant_directions(kW, 0.2);
  ASSERT_EQ(d.count, 2);
  EXPECT_NEAR(d.lambda[0], -0.737245247577, 6e-13);
  EXPECT_NEAR(d.s1[0], -0.869657957670, 6e-13);
  EXPECT_NEAR(d.s2[0], 0.493654774778, 6e-13);
  EXPECT_NEAR(1.0 / (kW.a - 0.2 * (kW.c1 * d.s1[0] + kW.c2 * d.s2[0])), 0.476373784119, 6e-13);  // zeta_s
  EXPECT_NEAR(d.lambda[1], 0.283489144247, 6e-13);
  EXPECT_NEAR(d.s1[1], 0.732220488704, 6e-13);
  EXPECT_NEAR(d.s2[1], -0.681067658843, 6e-13);
  EXPECT_EQ(d.index_F, 1);  // mu < mu_c: one positive rate, sigma_F
  for (int i = 0; i < d.count; ++i) {
    EXPECT_NEAR(swerve_rate(kW, 0.2, d.s1[i], d.s2[i]), 0.0, 1e-15);
    EXPECT_NEAR(slip_rate(kW, 0.2, d.s1[i], d.s2[i]), d.lambda[i], 1e-15);
  }
}

TEST(SpatialGolden, InvariantDirectionsMuPointFive) {
  const InvariantDirections d = invariant_directions(kW, 0.5);
  ASSERT_EQ(d.count, 2);
  EXPECT_NEAR(d.lambda[0], -1.138476429283, 6e-13);
  EXPECT_NEAR(d.lambda[1], -0.018999646803, 6e-13);
  EXPECT_EQ(d.index_F, -1);  // mu > mu_c: both rates negative
}

TEST(SpatialGolden, QuarticCoefficients) {
  double t[5], l[5];
  invariant_t_quartic(kW, 0.2, t);
  invariant_lambda_quartic(kW, 0.2, l);
  const double t_ref[5] = {0.26, -1.0, 0.24, -0.6, -0.34};
  const double l_ref[5] = {1.0, 1.0, 0.1168, -0.0788, -0.01628944};
  for (int i = 0; i < 5; ++i) {
    EXPECT_NEAR(t[i], t_ref[i], 1e-15) << "t^" << 4 - i;
    EXPECT_NEAR(l[i], l_ref[i], 1e-15) << "lambda^" << 4 - i;
  }
  // The roots of both quartics are the directions and rates found by the secular method.
  const InvariantDirections d = invariant_directions(kW, 0.2);
  for (int i = 0; i < d.count; ++i) {
    const double th = std::atan2(d.s2[i], d.s1[i]), x = std::tan(0.5 * th), r = d.lambda[i];
    EXPECT_NEAR(((((t[0] * x + t[1]) * x + t[2]) * x + t[3]) * x + t[4]), 0.0, 1e-13);
    EXPECT_NEAR(((((l[0] * r + l[1]) * r + l[2]) * r + l[3]) * r + l[4]), 0.0, 1e-14);
  }
}

// Slip starts along the lambda_1 direction, v_n1 = -1, e = 0.5 (energetic): one row per Elkaranshawy type.
struct Row {
  int type;
  double mu, v_ti, I_nh, v_ne, I_ne, I_te1, I_te2, v_te1, v_te2;
};
constexpr Row kRows[] = {
    {1, 0.5, 1.526, 1.340387873, 0.500000000, 0.670357448, 0.317376626, -0.107781511, -0.722299083,
     0.245293700},
    {2, 0.2, 0.176, 0.238726530, 0.481903788, 0.754770149, -0.034049457, 0.046722426, 0.107118559,
     -0.099635270},
    {3, 0.2, 0.457, 0.619875139, 0.484696350, 0.716404388, 0.093679731, -0.048052274, 0.020037209,
     -0.018637413},
    {4, 0.5, 0.254, 0.223105190, 0.458742205, 0.766721098, -0.065648460, 0.161468689, 0.0, 0.0},
    {5, 0.5, 0.661, 0.580600514, 0.464870326, 0.674484427, 0.245301893, -0.059269052, 0.0, 0.0},
};
constexpr double kPrinted = 5.01e-10;  // half a unit of the 9th printed digit
constexpr SpatialMode kModeOfType[] = {SpatialMode::none, SpatialMode::A, SpatialMode::C,
                                       SpatialMode::E,    SpatialMode::B, SpatialMode::D};

TEST(SpatialGolden, AlgebraicSolutionsTypes1To5) {
  for (const Row& row : kRows) {
    const InvariantDirections d = invariant_directions(kW, row.mu);
    const AlgebraicSolution s = energetic_invariant_start(kW, row.mu, 0.5, -1.0, row.v_ti, d.s1[0], d.s2[0]);
    ASSERT_EQ(s.status, Status::ok);
    EXPECT_EQ(s.type, row.type);
    EXPECT_NEAR(s.I_nh, row.I_nh, kPrinted) << "type " << row.type;
    EXPECT_NEAR(s.v_ne, row.v_ne, kPrinted) << "type " << row.type;
    EXPECT_NEAR(s.I_ne, row.I_ne, kPrinted) << "type " << row.type;
    EXPECT_NEAR(s.I_te1, row.I_te1, kPrinted) << "type " << row.type;
    EXPECT_NEAR(s.I_te2, row.I_te2, kPrinted) << "type " << row.type;
    EXPECT_NEAR(s.v_te1, row.v_te1, kPrinted) << "type " << row.type;
    EXPECT_NEAR(s.v_te2, row.v_te2, kPrinted) << "type " << row.type;
  }
}

// The incremental law, started on the same direction, meets the closed forms (two independent methods).
TEST(SpatialGolden, IncrementalStrongeMeetsAlgebraicSolutions) {
  double worst = 0.0;
  for (const Row& row : kRows) {
    const InvariantDirections d = invariant_directions(kW, row.mu);
    const AlgebraicSolution s = energetic_invariant_start(kW, row.mu, 0.5, -1.0, row.v_ti, d.s1[0], d.s2[0]);
    SpatialCollision c;
    c.W = kW;
    c.v = Vec3n{-1.0, row.v_ti * d.s1[0], row.v_ti * d.s2[0]};
    c.mu = row.mu;
    c.e = 0.5;
    const SpatialOutcome o = Stronge3d::evaluate(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.mode, kModeOfType[row.type]) << "type " << row.type;
    const double got[] = {o.I_nh, o.vf.n, o.I.n, o.I.t1, o.I.t2, o.vf.t1, o.vf.t2};
    const double ref[] = {row.type == 1 ? 0.0 : s.I_nh, s.v_ne, s.I_ne, s.I_te1, s.I_te2, s.v_te1, s.v_te2};
    const double printed[] = {
        row.type == 1 ? 0.0 : row.I_nh, row.v_ne, row.I_ne, row.I_te1, row.I_te2, row.v_te1, row.v_te2};
    for (int i = 0; i < 7; ++i) {
      EXPECT_NEAR(got[i], ref[i], 1e-12) << "type " << row.type << " quantity " << i;
      EXPECT_NEAR(got[i], printed[i], kPrinted) << "type " << row.type << " quantity " << i;
      worst = std::fmax(worst, std::fabs(got[i] - ref[i]));
    }
    // Energetic restitution: W_n = (1 - e^2) W_nc, and dE = W_n + W_t.
    EXPECT_NEAR(o.dE, o.W_n + o.W_t, 1e-13);
  }
  std::printf("max |incremental - algebraic| over the 5 types: %.3g\n", worst);
}

// Planar cases embedded in 3D (c2 = 0, b12 = 0, v_t2 = 0): W = [[1, -0.9], [-0.9, 1]], s0 = 0.5, c0 = -1
// (Sypniewska-Kaminska & Rosinski 2008, Sect. V's piecewise-linear Routh construction).
struct PlanarRow {
  SpatialLaw law;
  double mu, e, n_end, T_end, c1, dT;  // NaN where not printed
};
const double kNo = std::nan("");
const PlanarRow kPlanar[] = {
    {spatial_law<Poisson3d>, 1.0, 1.0, 5.789473684, 4.710526316, 0.55, -0.125},
    {spatial_law<Newton3d>, 1.0, 1.0, 8.157894737, 6.842105263, 1.0, 1.710526316},
    {spatial_law<Stronge3d>, 1.0, 1.0, 5.895198487, 4.805678638, 0.570087713, -0.065789474},
    {spatial_law<Poisson3d>, 1.0, 0.5, 4.342105263, kNo, kNo, -0.722039474},
    {spatial_law<Newton3d>, 1.0, 0.5, 5.526315789, kNo, kNo, -0.263157895},
    {spatial_law<Stronge3d>, 1.0, 0.5, 4.394967665, kNo, kNo, -0.707236842},
    {spatial_law<Poisson3d>, 0.3, 1.0, 2.123287671, 0.386986301, kNo, -0.340254973},
    {spatial_law<Newton3d>, 0.3, 1.0, 2.431506849, kNo, kNo, -0.169942766},
    {spatial_law<Stronge3d>, 0.3, 1.0, 2.182140284, kNo, kNo, -0.311770738},
};

TEST(SpatialGolden, PlanarCasesEmbedded) {
  for (const PlanarRow& row : kPlanar) {
    SpatialCollision c;
    c.W = Delassus3{1.0, -0.9, 0.0, 1.0, 0.0, 0.7};  // b22 is free: the motion stays in the (n, t1) plane
    c.v = Vec3n{-1.0, 0.5, 0.0};
    c.mu = row.mu;
    c.e = row.e;
    const SpatialOutcome o = evaluate_routh(row.law, c);
    ASSERT_EQ(o.status, Status::ok);
    const char* name = law_name(row.law);
    EXPECT_NEAR(o.I.n, row.n_end, kPrinted) << name << " mu " << row.mu << " e " << row.e;
    EXPECT_NEAR(o.dE, row.dT, kPrinted) << name;
    if (!std::isnan(row.T_end)) {
      EXPECT_NEAR(o.I.t1, row.T_end, kPrinted) << name;
    }
    if (!std::isnan(row.c1)) {
      EXPECT_NEAR(o.vf.n, row.c1, kPrinted) << name;
    }
    EXPECT_NEAR(o.I_nc, row.mu == 1.0 ? 2.894736842 : 1.061643836, kPrinted) << name;  // shared compression
    EXPECT_EQ(o.I.t2, 0.0);
    EXPECT_EQ(o.vf.t2, 0.0);
    EXPECT_EQ(o.mode, row.mu == 1.0 ? SpatialMode::B : SpatialMode::C) << name;  // stick / reversal
    if (row.mu == 0.3 && row.law == spatial_law<Poisson3d>) {
      EXPECT_NEAR(o.vf.t1, -1.023972603, kPrinted);
    }
    EXPECT_NEAR(o.swerve_deg, row.mu == 1.0 ? 0.0 : 180.0, 1e-12);
  }
}

TEST(SpatialGolden, LawNames) {
  EXPECT_STREQ(law_name(spatial_law<Stronge3d>), "stronge-3d");
  EXPECT_STREQ(law_name(spatial_law<Poisson3d>), "poisson-3d");
  EXPECT_STREQ(law_name(spatial_law<Newton3d>), "newton-3d");
  SpatialLaw law;
  ASSERT_TRUE(parse_law("newton-3d", &law));
  EXPECT_EQ(law, spatial_law<Newton3d>);
  EXPECT_FALSE(parse_law("newton", &law));
}

}  // namespace
}  // namespace collsweep

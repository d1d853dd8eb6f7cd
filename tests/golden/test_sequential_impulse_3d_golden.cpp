// sequential-impulse-3d on one collision, sweep by sweep, against numbers computed by hand and by an
// independent script.
//
// W = [[1, 0.2, -0.1], [0.2, 2, 0.3], [-0.1, 0.3, 1.5]], v- = (-1, 0.6, -0.3), mu = 0.25, e = 0.5,
// threshold 0 (so b_n = 0.5), three sweeps. By hand, the pyramid, friction first:
//   sweep 1  friction: P_n = 0, so both rows clamp to 0. normal: lambda = -(-1 - 0.5) / 1 = 1.5, P_n = 1.5,
//            v = v- + 1.5 (1, 0.2, -0.1) = (0.5, 0.9, -0.45).
//   sweep 2  limit mu P_n = 0.375. t1: P_1 + lambda = 0 - 0.9 / 2 = -0.45, clamped to -0.375,
//            v += -0.375 (0.2, 2, 0.3) = (0.425, 0.15, -0.5625). t2: 0 + 0.5625 / 1.5 = 0.375 (on the limit,
//            kept), v += 0.375 (-0.1, 0.3, 1.5) = (0.3875, 0.2625, 0). normal: lambda = 0.5 - 0.3875 =
//            0.1125, P_n = 1.6125, v += 0.1125 (1, 0.2, -0.1) = (0.5, 0.285, -0.01125).
// Sweep 3 and the other variants: a plain Python script (floats, no library) that applies the same steps to
// the same numbers, written for this test and run once:
//   for each sweep: friction rows (or the disc: q_i = P_i - v_i / W_ii, scaled by mu P_n / |q| when
//   |q| > mu P_n), then the normal row q = max(P_n - (v_n - b_n) / W_nn, 0); v += W dP after each row.
// Its values are written below with repr's 17 digits.
#include <gtest/gtest.h>

#include "collsweep/models/spatial/laws/registry.hpp"

namespace collsweep {
namespace {

struct Row {
  double P[3], v[3], change;
};

SpatialCollision example() {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.2, -0.1, 2.0, 0.3, 1.5};
  c.v = Vec3n{-1.0, 0.6, -0.3};
  c.mu = 0.25;
  c.e = 0.5;
  return c;
}

void expect_sweeps(double normal_first, double friction_cone, const Row (&expected)[3], int type) {
  SpatialThesisParams p;
  p.iterations = 3.0;
  p.normal_first = normal_first;
  p.friction_cone = friction_cone;
  std::vector<SpatialSweepState> seen;
  LawReport r;
  const SpatialOutcome o =
      SequentialImpulse3d::evaluate(example(), p, &r, [&](const SpatialSweepState& s) { seen.push_back(s); });
  ASSERT_EQ(o.status, Status::ok);
  ASSERT_EQ(seen.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    SCOPED_TRACE(k + 1);
    const SpatialSweepState& s = seen[k];
    const Row& e = expected[k];
    EXPECT_NEAR(s.P.n, e.P[0], 1e-15);
    EXPECT_NEAR(s.P.t1, e.P[1], 1e-15);
    EXPECT_NEAR(s.P.t2, e.P[2], 1e-15);
    EXPECT_NEAR(s.v.n, e.v[0], 1e-15);
    EXPECT_NEAR(s.v.t1, e.v[1], 1e-15);
    EXPECT_NEAR(s.v.t2, e.v[2], 1e-15);
    EXPECT_NEAR(s.change, e.change, 1e-15);
  }
  EXPECT_EQ(o.I.n, seen[2].P.n);
  EXPECT_EQ(o.vf.t1, seen[2].v.t1);
  EXPECT_EQ(r.iterations, 3u);
  EXPECT_EQ(r.converged, 0);  // three sweeps still move the impulses
  EXPECT_EQ(r.type, type);
  // dE = P.(v- + v2) / 2 of the last row.
  const Row& e = expected[2];
  const double dE = 0.5 * (e.P[0] * (-1.0 + e.v[0]) + e.P[1] * (0.6 + e.v[1]) + e.P[2] * (-0.3 + e.v[2]));
  EXPECT_NEAR(o.dE, dE, 1e-14);
}

TEST(SequentialImpulse3dGolden, PyramidFrictionFirst) {
  const Row rows[3] = {{{1.5, 0.0, 0.0}, {0.5, 0.9, -0.45}, 1.5},
                       {{1.6125, -0.375, 0.375}, {0.5, 0.285, -0.01125}, 0.375},
                       {{1.6194375, -0.403125, 0.388125},
                        {0.5, 0.23407500000000003, -0.0006937500000000146},
                        0.02812500000000001}};
  // Sweep 3's t1 row clamps (P_1 + lambda = -0.5175 beyond the limit 0.403125): the contact slides on.
  expect_sweeps(0.0, 0.0, rows, 2);
}

TEST(SequentialImpulse3dGolden, DiscFrictionFirst) {
  const Row rows[3] = {{{1.5, 0.0, 0.0}, {0.5, 0.9, -0.45}, 1.5},
                       {{1.5832050294337843, -0.31201886037669135, 0.20801257358446087},
                        {0.4999999999999999, 0.3550070572087125, -0.23990730067969457},
                        0.31201886037669135},
                       {{1.587059496333953, -0.3163898541878282, 0.23781525496387249},
                        {0.5000000000000001, 0.35597676738029604, -0.1969000234439351},
                        0.02980268137941161}};
  expect_sweeps(0.0, 1.0, rows, 2);
}

TEST(SequentialImpulse3dGolden, PyramidNormalFirst) {
  // Bullet's order: sweep 1's normal row gives P_n = 1.5 before friction, whose rows then act at once (sweep
  // 2 of the friction-first order, before its normal row).
  const Row rows[3] = {{{1.5, -0.375, 0.375}, {0.38749999999999996, 0.2625, 0.0}, 1.5},
                       {{1.6125, -0.403125, 0.388125},
                        {0.4930625, 0.23268750000000002, -1.0408340855860843e-17},
                        0.11250000000000004},
                       {{1.6194375, -0.404859375, 0.388934375},
                        {0.4995721875, 0.2308490625, -1.6046192152785466e-17},
                        0.006937500000000041}};
  expect_sweeps(1.0, 0.0, rows, 2);
}

}  // namespace
}  // namespace collsweep

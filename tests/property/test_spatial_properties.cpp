// Theorems and invariants of the spatial Routh laws as properties over random 3D collisions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

constexpr int kSamples = 2000;
constexpr SpatialLaw kLaws[] = {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<Newton3d>};

double vnorm(const Vec3n& v) { return std::sqrt(v.n * v.n + v.t1 * v.t1 + v.t2 * v.t2); }

// Energy, Coulomb's cone, non-penetration, v2 = v1 + W P, dE = W_n + W_t; stronge-3d never gains energy
// (W_n = (1 - e^2) W_nc <= 0 and W_t <= 0), nor does poisson-3d (Ivanov 1992); Newton's gains are counted
// and printed.
TEST(SpatialProperties, EnergyConeAndConsistency) {
  testing::Draw d(31);
  long jams = 0, ok = 0, gains[3] = {};
  for (int i = 0; i < kSamples; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    for (int l = 0; l < 3; ++l) {
      const SpatialOutcome o = evaluate_routh(kLaws[l], c);
      if (o.status == Status::jam) {
        ++jams;
        continue;
      }
      ASSERT_EQ(o.status, Status::ok) << "sample " << i;
      ++ok;
      const char* name = law_name(kLaws[l]);
      if (kLaws[l] != spatial_law<Newton3d>) {
        EXPECT_LE(o.dE_rel, 1e-12) << name << " gains on sample " << i;
      }
      gains[l] += o.dE_rel > 1e-12;
      EXPECT_LE(std::hypot(o.I.t1, o.I.t2), c.mu * o.I.n * (1.0 + 1e-12)) << name << " sample " << i;
      EXPECT_GE(o.vf.n, -1e-12 * vnorm(c.v)) << name << " sample " << i;
      EXPECT_GT(o.I.n, 0.0);
      EXPECT_LE(o.W_t, 1e-14 * std::fabs(o.dE) + 1e-300) << name;
      const double T = accessible_energy(c.W, c.v);
      EXPECT_NEAR(o.dE, o.W_n + o.W_t, 1e-11 * T) << name << " sample " << i;
      const double vs = vnorm(c.v) + vnorm(o.vf);
      EXPECT_NEAR(o.vf.n, c.v.n + c.W.a * o.I.n + c.W.c1 * o.I.t1 + c.W.c2 * o.I.t2, 1e-11 * vs) << name;
      EXPECT_NEAR(o.vf.t1, c.v.t1 + c.W.c1 * o.I.n + c.W.b11 * o.I.t1 + c.W.b12 * o.I.t2, 1e-11 * vs) << name;
      EXPECT_NEAR(o.vf.t2, c.v.t2 + c.W.c2 * o.I.n + c.W.b12 * o.I.t1 + c.W.b22 * o.I.t2, 1e-11 * vs) << name;
      if (kLaws[l] == spatial_law<Newton3d>) {
        EXPECT_NEAR(o.vf.n, -c.e * c.v.n, 1e-12 * vs);
      }
      EXPECT_EQ(o.n_invariant % 2, 0);
    }
  }
  std::printf("%ld outcomes, %ld jams; energy gains: stronge-3d %ld, poisson-3d %ld, newton-3d %ld\n", ok,
              jams, gains[0], gains[1], gains[2]);
  EXPECT_EQ(gains[0], 0);
  EXPECT_EQ(gains[1], 0);
  EXPECT_GT(gains[2], 0);
}

// mu = 0: every law gives the frictionless impact I = ((1 + e) w / a, 0, 0), v2 = v1 + W P.
TEST(SpatialProperties, FrictionlessLimit) {
  testing::Draw d(32);
  for (int i = 0; i < kSamples; ++i) {
    SpatialCollision c = testing::random_spatial_collision(d);
    c.mu = 0.0;
    const double In = (1.0 + c.e) * -c.v.n / c.W.a;
    for (SpatialLaw law : kLaws) {
      const SpatialOutcome o = evaluate_routh(law, c);
      ASSERT_EQ(o.status, Status::ok);
      EXPECT_EQ(o.mode, SpatialMode::A);
      EXPECT_NEAR(o.I.n, In, 1e-13 * In) << law_name(law);
      EXPECT_EQ(o.I.t1, 0.0);
      EXPECT_EQ(o.I.t2, 0.0);
      EXPECT_NEAR(o.vf.n, -c.e * c.v.n, 1e-13 * vnorm(c.v));
      EXPECT_NEAR(o.vf.t1, c.v.t1 + c.W.c1 * In, 1e-13 * (vnorm(c.v) + std::fabs(c.W.c1 * In)));
      EXPECT_NEAR(o.vf.t2, c.v.t2 + c.W.c2 * In, 1e-13 * (vnorm(c.v) + std::fabs(c.W.c2 * In)));
    }
  }
}

// Rotating the tangent plane about n by phi (c -> R c, b -> R b R^T, v_t -> R v_t) rotates I_t and v_t2
// and leaves I_n, v_n2, the mode and the swerve unchanged.
TEST(SpatialProperties, RotationEquivariance) {
  testing::Draw d(33);
  double worst = 0.0;
  for (int i = 0; i < kSamples; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    const double phi = d.uniform(0.0, 2.0 * M_PI), cs = std::cos(phi), sn = std::sin(phi);
    SpatialCollision r = c;
    r.W.c1 = cs * c.W.c1 - sn * c.W.c2;
    r.W.c2 = sn * c.W.c1 + cs * c.W.c2;
    r.W.b11 = cs * cs * c.W.b11 - 2.0 * cs * sn * c.W.b12 + sn * sn * c.W.b22;
    r.W.b12 = cs * sn * (c.W.b11 - c.W.b22) + (cs * cs - sn * sn) * c.W.b12;
    r.W.b22 = sn * sn * c.W.b11 + 2.0 * cs * sn * c.W.b12 + cs * cs * c.W.b22;
    r.v.t1 = cs * c.v.t1 - sn * c.v.t2;
    r.v.t2 = sn * c.v.t1 + cs * c.v.t2;
    for (SpatialLaw law : kLaws) {
      const SpatialOutcome a = evaluate_routh(law, c);
      const SpatialOutcome b = evaluate_routh(law, r);
      if (a.status == Status::jam || b.status == Status::jam) continue;  // jam onset is a rounding tie
      ASSERT_EQ(a.status, Status::ok);
      ASSERT_EQ(b.status, Status::ok);
      EXPECT_EQ(a.mode, b.mode) << "sample " << i;
      EXPECT_EQ(a.n_invariant, b.n_invariant) << "sample " << i;
      SpatialOutcome back = b;  // rotate the rotated outcome back by -phi
      back.I.t1 = cs * b.I.t1 + sn * b.I.t2;
      back.I.t2 = -sn * b.I.t1 + cs * b.I.t2;
      back.vf.t1 = cs * b.vf.t1 + sn * b.vf.t2;
      back.vf.t2 = -sn * b.vf.t1 + cs * b.vf.t2;
      const double dist = testing::outcome_distance(c, a, back);
      EXPECT_LE(dist, 1e-10) << law_name(law) << " sample " << i;
      worst = std::fmax(worst, dist);
      if (a.mode != SpatialMode::none) {
        EXPECT_NEAR(a.swerve_deg, b.swerve_deg, 1e-6) << "sample " << i;
      }
    }
  }
  std::printf("rotation equivariance: max relative difference %.3g\n", worst);
}

// Homogeneity: v -> k v scales P and v2 by k (dE by k^2); W -> s W scales P by 1/s. Modes are unchanged.
TEST(SpatialProperties, Homogeneity) {
  testing::Draw d(34);
  double worst = 0.0;
  for (int i = 0; i < kSamples; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    const double k = d.log_uniform(0.01, 100.0), s = d.log_uniform(0.01, 100.0);
    SpatialCollision cv = c, cw = c;
    cv.v = Vec3n{k * c.v.n, k * c.v.t1, k * c.v.t2};
    cw.W = Delassus3{s * c.W.a, s * c.W.c1, s * c.W.c2, s * c.W.b11, s * c.W.b12, s * c.W.b22};
    for (SpatialLaw law : kLaws) {
      const SpatialOutcome a = evaluate_routh(law, c);
      if (a.status == Status::jam) continue;
      ASSERT_EQ(a.status, Status::ok);
      SpatialOutcome b = evaluate_routh(law, cv);
      ASSERT_EQ(b.status, Status::ok);
      EXPECT_EQ(a.mode, b.mode);
      b.I = Vec3n{b.I.n / k, b.I.t1 / k, b.I.t2 / k};
      b.vf = Vec3n{b.vf.n / k, b.vf.t1 / k, b.vf.t2 / k};
      double dist = testing::outcome_distance(c, a, b);
      EXPECT_NEAR(b.dE / (k * k), a.dE, 1e-10 * accessible_energy(c.W, c.v));
      SpatialOutcome w = evaluate_routh(law, cw);
      ASSERT_EQ(w.status, Status::ok);
      EXPECT_EQ(a.mode, w.mode);
      w.I = Vec3n{w.I.n * s, w.I.t1 * s, w.I.t2 * s};
      dist = std::fmax(dist, testing::outcome_distance(c, a, w));
      EXPECT_LE(dist, 1e-10) << law_name(law) << " sample " << i;
      worst = std::fmax(worst, dist);
    }
  }
  std::printf("homogeneity: max relative difference %.3g\n", worst);
}

// The invariant directions: 2 or 4 of them, each a root of the swerve equation with its rate, and one
// positive rate exactly when mu < mu_c (Elkaranshawy Sect. 7).
TEST(SpatialProperties, InvariantDirectionCountAndSigmaF) {
  testing::Draw d(35);
  int count4 = 0;
  for (int i = 0; i < 20 * kSamples; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    const double mu = d.uniform(0.01, 2.0);
    const InvariantDirections dirs = invariant_directions(c.W, mu);
    ASSERT_TRUE(dirs.count == 2 || dirs.count == 4) << "sample " << i;
    count4 += dirs.count == 4;
    const double mu_c = critical_friction(c.W);
    int positive = 0;
    const double scale = std::hypot(c.W.c1, c.W.c2) + mu * (c.W.b11 + c.W.b22);
    for (int k = 0; k < dirs.count; ++k) {
      positive += dirs.lambda[k] > 0.0;
      EXPECT_NEAR(std::hypot(dirs.s1[k], dirs.s2[k]), 1.0, 1e-15);
      EXPECT_NEAR(swerve_rate(c.W, mu, dirs.s1[k], dirs.s2[k]), 0.0, 1e-12 * scale) << "sample " << i;
      EXPECT_NEAR(slip_rate(c.W, mu, dirs.s1[k], dirs.s2[k]), dirs.lambda[k], 1e-12 * scale)
          << "sample " << i;
      if (k > 0) {
        EXPECT_LE(dirs.lambda[k - 1], dirs.lambda[k]);
      }
    }
    EXPECT_EQ(positive, mu < mu_c ? 1 : 0) << "sample " << i;
    EXPECT_EQ(dirs.index_F >= 0, mu < mu_c);
  }
  std::printf("invariant directions: 4 in %d of %d samples\n", count4, 20 * kSamples);
  EXPECT_GT(count4, 0);
}

}  // namespace
}  // namespace collsweep

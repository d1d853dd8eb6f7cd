// The spatial incremental laws against exact solutions: uncoupled anisotropic friction (hodograph and
// impulse quadrature), starts from rest, self-convergence of the integration, statuses.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/spatial/laws/registry.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

constexpr SpatialLaw kLaws[] = {spatial_law<Stronge3d>, spatial_law<Poisson3d>, spatial_law<Newton3d>};

// c = 0, b = diag(b1, b2): dv_i/dp = -mu b_i v_i/|v_t|, so v_i = v_i0 u^(b_i) with du/u = -mu dp/|v_t|.
// Hence the hodograph v_t1/v_t10 = (v_t2/v_t20)^(b1/b2) and p(u) = (1/mu) int_{ln u}^0 |v_t|(e^x) dx.
struct Uncoupled {
  double b1, b2, v1, v2, mu;
  long double speed(long double x) const {  // |v_t| at u = e^x
    const long double a = v1 * std::exp(b1 * x), b = v2 * std::exp(b2 * x);
    return std::sqrt(a * a + b * b);
  }
  // p(u) by Simpson's rule in x = ln u on [x0, 0] (x0 = ln u, or a cut-off where |v_t| is negligible) with
  // one Richardson step (n and 2n intervals): error O(h^6).
  double p(long double x0) const {
    const auto simpson = [&](int n) {
      const long double h = -x0 / n;
      long double s = speed(x0) + speed(0.0L);
      for (int i = 1; i < n; ++i) s += (i % 2 ? 4.0L : 2.0L) * speed(x0 + i * h);
      return s * h / 3.0L;
    };
    const long double s1 = simpson(6000), s2 = simpson(12000);
    return static_cast<double>((16.0L * s2 - s1) / 15.0L / mu);
  }
};

TEST(SpatialLaws, UncoupledFrictionHodographAndImpulse) {
  testing::Draw d(21);
  int slides = 0, halts = 0;
  double worst_hodo = 0.0, worst_p = 0.0;
  for (int i = 0; i < 120; ++i) {
    const Uncoupled u{d.log_uniform(0.2, 5.0), d.log_uniform(0.2, 5.0), d.uniform(-1.0, 1.0),
                      d.uniform(-1.0, 1.0), d.uniform(0.05, 1.0)};
    SpatialCollision c;
    c.W = Delassus3{d.log_uniform(0.5, 5.0), 0.0, 0.0, u.b1, 0.0, u.b2};
    c.v = Vec3n{-d.log_uniform(0.05, 2.0), u.v1, u.v2};
    c.mu = u.mu;
    c.e = d.u01();
    for (SpatialLaw law : kLaws) {
      const SpatialOutcome o = evaluate_routh(law, c);
      ASSERT_EQ(o.status, Status::ok);
      EXPECT_EQ(o.mu_c, 0.0);
      // zeta is constant (c = 0): every law ends at I_n = (1 + e) w / a (Elkaranshawy Sect. 9).
      EXPECT_NEAR(o.I.n, (1.0 + c.e) * -c.v.n / c.W.a, 1e-13 * o.I.n);
      if (o.mode == SpatialMode::A) {
        ++slides;
        const double r1 = o.vf.t1 / u.v1, r2 = o.vf.t2 / u.v2;
        ASSERT_GT(r1, 0.0);
        ASSERT_GT(r2, 0.0);
        // v_t1/v_t10 = (v_t2/v_t20)^(b1/b2), written with the exponent <= 1 (b_i/b_j > 1 would only
        // magnify the rounding of the slower-decaying component).
        const double hodo = u.b1 <= u.b2 ? std::fabs(r1 - std::pow(r2, u.b1 / u.b2))
                                         : std::fabs(r2 - std::pow(r1, u.b2 / u.b1));
        EXPECT_LE(hodo, 1e-10) << "sample " << i;
        worst_hodo = std::fmax(worst_hodo, hodo);
        // The impulse along the path: u from the slower-decaying component.
        const long double x =
            u.b1 < u.b2 ? std::log((long double)r1) / u.b1 : std::log((long double)r2) / u.b2;
        const double pe = std::fabs(u.p(x) - o.I.n) / o.I.n;
        EXPECT_LE(pe, 1e-10) << "sample " << i;
        worst_p = std::fmax(worst_p, pe);
      } else {
        ASSERT_TRUE(o.mode == SpatialMode::B || o.mode == SpatialMode::D);  // mu_c = 0: stick after a halt
        ++halts;
        // The halt: p(0), cut where |v_t| < 1e-17 |v_t0|.
        const double x0 = std::log(1e-17) / std::fmin(u.b1, u.b2);
        const double pe = std::fabs(u.p(x0) - o.I_nh) / o.I_nh;
        EXPECT_LE(pe, 1e-10) << "sample " << i;
        worst_p = std::fmax(worst_p, pe);
        // Sticking with c = 0 holds I_t, so I_t = -b^-1 v_t0 and v_t2 = 0.
        EXPECT_NEAR(o.I.t1, -u.v1 / u.b1, 1e-11);
        EXPECT_NEAR(o.I.t2, -u.v2 / u.b2, 1e-11);
        EXPECT_EQ(o.vf.t1, 0.0);
        EXPECT_EQ(o.vf.t2, 0.0);
      }
    }
  }
  std::printf(
      "uncoupled friction: %d sliding, %d halting; max hodograph error %.3g, max impulse error %.3g\n",
      slides, halts, worst_hodo, worst_p);
  EXPECT_GT(slides, 30);
  EXPECT_GT(halts, 30);
}

// v_t1 = 0: stick throughout when mu >= mu_c (v_t stays 0, dI_t/dp = -b^-1 c), else slide along sigma_F
// from the start (mode C with I_nh = 0, v_t2 = lambda_F sigma_F I_n).
TEST(SpatialLaws, StartsFromRest) {
  const Delassus3 W{2.0, 0.4, -0.3, 1.5, 0.2, 1.0};
  SpatialCollision c;
  c.W = W;
  c.v = Vec3n{-1.0, 0.0, 0.0};
  c.e = 0.5;
  c.mu = 0.6;  // > mu_c = 0.4807
  for (SpatialLaw law : kLaws) {
    const SpatialOutcome o = evaluate_routh(law, c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.mode, SpatialMode::B);
    EXPECT_NEAR(o.I.n, 1.5 / stick_normal_rate(W), 1e-14);  // constant zeta_ns: I_n = (1 + e) w zeta_ns
    double x1, x2;
    b_inv_c(W, &x1, &x2);
    EXPECT_NEAR(o.I.t1, -x1 * o.I.n, 1e-14);
    EXPECT_NEAR(o.I.t2, -x2 * o.I.n, 1e-14);
    EXPECT_EQ(o.vf.t1, 0.0);
    EXPECT_EQ(o.vf.t2, 0.0);
    EXPECT_NEAR(o.vf.n, 0.5, 1e-14);
  }
  c.mu = 0.2;
  const InvariantDirections d = invariant_directions(W, 0.2);
  ASSERT_GE(d.index_F, 0);
  const double f1 = d.s1[d.index_F], f2 = d.s2[d.index_F], lF = d.lambda[d.index_F];
  const double k = W.a - 0.2 * (W.c1 * f1 + W.c2 * f2);
  for (SpatialLaw law : kLaws) {
    const SpatialOutcome o = evaluate_routh(law, c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.mode, SpatialMode::C);
    EXPECT_EQ(o.I_nh, 0.0);
    EXPECT_NEAR(o.I.n, 1.5 / k, 1e-14);  // constant zeta: all laws agree
    EXPECT_NEAR(o.vf.t1, lF * f1 * o.I.n, 1e-14);
    EXPECT_NEAR(o.vf.t2, lF * f2 * o.I.n, 1e-14);
  }
}

// The default integration against a much tighter one, on random collisions of every mode.
TEST(SpatialLaws, SelfConvergence) {
  testing::Draw d(22);
  SpatialOptions tight;
  tight.tol = 1e-15;
  tight.halt_rel = 1e-15;
  tight.vt_floor = 1e-9;
  tight.max_steps = 50000;
  double worst = 0.0;
  int counts[6] = {};
  for (int i = 0; i < 1500; ++i) {
    const SpatialCollision c = testing::random_spatial_collision(d);
    for (SpatialLaw law : kLaws) {
      const SpatialOutcome a = evaluate_routh(law, c);
      const SpatialOutcome b = evaluate_routh(law, c, tight);
      if (a.status == Status::jam || b.status == Status::jam) {
        EXPECT_EQ(a.status, b.status) << "sample " << i;
        continue;
      }
      ASSERT_EQ(a.status, Status::ok) << "sample " << i;
      ASSERT_EQ(b.status, Status::ok) << "sample " << i;
      ++counts[static_cast<int>(a.mode)];
      EXPECT_EQ(a.mode, b.mode) << "sample " << i;
      const double dist = testing::outcome_distance(c, a, b);
      EXPECT_LE(dist, 1e-10) << law_name(law) << " sample " << i;
      worst = std::fmax(worst, dist);
    }
  }
  std::printf("self-convergence: max relative difference %.3g; modes A..E: %d %d %d %d %d\n", worst,
              counts[1], counts[2], counts[3], counts[4], counts[5]);
  for (int m = 1; m <= 5; ++m) EXPECT_GT(counts[m], 0) << "mode " << m;
}

TEST(SpatialLaws, JamAndInvalidInput) {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.9, 0.0, 1.0, 0.0, 1.0};
  c.v = Vec3n{-1.0, 1.0, 0.0};
  c.mu = 1.5;  // slip along +t1: dv_n/dp = a - mu c1 = 1 - 1.35 < 0 from the start (jam)
  c.e = 0.5;
  for (SpatialLaw law : kLaws) {
    const SpatialOutcome o = evaluate_routh(law, c);
    EXPECT_EQ(o.status, Status::jam);
    EXPECT_EQ(o.I.n, 0.0);
    EXPECT_EQ(o.mode, SpatialMode::none);
  }
  SpatialCollision bad = c;
  bad.mu = 0.5;
  bad.v.n = 0.0;
  EXPECT_EQ(Stronge3d::evaluate(bad).status, Status::not_approaching);
  bad = c;
  bad.W.b12 = 1.0;  // det b = 0
  EXPECT_EQ(Stronge3d::evaluate(bad).status, Status::delassus_not_spd);
  bad = c;
  bad.W.c1 = 1.0;  // Schur complement 0
  EXPECT_EQ(Poisson3d::evaluate(bad).status, Status::delassus_not_spd);
  bad = c;
  bad.mu = -0.1;
  EXPECT_EQ(Newton3d::evaluate(bad).status, Status::negative_friction);
  bad = c;
  bad.e = 1.5;
  EXPECT_EQ(Newton3d::evaluate(bad).status, Status::restitution_out_of_range);
  bad = c;
  bad.v.t2 = std::nan("");
  EXPECT_EQ(Newton3d::evaluate(bad).status, Status::nonfinite_input);
  EXPECT_STREQ(status_name(Status::jam), "jam");
}

}  // namespace
}  // namespace collsweep

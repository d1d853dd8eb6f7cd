// The multi-contact sequential-impulse law (laws/sequential_impulse.hpp) against independent results: its
// fixed point (iterations = 0) is newton-lcp's solution at eps_T = 0 where that is unique; frictionless
// contacts; one rigid body on two corners (a singular G of rank 3); homogeneity in gamma^- and in the scale
// of G; the block solver, the dropped point, the orders and their spread; bad settings.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "collsweep/models/multicontact/laws/registry.hpp"
#include "collsweep/models/multicontact/planar_body.hpp"
#include "collsweep/models/multicontact/sampler.hpp"
#include "families/multicontact/law_instances.hpp"
#include "support/body_plans.hpp"
#include "support/glocker_samples.hpp"

namespace collsweep {
namespace {

using testing_samples::Mode;
using testing_samples::Rng;

// A random collision whose contacts all approach (the engine law's bias is 0 for a separating contact,
// newton-lcp's target -eps_N gamma_N^- is not: they agree where every contact approaches) and eps_T = 0.
template <int K>
MultiContactCollision<K> approaching(Rng& rng, double mu_max = 1.5) {
  MultiContactCollision<K> c = testing_samples::random_collision<K>(rng, Mode::general);
  for (int j = 0; j < K; ++j) {
    c.gamma_minus[j] = rng.uniform(-1.0, -0.05);
    c.mu[j] = rng.uniform(0.0, mu_max);
    c.eps_T[j] = 0.0;
  }
  return c;
}

MultiContactOutcome<2> run2(const MultiContactCollision<2>& c) { return evaluate_sequential_impulse(c); }

// The largest |a_i - b_i| over 2k rows.
template <int K>
double row_difference(const double (&a)[2 * K], const double (&b)[2 * K]) {
  double d = 0.0;
  for (int i = 0; i < 2 * K; ++i) d = std::max(d, std::fabs(a[i] - b[i]));
  return d;
}

// iterations = 0 runs to the fixed point; where newton-lcp (the enumeration: every solution) has exactly one
// solution and the iteration converged, the outcomes agree to 1e-9 of max|gamma^-| and of T_acc. Samples
// that do not converge within the cap are counted (not_converged), never passed.
template <int K>
void expect_fixed_point_is_newton(int samples, std::uint64_t seed, int* compared, int* not_converged,
                                  int* several) {
  Rng rng(seed);
  MultiContactOptions opt;
  opt.solver = LcpSolver::enumeration;
  opt.order_spread = false;
  for (int s = 0; s < samples; ++s) {
    MultiContactCollision<K> c = approaching<K>(rng);
    c.params.iterations = 0.0;
    c.params.block_solver = (s % 2) ? 1.0 : 0.0;
    c.params.normal_first = (s % 3 == 0) ? 1.0 : 0.0;
    const MultiContactOutcome<K> si = evaluate_sequential_impulse(c, opt);
    const MultiContactOutcome<K> nw = evaluate_newton_lcp(c, opt);
    ASSERT_EQ(nw.status, Status::ok) << "sample " << s;
    if (si.status == Status::not_converged) {
      ++*not_converged;
      EXPECT_EQ(si.iterations, kSequentialImpulseCap);
      EXPECT_FALSE(si.converged);
      continue;
    }
    ASSERT_EQ(si.status, Status::ok) << "sample " << s;
    ASSERT_TRUE(si.converged);
    if (nw.solutions != 1) {
      ++*several;
      continue;
    }
    const double g = smallmat::max_abs(c.gamma_minus);
    EXPECT_LE(row_difference<K>(si.gamma_plus, nw.gamma_plus), 1e-9 * g) << "k = " << K << " sample " << s;
    EXPECT_LE(std::fabs(si.W - nw.W), 1e-9 * si.T_acc) << "k = " << K << " sample " << s;
    ++*compared;
  }
}

TEST(MultiContactSequentialImpulse, ItsFixedPointIsNewtonsSolutionWhereThatIsUnique) {
  int compared = 0, not_converged = 0, several = 0;
  expect_fixed_point_is_newton<2>(4000, 301, &compared, &not_converged, &several);
  expect_fixed_point_is_newton<3>(1500, 302, &compared, &not_converged, &several);
  expect_fixed_point_is_newton<4>(600, 303, &compared, &not_converged, &several);
  std::printf("compared %d, not converged %d, several newton solutions %d\n", compared, not_converged,
              several);
  ::testing::Test::RecordProperty("compared", compared);
  ::testing::Test::RecordProperty("not_converged", not_converged);
  EXPECT_GT(compared, 5500);
  EXPECT_LT(not_converged, 60);
}

// mu = 0: no friction impulse at all, and the fixed point is the frictionless Newton solution (unique: an
// LCP with a positive definite matrix), also with the block solver, which solves the 2 x 2 normal LCP exactly
// in its first sweep.
TEST(MultiContactSequentialImpulse, FrictionlessContactsTakeNoTangentImpulse) {
  Rng rng(305);
  for (int s = 0; s < 2000; ++s) {
    MultiContactCollision<2> c = approaching<2>(rng, 0.0);
    c.params.iterations = s % 2 ? 0.0 : 1.0;
    c.params.block_solver = s % 2 ? 0.0 : 1.0;
    const MultiContactOutcome<2> o = run2(c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.Lam[2], 0.0);
    EXPECT_EQ(o.Lam[3], 0.0);
    if (normal_solve_of(c, c.params.block_solver == 1.0) == NormalSolve::dropped) continue;
    const MultiContactOutcome<2> nw = evaluate_newton_lcp(c);
    ASSERT_EQ(nw.solutions, 1);
    // (to convergence: the fixed-point test's 1e-13 of the impulses, amplified by G's conditioning)
    EXPECT_LE(row_difference<2>(o.gamma_plus, nw.gamma_plus),
              (s % 2 ? 1e-10 : 1e-12) * smallmat::max_abs(c.gamma_minus))
        << "sample " << s << (s % 2 ? " (to convergence)" : " (one block sweep)");
  }
}

// One rigid body on two corners (the rod and the box of configs/rod_two_contacts.toml and
// configs/box_landing.toml): G positive semidefinite of rank 3, which the law only divides by its diagonal;
// its fixed point is newton-lcp's one outcome.
TEST(MultiContactSequentialImpulse, ABodyOnTwoCornersHasASingularGAndNewtonsOutcome) {
  int compared = 0, not_converged = 0;
  for (const bool rod : {true, false}) {
    MultiContactSamplePlan p = rod ? testing::rod_plan(71) : testing::box_plan(72, 2);
    p.omega = {ScalarKind::uniform, -4.0, 4.0, 1};
    p.eps_T_ratio = {ScalarKind::constant, 0.0, 0.0, 1};
    for (std::uint64_t i = 0; i < 6000; ++i) {
      MultiContactSample smp = draw_multicontact_sample(p, i);
      MultiContactCollision<2> c = collision_of<2>(smp);
      if (c.gamma_minus[0] >= 0.0 || c.gamma_minus[1] >= 0.0) continue;  // both corners approaching
      c.params.iterations = 0.0;
      c.params.block_solver = i % 2 ? 1.0 : 0.0;
      const MultiContactOutcome<2> o = run2(c);
      if (o.status == Status::not_converged) {
        ++not_converged;
        continue;
      }
      ASSERT_EQ(o.status, Status::ok) << "sample " << i << ": " << status_reason(o.status);
      EXPECT_EQ(o.delassus_rank, 3);
      const MultiContactOutcome<2> nw = evaluate_newton_lcp(c);
      ASSERT_EQ(nw.solutions, 1);
      EXPECT_LE(row_difference<2>(o.gamma_plus, nw.gamma_plus), 1e-9 * smallmat::max_abs(c.gamma_minus))
          << (rod ? "rod" : "box") << " sample " << i;
      ++compared;
    }
  }
  std::printf("compared %d, not converged %d\n", compared, not_converged);
  EXPECT_GT(compared, 1400);
  EXPECT_LT(not_converged, compared / 100);
}

// The law is homogeneous: gamma^- scaled by 2^m scales every impulse by 2^m, bit for bit, and G scaled by 2^m
// scales them by 2^-m with gamma^+ unchanged (threshold 0; every operation is linear or a clamp, and the
// fixed-point test scales with them); by a factor that is not a power of two, to 1e-12.
TEST(MultiContactSequentialImpulse, ItIsHomogeneousInTheVelocitiesAndInTheScaleOfG) {
  Rng rng(307);
  for (int s = 0; s < 3000; ++s) {
    MultiContactCollision<2> c = approaching<2>(rng);
    c.params.iterations = s % 3 == 0 ? 0.0 : 8.0;
    c.params.block_solver = s % 2 ? 1.0 : 0.0;
    const MultiContactOutcome<2> o = run2(c);
    if (o.status != Status::ok) continue;
    MultiContactCollision<2> v = c, g = c, a = c;
    const double f = rng.uniform(0.3, 3.0);
    for (int i = 0; i < 4; ++i) {
      v.gamma_minus[i] *= 0x1p-7;
      a.gamma_minus[i] *= f;
      for (int j = 0; j < 4; ++j) g.G[i][j] *= 0x1p5;
    }
    const MultiContactOutcome<2> ov = run2(v), og = run2(g), oa = run2(a);
    ASSERT_EQ(ov.status, Status::ok);
    ASSERT_EQ(og.status, Status::ok);
    ASSERT_EQ(oa.status, Status::ok);
    EXPECT_EQ(ov.iterations, o.iterations);
    EXPECT_EQ(og.iterations, o.iterations);
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(ov.Lam[i], o.Lam[i] * 0x1p-7) << "sample " << s;
      EXPECT_EQ(og.Lam[i], o.Lam[i] * 0x1p-5) << "sample " << s;
      EXPECT_EQ(og.gamma_plus[i], o.gamma_plus[i]) << "sample " << s;
      if (c.params.iterations != 0.0) {  // (K = 0 may stop one sweep apart at another scale)
        EXPECT_NEAR(oa.Lam[i], f * o.Lam[i], 1e-12 * f * smallmat::max_abs(o.Lam)) << "sample " << s;
      }
    }
  }
}

// On 10^5 samples: exactly K sweeps for K >= 1; the normal impulses never negative; with the normal impulses
// first in each sweep, friction last: |P_Tj| <= mu_j P_Nj at the end; with mu = 0 and e = 0 every step is a
// projection that lowers the kinetic energy: W <= 0; the fixed point (K = 0) satisfies the complementarity
// conditions to its tolerance.
TEST(MultiContactSequentialImpulse, PropertiesOnManySamples) {
  Rng rng(309);
  MultiContactOptions opt;
  opt.order_spread = false;
  opt.theorem_predicates = false;
  int not_converged = 0;
  for (int s = 0; s < 100000; ++s) {
    MultiContactCollision<2> c = testing_samples::random_collision<2>(rng, Mode::general);
    const int kind = s % 4;
    c.params.iterations = kind == 3 ? 0.0 : static_cast<double>(1 + s % 20);
    c.params.normal_first = kind == 1 ? 1.0 : 0.0;
    c.params.block_solver = s % 2 ? 1.0 : 0.0;
    if (kind == 2)
      for (int j = 0; j < 2; ++j) c.mu[j] = c.eps_N[j] = c.eps_T[j] = 0.0;
    const MultiContactOutcome<2> o = evaluate_sequential_impulse(c, opt);
    if (o.status == Status::not_approaching) continue;
    if (o.status == Status::not_converged) {
      ++not_converged;
      continue;
    }
    ASSERT_EQ(o.status, Status::ok) << "sample " << s << ": " << status_reason(o.status);
    if (kind != 3) {
      EXPECT_EQ(o.iterations, static_cast<std::uint32_t>(c.params.iterations)) << "sample " << s;
    }
    for (int j = 0; j < 2; ++j) {
      EXPECT_GE(o.Lam[j], 0.0) << "sample " << s;
    }
    if (kind == 1) {
      for (int j = 0; j < 2; ++j) EXPECT_LE(std::fabs(o.Lam[2 + j]), c.mu[j] * o.Lam[j]) << "sample " << s;
    }
    if (kind == 2) {
      EXPECT_LE(o.W, 1e-12 * o.T_acc) << "sample " << s;
    }
    if (kind == 3) {
      ASSERT_TRUE(o.converged);
      const double g = smallmat::max_abs(c.gamma_minus), tol = 1e-9 * g;
      for (int j = 0; j < 2; ++j) {
        const double b = c.gamma_minus[j] < 0.0 ? -c.eps_N[j] * c.gamma_minus[j] : 0.0;
        const double gap = o.gamma_plus[j] - b;
        if (normal_solve_of(c, c.params.block_solver == 1.0) == NormalSolve::dropped && j == 1) continue;
        EXPECT_GE(gap, -tol) << "sample " << s;
        if (o.Lam[j] > 1e-9 * impulse_scale(c)) {
          EXPECT_LE(std::fabs(gap), tol) << "sample " << s;
        }
        const double r = c.mu[j] * o.Lam[j], t = o.Lam[2 + j], vt = o.gamma_plus[2 + j];
        // (the normal impulse moved by at most the fixed-point tolerance after friction was clamped to it)
        const double ti = 1e-11 * (std::fabs(o.Lam[0]) + std::fabs(o.Lam[1]) + std::fabs(o.Lam[2]) +
                                   std::fabs(o.Lam[3]) + impulse_scale(c));
        EXPECT_LE(std::fabs(t), r + ti) << "sample " << s;
        if (std::fabs(t) < r - 1e3 * ti) {
          EXPECT_LE(std::fabs(vt), tol) << "sample " << s;
        }
        if (std::fabs(vt) > tol) {
          EXPECT_LE(t * vt, 0.0) << "sample " << s;
        }
      }
    }
  }
  std::printf("K = 0: %d of 25000 not converged within %u sweeps\n", not_converged, kSequentialImpulseCap);
  EXPECT_LT(not_converged,
            500);  // (measured: 379, 1.5 %: projected Gauss-Seidel need not converge with friction)
}

// Box2D's block solver and its dropped point (b2ContactSolver::InitializeVelocityConstraints): with
// k11^2 >= 1000 det K only contact 1 is solved, friction included; below the bound both are.
TEST(MultiContactSequentialImpulse, TheBlockSolverDropsARedundantSecondPoint) {
  // A box of mass 1 on two points 0.2 apart, its moment of inertia large: G_NN nearly all 1/m.
  PlanarBody b;
  b.point[0][0] = -0.1;
  b.point[1][0] = 0.1;
  b.point[0][1] = b.point[1][1] = -0.5;
  b.normal[0][1] = b.normal[1][1] = 1.0;
  double G[2 * max_contacts][2 * max_contacts] = {};
  for (const double inertia : {100.0, 0.01}) {
    b.inertia = inertia;
    planar_body_delassus(b, 2, G);
    const double v[3] = {0.4, -1.0, 0.3};
    double g[2 * max_contacts] = {};
    planar_body_contact_velocities(b, 2, v, g);
    MultiContactCollision<2> c{};
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) c.G[i][j] = G[i][j];
      c.gamma_minus[i] = g[i];
    }
    for (int j = 0; j < 2; ++j) {
      c.mu[j] = 0.4;
      c.eps_N[j] = 0.5;
    }
    const bool dropped = inertia == 100.0;
    EXPECT_EQ(normal_solve_of(c, true), dropped ? NormalSolve::dropped : NormalSolve::block);
    EXPECT_EQ(normal_solve_of(c, false), NormalSolve::sequential);
    const MultiContactOutcome<2> o = run2(c);
    ASSERT_EQ(o.status, Status::ok);
    if (dropped) {
      EXPECT_EQ(o.Lam[1], 0.0);
      EXPECT_EQ(o.Lam[3], 0.0);
      EXPECT_GT(o.Lam[0], 0.0);
      EXPECT_NE(o.Lam[2], 0.0);
    } else {
      EXPECT_GT(o.Lam[0], 0.0);
      EXPECT_GT(o.Lam[1], 0.0);
    }
    EXPECT_EQ(o.orders, 1);  // the block solver has no order
    EXPECT_EQ(o.order_spread_W, 0.0);
  }
}

// A rod dropped flat (v = (0, -1), omega = 0) rebounds flat with Box2D's block solver, and asymmetrically
// with one sweep of sequential normal impulses, in either order: the spread over the two orders is that
// asymmetry (the question of a box dropped flat rebounding with a spin that depends on solver order).
TEST(MultiContactSequentialImpulse, AFlatDropSpreadsOverTheOrdersOfTheNormalImpulses) {
  const MultiContactSamplePlan p = testing::rod_plan(1);
  double G[2 * max_contacts][2 * max_contacts] = {}, g[2 * max_contacts] = {};
  planar_body_delassus(p.body, 2, G);
  const double v[3] = {0.0, -1.0, 0.0};
  planar_body_contact_velocities(p.body, 2, v, g);
  MultiContactCollision<2> c{};
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) c.G[i][j] = G[i][j];
    c.gamma_minus[i] = g[i];
  }
  for (int j = 0; j < 2; ++j) {
    c.mu[j] = 0.5;
    c.eps_N[j] = 0.5;
  }
  c.params.iterations = 1.0;
  const MultiContactOutcome<2> block = run2(c);
  ASSERT_EQ(block.status, Status::ok);
  EXPECT_EQ(block.gamma_plus[0], block.gamma_plus[1]);  // flat: both corners leave at one speed
  EXPECT_EQ(block.gamma_plus[0], 0.5);
  c.params.block_solver = 0.0;
  const MultiContactOutcome<2> given = run2(c);
  c.params.order = 1.0;
  const MultiContactOutcome<2> reversed = run2(c);
  c.params.order = 2.0;
  c.params.permutation = 1.0;
  const MultiContactOutcome<2> permuted = run2(c);
  ASSERT_EQ(given.status, Status::ok);
  EXPECT_NE(given.gamma_plus[0], given.gamma_plus[1]);
  EXPECT_EQ(given.gamma_plus[0], reversed.gamma_plus[1]);  // the mirror image
  EXPECT_EQ(given.gamma_plus[1], reversed.gamma_plus[0]);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(permuted.Lam[i], reversed.Lam[i]);
  }
  EXPECT_EQ(given.orders, 2);
  EXPECT_EQ(given.order_spread_gamma,
            std::fabs(given.gamma_plus[0] - reversed.gamma_plus[0]) / smallmat::max_abs(c.gamma_minus));
  EXPECT_GT(given.order_spread_gamma, 0.1);
  // The mirror images have one energy: W does not spread, gamma^+ does.
  EXPECT_LE(given.order_spread_W, 1e-15);
  // More sweeps approach the common fixed point and the spread shrinks.
  c.params.order = 0.0;
  c.params.iterations = 30.0;
  EXPECT_LT(run2(c).order_spread_gamma, 1e-6);
}

// The orders of k = 3 contacts: order 2 with permutation p is the p-th of the 6 in lexicographic order, and
// the spread compares all 6.
TEST(MultiContactSequentialImpulse, PermutationsAreLexicographicAndAllAreCompared) {
  int order[3];
  order_of_index<3>(0, order);
  EXPECT_EQ(order[0] * 100 + order[1] * 10 + order[2], 12);
  order_of_index<3>(3, order);
  EXPECT_EQ(order[0] * 100 + order[1] * 10 + order[2], 120);
  order_of_index<3>(5, order);
  EXPECT_EQ(order[0] * 100 + order[1] * 10 + order[2], 210);
  Rng rng(311);
  MultiContactCollision<3> c = approaching<3>(rng);
  c.params.iterations = 2.0;
  const MultiContactOutcome<3> o = evaluate_sequential_impulse(c);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.orders, 6);
  double lo = 1e300, hi = -1e300;
  for (int p = 0; p < 6; ++p) {
    MultiContactCollision<3> q = c;
    q.params.order = 2.0;
    q.params.permutation = p;
    const MultiContactOutcome<3> r = evaluate_sequential_impulse(q);
    lo = std::min(lo, r.W);
    hi = std::max(hi, r.W);
  }
  EXPECT_EQ(o.order_spread_W, (hi - lo) / o.T_acc);
  EXPECT_GT(o.order_spread_W, 0.0);
}

// A threshold above every approach speed removes the restitution bias: the outcome is that of e = 0.
TEST(MultiContactSequentialImpulse, TheThresholdTurnsRestitutionOff) {
  Rng rng(313);
  for (int s = 0; s < 200; ++s) {
    MultiContactCollision<2> c = approaching<2>(rng);
    MultiContactCollision<2> z = c;
    c.params.threshold = 1.0;
    for (int j = 0; j < 2; ++j) z.eps_N[j] = 0.0;
    const MultiContactOutcome<2> a = run2(c), b = run2(z);
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(a.Lam[i], b.Lam[i]);
    }
  }
}

// Settings outside their domains are refused with parameter_out_of_range, never a NaN.
TEST(MultiContactSequentialImpulse, BadSettingsAreRefused) {
  Rng rng(317);
  const MultiContactCollision<2> good = approaching<2>(rng);
  const auto refused = [&](auto set) {
    MultiContactCollision<2> c = good;
    set(c.params);
    const MultiContactOutcome<2> o = run2(c);
    EXPECT_EQ(o.status, Status::parameter_out_of_range);
    EXPECT_EQ(o.W, 0.0);
  };
  refused([](MultiContactEngineParams& p) { p.iterations = 2.5; });
  refused([](MultiContactEngineParams& p) { p.iterations = -1.0; });
  refused([](MultiContactEngineParams& p) { p.iterations = 10001.0; });
  refused([](MultiContactEngineParams& p) { p.threshold = -0.1; });
  refused([](MultiContactEngineParams& p) { p.threshold = std::nan(""); });
  refused([](MultiContactEngineParams& p) { p.normal_first = 2.0; });
  refused([](MultiContactEngineParams& p) { p.block_solver = 0.5; });
  refused([](MultiContactEngineParams& p) { p.order = 3.0; });
  refused([](MultiContactEngineParams& p) {
    p.order = 2.0;
    p.permutation = -1.0;  // a per-sample permutation that was never drawn
  });
  refused([](MultiContactEngineParams& p) {
    p.order = 2.0;
    p.permutation = 2.0;  // k! = 2 orders
  });
  EXPECT_EQ(run2(good).status, Status::ok);
}

// The registry: the law reads the engine settings, reports its convergence, and has no SIMD lanes.
TEST(MultiContactSequentialImpulse, ItsTraitsInTheRegistry) {
  MultiContactLaw law{};
  ASSERT_TRUE(parse_multicontact_law("sequential-impulse", &law));
  EXPECT_EQ(law, multicontact_law<MultiContactSequentialImpulse>);
  EXPECT_EQ(law_reads(law), multicontact_input::engine);
  EXPECT_TRUE(law_reports_convergence(law));
  EXPECT_FALSE(law_has_lanes(law));
  EXPECT_FALSE(law_two_phases(law));
  EXPECT_TRUE(law_has_lanes(multicontact_law<NewtonLcp>));
  EXPECT_EQ(law_reads(multicontact_law<PoissonLcp>), 0u);
}

}  // namespace
}  // namespace collsweep

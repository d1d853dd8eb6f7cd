// The C1-C4 checker and Ivanov's eta (thesis §3.2-§3.4, §10.5) on every planar and spatial law.
//
// The constraint checker (C1-C4, thesis §3.2-§3.4) and Ivanov's restitution eta (§3.3, §10.5) on every
// planar and spatial law: eta = e for frictionless collisions, eta against its energy definition, the C1
// flag against the sign of dE, and the flags on hand-made outcomes.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "collsweep/models/planar/constraints.hpp"
#include "collsweep/models/planar/laws/brach.hpp"
#include "collsweep/models/planar/laws/chatterjee_combined.hpp"
#include "collsweep/models/planar/laws/kane_levinson.hpp"
#include "collsweep/models/planar/laws/registry.hpp"
#include "collsweep/models/planar/laws/smith.hpp"
#include "collsweep/models/spatial/constraints.hpp"
#include "collsweep/models/spatial/laws/brach_3d.hpp"
#include "collsweep/models/spatial/laws/chatterjee_combined_3d.hpp"
#include "collsweep/models/spatial/laws/kane_levinson_3d.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "collsweep/models/spatial/laws/smith_3d.hpp"
#include "support/random_spatial.hpp"
#include "support/thesis_law_cases.hpp"

namespace collsweep {
namespace {

using PlanarFn = std::function<PlanarOutcome(const PlanarCollision&)>;
using SpatialFn = std::function<SpatialOutcome(const SpatialCollision&)>;

// Every planar law, old and new (combined with weights (0.3, 0.3); Brach with ratio mu / 2).
std::vector<std::pair<std::string, PlanarFn>> planar_laws() {
  std::vector<std::pair<std::string, PlanarFn>> v;
  for (int l = 0; l < planar_law_count; ++l) {
    const auto law = static_cast<PlanarLaw>(l);
    v.push_back({law_name(law), [law](const PlanarCollision& c) { return evaluate(law, c); }});
  }
  v.push_back({"chatterjee-law1", [](const PlanarCollision& c) { return ChatterjeeLaw1::evaluate(c); }});
  v.push_back({"chatterjee-law3", [](const PlanarCollision& c) { return ChatterjeeLaw3::evaluate(c); }});
  v.push_back({"chatterjee-combined", [](const PlanarCollision& c) {
                 return ChatterjeeCombined::evaluate(c, {0.3, 0.3});
               }});
  v.push_back({"kane-levinson", [](const PlanarCollision& c) { return KaneLevinson::evaluate(c); }});
  v.push_back({"smith", [](const PlanarCollision& c) { return Smith::evaluate(c); }});
  v.push_back({"brach", [](const PlanarCollision& c) { return Brach::evaluate(c, 0.5 * c.mu); }});
  return v;
}

std::vector<std::pair<std::string, SpatialFn>> spatial_laws() {
  std::vector<std::pair<std::string, SpatialFn>> v;
  for (int l = 0; l < spatial_law_count; ++l) {  // the thesis laws below, with their parameters
    const auto law = static_cast<SpatialLaw>(l);
    if (!is_thesis_law(law))
      v.push_back({law_name(law), [law](const SpatialCollision& c) { return evaluate_spatial(law, c); }});
  }
  v.push_back(
      {"chatterjee-law1-3d", [](const SpatialCollision& c) { return ChatterjeeLaw1_3d::evaluate(c); }});
  v.push_back(
      {"chatterjee-law3-3d", [](const SpatialCollision& c) { return ChatterjeeLaw3_3d::evaluate(c); }});
  v.push_back({"chatterjee-combined-3d", [](const SpatialCollision& c) {
                 return ChatterjeeCombined3d::evaluate(c, {0.3, 0.3});
               }});
  v.push_back({"kane-levinson-3d", [](const SpatialCollision& c) { return KaneLevinson3d::evaluate(c); }});
  v.push_back({"smith-3d", [](const SpatialCollision& c) { return Smith3d::evaluate(c); }});
  v.push_back(
      {"brach-3d", [](const SpatialCollision& c) { return Brach3d::evaluate(c, 0.5 * c.mu, 0.1 * c.mu); }});
  return v;
}

// eta = e when mu = 0 (Ivanov; thesis §10.5), for every law of both families.
TEST(LawConstraints, EtaIsEForFrictionlessCollisions) {
  testing::Draw d(161);
  const auto planar = planar_laws();
  const auto spatial = spatial_laws();
  for (int i = 0; i < 2000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    c.mu = 0.0;
    for (const auto& [name, law] : planar) {
      const PlanarOutcome o = law(c);
      ASSERT_EQ(o.status, Status::ok) << name;
      const ConstraintReport r = check_constraints(c, o);
      ASSERT_TRUE(r.eta_defined) << name;
      EXPECT_NEAR(r.eta, c.e, 1e-12) << name << " sample " << i;
      EXPECT_EQ(r.violated, 0) << name << " sample " << i;
    }
    SpatialCollision s = testing::random_spatial_collision(d);
    s.mu = 0.0;
    s.e_t = testing::draw_e_t(d);
    for (const auto& [name, law] : spatial) {
      const SpatialOutcome o = law(s);
      ASSERT_EQ(o.status, Status::ok) << name;
      const ConstraintReport r = check_constraints(s, o);
      ASSERT_TRUE(r.eta_defined) << name;
      EXPECT_NEAR(r.eta, s.e, 1e-12) << name << " sample " << i;
      EXPECT_EQ(r.violated, 0) << name << " sample " << i;
    }
  }
}

// eta from its definition: on the ray through P, E(s) = T + s P^.v1 + s^2 P^.W P^ / 2 is least at
// s* = -P^.v1 / P^.W P^; eta^2 = (E_f - E_min)/(E_i - E_min), eta > 0 iff |P| > s*. Brach's law with a
// random ratio reaches arbitrary rays. On the energy ellipsoid (Law I's cases b, c) eta = 1.
TEST(LawConstraints, EtaAgainstItsEnergyDefinition) {
  testing::Draw d(162);
  int on_ellipsoid = 0;
  for (int i = 0; i < 20000; ++i) {
    const PlanarCollision c = testing::random_thesis_collision(d);
    const PlanarOutcome o = Brach::evaluate(c, d.uniform(-3.0, 3.0));
    if (o.status != Status::ok) continue;
    const double p = std::hypot(o.I_n, o.I_t), hn = o.I_n / p, ht = o.I_t / p;
    const double pv = hn * c.v.n + ht * c.v.t;
    const double q = c.W.nn * hn * hn + 2.0 * c.W.nt * hn * ht + c.W.tt * ht * ht;
    const ConstraintReport r = check_constraints(c, o);
    if (!(pv < 0.0)) {
      EXPECT_FALSE(r.eta_defined);
      continue;
    }
    const double T = accessible_energy(c.W, c.v), s_star = -pv / q;
    const double E_min = T + s_star * pv + 0.5 * s_star * s_star * q, E_f = T + o.dE;
    const double eta = std::sqrt(std::fmax(0.0, (E_f - E_min) / (T - E_min))) * (p > s_star ? 1.0 : -1.0);
    ASSERT_TRUE(r.eta_defined);
    EXPECT_NEAR(r.eta, eta, 1e-7 * (1.0 + std::fabs(eta))) << "sample " << i;
    const PlanarOutcome l1 = ChatterjeeLaw1::evaluate(c);
    if (l1.type != 1) {
      EXPECT_NEAR(check_constraints(c, l1).eta, 1.0, 1e-12) << "sample " << i;
      ++on_ellipsoid;
    }
  }
  EXPECT_GT(on_ellipsoid, 500);
}

// The C1 flag (impulse form, P.v1 + P^T W P / 2 > tol T_acc) agrees with the sign of each law's dE away from
// the tolerance band, in both families; laws that gain energy (kane-levinson, newton, brach, e_t > 1) do.
TEST(LawConstraints, C1FlagAgreesWithTheSignOfDE) {
  testing::Draw d(163);
  const auto planar = planar_laws();
  const auto spatial = spatial_laws();
  long compared = 0, gains = 0;
  for (int i = 0; i < 10000; ++i) {
    PlanarCollision c = testing::random_thesis_collision(d);
    if (i % 5 == 0) c.e_t = d.uniform(1.0, 3.0);
    for (const auto& [name, law] : planar) {
      const PlanarOutcome o = law(c);
      if (o.status != Status::ok || std::fabs(o.dE_rel) < 1e-9) continue;
      ++compared;
      gains += o.dE > 0.0;
      EXPECT_EQ((check_constraints(c, o).violated & kViolatesC1Energy) != 0, o.dE > 0.0) << name << " " << i;
    }
    SpatialCollision s = testing::random_spatial_collision(d);
    s.e_t = i % 5 == 0 ? d.uniform(1.0, 3.0) : testing::draw_e_t(d);
    for (const auto& [name, law] : spatial) {
      const SpatialOutcome o = law(s);
      if (o.status != Status::ok || std::fabs(o.dE_rel) < 1e-9) continue;
      ++compared;
      gains += o.dE > 0.0;
      EXPECT_EQ((check_constraints(s, o).violated & kViolatesC1Energy) != 0, o.dE > 0.0) << name << " " << i;
    }
  }
  EXPECT_GT(gains, 1000);
  EXPECT_GT(compared, 100000);
}

// Hand-made outcomes: W = 1, v1 = (-1, 1), mu = 0.5.
TEST(LawConstraints, FlagsOnHandMadeOutcomes) {
  const PlanarCollision c{{1.0, 0.0, 1.0}, {-1.0, 1.0}, 0.5, 0.5, 0.0};
  auto outcome = [&](double In, double It) {
    return finish_outcome(c, 1, In, It, c.v.n + In, c.v.t + It);  // v2 = v1 + P
  };
  // P = (1.5, -0.5): v2 = (0.5, 0.5), KE 1 -> 0.25, on the cone: nothing violated; eta = -P.v2/P.v1 = 0.25.
  ConstraintReport r = check_constraints(c, outcome(1.5, -0.5));
  EXPECT_EQ(r.violated, 0);
  EXPECT_DOUBLE_EQ(r.eta, 0.25);
  // P = (0.5, 0): v2 = (-0.5, 1), still approaching: C2 only.
  EXPECT_EQ(check_constraints(c, outcome(0.5, 0.0)).violated, kViolatesC2Penetration);
  // P = (2, -1.5): v2 = (1, -0.5), |P_t| = 1.5 > mu P_n = 1: C3; KE 1 -> 0.625.
  EXPECT_EQ(check_constraints(c, outcome(2.0, -1.5)).violated, kViolatesC3Coulomb);
  // P = (3, 0): v2 = (2, 1), KE 1 -> 2.5: C1.
  EXPECT_EQ(check_constraints(c, outcome(3.0, 0.0)).violated, kViolatesC1Energy);
  // P = (-0.1, -0.5): pulling, approaching on, outside the cone (its apex side): C2, C3, C4.
  EXPECT_EQ(check_constraints(c, outcome(-0.1, -0.5)).violated,
            kViolatesC2Penetration | kViolatesC3Coulomb | kViolatesC4Compressive);
  // P = 0: eta = -1 (Ivanov's convention); P.v1 > 0 with P != 0: eta undefined (and a gain).
  r = check_constraints(c, outcome(0.0, 0.0));
  EXPECT_TRUE(r.eta_defined);
  EXPECT_EQ(r.eta, -1.0);
  r = check_constraints(c, outcome(0.1, 1.0));
  EXPECT_FALSE(r.eta_defined);
  EXPECT_EQ(r.eta, 0.0);
  EXPECT_TRUE(r.violated & kViolatesC1Energy);
  // A failed outcome reports nothing.
  r = check_constraints(c, invalid_outcome(Status::numerical_failure));
  EXPECT_EQ(r.violated, 0);
  EXPECT_FALSE(r.eta_defined);
  // The tolerance: v_n2 = -1e-13 |v1| passes at 1e-12 and fails at 1e-14.
  const double vs = std::sqrt(2.0), In = 1.0 - 1e-13 * vs;
  EXPECT_EQ(check_constraints(c, outcome(In, 0.0)).violated, 0);
  EXPECT_EQ(check_constraints(c, outcome(In, 0.0), 1e-14).violated, kViolatesC2Penetration);
}

// The spatial checker on hand-made outcomes: W = 1, v1 = (-1, 0.6, 0.8), mu = 0.5.
TEST(LawConstraints, SpatialFlagsOnHandMadeOutcomes) {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.0, 0.0, 1.0, 0.0, 1.0};
  c.v = Vec3n{-1.0, 0.6, 0.8};
  c.mu = 0.5;
  auto outcome = [&](Vec3n P) {
    SpatialOutcome o;
    o.I = P;
    o.vf = Vec3n{c.v.n + P.n, c.v.t1 + P.t1, c.v.t2 + P.t2};
    return finish_spatial_outcome(c, o);
  };
  // P = (1.5, -0.3, -0.4): |P_T| = 0.5 <= 0.75, v2 = (0.5, 0.3, 0.4), eta = -P.v2/P.v1 = 0.5/2 = 0.25.
  ConstraintReport r = check_constraints(c, outcome(Vec3n{1.5, -0.3, -0.4}));
  EXPECT_EQ(r.violated, 0);
  EXPECT_NEAR(r.eta, 0.25, 1e-15);
  EXPECT_EQ(check_constraints(c, outcome(Vec3n{1.5, -0.6, -0.8})).violated, kViolatesC3Coulomb);
  EXPECT_EQ(check_constraints(c, outcome(Vec3n{0.5, 0.0, 0.0})).violated, kViolatesC2Penetration);
  EXPECT_EQ(check_constraints(c, outcome(Vec3n{3.0, 0.0, 0.0})).violated, kViolatesC1Energy);
}

}  // namespace
}  // namespace collsweep

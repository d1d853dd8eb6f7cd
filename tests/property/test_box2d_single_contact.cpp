// Box2D 2.4 itself against the planar sequential impulses: one dynamic body on static ground, one contact
// point, one b2World::Step; Box2D's post-step velocities against the law's, to Box2D's float precision.
#include <box2d/box2d.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/laws/registry.hpp"
#include "support/random_collisions.hpp"

namespace collsweep {
namespace {

// The contact as Box2D's solver sees it, read in PreSolve (after the step's collision, before its solve).
struct ContactSeen : b2ContactListener {
  int points = 0;
  b2WorldManifold manifold{};
  float friction = 0, restitution = 0, threshold = 0;
  void PreSolve(b2Contact* contact, const b2Manifold*) override {
    points = contact->GetManifold()->pointCount;
    contact->GetWorldManifold(&manifold);
    friction = contact->GetFriction();
    restitution = contact->GetRestitution();
    threshold = contact->GetRestitutionThreshold();
  }
};

struct BodyVelocity {
  double vx, vy, w;
};

// One random body: mass m, inertia I about its centre (the body's origin), a circle of radius R whose lowest
// point touches the ground at the lever arm r from the centre. Its velocity approaches the ground at the
// contact. Box2D's contact points from the ground (body A, static) to the body (B); tangent = (n_y, -n_x).
struct Case {
  double m, I, R, px, py, mu, e, threshold;
  BodyVelocity v;
  int iterations;
};

Case random_case(testing::Draw& d) {
  Case k;
  k.m = d.log_uniform(0.2, 5.0);
  k.I = k.m * d.log_uniform(0.05, 4.0);
  k.R = d.uniform(0.1, 0.5);
  k.px = d.uniform(-1.0, 1.0);
  k.py = d.uniform(-1.0, 1.0);
  k.mu = d.pick(5) == 0 ? 0.0 : d.uniform(0.0, 1.5);
  k.e = d.pick(5) == 0 ? 1.0 : d.uniform(0.0, 1.0);
  k.threshold = d.pick(2) ? 0.0 : d.uniform(0.0, 2.0);
  k.iterations = 1 + d.pick(16);
  // The contact point's velocity (v_t, v_n < 0) and a spin; the centre's velocity follows.
  const double vn = -d.log_uniform(0.1, 5.0), vt = d.uniform(-3.0, 3.0), w = d.uniform(-3.0, 3.0);
  const double rx = k.px, ry = k.py - k.R;  // contact point - centre
  k.v = {vt + w * ry, vn - w * rx, w};
  return k;
}

struct Stepped {
  ContactSeen seen;
  BodyVelocity before{}, after{};
  double cx = 0, cy = 0;  // the body's centre when the solver ran
};

Stepped step_box2d(const Case& k) {
  b2World world(b2Vec2(0.0f, 0.0f));
  world.SetContinuousPhysics(false);  // no TOI sub-step: one velocity solve per step
  world.SetAllowSleeping(false);
  Stepped s;
  world.SetContactListener(&s.seen);
  b2BodyDef gd;
  b2Body* ground = world.CreateBody(&gd);
  b2PolygonShape slab;
  slab.SetAsBox(50.0f, 1.0f, b2Vec2(0.0f, -1.0f), 0.0f);  // top face at y = 0, normal up
  b2FixtureDef gf;
  gf.shape = &slab;
  gf.friction = static_cast<float>(k.mu);
  gf.restitution = 0.0f;  // Box2D mixes restitution as the max of the two
  gf.restitutionThreshold = static_cast<float>(k.threshold);
  ground->CreateFixture(&gf);
  b2BodyDef bd;
  bd.type = b2_dynamicBody;
  bd.position = b2Vec2(static_cast<float>(-k.px), static_cast<float>(k.R - k.py));  // circle centre at (0, R)
  bd.linearVelocity = b2Vec2(static_cast<float>(k.v.vx), static_cast<float>(k.v.vy));
  bd.angularVelocity = static_cast<float>(k.v.w);
  b2Body* body = world.CreateBody(&bd);
  b2CircleShape circle;
  circle.m_radius = static_cast<float>(k.R);
  circle.m_p = b2Vec2(static_cast<float>(k.px), static_cast<float>(k.py));
  b2FixtureDef cf;
  cf.shape = &circle;
  cf.density = 1.0f;
  cf.friction = static_cast<float>(k.mu);  // Box2D mixes friction as sqrt(mu_A mu_B) = mu
  cf.restitution = static_cast<float>(k.e);
  cf.restitutionThreshold = static_cast<float>(k.threshold);
  body->CreateFixture(&cf);
  b2MassData md;
  md.mass = static_cast<float>(k.m);
  md.center = b2Vec2(0.0f, 0.0f);
  md.I = static_cast<float>(k.I);
  body->SetMassData(&md);
  const b2Vec2 v0 = body->GetLinearVelocity();
  s.before = {v0.x, v0.y, body->GetAngularVelocity()};
  s.cx = body->GetWorldCenter().x;
  s.cy = body->GetWorldCenter().y;
  world.Step(1.0f / 240.0f, k.iterations, 3);
  const b2Vec2 v1 = body->GetLinearVelocity();
  s.after = {v1.x, v1.y, body->GetAngularVelocity()};
  return s;
}

// >= 1000 random single contacts: Box2D's velocities after one step equal the law's with K = the step's
// velocityIterations, on the contact Box2D solved (its normal, point, mixed friction, restitution and
// threshold, and the body's float mass data), to float precision.
TEST(Box2DSingleContact, OneStepIsTheSequentialImpulses) {
  testing::Draw d(2024);
  int compared = 0;
  double worst = 0.0;
  for (int i = 0; i < 1500; ++i) {
    const Case k = random_case(d);
    const Stepped s = step_box2d(k);
    ASSERT_EQ(s.seen.points, 1) << "case " << i << ": the circle must touch the ground";
    const double nx = s.seen.manifold.normal.x, ny = s.seen.manifold.normal.y;
    const double tx = ny, ty = -nx;
    const double rx = s.seen.manifold.points[0].x - s.cx, ry = s.seen.manifold.points[0].y - s.cy;
    const double m = static_cast<float>(k.m), I = static_cast<float>(k.I);
    const double rn = rx * ny - ry * nx, rt = rx * ty - ry * tx;  // r x n, r x t
    PlanarCollision c;
    c.W = {1.0 / m + rn * rn / I, rn * rt / I, 1.0 / m + rt * rt / I};
    const double ux = s.before.vx - s.before.w * ry, uy = s.before.vy + s.before.w * rx;  // contact velocity
    c.v = {ux * nx + uy * ny, ux * tx + uy * ty};
    c.mu = s.seen.friction;
    c.e = s.seen.restitution;
    c.threshold = s.seen.threshold;
    c.iterations = k.iterations;
    const PlanarOutcome o = evaluate(planar_law<SequentialImpulse>, c);
    ASSERT_EQ(o.status, Status::ok) << "case " << i;
    const double Px = o.I_n * nx + o.I_t * tx, Py = o.I_n * ny + o.I_t * ty;
    const BodyVelocity law{s.before.vx + Px / m, s.before.vy + Py / m, s.before.w + (rx * Py - ry * Px) / I};
    const double scale = std::max({std::hypot(s.before.vx, s.before.vy), std::hypot(law.vx, law.vy),
                                   std::fabs(s.before.w) * std::hypot(rx, ry), 1e-3});
    const double gap = std::max({std::fabs(law.vx - s.after.vx), std::fabs(law.vy - s.after.vy),
                                 std::fabs(law.w - s.after.w) * std::hypot(rx, ry)}) /
                       scale;
    worst = std::max(worst, gap);
    EXPECT_LE(gap, 2e-6) << "case " << i << ": K = " << k.iterations << ", mu = " << c.mu << ", e = " << c.e;
    ++compared;
  }
  std::printf("Box2D single contacts: %d compared, largest gap %.2e of the velocity scale\n", compared,
              worst);
  EXPECT_GE(compared, 1000);
}

}  // namespace
}  // namespace collsweep

// chatterjee-ruina-3d (Chatterjee's Law II in 3D): the planar law on embedded planar collisions, and
// Law II's theorems as properties over random 3D collisions.
//
// Chatterjee thesis §6.5.2 / Chatterjee & Ruina, J. Appl. Mech. 65 (1998): P1 = (w/a) n, P2 = -W^-1 v1,
// candidate (1 + e) P1 + (1 + e_t)(P2 - P1), projected onto the friction cone along the constant-e line.
// Properties: n.W (P2 - P1) = 0 so v_n2 = e w; P_T parallel to (P2)_T = -(W^-1 v1)_T; kinetic energy after
// e^2 E_N + (kappa - 1)^2 E_T (E_N = w^2/(2a), E_T = T_acc - E_N), hence no gain for e in [0, 1],
// e_t in [-1, 1]; homogeneity and rotation equivariance about n.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "collsweep/models/planar/laws/chatterjee_ruina.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

constexpr double kTol = 1e-12;

double vnorm(const Vec3n& v) { return std::sqrt(v.n * v.n + v.t1 * v.t1 + v.t2 * v.t2); }

// e_t in [-1, 1], hitting -1, 0 and 1 exactly now and then.
double draw_e_t(testing::Draw& d) {
  const int k = d.pick(12);
  return k == 0 ? -1.0 : k == 1 ? 0.0 : k == 2 ? 1.0 : d.uniform(-1.0, 1.0);
}

// The planar collision in the plane (n, u), u = (cos phi, sin phi) in (t1, t2); the other tangent
// direction u' = (-sin phi, cos phi) gets the stiffness b_perp and no coupling.
SpatialCollision embed(const PlanarCollision& p, double b_perp, double phi) {
  const double c = std::cos(phi), s = std::sin(phi);
  SpatialCollision e;
  e.W.a = p.W.nn;
  e.W.c1 = c * p.W.nt;
  e.W.c2 = s * p.W.nt;
  e.W.b11 = c * c * p.W.tt + s * s * b_perp;
  e.W.b12 = c * s * (p.W.tt - b_perp);
  e.W.b22 = s * s * p.W.tt + c * c * b_perp;
  e.v = Vec3n{p.v.n, c * p.v.t, s * p.v.t};
  e.mu = p.mu;
  e.e = p.e;
  e.e_t = p.e_t;
  return e;
}

// Exact axis swap (t1 <-> t2, no rounding from a rotation).
SpatialCollision embed_swapped(const PlanarCollision& p, double b_perp) {
  SpatialCollision e;
  e.W = Delassus3{p.W.nn, 0.0, p.W.nt, b_perp, 0.0, p.W.tt};
  e.v = Vec3n{p.v.n, 0.0, p.v.t};
  e.mu = p.mu;
  e.e = p.e;
  e.e_t = p.e_t;
  return e;
}

// (a) The planar law on planar collisions embedded in 3D: identity, swapped axes, rotated about n.
TEST(SpatialChatterjeeRuina, PlanarCollisionsEmbeddedIn3d) {
  testing::Draw d(51);
  long compared = 0, ties = 0, types[3] = {};
  double worst = 0.0;
  for (int case_no = 1; case_no <= 5; ++case_no)
    for (int i = 0; i < 1500; ++i) {
      PlanarCollision p = testing::stratified_collision(d, case_no);
      p.e_t = d.pick(8) == 0 ? d.uniform(1.0, 3.0) : draw_e_t(d);
      const PlanarOutcome po = ChatterjeeRuina::evaluate(p);
      ASSERT_EQ(po.status, Status::ok);
      ++types[po.type];
      const double b_perp = p.W.tt * d.log_uniform(0.1, 10.0);
      const int kind = i % 3;
      const double phi = kind == 0 ? 0.0 : d.uniform(0.0, 2.0 * M_PI);
      const SpatialCollision c = kind == 1 ? embed_swapped(p, b_perp) : embed(p, b_perp, phi);
      const double u1 = kind == 1 ? 0.0 : std::cos(phi), u2 = kind == 1 ? 1.0 : std::sin(phi);
      const SpatialOutcome so = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c);
      ASSERT_EQ(so.status, Status::ok) << "case " << case_no << " sample " << i;
      ++compared;
      // Type labels may differ only on the cone's boundary (|kappa P2_t| = mu n.P^ to rounding).
      const SpatialMode want = po.type == 1 ? SpatialMode::law2_inside : SpatialMode::law2_cone;
      if (so.mode != want) {
        const double P1n = -p.v.n / p.W.nn;
        const double P2t = -(p.W.nt * -p.v.n + p.W.nn * p.v.t) / determinant(p.W);
        const double k = 1.0 + p.e_t, b = (1.0 + p.e) * P1n - k * (p.W.nt / p.W.nn) * P2t;
        EXPECT_LE(std::fabs(std::fabs(k * P2t) - p.mu * b), 1e-13 * (std::fabs(k * P2t) + p.mu * b))
            << "case " << case_no << " sample " << i;
        ++ties;
      }
      const double It = so.I.t1 * u1 + so.I.t2 * u2, It_perp = -so.I.t1 * u2 + so.I.t2 * u1;
      const double vt = so.vf.t1 * u1 + so.vf.t2 * u2, vt_perp = -so.vf.t1 * u2 + so.vf.t2 * u1;
      const double is = po.I_n + std::fabs(po.I_t);
      const double vs = std::hypot(p.v.n, p.v.t) + std::hypot(po.v_n2, po.v_t2);
      const double err[] = {std::fabs(so.I.n - po.I_n) / is, std::fabs(It - po.I_t) / is,
                            std::fabs(It_perp) / is,         std::fabs(so.vf.n - po.v_n2) / vs,
                            std::fabs(vt - po.v_t2) / vs,    std::fabs(vt_perp) / vs,
                            std::fabs(so.dE_rel - po.dE_rel)};
      for (double e : err) {
        EXPECT_LE(e, kTol) << "case " << case_no << " sample " << i << " embedding " << kind;
        worst = std::fmax(worst, e);
      }
      if (kind == 0) {  // no rotation: exactly planar
        EXPECT_EQ(so.I.t2, 0.0);
        EXPECT_EQ(so.vf.t2, 0.0);
      }
    }
  std::printf(
      "planar embedding: %ld compared (types 1/2: %ld/%ld; %ld labels differ on the cone), max "
      "rel. error %.3g\n",
      compared, types[1], types[2], ties, worst);
  EXPECT_GT(types[1], 1000);
  EXPECT_GT(types[2], 1000);
}

// W^-1 v by the adjugate (independent of the law's block elimination).
Vec3n inverse_times(const Delassus3& W, const Vec3n& v) {
  const double m[3][3] = {{W.a, W.c1, W.c2}, {W.c1, W.b11, W.b12}, {W.c2, W.b12, W.b22}};
  const double x[3] = {v.n, v.t1, v.t2};
  double adj[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const int r0 = (j + 1) % 3, r1 = (j + 2) % 3, c0 = (i + 1) % 3, c1 = (i + 2) % 3;
      adj[i][j] = m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0];  // cofactor C_ji (cyclic form)
    }
  const double det = m[0][0] * adj[0][0] + m[0][1] * adj[1][0] + m[0][2] * adj[2][0];
  double y[3];
  for (int i = 0; i < 3; ++i) y[i] = (adj[i][0] * x[0] + adj[i][1] * x[1] + adj[i][2] * x[2]) / det;
  return Vec3n{y[0], y[1], y[2]};
}

// Law II's landmarks for one collision, formed in the test.
struct Landmarks {
  double P1n;  // P1 = (P1n, 0, 0)
  Vec3n P2;    // -W^-1 v1
  double E_N, E_T;
};

Landmarks landmarks(const SpatialCollision& c) {
  Landmarks l;
  const double w = -c.v.n;
  l.P1n = w / c.W.a;
  const Vec3n x = inverse_times(c.W, c.v);
  l.P2 = Vec3n{-x.n, -x.t1, -x.t2};
  const double T = 0.5 * (c.v.n * x.n + c.v.t1 * x.t1 + c.v.t2 * x.t2);
  l.E_N = 0.5 * w * w / c.W.a;
  l.E_T = T - l.E_N;
  return l;
}

SpatialCollision random_law2(testing::Draw& d) {
  SpatialCollision c = testing::random_spatial_collision(d);
  c.e_t = draw_e_t(d);
  return c;
}

// (b) Energy (closed form and no gain), cone, exact normal restitution, direction of P_T, the two types'
// impulses, on random 3D collisions.
TEST(SpatialChatterjeeRuina, TheoremsOnRandomCollisions) {
  testing::Draw d(52);
  long n[2] = {};
  double worst_energy = 0.0, worst_vn = 0.0, worst_dir = 0.0, worst_P = 0.0;
  for (int i = 0; i < 20000; ++i) {
    const SpatialCollision c = random_law2(d);
    const SpatialOutcome o = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c);
    ASSERT_EQ(o.status, Status::ok) << "sample " << i;
    ASSERT_TRUE(o.mode == SpatialMode::law2_inside || o.mode == SpatialMode::law2_cone);
    const bool inside = o.mode == SpatialMode::law2_inside;
    ++n[inside ? 0 : 1];
    const Landmarks l = landmarks(c);
    const double T = l.E_N + l.E_T;
    const double w = -c.v.n;
    const double is = vnorm(o.I);
    // No energy gain; closed form e^2 E_N + (kappa - 1)^2 E_T with kappa = |P_T| / |P2_T|.
    EXPECT_LE(o.dE_rel, kTol) << "sample " << i;
    const double P2T = std::hypot(l.P2.t1, l.P2.t2), IT = std::hypot(o.I.t1, o.I.t2);
    const double kappa = inside ? 1.0 + c.e_t : IT / P2T;
    const double ke = c.e * c.e * l.E_N + (kappa - 1.0) * (kappa - 1.0) * l.E_T;
    const double de = std::fabs(T + o.dE - ke) / T;
    EXPECT_LE(de, kTol) << "sample " << i;
    worst_energy = std::fmax(worst_energy, de);
    // Coulomb's cone; on its surface when projected.
    EXPECT_LE(IT, c.mu * o.I.n * (1.0 + kTol)) << "sample " << i;
    if (!inside) {
      EXPECT_NEAR(IT, c.mu * o.I.n, kTol * c.mu * o.I.n) << "sample " << i;
    }
    // v_n2 = e w exactly.
    const double dvn = std::fabs(o.vf.n - c.e * w) / w;
    EXPECT_LE(dvn, kTol) << "sample " << i;
    worst_vn = std::fmax(worst_vn, dvn);
    // P_T parallel to (P2)_T = -(W^-1 v1)_T, same sense (kappa >= 0).
    if (IT > 0.0) {
      const double cr = std::fabs(o.I.t1 * l.P2.t2 - o.I.t2 * l.P2.t1) / (IT * P2T);
      EXPECT_LE(cr, kTol) << "sample " << i;
      EXPECT_GT(o.I.t1 * l.P2.t1 + o.I.t2 * l.P2.t2, 0.0) << "sample " << i;
      worst_dir = std::fmax(worst_dir, cr);
    } else {
      EXPECT_TRUE(c.e_t == -1.0 || c.mu == 0.0) << "sample " << i;
    }
    // The impulse: (1 + e) P1 + kappa (P2 - P1), kappa = 1 + e_t inside, else Chatterjee & Ruina's
    // published kappa; and the thesis form (1 - k_th)(1 + e) P1 + k_th P^ gives the same point.
    const double Dn = l.P2.n - l.P1n;
    double k = 1.0 + c.e_t;
    if (!inside) {
      k = c.mu * (1.0 + c.e) * l.P1n / (P2T - c.mu * Dn);
      const double a = (1.0 + c.e) * l.P1n, b = a + (1.0 + c.e_t) * Dn, cc = (1.0 + c.e_t) * P2T;
      const double k_th = c.mu * a / (c.mu * (a - b) + cc);
      EXPECT_NEAR(k_th * (1.0 + c.e_t), k, 1e-12 * k) << "sample " << i;
    }
    const Vec3n P{(1.0 + c.e) * l.P1n + k * Dn, k * l.P2.t1, k * l.P2.t2};
    const double dP =
        std::fmax(std::fabs(P.n - o.I.n), std::fmax(std::fabs(P.t1 - o.I.t1), std::fabs(P.t2 - o.I.t2))) /
        (is + vnorm(l.P2));
    EXPECT_LE(dP, kTol) << "sample " << i;
    worst_P = std::fmax(worst_P, dP);
    // v2 = v1 + W P.
    const Vec3n dv = apply_delassus(c.W, o.I);
    const double vs = vnorm(c.v) + vnorm(o.vf);
    EXPECT_NEAR(o.vf.t1, c.v.t1 + dv.t1, kTol * vs);
    EXPECT_NEAR(o.vf.t2, c.v.t2 + dv.t2, kTol * vs);
  }
  std::printf(
      "law II on %ld inside / %ld projected: max rel. error energy closed form %.3g, v_n2 - e w %.3g, "
      "P_T direction %.3g, impulse %.3g\n",
      n[0], n[1], worst_energy, worst_vn, worst_dir, worst_P);
  EXPECT_GT(n[0], 2000);
  EXPECT_GT(n[1], 2000);
}

// e = e_t = 0 with P2 inside the cone: P = P2, v2 = 0 (plastic sticking).
TEST(SpatialChatterjeeRuina, PlasticSticking) {
  testing::Draw d(53);
  int tested = 0;
  for (int i = 0; i < 5000; ++i) {
    SpatialCollision c = random_law2(d);
    const Landmarks l = landmarks(c);
    if (!(l.P2.n > 0.0)) continue;  // sticking would need a pulling normal impulse
    c.e = 0.0;
    c.e_t = 0.0;
    c.mu = 2.0 * std::hypot(l.P2.t1, l.P2.t2) / l.P2.n + d.uniform(0.0, 1.0);
    const SpatialOutcome o = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.mode, SpatialMode::law2_inside);
    EXPECT_LE(vnorm(o.vf), kTol * vnorm(c.v)) << "sample " << i;
    EXPECT_NEAR(o.dE_rel, -1.0, kTol);  // all of T_acc is dissipated
    ++tested;
  }
  EXPECT_GT(tested, 2000);
}

// Rotation of the tangent plane about n by phi rotates I_t and v_t2 and keeps I_n, v_n2, the type.
TEST(SpatialChatterjeeRuina, RotationEquivariance) {
  testing::Draw d(54);
  double worst = 0.0;
  for (int i = 0; i < 5000; ++i) {
    const SpatialCollision c = random_law2(d);
    const double phi = d.uniform(0.0, 2.0 * M_PI), cs = std::cos(phi), sn = std::sin(phi);
    SpatialCollision r = c;
    r.W.c1 = cs * c.W.c1 - sn * c.W.c2;
    r.W.c2 = sn * c.W.c1 + cs * c.W.c2;
    r.W.b11 = cs * cs * c.W.b11 - 2.0 * cs * sn * c.W.b12 + sn * sn * c.W.b22;
    r.W.b12 = cs * sn * (c.W.b11 - c.W.b22) + (cs * cs - sn * sn) * c.W.b12;
    r.W.b22 = sn * sn * c.W.b11 + 2.0 * cs * sn * c.W.b12 + cs * cs * c.W.b22;
    r.v.t1 = cs * c.v.t1 - sn * c.v.t2;
    r.v.t2 = sn * c.v.t1 + cs * c.v.t2;
    const SpatialOutcome a = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c);
    const SpatialOutcome b = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, r);
    ASSERT_EQ(a.status, Status::ok);
    ASSERT_EQ(b.status, Status::ok);
    EXPECT_EQ(a.mode, b.mode) << "sample " << i;
    SpatialOutcome back = b;
    back.I.t1 = cs * b.I.t1 + sn * b.I.t2;
    back.I.t2 = -sn * b.I.t1 + cs * b.I.t2;
    back.vf.t1 = cs * b.vf.t1 + sn * b.vf.t2;
    back.vf.t2 = -sn * b.vf.t1 + cs * b.vf.t2;
    const double dist = testing::outcome_distance(c, a, back);
    EXPECT_LE(dist, kTol) << "sample " << i;
    EXPECT_NEAR(a.dE_rel, b.dE_rel, kTol);
    worst = std::fmax(worst, dist);
  }
  std::printf("rotation equivariance: max relative difference %.3g\n", worst);
}

// Homogeneity: v -> k v scales P and v2 by k; W -> s W scales P by 1/s and keeps v2.
TEST(SpatialChatterjeeRuina, Homogeneity) {
  testing::Draw d(55);
  double worst = 0.0;
  for (int i = 0; i < 5000; ++i) {
    const SpatialCollision c = random_law2(d);
    const double k = d.log_uniform(0.01, 100.0), s = d.log_uniform(0.01, 100.0);
    SpatialCollision cv = c, cw = c;
    cv.v = Vec3n{k * c.v.n, k * c.v.t1, k * c.v.t2};
    cw.W = Delassus3{s * c.W.a, s * c.W.c1, s * c.W.c2, s * c.W.b11, s * c.W.b12, s * c.W.b22};
    const SpatialOutcome a = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c);
    SpatialOutcome b = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, cv);
    SpatialOutcome w = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, cw);
    ASSERT_EQ(a.status, Status::ok);
    ASSERT_EQ(b.status, Status::ok);
    ASSERT_EQ(w.status, Status::ok);
    EXPECT_EQ(a.mode, b.mode);
    EXPECT_EQ(a.mode, w.mode);
    b.I = Vec3n{b.I.n / k, b.I.t1 / k, b.I.t2 / k};
    b.vf = Vec3n{b.vf.n / k, b.vf.t1 / k, b.vf.t2 / k};
    w.I = Vec3n{w.I.n * s, w.I.t1 * s, w.I.t2 * s};
    const double dist = std::fmax(testing::outcome_distance(c, a, b), testing::outcome_distance(c, a, w));
    EXPECT_LE(dist, kTol) << "sample " << i;
    worst = std::fmax(worst, dist);
  }
  std::printf("homogeneity: max relative difference %.3g\n", worst);
}

// e_t < -1 is refused; e_t = -1 is the frictionless impulse (1 + e) P1.
TEST(SpatialChatterjeeRuina, TangentialRestitutionRange) {
  testing::Draw d(56);
  for (int i = 0; i < 1000; ++i) {
    SpatialCollision c = random_law2(d);
    c.e_t = -1.0 - d.uniform(1e-12, 2.0);
    const SpatialOutcome bad = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c);
    EXPECT_EQ(bad.status, Status::tangential_out_of_range);
    EXPECT_EQ(bad.I.n, 0.0);
    EXPECT_EQ(bad.mode, SpatialMode::none);
    c.e_t = -1.0;
    const SpatialOutcome o = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c);
    ASSERT_EQ(o.status, Status::ok);
    EXPECT_EQ(o.mode, SpatialMode::law2_inside);
    EXPECT_EQ(o.I.t1, 0.0);
    EXPECT_EQ(o.I.t2, 0.0);
    EXPECT_NEAR(o.I.n, (1.0 + c.e) * -c.v.n / c.W.a, kTol * o.I.n);
  }
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.0, 0.0, 1.0, 0.0, 1.0};
  c.v = Vec3n{-1.0, 0.1, 0.0};
  c.e_t = std::nan("");
  EXPECT_EQ(evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c).status, Status::nonfinite_input);
}

// e_t > 1 is accepted and can gain energy: W = 1, v1 = (-1, 0.1, 0), mu = 10, e = 1, e_t = 2 stays inside
// the cone (P^ = (2, -0.3, 0)), so KE_f = E_N + 4 E_T: a gain of 3 E_T = 0.015. Random samples with
// e_t in (1, 3] find gains as well.
TEST(SpatialChatterjeeRuina, SuperelasticTangentialRestitutionCanGain) {
  SpatialCollision c;
  c.W = Delassus3{1.0, 0.0, 0.0, 1.0, 0.0, 1.0};
  c.v = Vec3n{-1.0, 0.1, 0.0};
  c.mu = 10.0;
  c.e = 1.0;
  c.e_t = 2.0;
  const SpatialOutcome o = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, c);
  ASSERT_EQ(o.status, Status::ok);
  EXPECT_EQ(o.mode, SpatialMode::law2_inside);
  EXPECT_NEAR(o.I.n, 2.0, 1e-15);
  EXPECT_NEAR(o.I.t1, -0.3, 1e-15);
  EXPECT_NEAR(o.vf.t1, -0.2, 1e-15);
  EXPECT_NEAR(o.dE, 0.015, 1e-15);
  testing::Draw d(57);
  int gains = 0, total = 0;
  for (int i = 0; i < 5000; ++i) {
    SpatialCollision r = random_law2(d);
    r.e_t = d.uniform(1.0, 3.0);
    const SpatialOutcome q = evaluate_spatial(spatial_law<ChatterjeeRuina3d>, r);
    ASSERT_EQ(q.status, Status::ok);
    ++total;
    gains += q.dE_rel > 1e-12;
  }
  std::printf("e_t in (1, 3]: %d of %d random collisions gain energy\n", gains, total);
  EXPECT_GT(gains, 0);
}

}  // namespace
}  // namespace collsweep

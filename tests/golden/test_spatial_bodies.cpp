// Two rigid bodies -> contact space -> post-impact body velocities (models/spatial/bodies.hpp): momentum,
// energy and velocity identities on random bodies, W against Sypniewska-Kaminska & Rosinski's cofactor
// formulas, single body on ground, and their Examples 1 (Table 1) and 1b through evaluate_spatial.
//
// Sypniewska-Kaminska & Rosinski, CMST 14(2) 123-131 (2008), Sect. VII ([S]). Their printed data:
//   Example 1: "central collision between two discs", B_I at rest, B_II "moved at constant speed"; the list
//     of values "set to the calculations" is lost (an image). Printed: mu = 0.25, Table 1
//     (T_x02 = 0.320 Ns, n_02 = 2.560 Ns, w2^I = -0.88889 rad/s, w2^II = 5.600 rad/s,
//     v2^I = [0.04, 0.32] m/s, v2^II = [-0.16, -0.28] m/s in (x, z)) and the reflection angles 7.12 and
//     -150.26 degrees (Fig. 7). INPUTS RECONSTRUCTED here from Table 1, assuming (a) uniform thin discs
//     moving in the plane Oxz (J_yy = m r^2/2 about the disc axis y; J_xx = J_zz = m r^2/4 do not enter),
//     (b) a central impact: both centres on the normal z, B_I above (C_I = (0, 0, r_I)), B_II below,
//     (c) B_II's pre-impact velocity along the normal, as in Example 1b, (d) Poisson's hypothesis ([S]
//     eq. 10, coefficient k). Then [S] eqs 6-9 give, one unknown at a time:
//       m_I = n_02 / v2z^I = T_x02 / v2x^I = 8 kg (two rows agree);
//       w2^I = -r_I T_x02 / J_yy^I with J_yy^I = m_I r_I^2/2: -0.08/r_I = -0.88889 -> r_I = 0.09 m;
//       T_x02 = 0.32 < mu n_02 = 0.64, so the slip halted and stuck; s = 0 at the end gives
//       v2x^I - w2^I r_I = v2x^II + w2^II r_II -> r_II = 0.28/5.6 = 0.05 m;
//       v0x^II = 0 (assumption c) in v0x^II = v2x^II + T_x02/m_II -> m_II = 2 kg;
//       then v0z^II = v2z^II + n_02/m_II = 1 m/s, w0^II = w2^II + r_II T_x02/(m_II r_II^2/2) = 12 rad/s,
//       k = c2/(-c0) = (0.32 + 0.28)/1 = 0.6.
//     So B_I: 8 kg, r = 0.09 m, at rest; B_II: 2 kg, r = 0.05 m, v0 = (0, 0, 1) m/s, w0 = (0, 12, 0) rad/s
//     (the 2 kg and 0.05 m of [S]'s Example 2 disc, k = 0.6 as there). Without (c) the table leaves a
//     one-parameter family in m_II. Every Table 1 entry and both angles are reproduced to the printed
//     digits; the angle of B_I is atan(1/8) = 7.1250 degrees, printed truncated as 7.12.
//   Example 1b (data printed): disc B_II m = 2 kg, r = 0.5 m, speed 8 m/s, angular velocity 10 rad/s;
//     motionless disc B_I m = 2000 kg, r = 0.9 m; central impact. [S] shows only curves (Figs 10-12).
//     ASSUMED: v0^II = (0, 0, 8) along the normal and w0^II = +10 about y (the sign is not printed; the
//     other sign mirrors the angles). Reference values: phi_II = atan2(v_x, v_z) in degrees and w_y^II for
//     k = 0.5, 0.6, 1.0 and mu = 0 .. 0.2, worked by hand from [S]'s planar construction (Sect. VI,
//     eqs 21-24: alpha = 1.5015, chi = 0.5005, eps = 0, s0 = -5, c0 = -8) and printed to 3 and 4 decimals
//     (3.34 rad/s, the post-stick w_y for every k, to 2), plus [S]'s statements: phi_II changes with mu
//     until the slip stops, then is constant (stick from mu* = |s0| chi / (alpha (1 + k) |c0|)), and
//     w_y^II falls with slope -2 n_02 per unit mu until then (Fig. 12).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "collsweep/models/spatial/bodies.hpp"
#include "collsweep/models/spatial/laws/registry.hpp"
#include "support/random_spatial.hpp"

namespace collsweep {
namespace {

using bodies::cross;
using bodies::dot;

double norm(const Vec3& a) { return std::sqrt(dot(a, a)); }
double norm(const Vec3n& a) { return std::sqrt(a.n * a.n + a.t1 * a.t1 + a.t2 * a.t2); }
Vec3 scaled(double s, const Vec3& a) { return Vec3{s * a.x, s * a.y, s * a.z}; }
Vec3 sum(const Vec3& a, const Vec3& b) { return Vec3{a.x + b.x, a.y + b.y, a.z + b.z}; }

Vec3 random_unit(testing::Draw& d) {
  const double z = d.uniform(-1.0, 1.0), phi = d.uniform(0.0, 2.0 * M_PI), s = std::sqrt(1.0 - z * z);
  return Vec3{s * std::cos(phi), s * std::sin(phi), z};
}

// A rotation matrix from a uniformly random unit quaternion (Shoemake).
Mat3 random_rotation(testing::Draw& d) {
  const double u1 = d.u01(), u2 = d.uniform(0.0, 2.0 * M_PI), u3 = d.uniform(0.0, 2.0 * M_PI);
  const double w = std::sqrt(1.0 - u1) * std::sin(u2), x = std::sqrt(1.0 - u1) * std::cos(u2);
  const double y = std::sqrt(u1) * std::sin(u3), z = std::sqrt(u1) * std::cos(u3);
  Mat3 R;
  R.m[0][0] = 1 - 2 * (y * y + z * z), R.m[0][1] = 2 * (x * y - z * w), R.m[0][2] = 2 * (x * z + y * w);
  R.m[1][0] = 2 * (x * y + z * w), R.m[1][1] = 1 - 2 * (x * x + z * z), R.m[1][2] = 2 * (y * z - x * w);
  R.m[2][0] = 2 * (x * z - y * w), R.m[2][1] = 2 * (y * z + x * w), R.m[2][2] = 1 - 2 * (x * x + y * y);
  return R;
}

// A physical rigid body: second moments S_i = int x_i^2 dm in principal axes, J = R diag(S2 + S3,
// S1 + S3, S1 + S2) R^T (so the triangle inequality holds), anywhere relative to the contact point.
RigidBody random_body(testing::Draw& d) {
  RigidBody b;
  b.m = d.log_uniform(0.1, 10.0);
  const double s1 = b.m * d.log_uniform(0.01, 1.0), s2 = b.m * d.log_uniform(0.01, 1.0),
               s3 = b.m * d.log_uniform(0.01, 1.0);
  const double p[3] = {s2 + s3, s1 + s3, s1 + s2};
  const Mat3 R = random_rotation(d);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double s = 0.0;
      for (int k = 0; k < 3; ++k) s += R.m[i][k] * p[k] * R.m[j][k];
      b.J.m[i][j] = s;
    }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < i; ++j) b.J.m[j][i] = b.J.m[i][j];  // exactly symmetric
  b.r = scaled(d.uniform(0.05, 2.0), random_unit(d));
  b.v = Vec3{d.uniform(-2.0, 2.0), d.uniform(-2.0, 2.0), d.uniform(-2.0, 2.0)};
  b.w = Vec3{d.uniform(-5.0, 5.0), d.uniform(-5.0, 5.0), d.uniform(-5.0, 5.0)};
  return b;
}

// A frame from a random normal: half from make_contact_frame(n), half with a random t1 orthogonal to n.
ContactFrame random_frame(testing::Draw& d) {
  const Vec3 n = random_unit(d);
  if (d.pick(2)) return make_contact_frame(n);
  const Vec3 u = random_unit(d);
  const Vec3 t = sum(u, scaled(-dot(u, n), n));
  return make_contact_frame(n, scaled(1.0 / norm(t), t));
}

Vec3 contact_velocity(const RigidBody& b) { return b.ground ? Vec3{} : sum(b.v, cross(b.r, b.w)); }

// Angular momentum about the contact point: J w + r x m v (the impulse acts at O, so it is conserved body
// by body).
Vec3 moment_about_contact(const RigidBody& b) {
  return sum(bodies::mat_vec(b.J, b.w), cross(b.r, scaled(b.m, b.v)));
}

// For any impulse P: the bodies' relative contact velocity afterwards is v1 + W P, their kinetic energy
// changes by P.(v1 + v2)/2, the linear momentum of the pair and each body's moment about O are conserved.
TEST(SpatialBodies, VelocityEnergyAndMomentumIdentities) {
  testing::Draw d(41);
  double worst_v = 0.0, worst_e = 0.0, worst_m = 0.0;
  int grounds = 0, laws = 0;
  for (int i = 0; i < 5000; ++i) {
    RigidBody I = random_body(d), II = random_body(d);
    II.ground = d.pick(4) == 0;
    grounds += II.ground;
    const ContactFrame f = random_frame(d);
    const BodyCollision bc = contact_from_bodies(I, II, f);
    ASSERT_EQ(bc.status, Status::ok) << body_fault_reason(bc.fault);
    // The law's impulse when the contact approaches (poisson-3d), else a random one.
    Vec3n P{d.uniform(0.0, 2.0), d.uniform(-1.0, 1.0), d.uniform(-1.0, 1.0)};
    Vec3n v2 = apply_delassus(bc.W, P);
    v2 = Vec3n{bc.v.n + v2.n, bc.v.t1 + v2.t1, bc.v.t2 + v2.t2};
    double dE = 0.5 * (P.n * (bc.v.n + v2.n) + P.t1 * (bc.v.t1 + v2.t1) + P.t2 * (bc.v.t2 + v2.t2));
    if (bc.v.n < 0.0) {
      SpatialCollision c;
      c.W = bc.W;
      c.v = bc.v;
      c.mu = d.uniform(0.0, 1.0);
      c.e = d.u01();
      const SpatialOutcome o = evaluate_spatial(spatial_law<Poisson3d>, c);
      if (o.status == Status::ok) {
        P = o.I;
        v2 = o.vf;
        dE = o.dE;
        ++laws;
      }
    }
    const double T0 = kinetic_energy(I) + kinetic_energy(II);
    const Vec3 p0 = sum(scaled(I.m, I.v), scaled(II.m, II.v));
    const Vec3 LI0 = moment_about_contact(I), LII0 = moment_about_contact(II);
    RigidBody I2 = I, II2 = II;
    apply_contact_impulse(f, P, &I2, &II2);
    const Vec3n v2b = to_contact(f, sum(contact_velocity(I2), scaled(-1.0, contact_velocity(II2))));
    const double vs = norm(bc.v) + norm(v2);
    const double ev =
        std::fmax(std::fabs(v2b.n - v2.n), std::fmax(std::fabs(v2b.t1 - v2.t1), std::fabs(v2b.t2 - v2.t2))) /
        vs;
    EXPECT_LE(ev, 1e-12) << "sample " << i;
    const double T1 = kinetic_energy(I2) + kinetic_energy(II2);
    const double ee = std::fabs((T1 - T0) - dE) / (T0 + T1);
    EXPECT_LE(ee, 1e-12) << "sample " << i;
    // Momentum: each body's moment about O; the pair's linear momentum when both are free.
    const double Ls = norm(LI0) + norm(LII0) + norm(P) * (norm(I.r) + norm(II.r));
    double em = norm(sum(moment_about_contact(I2), scaled(-1.0, LI0))) / Ls;
    if (!II.ground) {
      em = std::fmax(em, norm(sum(moment_about_contact(II2), scaled(-1.0, LII0))) / Ls);
      const Vec3 p1 = sum(scaled(I2.m, I2.v), scaled(II2.m, II2.v));
      em = std::fmax(em, norm(sum(p1, scaled(-1.0, p0))) / (I.m * norm(I.v) + II.m * norm(II.v) + norm(P)));
    } else {
      EXPECT_EQ(II2.v.x, II.v.x);  // ground is not moved
      EXPECT_EQ(II2.w.z, II.w.z);
    }
    EXPECT_LE(em, 1e-12) << "sample " << i;
    worst_v = std::fmax(worst_v, ev);
    worst_e = std::fmax(worst_e, ee);
    worst_m = std::fmax(worst_m, em);
  }
  std::printf("bodies: %d on ground, %d law impulses; max rel. error v2 %.3g, energy %.3g, momentum %.3g\n",
              grounds, laws, worst_v, worst_e, worst_m);
  EXPECT_GT(grounds, 1000);
  EXPECT_GT(laws, 1000);
}

// The 3x3 symmetric matrix of a Delassus3 in (n, t1, t2) order.
void full(const Delassus3& W, double M[3][3]) {
  const double m[3][3] = {{W.a, W.c1, W.c2}, {W.c1, W.b11, W.b12}, {W.c2, W.b12, W.b22}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) M[i][j] = m[i][j];
}

// W is SPD and W - (1/m_I + 1/m_II) 1 is positive semi-definite (the rotational parts are PSD): all seven
// principal minors of the difference are >= 0.
TEST(SpatialBodies, DelassusIsSpdAboveTheMassTerm) {
  testing::Draw d(42);
  for (int i = 0; i < 5000; ++i) {
    RigidBody I = random_body(d), II = random_body(d);
    II.ground = d.pick(4) == 0;
    const BodyCollision bc = contact_from_bodies(I, II, random_frame(d));
    ASSERT_EQ(bc.status, Status::ok);
    EXPECT_TRUE(is_spd(bc.W));
    const double im = 1.0 / I.m + (II.ground ? 0.0 : 1.0 / II.m);
    double M[3][3];
    full(bc.W, M);
    const double s = M[0][0] + M[1][1] + M[2][2];
    for (int k = 0; k < 3; ++k) M[k][k] -= im;
    const double tol = 1e-13 * s;
    for (int k = 0; k < 3; ++k) EXPECT_GE(M[k][k], -tol) << "sample " << i;
    for (int a = 0; a < 3; ++a)
      for (int b = a + 1; b < 3; ++b) EXPECT_GE(M[a][a] * M[b][b] - M[a][b] * M[a][b], -tol * s);
    const double det = M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) -
                       M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
                       M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]);
    EXPECT_GE(det, -tol * s * s) << "sample " << i;
  }
}

// Cofactor C_ij of a 3x3 matrix: (-1)^(i+j) times the minor without row i and column j.
double cofactor(const double J[3][3], int i, int j) {
  const int r0 = i == 0 ? 1 : 0, r1 = i == 2 ? 1 : 2, c0 = j == 0 ? 1 : 0, c1 = j == 2 ? 1 : 2;
  const double minor = J[r0][c0] * J[r1][c1] - J[r0][c1] * J[r1][c0];
  return ((i + j) % 2 ? -1.0 : 1.0) * minor;
}

// [S] eq. 12's constants in (x, y, z) = (t1, t2, n) from the cofactors W_ij of each inertia tensor and
// the mass-centre coordinates (x_C, y_C, z_C) in those axes, as printed (with each body's terms using
// its own coordinates and cofactors); compared with W built by bodies.hpp.
TEST(SpatialBodies, DelassusEqualsTheCofactorFormulas) {
  testing::Draw d(43);
  double worst = 0.0;
  for (int i = 0; i < 5000; ++i) {
    RigidBody B[2] = {random_body(d), random_body(d)};
    B[1].ground = d.pick(4) == 0;
    const ContactFrame f = random_frame(d);
    const BodyCollision bc = contact_from_bodies(B[0], B[1], f);
    ASSERT_EQ(bc.status, Status::ok);
    double alpha = 0, beta = 0, chi = 0, delta = 0, eps = 0, gamma = 0;
    for (const RigidBody& b : B) {
      if (b.ground) continue;
      const Vec3 ax[3] = {f.t1, f.t2, f.n};  // [S]'s x, y, z
      double J[3][3];                        // the inertia tensor in those axes
      for (int p = 0; p < 3; ++p)
        for (int q = 0; q < 3; ++q) J[p][q] = dot(ax[p], bodies::mat_vec(b.J, ax[q]));
      const double x = dot(b.r, ax[0]), y = dot(b.r, ax[1]), z = dot(b.r, ax[2]);
      const double Wd =
          J[0][0] * cofactor(J, 0, 0) + J[0][1] * cofactor(J, 0, 1) + J[0][2] * cofactor(J, 0, 2);
      const double Wxx = cofactor(J, 0, 0), Wyy = cofactor(J, 1, 1), Wzz = cofactor(J, 2, 2);
      const double Wxy = cofactor(J, 0, 1), Wxz = cofactor(J, 0, 2), Wyz = cofactor(J, 1, 2);
      const double im = 1.0 / b.m;
      alpha += im + (Wzz * y * y - 2 * Wyz * y * z + Wyy * z * z) / Wd;
      beta += im + (Wzz * x * x - 2 * Wxz * x * z + Wxx * z * z) / Wd;
      chi += im + (Wyy * x * x - 2 * Wxy * x * y + Wxx * y * y) / Wd;
      delta += (-Wyz * x * x + Wxz * x * y + Wxy * x * z - Wxx * y * z) / Wd;
      eps += (-Wxz * y * y + Wyz * x * y + Wxy * y * z - Wyy * x * z) / Wd;
      gamma += (-Wxy * z * z + Wyz * x * z + Wxz * y * z - Wzz * x * y) / Wd;
    }
    const double s = alpha + beta + chi;
    const double err[] = {bc.W.a - chi,     bc.W.c1 - eps,    bc.W.c2 - delta,
                          bc.W.b11 - alpha, bc.W.b12 - gamma, bc.W.b22 - beta};
    for (double e : err) {
      EXPECT_LE(std::fabs(e), 1e-12 * s) << "sample " << i;
      worst = std::fmax(worst, std::fabs(e) / s);
    }
  }
  std::printf("W against [S] eq. 12 cofactor forms: max rel. difference %.3g\n", worst);
}

// A single body against ground: W r = r/m exactly (W = 1/m + [r]x^T J^-1 [r]x and [r]x r = 0), and 1/m
// is W's smallest eigenvalue (the rest is PSD).
TEST(SpatialBodies, SingleBodyOnGroundHasEigenvalueOneOverMAlongR) {
  testing::Draw d(44);
  for (int i = 0; i < 5000; ++i) {
    const RigidBody I = random_body(d);
    RigidBody G;
    G.ground = true;
    const ContactFrame f = random_frame(d);
    const BodyCollision bc = contact_from_bodies(I, G, f);
    ASSERT_EQ(bc.status, Status::ok);
    const Vec3n r = to_contact(f, I.r);
    const Vec3n Wr = apply_delassus(bc.W, r);
    const double tol = 1e-12 * norm(r) * (bc.W.a + bc.W.b11 + bc.W.b22);
    EXPECT_NEAR(Wr.n, r.n / I.m, tol) << "sample " << i;
    EXPECT_NEAR(Wr.t1, r.t1 / I.m, tol) << "sample " << i;
    EXPECT_NEAR(Wr.t2, r.t2 / I.m, tol) << "sample " << i;
    // Rayleigh quotients never fall below 1/m.
    for (int k = 0; k < 4; ++k) {
      const Vec3 u = random_unit(d);
      const Vec3n x{u.x, u.y, u.z};
      const Vec3n Wx = apply_delassus(bc.W, x);
      EXPECT_GE(x.n * Wx.n + x.t1 * Wx.t1 + x.t2 * Wx.t2, (1.0 - 1e-13) / I.m);
    }
  }
}

// Exchanging the bodies' roles (n -> -n, t1 kept, t2 -> -t2 to stay right-handed) maps W to S W S and v1
// to (v_n, -v_t1, v_t2), S = diag(-1, 1, -1): the approach speed does not depend on which body is I.
TEST(SpatialBodies, ExchangingTheBodies) {
  testing::Draw d(45);
  for (int i = 0; i < 2000; ++i) {
    const RigidBody A = random_body(d), B = random_body(d);
    const ContactFrame f = random_frame(d);
    const ContactFrame g{scaled(-1.0, f.n), f.t1, scaled(-1.0, f.t2)};
    const BodyCollision ab = contact_from_bodies(A, B, f), ba = contact_from_bodies(B, A, g);
    ASSERT_EQ(ab.status, Status::ok);
    ASSERT_EQ(ba.status, Status::ok);
    const double ws = ab.W.a + ab.W.b11 + ab.W.b22, vs = norm(ab.v);
    EXPECT_NEAR(ba.W.a, ab.W.a, 1e-13 * ws);
    EXPECT_NEAR(ba.W.c1, -ab.W.c1, 1e-13 * ws);
    EXPECT_NEAR(ba.W.c2, ab.W.c2, 1e-13 * ws);
    EXPECT_NEAR(ba.W.b11, ab.W.b11, 1e-13 * ws);
    EXPECT_NEAR(ba.W.b12, -ab.W.b12, 1e-13 * ws);
    EXPECT_NEAR(ba.W.b22, ab.W.b22, 1e-13 * ws);
    EXPECT_NEAR(ba.v.n, ab.v.n, 1e-13 * vs);
    EXPECT_NEAR(ba.v.t1, -ab.v.t1, 1e-13 * vs);
    EXPECT_NEAR(ba.v.t2, ab.v.t2, 1e-13 * vs);
  }
}

// Signs by hand: a spinning ball dropped on ground. Ball above the ground (C = O + R n), falling, spinning
// about +y: the contact point moves with v + r x w = (-R w_y, 0, -1); a frictionless elastic impact
// reverses v_z and leaves the spin.
TEST(SpatialBodies, BallOnGroundSigns) {
  RigidBody ball;
  ball.m = 2.0;
  const double R = 0.1, j = 0.4 * 2.0 * R * R;
  ball.J.m[0][0] = ball.J.m[1][1] = ball.J.m[2][2] = j;
  ball.r = Vec3{0.0, 0.0, R};
  ball.v = Vec3{0.0, 0.0, -1.0};
  ball.w = Vec3{0.0, 3.0, 0.0};
  RigidBody ground;
  ground.ground = true;
  const ContactFrame f = make_contact_frame(Vec3{0.0, 0.0, 1.0});
  EXPECT_EQ(f.t1.x, 1.0);
  EXPECT_EQ(f.t2.y, 1.0);
  const BodyCollision bc = contact_from_bodies(ball, ground, f);
  ASSERT_EQ(bc.status, Status::ok);
  EXPECT_DOUBLE_EQ(bc.v.n, -1.0);
  EXPECT_DOUBLE_EQ(bc.v.t1, -R * 3.0);
  EXPECT_EQ(bc.v.t2, 0.0);
  EXPECT_DOUBLE_EQ(bc.W.a, 0.5);                // 1/m: the normal passes through C
  EXPECT_DOUBLE_EQ(bc.W.b11, 0.5 + R * R / j);  // 1/m + R^2/J = 3.5/m (a solid sphere)
  EXPECT_EQ(bc.W.c1, 0.0);
  SpatialCollision c;
  c.W = bc.W;
  c.v = bc.v;
  c.e = 1.0;
  const SpatialOutcome o = evaluate_spatial(spatial_law<Newton3d>, c);
  ASSERT_EQ(o.status, Status::ok);
  apply_contact_impulse(f, o.I, &ball, &ground);
  EXPECT_DOUBLE_EQ(ball.v.z, 1.0);
  EXPECT_DOUBLE_EQ(ball.w.y, 3.0);
  // With friction the slip (contact point moving along -x) is opposed: I_t1 > 0 pushes the ball's
  // centre along +x and slows its spin.
  ball.v = Vec3{0.0, 0.0, -1.0};
  c.mu = 0.1;
  const SpatialOutcome of = evaluate_spatial(spatial_law<Newton3d>, c);
  ASSERT_EQ(of.status, Status::ok);
  EXPECT_GT(of.I.t1, 0.0);
  apply_contact_impulse(f, of.I, &ball, &ground);
  EXPECT_GT(ball.v.x, 0.0);
  EXPECT_LT(ball.w.y, 3.0);
}

TEST(SpatialBodies, InvalidInput) {
  testing::Draw d(46);
  const RigidBody A = random_body(d), B = random_body(d);
  const ContactFrame f = make_contact_frame(Vec3{0.0, 0.0, 1.0});
  const auto check = [&](const RigidBody& I, const RigidBody& II, const ContactFrame& fr, Status s,
                         BodyFault fault, int body) {
    const BodyCollision bc = contact_from_bodies(I, II, fr);
    EXPECT_EQ(bc.status, s) << body_fault_reason(fault);
    EXPECT_EQ(bc.fault, fault) << body_fault_reason(bc.fault);
    EXPECT_EQ(bc.fault_body, body);
    if (s != Status::ok) {  // nothing half-formed
      EXPECT_EQ(bc.W.a, 0.0);
      EXPECT_EQ(bc.v.n, 0.0);
    }
  };
  check(A, B, f, Status::ok, BodyFault::none, 0);
  RigidBody bad = B;
  bad.m = 0.0;
  check(A, bad, f, Status::delassus_not_spd, BodyFault::mass_not_positive, 2);
  bad = A;
  bad.w.y = std::nan("");
  check(bad, B, f, Status::nonfinite_input, BodyFault::nonfinite, 1);
  bad = A;
  bad.J.m[0][1] += 1e-3 * bad.J.m[0][0];
  check(bad, B, f, Status::delassus_not_spd, BodyFault::inertia_not_symmetric, 1);
  bad = A;
  bad.J = Mat3{};
  bad.J.m[0][0] = 1.0, bad.J.m[1][1] = 1.0, bad.J.m[2][2] = -1.0;
  check(bad, B, f, Status::delassus_not_spd, BodyFault::inertia_not_spd, 1);
  bad.J.m[2][2] = 0.0;  // a rod: singular
  check(bad, B, f, Status::delassus_not_spd, BodyFault::inertia_not_spd, 1);
  RigidBody g1 = A, g2 = B;
  g1.ground = g2.ground = true;
  check(g1, g2, f, Status::delassus_not_spd, BodyFault::both_ground, 0);
  g1.ground = true;  // body I fixed, body II free: allowed
  check(g1, B, f, Status::ok, BodyFault::none, 0);
  g2.m = std::nan("");  // ground ignores its fields
  check(A, g2, f, Status::ok, BodyFault::none, 0);
  ContactFrame fb = f;
  fb.n = Vec3{0.0, 0.0, 1.001};
  check(A, B, fb, Status::delassus_not_spd, BodyFault::frame_not_orthonormal, 0);
  fb = make_contact_frame(Vec3{0.0, 0.0, 1.0}, Vec3{1.0, 0.0, 1e-9});
  check(A, B, fb, Status::delassus_not_spd, BodyFault::frame_not_orthonormal, 0);
  fb = f;
  fb.t2 = scaled(-1.0, f.t2);
  check(A, B, fb, Status::delassus_not_spd, BodyFault::frame_left_handed, 0);
  fb.t2.x = std::numeric_limits<double>::infinity();
  check(A, B, fb, Status::nonfinite_input, BodyFault::nonfinite, 0);
  EXPECT_STREQ(body_fault_reason(BodyFault::inertia_not_spd), "inertia tensor not positive definite");
}

// make_contact_frame(n): orthonormal, right-handed, t1 from the least-aligned world axis.
TEST(SpatialBodies, DeterministicFrame) {
  testing::Draw d(47);
  for (int i = 0; i < 2000; ++i) {
    const Vec3 n = random_unit(d);
    const ContactFrame f = make_contact_frame(n);
    EXPECT_EQ(bodies::check_frame(f), BodyFault::none);
    EXPECT_NEAR(dot(cross(f.n, f.t1), f.t2), 1.0, 1e-15);
  }
  const ContactFrame fy = make_contact_frame(Vec3{0.0, 1.0, 0.0});  // x before z on a tie
  EXPECT_EQ(fy.t1.x, 1.0);
  EXPECT_EQ(fy.t2.z, -1.0);
  const ContactFrame fx = make_contact_frame(Vec3{1.0, 0.0, 0.0});  // y before z
  EXPECT_EQ(fx.t1.y, 1.0);
  EXPECT_EQ(fx.t2.z, 1.0);
}

// A uniform thin disc moving in the plane Oxz (axis y): J = diag(m r^2/4, m r^2/2, m r^2/4), centre on
// the normal z at height h (h > 0: body I above the contact point).
RigidBody disc(double m, double radius, double h) {
  RigidBody b;
  b.m = m;
  b.J.m[0][0] = b.J.m[2][2] = 0.25 * m * radius * radius;
  b.J.m[1][1] = 0.5 * m * radius * radius;
  b.r = Vec3{0.0, 0.0, h};
  return b;
}

double reflection_deg(const Vec3& v) { return std::atan2(v.x, v.z) * 180.0 / M_PI; }

struct DiscImpact {
  SpatialOutcome o;
  RigidBody I, II;
};

DiscImpact disc_impact(RigidBody I, RigidBody II, double mu, double k) {
  const ContactFrame f = make_contact_frame(Vec3{0.0, 0.0, 1.0});  // [S]'s Oxyz: t1 = x, t2 = y, n = z
  const BodyCollision bc = contact_from_bodies(I, II, f);
  EXPECT_EQ(bc.status, Status::ok);
  SpatialCollision c;
  c.W = bc.W;
  c.v = bc.v;
  c.mu = mu;
  c.e = k;  // Poisson's k ([S] eq. 10)
  DiscImpact r{evaluate_spatial(spatial_law<Poisson3d>, c), I, II};
  EXPECT_EQ(r.o.status, Status::ok);
  apply_contact_impulse(f, r.o.I, &r.I, &r.II);
  return r;
}

// [S] Example 1, Table 1 (mu = 0.25), from the reconstructed inputs in this file's header.
TEST(SpatialBodies, SypniewskaKaminskaRosinskiExample1Table1) {
  RigidBody I = disc(8.0, 0.09, 0.09), II = disc(2.0, 0.05, -0.05);
  II.v = Vec3{0.0, 0.0, 1.0};
  II.w = Vec3{0.0, 12.0, 0.0};
  const DiscImpact r = disc_impact(I, II, 0.25, 0.6);
  const SpatialOutcome& o = r.o;
  // Printed digits (half a unit of the last printed digit).
  EXPECT_NEAR(o.I.t1, 0.320, 5e-4);  // T_x02 [Ns]
  EXPECT_NEAR(o.I.n, 2.560, 5e-4);   // n_02 [Ns]
  EXPECT_NEAR(r.I.w.y, -0.88889, 5e-6);
  EXPECT_NEAR(r.II.w.y, 5.600, 5e-4);
  EXPECT_NEAR(r.I.v.x, 0.04, 5e-3);
  EXPECT_NEAR(r.I.v.z, 0.32, 5e-3);
  EXPECT_NEAR(r.II.v.x, -0.16, 5e-3);
  EXPECT_NEAR(r.II.v.z, -0.28, 5e-3);
  EXPECT_NEAR(reflection_deg(r.II.v), -150.26, 5e-3);  // Fig. 7
  EXPECT_NEAR(reflection_deg(r.I.v), 7.12, 1e-2);      // 7.1250, printed truncated
  // The exact values of the reconstruction: slide until n = 1.28 (s0 = -0.6, ds/dn = alpha mu with
  // alpha = 1.875), halt in compression (n_01 = 1.6), stick (eps = 0: mu_c = 0), end at 1.6 n_01.
  EXPECT_EQ(o.mode, SpatialMode::B);
  EXPECT_NEAR(o.I_nh, 1.28, 1e-13);
  EXPECT_NEAR(o.I_nc, 1.6, 1e-13);
  EXPECT_NEAR(o.I.n, 2.56, 1e-13);
  EXPECT_NEAR(o.I.t1, 0.32, 1e-13);
  EXPECT_EQ(o.I.t2, 0.0);
  EXPECT_NEAR(r.I.w.y, -8.0 / 9.0, 1e-13);
  EXPECT_NEAR(r.II.w.y, 5.6, 1e-12);
  EXPECT_NEAR(r.I.v.x, 0.04, 1e-14);
  EXPECT_NEAR(r.I.v.z, 0.32, 1e-14);
  EXPECT_NEAR(r.II.v.x, -0.16, 1e-14);
  EXPECT_NEAR(r.II.v.z, -0.28, 1e-14);
  EXPECT_EQ(r.I.v.y, 0.0);  // the motion stays in Oxz
  EXPECT_EQ(r.II.w.x, 0.0);
  EXPECT_EQ(r.II.w.z, 0.0);
  std::printf(
      "[S] Example 1: T_x02 %.6f n_02 %.6f w_I %.6f w_II %.6f v_I (%.4f, %.4f) v_II (%.4f, %.4f) "
      "phi_I %.4f phi_II %.4f\n",
      o.I.t1, o.I.n, r.I.w.y, r.II.w.y, r.I.v.x, r.I.v.z, r.II.v.x, r.II.v.z, reflection_deg(r.I.v),
      reflection_deg(r.II.v));
}

// [S] Example 1b: phi_II and w_y^II against mu for k = 0.5, 0.6, 1.0 (assumed inputs in the header).
TEST(SpatialBodies, SypniewskaKaminskaRosinskiExample1b) {
  RigidBody I = disc(2000.0, 0.9, 0.9), II = disc(2.0, 0.5, -0.5);
  II.v = Vec3{0.0, 0.0, 8.0};
  II.w = Vec3{0.0, 10.0, 0.0};
  const double ks[3] = {0.5, 0.6, 1.0};
  const double mus[5] = {0.0, 0.05, 0.10, 0.15, 0.20};
  // phi_II [deg] / w_y^II [rad/s], printed to 3 / 4 decimals (3.34: 2 decimals).
  const double phi[3][5] = {{180.0, -171.452, -163.269, -157.339, -157.339},
                            {180.0, -172.393, -165.045, -160.822, -160.822},
                            {180.0, -174.284, -168.679, -168.220, -168.220}};
  const double wy[3][5] = {{10.0, 7.6024, 5.2048, 3.34, 3.34},
                           {10.0, 7.4426, 4.8851, 3.34, 3.34},
                           {10.0, 6.8032, 3.6064, 3.34, 3.34}};
  const double alpha = 1.5015, chi = 0.5005, s0 = 5.0, c0 = 8.0;  // contact space, central impact
  for (int i = 0; i < 3; ++i) {
    const double k = ks[i];
    const double n02 = (1.0 + k) * c0 / chi;
    const double mu_star = s0 * chi / (alpha * (1.0 + k) * c0);
    for (int j = 0; j < 5; ++j) {
      const DiscImpact r = disc_impact(I, II, mus[j], k);
      double angle = reflection_deg(r.II.v);
      if (angle < -179.9995) angle += 360.0;  // atan2(-0, -x) at mu = 0
      EXPECT_NEAR(angle, phi[i][j], 5e-4) << "k " << k << " mu " << mus[j];
      EXPECT_NEAR(r.II.w.y, wy[i][j], wy[i][j] == 3.34 ? 5e-3 : 5e-5) << "k " << k << " mu " << mus[j];
      EXPECT_NEAR(r.o.I.n, n02, 1e-12 * n02);  // central impact: n_02 does not depend on mu
      EXPECT_EQ(r.o.mode, mus[j] < mu_star ? SpatialMode::A : SpatialMode::D) << "k " << k;
      // Fig. 12: w_y^II = 10 - 2 mu n_02 until the slip stops, then 10 - 2 s0/alpha = 3.34.
      const double w_exact = mus[j] < mu_star ? 10.0 - 2.0 * mus[j] * n02 : 10.0 - 2.0 * s0 / alpha;
      EXPECT_NEAR(r.II.w.y, w_exact, 1e-12);
    }
    // The switch at mu*: sliding just below, sticking just above ([S]: Figs 11a, 11b), and phi_II
    // constant from there on.
    EXPECT_EQ(disc_impact(I, II, mu_star * (1.0 - 1e-9), k).o.mode, SpatialMode::A);
    const DiscImpact above = disc_impact(I, II, mu_star * (1.0 + 1e-9), k);
    EXPECT_EQ(above.o.mode, SpatialMode::D);
    const DiscImpact far = disc_impact(I, II, 1.0, k);
    EXPECT_NEAR(reflection_deg(far.II.v), reflection_deg(above.II.v), 1e-10);
    EXPECT_NEAR(far.II.w.y, 10.0 - 2.0 * s0 / alpha, 1e-12);
    std::printf("[S] Example 1b k = %.1f: mu* = %.4f, phi_II(mu >= mu*) = %.3f, w_y = %.4f\n", k, mu_star,
                reflection_deg(far.II.v), far.II.w.y);
  }
}

}  // namespace
}  // namespace collsweep

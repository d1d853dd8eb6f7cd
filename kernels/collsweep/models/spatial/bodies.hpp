// Two rigid bodies at one contact point -> the contact-space collision (W, v1), and the impulse back to
// each body's post-impact linear and angular velocity.
//
// Sypniewska-Kaminska & Rosinski 2008 ([S]), Sect. IV-V, in the project's contact conventions
// (contact.hpp):
//   * contact frame (n, t1, t2), world components, right-handed (t2 = n x t1). n points INTO body I, i.e.
//     from body II towards body I ([S]'s axis z: the normal reaction on B_I is along +z; their (x, y, z)
//     is our (t1, t2, n)). make_contact_frame(n) picks t1 deterministically from n (below).
//   * P = (I_n, I_t1, I_t2) acts on body I, -P on body II ([S] eqs 6-9: equal and opposite).
//   * r_i = C_i - O, the mass centre relative to the contact point O ([S]'s (x_C, y_C, z_C) of each body).
//   * contact-point velocity of body i: v_Oi = v_i + w_i x (O - C_i) = v_i + r_i x w_i;
//     v1 = v_OI - v_OII in (n, t1, t2) ([S] eqs 1-2: s = (v_OI - v_OII)_xy, c = (v_OI - v_OII)_z); v_n < 0
//     approaching.
//   * impulse: m_I (v_I' - v_I) = P, J_I (w_I' - w_I) = (O - C_I) x P = -r_I x P ([S] eqs 6, 8);
//              m_II (v_II' - v_II) = -P, J_II (w_II' - w_II) = r_II x P ([S] eqs 7, 9).
//   * W = sum_i [ (1/m_i) 1 - [r_i]x J_i^-1 [r_i]x ] in (n, t1, t2) ([S] eq. 12's alpha .. gamma, written
//     without cofactors): W_kl = f_k.f_l / m + (r x f_k)^T J^-1 (r x f_l) for frame vectors f, formed
//     through J's Cholesky factor (symmetric positive semi-definite per body by construction). Then the
//     post-impact relative contact velocity is v1 + W P and the bodies' kinetic energy changes by
//     P.(v1 + v2)/2 exactly (contact.hpp's dE).
// A body may be fixed ground (infinite mass, at rest): it adds nothing to W and no velocity; its other
// fields are ignored. Everything is fixed-size, without heap, for host and device.
#pragma once

#include <cstdint>

#include "collsweep/models/spatial/contact.hpp"

namespace collsweep {

struct Vec3 {
  double x = 0.0, y = 0.0, z = 0.0;
};

// A 3x3 matrix, row-major: m[i][j].
struct Mat3 {
  double m[3][3] = {};
};

struct RigidBody {
  bool ground = false;  // fixed ground: infinite mass, zero velocity (m, J, r, v, w are ignored)
  double m = 0.0;       // mass, > 0
  Mat3 J;               // inertia tensor about the mass centre, world axes, symmetric positive definite
                        // (off-diagonals are [S]'s -I_xy, -I_xz, -I_yz)
  Vec3 r;               // mass centre minus contact point, world
  Vec3 v;               // mass-centre velocity, world
  Vec3 w;               // angular velocity, world
};

// Orthonormal, right-handed contact frame in world components; n points into body I.
struct ContactFrame {
  Vec3 n, t1, t2;
};

// Why a pair of bodies and a frame cannot form a collision (fault_body says which body: 1, 2; 0 frame).
enum class BodyFault : std::uint8_t {
  none = 0,
  nonfinite,              // NaN or inf in m, J, r, v, w or the frame
  mass_not_positive,      // m <= 0 (a body without mass is `ground`)
  inertia_not_symmetric,  // |J_ij - J_ji| beyond rounding
  inertia_not_spd,        // J not positive definite (Cholesky pivot <= 0 to working precision)
  frame_not_orthonormal,  // |n|, |t1|, |t2| not 1 or not mutually orthogonal (to 1e-12)
  frame_left_handed,      // t2 != n x t1
  both_ground,            // two fixed bodies: no collision
  delassus_not_spd,       // W not SPD to working precision (contact.hpp's is_spd)
  count_
};

inline const char* body_fault_reason(BodyFault f) {
  switch (f) {
    case BodyFault::none:
      return "ok";
    case BodyFault::nonfinite:
      return "NaN or inf in a body's mass, inertia, position or velocities, or in the contact frame";
    case BodyFault::mass_not_positive:
      return "mass <= 0 (a fixed body is given as ground)";
    case BodyFault::inertia_not_symmetric:
      return "inertia tensor not symmetric";
    case BodyFault::inertia_not_spd:
      return "inertia tensor not positive definite";
    case BodyFault::frame_not_orthonormal:
      return "contact frame not orthonormal (|n|, |t1|, |t2| = 1 and mutually orthogonal, to 1e-12)";
    case BodyFault::frame_left_handed:
      return "contact frame left-handed (need t2 = n x t1)";
    case BodyFault::both_ground:
      return "both bodies are fixed ground";
    case BodyFault::delassus_not_spd:
      return "contact-space matrix W not positive definite to working precision";
    default:
      return "unknown";
  }
}

// The bodies' collision in contact space, or why there is none (status != ok: W and v are zero).
// status is the nearest Status: nonfinite_input for non-finite numbers, delassus_not_spd for every other
// fault (no valid W exists); fault and fault_body give the exact reason.
struct BodyCollision {
  Status status = Status::ok;
  BodyFault fault = BodyFault::none;
  std::uint8_t fault_body = 0;  // 1 body I, 2 body II, 0 the frame or the pair
  Delassus3 W;
  Vec3n v;  // pre-impact relative contact velocity v_OI - v_OII in (n, t1, t2)
};

namespace bodies {

COLLSWEEP_HD_INLINE double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
COLLSWEEP_HD_INLINE Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
COLLSWEEP_HD_INLINE Vec3 axpy(double s, const Vec3& a, const Vec3& b) {  // s a + b
  return Vec3{s * a.x + b.x, s * a.y + b.y, s * a.z + b.z};
}
COLLSWEEP_HD_INLINE Vec3 mat_vec(const Mat3& A, const Vec3& x) {
  return Vec3{A.m[0][0] * x.x + A.m[0][1] * x.y + A.m[0][2] * x.z,
              A.m[1][0] * x.x + A.m[1][1] * x.y + A.m[1][2] * x.z,
              A.m[2][0] * x.x + A.m[2][1] * x.y + A.m[2][2] * x.z};
}

// Lower Cholesky factor of a symmetric J (reads the lower triangle): J = L L^T. False when a pivot is not
// positive beyond rounding (relative to the largest diagonal entry).
COLLSWEEP_HD_INLINE bool cholesky3(const Mat3& J, Mat3* L) {
  const double tol = 16.0 * 2.220446049250313e-16 * max_d(J.m[0][0], max_d(J.m[1][1], J.m[2][2]));
  *L = Mat3{};
  for (int j = 0; j < 3; ++j) {
    double d = J.m[j][j];
    for (int k = 0; k < j; ++k) d -= L->m[j][k] * L->m[j][k];
    if (!(d > tol)) return false;
    const double ljj = ::sqrt(d);
    L->m[j][j] = ljj;
    for (int i = j + 1; i < 3; ++i) {
      double s = J.m[i][j];
      for (int k = 0; k < j; ++k) s -= L->m[i][k] * L->m[j][k];
      L->m[i][j] = s / ljj;
    }
  }
  return true;
}

// y = L^-1 x (forward substitution).
COLLSWEEP_HD_INLINE Vec3 forward_sub(const Mat3& L, const Vec3& x) {
  const double y0 = x.x / L.m[0][0];
  const double y1 = (x.y - L.m[1][0] * y0) / L.m[1][1];
  const double y2 = (x.z - L.m[2][0] * y0 - L.m[2][1] * y1) / L.m[2][2];
  return Vec3{y0, y1, y2};
}

// x = J^-1 b = L^-T L^-1 b.
COLLSWEEP_HD_INLINE Vec3 chol_solve(const Mat3& L, const Vec3& b) {
  const Vec3 y = forward_sub(L, b);
  const double x2 = y.z / L.m[2][2];
  const double x1 = (y.y - L.m[2][1] * x2) / L.m[1][1];
  const double x0 = (y.x - L.m[1][0] * x1 - L.m[2][0] * x2) / L.m[0][0];
  return Vec3{x0, x1, x2};
}

COLLSWEEP_HD_INLINE bool finite3(const Vec3& a) {
  return is_finite_d(a.x) && is_finite_d(a.y) && is_finite_d(a.z);
}

// Checks one non-ground body; on success L is J's Cholesky factor.
COLLSWEEP_HD_INLINE BodyFault check_body(const RigidBody& b, Mat3* L) {
  bool finite = is_finite_d(b.m) && finite3(b.r) && finite3(b.v) && finite3(b.w);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) finite = finite && is_finite_d(b.J.m[i][j]);
  if (!finite) return BodyFault::nonfinite;
  if (!(b.m > 0.0)) return BodyFault::mass_not_positive;
  const double scale = abs_d(b.J.m[0][0]) + abs_d(b.J.m[1][1]) + abs_d(b.J.m[2][2]);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < i; ++j)
      if (abs_d(b.J.m[i][j] - b.J.m[j][i]) > 8.0 * 2.220446049250313e-16 * scale)
        return BodyFault::inertia_not_symmetric;
  if (!cholesky3(b.J, L)) return BodyFault::inertia_not_spd;
  return BodyFault::none;
}

COLLSWEEP_HD_INLINE BodyFault check_frame(const ContactFrame& f) {
  if (!finite3(f.n) || !finite3(f.t1) || !finite3(f.t2)) return BodyFault::nonfinite;
  constexpr double kTol = 1e-12;
  if (abs_d(dot(f.n, f.n) - 1.0) > kTol || abs_d(dot(f.t1, f.t1) - 1.0) > kTol ||
      abs_d(dot(f.t2, f.t2) - 1.0) > kTol || abs_d(dot(f.n, f.t1)) > kTol || abs_d(dot(f.n, f.t2)) > kTol ||
      abs_d(dot(f.t1, f.t2)) > kTol)
    return BodyFault::frame_not_orthonormal;
  const Vec3 c = cross(f.n, f.t1);
  if (dot(c, f.t2) < 0.0) return BodyFault::frame_left_handed;
  return BodyFault::none;
}

// Velocity of a body's material point at the contact point: v + w x (O - C) = v + r x w.
COLLSWEEP_HD_INLINE Vec3 contact_point_velocity(const RigidBody& b) {
  if (b.ground) return Vec3{};
  return axpy(1.0, cross(b.r, b.w), b.v);
}

// Adds one body's part of W: W_kl += f_k.f_l / m + y_k.y_l, y_k = L^-1 (r x f_k) (so that
// y_k.y_l = (r x f_k)^T J^-1 (r x f_l)).
COLLSWEEP_HD_INLINE void add_body_delassus(const RigidBody& b, const Mat3& L, const ContactFrame& f,
                                           Delassus3* W) {
  const double im = 1.0 / b.m;
  const Vec3 yn = forward_sub(L, cross(b.r, f.n));
  const Vec3 y1 = forward_sub(L, cross(b.r, f.t1));
  const Vec3 y2 = forward_sub(L, cross(b.r, f.t2));
  W->a += im * dot(f.n, f.n) + dot(yn, yn);
  W->c1 += im * dot(f.t1, f.n) + dot(y1, yn);
  W->c2 += im * dot(f.t2, f.n) + dot(y2, yn);
  W->b11 += im * dot(f.t1, f.t1) + dot(y1, y1);
  W->b12 += im * dot(f.t1, f.t2) + dot(y1, y2);
  W->b22 += im * dot(f.t2, f.t2) + dot(y2, y2);
}

COLLSWEEP_HD_INLINE BodyCollision failed(BodyFault fault, int body) {
  BodyCollision out;
  out.status = fault == BodyFault::nonfinite ? Status::nonfinite_input : Status::delassus_not_spd;
  out.fault = fault;
  out.fault_body = static_cast<std::uint8_t>(body);
  return out;
}

}  // namespace bodies

// The frame with n given (unit, world) and t1 chosen deterministically: the world axis least aligned with
// n (smallest |n_i|, the first of equal ones: x before y before z) with its n-component removed, normalised;
// t2 = n x t1. For n = +-z this is t1 = x, t2 = +-y ([S]'s Oxyz for n = z).
COLLSWEEP_HD_INLINE ContactFrame make_contact_frame(const Vec3& n) {
  using namespace bodies;
  const double ax = abs_d(n.x), ay = abs_d(n.y), az = abs_d(n.z);
  Vec3 e{1.0, 0.0, 0.0};
  if (ay < ax && ay <= az)
    e = Vec3{0.0, 1.0, 0.0};
  else if (az < ax && az < ay)
    e = Vec3{0.0, 0.0, 1.0};
  const Vec3 t = axpy(-dot(e, n), n, e);
  const double tn = ::sqrt(dot(t, t));
  ContactFrame f;
  f.n = n;
  f.t1 = Vec3{t.x / tn, t.y / tn, t.z / tn};
  f.t2 = cross(n, f.t1);
  return f;
}

// The frame with n and t1 given (unit, orthogonal; checked by contact_from_bodies), t2 = n x t1.
COLLSWEEP_HD_INLINE ContactFrame make_contact_frame(const Vec3& n, const Vec3& t1) {
  ContactFrame f;
  f.n = n;
  f.t1 = t1;
  f.t2 = bodies::cross(n, t1);
  return f;
}

// World vector -> (n, t1, t2) components, and back.
COLLSWEEP_HD_INLINE Vec3n to_contact(const ContactFrame& f, const Vec3& x) {
  return Vec3n{bodies::dot(f.n, x), bodies::dot(f.t1, x), bodies::dot(f.t2, x)};
}
COLLSWEEP_HD_INLINE Vec3 to_world(const ContactFrame& f, const Vec3n& p) {
  using bodies::axpy;
  return axpy(p.n, f.n, axpy(p.t1, f.t1, axpy(p.t2, f.t2, Vec3{})));
}

// W and v1 of two bodies at the contact point O (body I on the +n side), after checking the input.
COLLSWEEP_HD_INLINE BodyCollision contact_from_bodies(const RigidBody& I, const RigidBody& II,
                                                      const ContactFrame& f) {
  using namespace bodies;
  BodyFault fault = check_frame(f);
  if (fault != BodyFault::none) return failed(fault, 0);
  if (I.ground && II.ground) return failed(BodyFault::both_ground, 0);
  BodyCollision out;
  const RigidBody* b[2] = {&I, &II};
  for (int i = 0; i < 2; ++i) {
    if (b[i]->ground) continue;
    Mat3 L;
    fault = check_body(*b[i], &L);
    if (fault != BodyFault::none) return failed(fault, i + 1);
    add_body_delassus(*b[i], L, f, &out.W);
  }
  if (!is_spd(out.W)) return failed(BodyFault::delassus_not_spd, 0);
  const Vec3 vI = contact_point_velocity(I), vII = contact_point_velocity(II);
  out.v = to_contact(f, axpy(-1.0, vII, vI));
  return out;
}

// The bodies after the impulse P (contact frame; P on body I, -P on body II): v' = v +- P/m,
// w' = w -+ J^-1 (r x P) ([S] eqs 6-9 with r = C - O). Ground stays at rest. The input must have passed
// contact_from_bodies.
COLLSWEEP_HD_INLINE void apply_contact_impulse(const ContactFrame& f, const Vec3n& P, RigidBody* I,
                                               RigidBody* II) {
  using namespace bodies;
  const Vec3 Pw = to_world(f, P);
  RigidBody* b[2] = {I, II};
  for (int i = 0; i < 2; ++i) {
    if (b[i]->ground) continue;
    const double sign = i == 0 ? 1.0 : -1.0;
    Mat3 L;
    cholesky3(b[i]->J, &L);
    b[i]->v = axpy(sign / b[i]->m, Pw, b[i]->v);
    b[i]->w = axpy(-sign, chol_solve(L, cross(b[i]->r, Pw)), b[i]->w);
  }
}

// Kinetic energy m v.v/2 + w.J w/2 (0 for ground).
COLLSWEEP_HD_INLINE double kinetic_energy(const RigidBody& b) {
  using namespace bodies;
  if (b.ground) return 0.0;
  return 0.5 * b.m * dot(b.v, b.v) + 0.5 * dot(b.w, mat_vec(b.J, b.w));
}

}  // namespace collsweep

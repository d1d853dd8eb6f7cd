// The spatial sampler: sample index k of a SpatialSamplePlan -> one SpatialSample, identical on CPU and GPU.
//
// Same rules as the other families' samplers: Philox streams of (plan.seed, k), one per purpose
// (SpatialStream, plan.hpp), det_math.hpp's deterministic elementary functions, fixed-size arrays only.
// Per stream, in this order:
//   matrix       W by plan.W.kind (plan.hpp):
//     direct     x = draw_scalar(log10_cond); the spectrum 1, 10^(-x u), 10^-x (sampling/mechanism.hpp's
//                draw_log_uniform_spectrum, one u01); a 3x3 Gaussian column by column (Box-Muller pairs,
//                the spare of the fifth pair dropped), Q its orthonormalised columns (Haar); W = Q diag Q^T.
//     canonical  log10 b1, log10 b2 = draw_scalar(log10_b) twice (sorted, b1 >= b2), r =
//     draw_scalar(coupling),
//                chi = (pi/2) u01.
//     bodies     m2 = draw_scalar(mass_ratio) unless ground; then per body (1, then 2 unless ground): its
//                lever draw_scalar(lever), three u01 (its second moments), twelve normals (a 3x3 Gaussian
//                for its orientation, then the lever's direction).
//     mechanism  x = draw_scalar(log10_cond_M), then sampling/mechanism.hpp's steps with 3 Jacobian rows
//                (n, t1, t2); an M that is not positive definite to working precision gives W = 0 (reported
//                by the law as not SPD, counted by the sweep).
//     fixed      nothing.
//   approach     psi = draw_scalar(psi_deg), then phi = draw_scalar(phi_deg)
//   the law parameters mu, e, e_t, s1, s2, r1, r2, iterations, threshold, normal_first, friction_cone as
//   their rows in parameters.hpp say (each only when a law or an axis reads it; mu and e always)
// Grid axes: one mixed-radix counter g = k mod G, G the product of the grid points of every ScalarDist of
// the plan, digits in the fixed order (fastest first) log10_cond, log10_b, coupling, mass_ratio, lever,
// log10_cond_M, psi, phi, then the parameters' slots (mu, e, e_t, s1, s2, r1, r2, iterations, threshold,
// normal_first, friction_cone); a grid dist takes its digit and draws nothing (both draws of a grid log10_b
// take the same value: b1 = b2). Then (direct, bodies, mechanism; canonical is drawn in it) the canonical
// frame: the tangent axes rotated onto b's principal axes (b12 = 0, b11 >= b22) and W scaled to a = 1.
// log10_cond: the drawn x for direct, else from W's Jacobi eigenvalues (+inf when W is not positive
// definite, so such a sample falls outside every finite map axis).
// A W that is not SPD is returned as drawn, never redrawn: the laws report it and the sweep counts it.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/lcp/small_matrix.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/models/spatial/bodies.hpp"
#include "collsweep/models/spatial/plan.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/grid_slots.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

inline constexpr double spatial_radians_per_degree = 3.14159265358979323846 / 180.0;

// The grid digit of each ScalarDist of the plan (0 for a non-grid one).
struct SpatialGridDigits {
  std::uint32_t log10_cond = 0, log10_b = 0, coupling = 0, mass_ratio = 0, lever = 0, log10_cond_M = 0;
  std::uint32_t psi = 0, phi = 0;
  COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_PARAMETER_DIGIT_FIELD)
};

// Slot -> the plan's ScalarDist and its digit, in grid-counter order (fastest first): the geometry's below,
// each law parameter's in its row of parameters.hpp (a slot given twice or missing does not compile).
template <int Slot>
struct SpatialGridAxis;
#define COLLSWEEP_SPATIAL_GRID_AXIS(slot, dist, digit) \
  COLLSWEEP_GRID_AXIS(SpatialGridAxis, SpatialSamplePlan, SpatialGridDigits, slot, dist, digit)
COLLSWEEP_SPATIAL_GRID_AXIS(0, W.log10_cond, log10_cond)
COLLSWEEP_SPATIAL_GRID_AXIS(1, W.log10_b, log10_b)
COLLSWEEP_SPATIAL_GRID_AXIS(2, W.coupling, coupling)
COLLSWEEP_SPATIAL_GRID_AXIS(3, W.mass_ratio, mass_ratio)
COLLSWEEP_SPATIAL_GRID_AXIS(4, W.lever, lever)
COLLSWEEP_SPATIAL_GRID_AXIS(5, W.log10_cond_M, log10_cond_M)
COLLSWEEP_SPATIAL_GRID_AXIS(6, psi_deg, psi)
COLLSWEEP_SPATIAL_GRID_AXIS(7, phi_deg, phi)
#define COLLSWEEP_X(name, holder, stream, at, slot, ...) COLLSWEEP_SPATIAL_GRID_AXIS(slot, name, name)
COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
#undef COLLSWEEP_SPATIAL_GRID_AXIS

inline constexpr int spatial_grid_slots = 8 + COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_PARAMETER_COUNT) 0;

// G, the number of grid combinations (1 without grid axes), and the digits of sample k.
COLLSWEEP_HD_INLINE std::uint64_t spatial_grid_size(const SpatialSamplePlan& p) {
  return grid_size_of<SpatialGridAxis, spatial_grid_slots, SpatialGridDigits>(p);
}

COLLSWEEP_HD_INLINE SpatialGridDigits spatial_grid_digits(const SpatialSamplePlan& p, std::uint64_t k) {
  return grid_digits_of<SpatialGridAxis, spatial_grid_slots, SpatialGridDigits>(p, k);
}

// What a sweep reads of its samples beyond W, v, mu, e: the law-input bits (spatial_input) whose parameters
// are drawn (a law reading them or their axes; parameters.hpp).
struct SpatialNeeds {
  unsigned inputs = ~0u;
};

namespace spatial_sampling {

// A Haar-random rotation from 9 normals of z (a 3x3 Gaussian column by column, orthonormalised): Q[j] is
// column j.
template <class Normals>
COLLSWEEP_HD_INLINE void haar_rotation(NormalSequence<Normals, double>& z, double (&Q)[3][3]) {
  draw_gaussian_columns(z, 3u, Q);
  orthonormalize_columns(Q, 3u);
}

// W in (n, t1, t2) from a symmetric 3x3 S in world axes (x, y, z) = (t1, t2, n).
COLLSWEEP_HD_INLINE Delassus3 contact_order(const double (&S)[3][3]) {
  return Delassus3{S[2][2], S[2][0], S[2][1], S[0][0], S[0][1], S[1][1]};
}

// Adds one random rigid body's part of W (bodies.hpp's add_body_delassus: 1/m - [r]x J^-1 [r]x,
// Sypniewska-Kaminska & Rosinski 2008, eq. 12) in the frame (n, t1, t2) = world (z, x, y): mass m, its lever
// and orientation drawn from rng (plan.hpp, 'bodies'); side = +1 for body 1 (mass centre on the +n side),
// -1 for body 2. A J without a Cholesky factor (never for u in (0, 1)) adds nothing.
template <class Normals>
COLLSWEEP_HD_INLINE void add_random_body(SampleRng& rng, const ScalarDist& lever, std::uint32_t lever_digit,
                                         double m, double side, Delassus3* W) {
  const double length = draw_scalar(lever, rng, lever_digit);
  const double u[3] = {rng.uniform(), rng.uniform(), rng.uniform()};  // second moments / m
  // Principal inertias J_x = s_y + s_z etc.: the triangle inequalities hold by construction.
  const double principal[3] = {m * (u[1] + u[2]), m * (u[0] + u[2]), m * (u[0] + u[1])};
  NormalSequence<Normals, double> z(rng, 12u);
  double Q[3][3];
  haar_rotation(z, Q);
  RigidBody b;
  b.m = m;
  rotate_spectrum(Q, principal, 3u, b.J.m);
  double r[3] = {z.next(), z.next(), z.next()};
  const double norm = ::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
  r[2] = side * abs_d(r[2]);  // the mass centre on the body's side of the tangent plane
  b.r = Vec3{r[0] * (length / norm), r[1] * (length / norm), r[2] * (length / norm)};
  ContactFrame f;
  f.n = Vec3{0.0, 0.0, 1.0};
  f.t1 = Vec3{1.0, 0.0, 0.0};
  f.t2 = Vec3{0.0, 1.0, 0.0};
  Mat3 L;
  if (bodies::check_body(b, &L) == BodyFault::none) bodies::add_body_delassus(b, L, f, W);
}

// The tangent axes rotated about n onto b's principal axes (b12 = 0, b11 >= b22) and W scaled to a = 1.
COLLSWEEP_HD_INLINE Delassus3 canonical_frame(const Delassus3& W) {
  const double half = 0.5 * (W.b11 - W.b22);
  const double radius = ::sqrt(half * half + W.b12 * W.b12);
  const double mean = 0.5 * (W.b11 + W.b22);
  double s = 0.0, c = 1.0;
  if (radius > 0.0) {  // principal axis at beta = atan2(b12, half) / 2 (half-angle formulas, no trig)
    const double cos2 = half / radius;
    c = ::sqrt(0.5 * (1.0 + cos2));
    s = W.b12 >= 0.0 ? ::sqrt(0.5 * (1.0 - cos2)) : -::sqrt(0.5 * (1.0 - cos2));
  }
  const double inv_a = 1.0 / W.a;
  Delassus3 out;
  out.a = 1.0;
  out.c1 = (c * W.c1 + s * W.c2) * inv_a;
  out.c2 = (c * W.c2 - s * W.c1) * inv_a;
  out.b11 = (mean + radius) * inv_a;
  out.b12 = 0.0;
  out.b22 = (mean - radius) * inv_a;
  return out;
}

// log10 of W's condition number from its Jacobi eigenvalues; +inf when W is not positive definite.
COLLSWEEP_HD_INLINE double log10_cond_of(const Delassus3& W) {
  double A[3][3] = {{W.a, W.c1, W.c2}, {W.c1, W.b11, W.b12}, {W.c2, W.b12, W.b22}}, eig[3];
  smallmat::jacobi_eigenvalues(A, eig);
  double lo = eig[0], hi = eig[0];
  for (double x : eig) {
    lo = x < lo ? x : lo;
    hi = x > hi ? x : hi;
  }
  if (!(lo > 0.0) || !is_finite_d(hi)) return detmath::detail::infinity();
  const double d = detmath::log10(hi) - detmath::log10(lo);
  return d > 0.0 ? d : 0.0;
}

}  // namespace spatial_sampling

// W of sample k (matrix stream); *log10_cond receives the drawn x for the direct kind, else NaN (the
// caller computes it from W).
template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE Delassus3 draw_spatial_matrix(const SpatialSamplePlan& p, std::uint64_t k,
                                                  const SpatialGridDigits& g, double* log10_cond) {
  using namespace spatial_sampling;
  const SpatialMatrixDist& wd = p.W;
  SampleRng rng(p.seed, static_cast<std::uint32_t>(SpatialStream::matrix), k);
  *log10_cond = __builtin_nan("");
  switch (wd.kind) {
    case SpatialMatrixKind::direct: {
      const double x = draw_scalar(wd.log10_cond, rng, g.log10_cond);
      double lambda[3], Q[3][3], S[3][3];
      draw_log_uniform_spectrum(rng, 3u, x, lambda);
      NormalSequence<Normals, double> z(rng, 9u);
      haar_rotation(z, Q);
      rotate_spectrum(Q, lambda, 3u, S);
      *log10_cond = x;
      return contact_order(S);
    }
    case SpatialMatrixKind::canonical: {
      const double l1 = draw_scalar(wd.log10_b, rng, g.log10_b), l2 = draw_scalar(wd.log10_b, rng, g.log10_b);
      const double r = draw_scalar(wd.coupling, rng, g.coupling);
      const double chi = 0.5 * 3.14159265358979323846 * rng.uniform();
      double sc, cc;
      detmath::sincos(chi, &sc, &cc);
      const double b1 = detmath::pow10(l1 > l2 ? l1 : l2), b2 = detmath::pow10(l1 > l2 ? l2 : l1);
      return Delassus3{1.0, ::sqrt(b1) * r * cc, ::sqrt(b2) * r * sc, b1, 0.0, b2};
    }
    case SpatialMatrixKind::bodies: {
      const double m2 = wd.ground ? 0.0 : draw_scalar(wd.mass_ratio, rng, g.mass_ratio);
      Delassus3 W{0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
      add_random_body<Normals>(rng, wd.lever, g.lever, 1.0, 1.0, &W);
      if (!wd.ground) add_random_body<Normals>(rng, wd.lever, g.lever, m2, -1.0, &W);
      return W;
    }
    case SpatialMatrixKind::mechanism: {
      const std::uint32_t n = clamp_mechanism_dof(wd.mechanism_dof);
      const double x = draw_scalar(wd.log10_cond_M, rng, g.log10_cond_M);
      double m[max_mechanism_dof], M[max_mechanism_dof][max_mechanism_dof], J[3][max_mechanism_dof];
      double work[max_mechanism_dof][max_mechanism_dof], S[3][3];
      draw_mechanism_matrices<Normals>(rng, n, x, 3u, m, M, J, work);
      mechanism_delassus(n, 3u, M, J, work, S);  // rows (n, t1, t2)
      return Delassus3{S[0][0], S[0][1], S[0][2], S[1][1], S[1][2], S[2][2]};
    }
    case SpatialMatrixKind::fixed:
      return wd.fixed;
  }
  return wd.fixed;
}

// Sample k of the plan. A need that is false leaves its inputs at their defaults (0; the engine law's
// iterations 8) and its stream unread.
template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE SpatialSample draw_spatial_sample(const SpatialSamplePlan& p, std::uint64_t k,
                                                      SpatialNeeds needs = SpatialNeeds{}) {
  using namespace spatial_sampling;
  const SpatialGridDigits g = spatial_grid_digits(p, k);
  SpatialSample s;
  double x;
  Delassus3 W = draw_spatial_matrix<Normals>(p, k, g, &x);
  const SpatialMatrixKind kind = p.W.kind;
  if (kind != SpatialMatrixKind::fixed && kind != SpatialMatrixKind::canonical && W.a > 0.0)
    W = canonical_frame(W);
  s.c.W = W;
  s.log10_cond = x == x ? x : log10_cond_of(W);
  s.mu_c = critical_friction(W);

  SampleRng approach(p.seed, static_cast<std::uint32_t>(SpatialStream::approach), k);
  s.psi_deg = draw_scalar(p.psi_deg, approach, g.psi);
  s.phi_deg = draw_scalar(p.phi_deg, approach, g.phi);
  double sp, cp, sf, cf;
  detmath::sincos(s.psi_deg * spatial_radians_per_degree, &sp, &cp);
  detmath::sincos(s.phi_deg * spatial_radians_per_degree, &sf, &cf);
  s.c.v = Vec3n{-cp, sp * cf, sp * sf};

  // The law parameters (parameters.hpp), in the table's order: each row from its stream when needed.
#define COLLSWEEP_OPEN(id) SampleRng(p.seed, static_cast<std::uint32_t>(SpatialStream::id), k)
#define COLLSWEEP_X(name, holder, stream, at, slot, reads, ...)                                     \
  COLLSWEEP_PARAMETER_GROUP_##at(parameter_drawn(needs.inputs, reads), rng, COLLSWEEP_OPEN(stream)) \
      s.holder.name = draw_scalar(p.name, rng, g.name);
  if (false) {
    COLLSWEEP_SPATIAL_PARAMETERS(COLLSWEEP_X)
  }
#undef COLLSWEEP_X
#undef COLLSWEEP_OPEN
  return s;
}

}  // namespace collsweep

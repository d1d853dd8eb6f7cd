// The planar sampler: sample index k of a PlanarSamplePlan -> one PlanarSample, identical on CPU and GPU.
//
// Each input takes its randomness from its own Philox stream of (plan.seed, k), so changing how one input is
// drawn never changes another (stream ids in plan.hpp):
//   Stream::matrix       W (direct: log10 cond then phi; wishart; mechanism, see draw_mechanism; shape: rho
//                        then kappa; fixed: nothing)
//   Stream::approach     theta, then the tangent sign (one word, top bit) when random_tangent_sign
//   Stream::friction     mu;   Stream::restitution  e;   Stream::tangential  e_t
// Grid axes take their digit of k (GridDigits below) and draw nothing.
//
// v1 = (-cos theta, s sin theta), |v1| = 1, s = +1 or the random sign. A W that is not SPD to working
// precision (a mechanism with extreme conditioning, a wishart with dof < 2, a bad fixed W) is returned as
// drawn, never redrawn: the laws report it invalid and the sweep counts it.
#pragma once

#include <cmath>
#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/models/planar/contact.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/models/planar/spd2.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

// The grid digits of one planar sample, one per ScalarDist of the plan (0 for a non-grid one), in the fixed
// order of the plan's grid counter (sampling/scalar.hpp)
//   theta_deg, mu, e, e_t, W.log10_cond, W.log10_cond_M, W.rho, W.kappa   (theta fastest).
// A grid ScalarDist that the W kind does not read still counts in G (the config validator rejects it).
struct GridDigits {
  std::uint32_t theta_deg = 0, mu = 0, e = 0, e_t = 0;
  std::uint32_t log10_cond = 0, log10_cond_M = 0, rho = 0, kappa = 0;
};

// G: the number of grid combinations (1 without grid axes). The validator keeps it far below 2^64.
COLLSWEEP_HD_INLINE std::uint64_t planar_grid_size(const PlanarSamplePlan& p) {
  return std::uint64_t{grid_points(p.theta_deg)} * grid_points(p.mu) * grid_points(p.e) * grid_points(p.e_t) *
         grid_points(p.W.log10_cond) * grid_points(p.W.log10_cond_M) * grid_points(p.W.rho) *
         grid_points(p.W.kappa);
}

// Digits of g = k mod G in the fixed order above (theta fastest).
COLLSWEEP_HD_INLINE GridDigits planar_grid_digits(const PlanarSamplePlan& p, std::uint64_t k) {
  GridDigits d;
  const std::uint64_t G = planar_grid_size(p);
  if (G == 1u) return d;
  std::uint64_t g = k % G;
  d.theta_deg = pop_grid_digit(g, p.theta_deg);
  d.mu = pop_grid_digit(g, p.mu);
  d.e = pop_grid_digit(g, p.e);
  d.e_t = pop_grid_digit(g, p.e_t);
  d.log10_cond = pop_grid_digit(g, p.W.log10_cond);
  d.log10_cond_M = pop_grid_digit(g, p.W.log10_cond_M);
  d.rho = pop_grid_digit(g, p.W.rho);
  d.kappa = pop_grid_digit(g, p.W.kappa);
  return d;
}

// A drawn mechanism: what the test needs to recompute W independently (row-major M and J).
struct MechanismDraw {
  std::uint32_t n = 0;        // degrees of freedom actually used (2 .. max_mechanism_dof)
  double log10_cond_M = 0.0;  // x: M's eigenvalue ratio is 10^x
  double m[max_mechanism_dof] = {};
  double M[max_mechanism_dof][max_mechanism_dof] = {};
  double J[2][max_mechanism_dof] = {};
  bool cholesky_ok = false;
  Delassus2 W;
};

// Draws a mechanism with d.mechanism_dof DOF (clamped to [2, max_mechanism_dof]) into out, by the steps of
// sampling/mechanism.hpp with r = 2.
// cond_M_digit is the grid digit of d.log10_cond_M (ignored unless it is a grid).
template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE void draw_mechanism(const MatrixDist& d, SampleRng& rng, std::uint32_t cond_M_digit,
                                        MechanismDraw& out) {
  const std::uint32_t n = clamp_mechanism_dof(d.mechanism_dof);
  out.n = n;

  // 1. eigenvalue ratio; 2-5a. spectrum, normals, Q, M.
  const double x = draw_scalar(d.log10_cond_M, rng, cond_M_digit);
  out.log10_cond_M = x;
  double work[max_mechanism_dof][max_mechanism_dof];
  draw_mechanism_matrices<Normals>(rng, n, x, 2u, out.m, out.M, out.J, work);

  // 5b. Cholesky M = L L^T, L overwriting the scratch (Q is no longer needed).
  double(&L)[max_mechanism_dof][max_mechanism_dof] = work;
  out.cholesky_ok = mechanism_cholesky(n, out.M, L);
  if (!out.cholesky_ok) {
    out.W = Delassus2{0.0, 0.0, 0.0};
    return;
  }

  // 5c. Y = L^-1 J^T by forward substitution, one column per row of J, and W = Y^T Y (the arithmetic of
  // mechanism_delassus with rows = 2, written out: fewer registers in the planar GPU kernels).
  double y0[max_mechanism_dof], y1[max_mechanism_dof];
  for (std::uint32_t i = 0; i < n; ++i) {
    double s0 = out.J[0][i], s1 = out.J[1][i];
    for (std::uint32_t p = 0; p < i; ++p) {
      s0 -= L[i][p] * y0[p];
      s1 -= L[i][p] * y1[p];
    }
    y0[i] = s0 / L[i][i];
    y1[i] = s1 / L[i][i];
  }
  double nn = 0.0, nt = 0.0, tt = 0.0;
  for (std::uint32_t i = 0; i < n; ++i) {
    nn += y0[i] * y0[i];
    nt += y0[i] * y1[i];
    tt += y1[i] * y1[i];
  }
  out.W = Delassus2{nn, nt, tt};
}

inline constexpr double radians_per_degree = 3.14159265358979323846 / 180.0;

COLLSWEEP_HD_INLINE SampleRng stream_rng(const PlanarSamplePlan& plan, Stream s, std::uint64_t k) {
  return SampleRng(plan.seed, static_cast<std::uint32_t>(s), k);
}

// The mechanism behind sample k's W (plan.W.kind must be mechanism): replays the matrix stream, so
// draw_planar_mechanism(plan, k).W is bitwise the W of draw_planar_sample(plan, k).
template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE void draw_planar_mechanism(const PlanarSamplePlan& plan, std::uint64_t k,
                                               MechanismDraw& out) {
  SampleRng rng = stream_rng(plan, Stream::matrix, k);
  draw_mechanism<Normals>(plan.W, rng, planar_grid_digits(plan, k).log10_cond_M, out);
}

// Sample k of the plan. Derived fields:
//   theta_deg   the drawn angle itself (not atan of v: grid values stay exact for the map axes)
//   alpha       |v_t| / -v_n = tan theta
//   rho, kappa  from W (coupling_rho, shape_kappa); for the shape kind the drawn rho and kappa exactly
//   log10_cond  the drawn value for the direct kind (exact by construction); otherwise
//               log10_condition(W): accurate determinant, +inf when W is not positive definite
//
// needs lets a sweep skip what it never reads (the derived shape quantities, alpha, and e_t when no law or
// axis uses it; the grid digits of a plan without grid axes): skipped fields are left 0. Every input has its
// own stream, so skipping never changes another. Normals: where the mechanism kind's normals come from
// (sampling/mechanism.hpp's NormalSequence; the host passes its SIMD batches), the same values either way.
template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE PlanarSample draw_planar_sample(const PlanarSamplePlan& plan, std::uint64_t k,
                                                    SampleNeeds needs = SampleNeeds{}) {
  const GridDigits g = needs.grid ? planar_grid_digits(plan, k) : GridDigits{};
  PlanarSample s;

  // W (matrix stream).
  const MatrixDist& wd = plan.W;
  bool shape_exact = false;
  switch (wd.kind) {
    case MatrixKind::direct: {
      SampleRng rng = stream_rng(plan, Stream::matrix, k);
      const double x = draw_scalar(wd.log10_cond, rng, g.log10_cond);
      s.c.W = draw_direct(rng, x);
      s.log10_cond = x;  // exact by construction (eigenvalues 1 and 10^-x before rounding W's entries)
      break;
    }
    case MatrixKind::wishart: {
      SampleRng rng = stream_rng(plan, Stream::matrix, k);
      s.c.W = draw_wishart(rng, wd.wishart_dof);
      break;
    }
    case MatrixKind::mechanism: {
      MechanismDraw md;
      draw_planar_mechanism<Normals>(plan, k, md);
      s.c.W = md.W;
      break;
    }
    case MatrixKind::fixed:
      s.c.W = wd.fixed;
      break;
    case MatrixKind::shape: {
      SampleRng rng = stream_rng(plan, Stream::matrix, k);
      s.rho = draw_scalar(wd.rho, rng, g.rho);
      s.kappa = draw_scalar(wd.kappa, rng, g.kappa);
      s.c.W = shape_matrix(s.rho, s.kappa);
      shape_exact = true;
      break;
    }
  }
  if (!shape_exact && needs.shape) {
    s.rho = coupling_rho(s.c.W);
    s.kappa = shape_kappa(s.c.W);
  }
  if (wd.kind != MatrixKind::direct && needs.log10_cond) s.log10_cond = log10_condition(s.c.W);

  // Approach velocity (approach stream).
  {
    SampleRng rng = stream_rng(plan, Stream::approach, k);
    const double theta = draw_scalar(plan.theta_deg, rng, g.theta_deg);
    const double sign = plan.random_tangent_sign && rng.coin() ? -1.0 : 1.0;
    const double th = theta * radians_per_degree;
    double sn, cn;
    detmath::sincos(th, &sn, &cn);
    s.c.v = Velocity2{-cn, sign * sn};
    s.theta_deg = theta;
    if (needs.alpha) s.alpha = sn / cn;
  }

  // Coefficients, one stream each.
  {
    SampleRng rng = stream_rng(plan, Stream::friction, k);
    s.c.mu = draw_scalar(plan.mu, rng, g.mu);
  }
  {
    SampleRng rng = stream_rng(plan, Stream::restitution, k);
    s.c.e = draw_scalar(plan.e, rng, g.e);
  }
  if (needs.e_t) {
    SampleRng rng = stream_rng(plan, Stream::tangential, k);
    s.c.e_t = draw_scalar(plan.e_t, rng, g.e_t);
  }
  return s;
}

// Host helper: samples first .. first + count - 1 into out[0 .. count-1] (the same values as
// draw_planar_sample one by one; batch boundaries never change a sample).
inline void generate_planar_batch(const PlanarSamplePlan& plan, std::uint64_t first, std::uint64_t count,
                                  PlanarSample* out) {
  for (std::uint64_t i = 0; i < count; ++i) out[i] = draw_planar_sample(plan, first + i);
}

}  // namespace collsweep

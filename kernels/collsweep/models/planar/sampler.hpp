// The planar sampler: sample index k of a PlanarSamplePlan -> one PlanarSample, identical on CPU and GPU.
//
// Each input takes its randomness from its own Philox stream of (plan.seed, k), so changing how one input is
// drawn never changes another (stream ids in plan.hpp):
//   Stream::matrix       W (direct: log10 cond then phi; wishart; mechanism, see mechanism.hpp; shape: rho
//                        then kappa; fixed: nothing)
//   Stream::approach     theta, then the tangent sign (one word, top bit) when random_tangent_sign
//   Stream::friction     mu;   Stream::restitution  e;   Stream::tangential  e_t
// Grid axes take their digit of k (scalar.hpp) and draw nothing.
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
// (mechanism.hpp's NormalSequence; the host passes its SIMD batches), the same values either way.
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

// The planar sampler's stream layout, once for any lane type: which stream and which of its words feed
// which input of sample k (one sample: double; the CPU's SIMD lanes: eight samples at once).
//
// Each input takes its randomness from its own Philox stream of (plan.seed, k), so changing how one input is
// drawn never changes another (stream ids in plan.hpp):
//   Stream::matrix       W (direct: log10 cond then phi; wishart: dof Box-Muller pairs; mechanism: log10
//                        cond M, the spectrum, the normals, mechanism_draw.hpp; shape: rho then kappa;
//                        fixed: nothing)
//   Stream::approach     theta, then the tangent sign (one word, top bit) when random_tangent_sign
//   the law parameters (mu, e, e_t, s1, s2, ratio) as their rows in parameters.hpp say (each only when a
//   law or an axis reads it; mu and e always)
// Grid axes take their digit of k (grid_digits.hpp) and draw nothing; constants draw nothing.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/math/lanes.hpp"
#include "collsweep/models/planar/contact.hpp"
#include "collsweep/models/planar/grid_digits.hpp"
#include "collsweep/models/planar/mechanism_draw.hpp"
#include "collsweep/models/planar/plan.hpp"
#include "collsweep/models/planar/spd2.hpp"
#include "collsweep/sampling/sample_lanes.hpp"

namespace collsweep {

inline constexpr double radians_per_degree = 3.14159265358979323846 / 180.0;

// The drawn inputs of a sample on each lane. draw_planar_inputs writes every field (0 where the plan or
// SampleNeeds draws nothing), so a vector of them needs no zeroing first.
template <class R>
struct PlanarInputs {
  R nn, nt, tt;                                                // W
  R log10_cond;                                                // direct kind: the drawn log10 cond
  R rho, kappa;                                                // shape kind: the drawn rho and kappa
  R theta_deg;                                                 // the drawn angle
  R cos_theta;                                                 // v = (-cos theta, v_t)
  R v_t;                                                       // s sin theta, s = +1 or the random sign
  R alpha;                                                     // tan theta (needs.alpha)
  COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_PARAMETER_LANE_FIELD)  // the law parameters (0 unless drawn)
};

// Stream s of the samples k on the lanes.
template <class R>
COLLSWEEP_HD_INLINE LaneRng<R> planar_stream(const PlanarSamplePlan& plan, Stream s,
                                             typename SampleLanes<R>::Index k) {
  return LaneRng<R>(plan.seed, static_cast<std::uint32_t>(s), k);
}

// The inputs of samples k0 + l, l = 0 .. width - 1 (one per lane), g their grid digits (zeros without grid
// axes). W: v1 = (-cos theta, s sin theta), |v1| = 1. Normals: where one sample's mechanism normals come from
// (sampling/mechanism.hpp's NormalSequence). bad as sample_lanes.hpp.
template <class R, class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE void draw_planar_inputs(const PlanarSamplePlan& p, SampleNeeds needs, std::uint64_t k0,
                                            const GridDigits (&g)[LaneOps<R>::width], PlanarInputs<R>& s,
                                            LaneMask<R>* bad) {
  using Ops = LaneOps<R>;
  const typename SampleLanes<R>::Index k = SampleLanes<R>::index(k0);

  // W (matrix stream).
  const MatrixDist& wd = p.W;
  s.nn = s.nt = s.tt = s.log10_cond = s.rho = s.kappa = Ops::splat(0.0);  // (each kind sets its own)
  switch (wd.kind) {
    case MatrixKind::direct: {  // log10 cond, then phi = pi u: R(phi) diag(1, 10^-x) R(phi)^T
      LaneRng<R> rng = planar_stream<R>(p, Stream::matrix, k);
      s.log10_cond = draw_scalar_lanes<R>(wd.log10_cond, rng, g, &GridDigits::log10_cond, bad);
      const R phi = direct_phi_range * rng.uniform();
      R sp, cp;
      SampleLanes<R>::sincos(phi, &sp, &cp, bad);
      const R lam2 = pow10_neg_of<R>(wd.log10_cond, s.log10_cond, bad);
      rotated_diagonal_entries(cp, sp, lam2, &s.nn, &s.nt, &s.tt);
      break;
    }
    case MatrixKind::wishart: {  // dof Box-Muller pairs (columns of A), W = A A^T / dof
      LaneRng<R> rng = planar_stream<R>(p, Stream::matrix, k);
      expect_uniforms<R>(rng, 2u * wd.wishart_dof);
      R snn{}, snt{}, stt{};
      for (std::uint32_t i = 0; i < wd.wishart_dof; ++i) {
        R a0, a1;
        normal_pair_lanes<R>(rng, &a0, &a1, bad);
        snn += a0 * a0;
        snt += a0 * a1;
        stt += a1 * a1;
      }
      const double inv = wd.wishart_dof > 0u ? 1.0 / static_cast<double>(wd.wishart_dof) : 0.0;
      s.nn = snn * inv;
      s.nt = snt * inv;
      s.tt = stt * inv;
      break;
    }
    case MatrixKind::mechanism: {  // W = J M^-1 J^T; a vector lane whose M has no Cholesky factor is bad
      LaneRng<R> rng = planar_stream<R>(p, Stream::matrix, k);
      R x, m[max_mechanism_dof], M[max_mechanism_dof][max_mechanism_dof], J[2][max_mechanism_dof], W[2][2];
      const LaneMask<R> ok = draw_planar_mechanism_lanes<R, Normals>(wd, rng, g, x, m, M, J, W, bad);
      if constexpr (Ops::width > 1) *bad |= Ops::lnot(ok);
      s.nn = W[0][0];
      s.nt = W[0][1];
      s.tt = W[1][1];
      break;
    }
    case MatrixKind::fixed:  // no word drawn
      s.nn = Ops::splat(wd.fixed.nn);
      s.nt = Ops::splat(wd.fixed.nt);
      s.tt = Ops::splat(wd.fixed.tt);
      break;
    case MatrixKind::shape: {  // rho, then kappa: shape_matrix(rho, kappa)
      LaneRng<R> rng = planar_stream<R>(p, Stream::matrix, k);
      s.rho = draw_scalar_lanes<R>(wd.rho, rng, g, &GridDigits::rho, bad);
      s.kappa = draw_scalar_lanes<R>(wd.kappa, rng, g, &GridDigits::kappa, bad);
      s.nn = s.kappa;
      s.nt = s.rho;
      s.tt = 1.0 / s.kappa;
      break;
    }
  }

  // Approach velocity (approach stream): theta, then the sign word.
  {
    LaneRng<R> rng = planar_stream<R>(p, Stream::approach, k);
    s.theta_deg = draw_scalar_lanes<R>(p.theta_deg, rng, g, &GridDigits::theta_deg, bad);
    R sn, cn;
    sincos_of<R>(p.theta_deg, s.theta_deg, radians_per_degree, &sn, &cn, bad);
    s.cos_theta = cn;
    s.v_t = sn;
    if (p.random_tangent_sign) s.v_t = (rng.coin() ? Ops::splat(-1.0) : Ops::splat(1.0)) * sn;
    s.alpha = Ops::splat(0.0);
    if (needs.alpha) s.alpha = sn / cn;
  }

  // The law parameters (parameters.hpp), in the table's order: each row drawn from its stream when a law
  // or an axis reads it, 0 otherwise.
#define COLLSWEEP_X(name, ...) s.name = Ops::splat(0.0);
  COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
#define COLLSWEEP_OPEN(id) planar_stream<R>(p, Stream::id, k)
#define COLLSWEEP_X(name, holder, stream, at, slot, reads, ...)                                              \
  COLLSWEEP_PARAMETER_GROUP_##at(parameter_drawn(needs.inputs, reads), rng, COLLSWEEP_OPEN(stream)) s.name = \
      draw_scalar_lanes<R>(p.name, rng, g, &GridDigits::name, bad);
  if (false) {
    COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X)
  }
#undef COLLSWEEP_X
#undef COLLSWEEP_OPEN
}

// One sample from its inputs (one lane's), with the derived fields of PlanarSample:
//   rho, kappa  the shape kind's drawn values exactly; otherwise from W (coupling_rho, shape_kappa) when
//               needs.shape
//   log10_cond  the direct kind's drawn value (exact by construction: eigenvalues 1 and 10^-x before
//               rounding W's entries); otherwise log10_condition(W) when needs.log10_cond (accurate
//               determinant, +inf when W is not positive definite)
COLLSWEEP_HD_INLINE PlanarSample planar_sample_of(const PlanarSamplePlan& p, SampleNeeds needs,
                                                  const PlanarInputs<double>& in) {
  PlanarSample s;
  s.c.W = Delassus2{in.nn, in.nt, in.tt};
  s.c.v = Velocity2{-in.cos_theta, in.v_t};
#define COLLSWEEP_X(name, holder, ...) s.holder.name = in.name;
  COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
  s.theta_deg = in.theta_deg;
  s.alpha = in.alpha;
  if (p.W.kind == MatrixKind::shape) {
    s.rho = in.rho;
    s.kappa = in.kappa;
  } else if (needs.shape) {
    s.rho = coupling_rho(s.c.W);
    s.kappa = shape_kappa(s.c.W);
  }
  if (p.W.kind == MatrixKind::direct)
    s.log10_cond = in.log10_cond;
  else if (needs.log10_cond)
    s.log10_cond = log10_condition(s.c.W);
  return s;
}

}  // namespace collsweep

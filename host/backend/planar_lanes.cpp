// The CPU's SIMD planar sampler (planar_lanes.hpp), compiled for AVX-512 (x86-64-v4), AVX2 (x86-64-v3) and
// baseline x86-64 and picked at run time; the bits do not depend on which (no FMA contraction, IEEE
// operations only), which tests/test_planar_lanes.cpp checks for each one the CPU can run.
#include "backend/planar_lanes.hpp"

#include "backend/lane_math.hpp"
#include "backend/mechanism_lanes.hpp"
#include "backend/normal_lanes.hpp"
#include "backend/simd_lanes.hpp"

namespace collsweep {
namespace {

using detmath::detail::LaneBits;

COLLSWEEP_HD_INLINE LaneU broadcast_u(std::uint64_t x) { return LaneU{} + x; }

// Block 0 of one stream for the eight samples: Philox words w[0..3] (one 32-bit word per 64-bit lane); zeros
// when the stream is not read (nothing is drawn from it).
COLLSWEEP_HD_INLINE void stream_block(std::uint64_t seed, Stream s, LaneU k, bool read, LaneU (&w)[4]) {
  if (!read) {
    for (LaneU& x : w) x = LaneU{};
    return;
  }
  w[0] = k & 0xffffffffull;
  w[1] = k >> 32;
  w[2] = broadcast_u(static_cast<std::uint32_t>(s));
  w[3] = LaneU{};
  philox_rounds<10>(
      w, Philox4x32Key{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}});
}

// draw_scalar for a d the lanes draw (lanes_draw_scalar) whose u01 sits at words i, i + 1.
COLLSWEEP_HD_INLINE LaneD scalar_lanes(const ScalarDist& d, const LaneU (&w)[4], int i, LaneI* bad) {
  return scalar_of_uniform_lanes(d, uniform_of_words(w, i), bad);
}

// planar_grid_digits(p, k0 + l) for l = 0 .. 7: lane 0's by division, each next one counted on by one.
COLLSWEEP_HD_INLINE void grid_digits_lanes(const PlanarSamplePlan& p, std::uint64_t k0,
                                           GridDigits (&g)[planar_lane_batch]) {
  g[0] = planar_grid_digits(p, k0);
  const ScalarDist* dist[] = {&p.theta_deg,      &p.mu,    &p.e,      &p.e_t, &p.W.log10_cond,
                              &p.W.log10_cond_M, &p.W.rho, &p.W.kappa};
  for (int l = 1; l < planar_lane_batch; ++l) {
    GridDigits& d = g[l];
    d = g[l - 1];
    std::uint32_t* digit[] = {&d.theta_deg,  &d.mu,           &d.e,   &d.e_t,
                              &d.log10_cond, &d.log10_cond_M, &d.rho, &d.kappa};
    advance_grid_digits(digit, dist, 8, 1u);
  }
}

// One input on the lanes: a grid's values at the lanes' digits (no words read, as draw_scalar), else
// scalar_lanes.
COLLSWEEP_HD_INLINE LaneD input_lanes(const ScalarDist& d, const LaneU (&w)[4], int i,
                                      const GridDigits (&g)[planar_lane_batch],
                                      std::uint32_t GridDigits::*digit, LaneI* bad) {
  return d.kind == ScalarKind::grid ? grid_lanes(d, g, digit) : scalar_lanes(d, w, i, bad);
}

COLLSWEEP_HD_INLINE int draw_lanes(const PlanarSamplePlan& p, SampleNeeds needs, std::uint64_t k0,
                                   PlanarSample* out) {
  LaneU k;
  for (int l = 0; l < planar_lane_batch; ++l) k[l] = k0 + static_cast<std::uint64_t>(l);
  LaneI bad = LaneI{};
  GridDigits g[planar_lane_batch] = {};
  if (needs.grid) grid_digits_lanes(p, k0, g);

  // W (matrix stream).
  const bool direct = p.W.kind == MatrixKind::direct, shape = p.W.kind == MatrixKind::shape;
  LaneD x{}, rho{}, kappa{}, nn, nt, tt;
  if (p.W.kind == MatrixKind::mechanism) {  // draw_mechanism: the mechanism's two Jacobian rows, W = Y^T Y
    LaneD W[2][2];
    draw_mechanism_lanes(p.seed, static_cast<std::uint32_t>(Stream::matrix), k, p.W.log10_cond_M,
                         clamp_mechanism_dof(p.W.mechanism_dof), 2u, W, &bad);
    nn = W[0][0];
    nt = W[0][1];
    tt = W[1][1];
  } else if (p.W.kind == MatrixKind::wishart) {  // draw_wishart: dof Box-Muller pairs, W = A A^T / dof
    const std::uint32_t dof = p.W.wishart_dof;
    StreamLanes st;
    st.generate(p.seed, static_cast<std::uint32_t>(Stream::matrix), k, 2 * static_cast<int>(dof));
    LaneD snn{}, snt{}, stt{};
    for (std::uint32_t i = 0; i < dof; ++i) {
      const LaneD u1 = st.uniform(), u2 = st.uniform();
      LaneD a0, a1;
      box_muller_lanes(u1, u2, &a0, &a1, &bad);
      snn += a0 * a0;
      snt += a0 * a1;
      stt += a1 * a1;
    }
    const double inv = dof > 0u ? 1.0 / static_cast<double>(dof) : 0.0;
    nn = snn * inv;
    nt = snt * inv;
    tt = stt * inv;
  } else if (p.W.kind == MatrixKind::fixed) {  // one W for every sample, no word drawn
    nn = splat_lanes<LaneD>(p.W.fixed.nn);
    nt = splat_lanes<LaneD>(p.W.fixed.nt);
    tt = splat_lanes<LaneD>(p.W.fixed.tt);
  } else if (shape) {  // shape_matrix(rho, kappa): rho, then kappa, from the first block
    LaneU wm[4];
    stream_block(p.seed, Stream::matrix, k, true, wm);
    rho = input_lanes(p.W.rho, wm, 0, g, &GridDigits::rho, &bad);
    kappa = input_lanes(p.W.kappa, wm, takes_uniform(p.W.rho) ? 2 : 0, g, &GridDigits::kappa, &bad);
    nn = kappa;
    nt = rho;
    tt = 1.0 / kappa;
  } else {  // direct: log10 cond at words 0, 1 when uniform, then phi
    LaneU wm[4];
    stream_block(p.seed, Stream::matrix, k, true, wm);
    const ScalarDist& lc = p.W.log10_cond;
    x = input_lanes(lc, wm, 0, g, &GridDigits::log10_cond, &bad);
    const LaneD phi = direct_phi_range * uniform_of_words(wm, takes_uniform(lc) ? 2 : 0);
    LaneD sp, cp;
    sincos_lanes(phi, &sp, &cp, &bad);
    // A constant log10 cond (often an integer, pow10's exact branch) is raised once, as the scalar path
    // would.
    const LaneD lam2 = lc.kind == ScalarKind::constant ? splat_lanes<LaneD>(detmath::pow10(-lc.lo))
                       : lc.kind == ScalarKind::grid
                           ? per_lane(x, [](double v) { return detmath::pow10(-v); })
                           : pow10_lanes(-x, &bad);
    rotated_diagonal_entries(cp, sp, lam2, &nn, &nt, &tt);
  }

  // Approach (theta, then the sign word).
  LaneU wa[4];
  stream_block(p.seed, Stream::approach, k, takes_uniform(p.theta_deg) || p.random_tangent_sign, wa);
  const LaneD theta = input_lanes(p.theta_deg, wa, 0, g, &GridDigits::theta_deg, &bad);
  LaneD st, ct;
  if (p.theta_deg.kind == ScalarKind::constant) {  // one scalar sincos (theta = 0 would leave every lane)
    double s1, c1;
    detmath::sincos(p.theta_deg.lo * radians_per_degree, &s1, &c1);
    st = splat_lanes<LaneD>(s1);
    ct = splat_lanes<LaneD>(c1);
  } else if (p.theta_deg.kind == ScalarKind::grid) {  // the scalar sincos of each lane's grid angle, once
    for (int l = 0; l < planar_lane_batch; ++l) {
      double s1, c1;
      detmath::sincos(theta[l] * radians_per_degree, &s1, &c1);
      st[l] = s1;
      ct[l] = c1;
    }
  } else {
    sincos_lanes(theta * radians_per_degree, &st, &ct, &bad);
  }
  LaneD vt = st;
  if (p.random_tangent_sign) {
    const LaneU coin = wa[takes_uniform(p.theta_deg) ? 2 : 0] >> 31;
    vt = (coin != 0u ? splat_lanes<LaneD>(-1.0) : splat_lanes<LaneD>(1.0)) * st;
  }
  const LaneD alpha = needs.alpha ? st / ct : LaneD{};

  LaneU wf[4], wr[4], wt[4];
  stream_block(p.seed, Stream::friction, k, takes_uniform(p.mu), wf);
  stream_block(p.seed, Stream::restitution, k, takes_uniform(p.e), wr);
  stream_block(p.seed, Stream::tangential, k, needs.e_t && takes_uniform(p.e_t), wt);
  const LaneD mu = input_lanes(p.mu, wf, 0, g, &GridDigits::mu, &bad);
  const LaneD e = input_lanes(p.e, wr, 0, g, &GridDigits::e, &bad);
  const LaneD e_t = needs.e_t ? input_lanes(p.e_t, wt, 0, g, &GridDigits::e_t, &bad) : LaneD{};

  int redrawn = 0;
  for (int l = 0; l < planar_lane_batch; ++l) {
    PlanarSample& s = out[l];
    s = PlanarSample{};
    if (bad[l] != 0) {
      s = draw_planar_sample<SimdNormals>(p, k0 + static_cast<std::uint64_t>(l), needs);
      ++redrawn;
      continue;
    }
    s.c.W = Delassus2{nn[l], nt[l], tt[l]};
    s.c.v = Velocity2{-ct[l], vt[l]};
    s.c.mu = mu[l];
    s.c.e = e[l];
    s.c.e_t = e_t[l];
    s.theta_deg = theta[l];
    s.alpha = alpha[l];
    // The derived W quantities as draw_planar_sample gives them: the shape kind's drawn rho and kappa, the
    // direct kind's drawn log10 cond, the others computed from W.
    if (shape) {
      s.rho = rho[l];
      s.kappa = kappa[l];
    } else if (needs.shape) {
      s.rho = coupling_rho(s.c.W);
      s.kappa = shape_kappa(s.c.W);
    }
    if (direct)
      s.log10_cond = x[l];
    else if (needs.log10_cond)
      s.log10_cond = log10_condition(s.c.W);
  }
  return redrawn;
}

// The same body compiled for three instruction sets (the bits do not depend on which).
#if defined(__x86_64__)
__attribute__((target("arch=x86-64-v4"))) int draw_lanes_avx512(const PlanarSamplePlan& p, SampleNeeds needs,
                                                                std::uint64_t k0, PlanarSample* out) {
  return draw_lanes(p, needs, k0, out);
}
__attribute__((target("arch=x86-64-v3"))) int draw_lanes_avx2(const PlanarSamplePlan& p, SampleNeeds needs,
                                                              std::uint64_t k0, PlanarSample* out) {
  return draw_lanes(p, needs, k0, out);
}
#endif
int draw_lanes_baseline(const PlanarSamplePlan& p, SampleNeeds needs, std::uint64_t k0, PlanarSample* out) {
  return draw_lanes(p, needs, k0, out);
}

using DrawLanes = int (*)(const PlanarSamplePlan&, SampleNeeds, std::uint64_t, PlanarSample*);

DrawLanes lanes_for(LaneIsa isa) {
#if defined(__x86_64__)
  if (isa == LaneIsa::avx512) return draw_lanes_avx512;
  if (isa == LaneIsa::avx2) return draw_lanes_avx2;
#endif
  (void)isa;
  return draw_lanes_baseline;
}

LaneIsa best_isa() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("x86-64-v4")) return LaneIsa::avx512;
  if (__builtin_cpu_supports("x86-64-v3")) return LaneIsa::avx2;
#endif
  return LaneIsa::baseline;
}

}  // namespace

LaneIsa planar_lanes_isa() {
  static const LaneIsa isa = best_isa();
  return isa;
}

bool planar_lanes_isa_available(LaneIsa isa) {
  return isa == LaneIsa::baseline || (isa == LaneIsa::avx2 && planar_lanes_isa() != LaneIsa::baseline) ||
         (isa == LaneIsa::avx512 && planar_lanes_isa() == LaneIsa::avx512);
}

bool planar_lanes_serve(const PlanarSamplePlan& p, SampleNeeds needs) {
  const bool W =
      (p.W.kind == MatrixKind::direct && lanes_take_input(p.W.log10_cond)) ||
      (p.W.kind == MatrixKind::shape && lanes_take_input(p.W.rho) && lanes_take_input(p.W.kappa)) ||
      p.W.kind == MatrixKind::fixed ||
      (p.W.kind == MatrixKind::mechanism && lanes_draw_scalar(p.W.log10_cond_M)) ||
      (p.W.kind == MatrixKind::wishart && p.W.wishart_dof <= kLaneStreamMaxUniforms / 2);
  return W && lanes_take_input(p.theta_deg) && lanes_take_input(p.mu) && lanes_take_input(p.e) &&
         (!needs.e_t || lanes_take_input(p.e_t));
}

int draw_planar_lanes(const PlanarSamplePlan& plan, SampleNeeds needs, std::uint64_t k0,
                      PlanarSample (&out)[planar_lane_batch]) {
  static const DrawLanes draw = lanes_for(planar_lanes_isa());
  return draw(plan, needs, k0, out);
}

int draw_planar_lanes_with(LaneIsa isa, const PlanarSamplePlan& plan, SampleNeeds needs, std::uint64_t k0,
                           PlanarSample (&out)[planar_lane_batch]) {
  return lanes_for(isa)(plan, needs, k0, out);
}

}  // namespace collsweep

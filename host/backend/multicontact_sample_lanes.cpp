// The CPU's SIMD multi-contact sampler (multicontact_sample_lanes.hpp): the kernels' draws
// (sample_inputs.hpp, delassus_draw.hpp) on eight lanes of AVX-512, AVX2 or SSE2, with the scalar bits.
#include "backend/multicontact_sample_lanes.hpp"

#include "backend/lane_math.hpp"
#include "backend/mechanism_lanes.hpp"
#include "backend/normal_lanes.hpp"
#include "backend/simd_lanes.hpp"

namespace collsweep {
namespace {

// The grid digits of sample i + s from those of sample i (advance_grid_digits, contacts fastest).
COLLSWEEP_HD_INLINE MultiGridDigits advance_digits(const MultiContactSamplePlan& p, MultiGridDigits d,
                                                   std::uint32_t s) {
  std::uint32_t* digit[multicontact_grid_axes];
  const ScalarDist* dist[multicontact_grid_axes];
  int a = 0;
  for_multicontact_grid_axes([&](auto dm, auto pm) COLLSWEEP_LAMBDA_INLINE {
    digit[a] = &(d.*dm);
    dist[a++] = &(p.*pm);
  });
  advance_grid_digits(digit, dist, multicontact_grid_axes, s);
  return d;
}

// A scalar input of the eight lanes: a grid's values at the lanes' digits (no words read, as draw_scalar),
// else drawn from the stream st.
COLLSWEEP_HD_INLINE LaneD input_lanes(const ScalarDist& d, StreamLanes& st,
                                      const MultiGridDigits (&g)[multicontact_sample_batch],
                                      std::uint32_t MultiGridDigits::*digit, LaneI* bad) {
  return d.kind == ScalarKind::grid ? grid_lanes(d, g, digit) : st.scalar(d, bad);
}

// Samples i0 + l stride, l = 0 .. 7: stride 1 for a constant k; for a grid of k its number of points, so
// that the eight share k.
COLLSWEEP_HD_INLINE int draw_lanes(const MultiContactSamplePlan& p, std::uint64_t i0, std::uint32_t stride,
                                   bool log10_cond_needed, MultiContactSample* out) {
  MultiGridDigits g[multicontact_sample_batch] = {};  // (all 0 without grid axes)
  if (multicontact_grid_size(p) > 1u) {
    g[0] = multicontact_grid_digits(p, i0);
    for (int l = 1; l < multicontact_sample_batch; ++l) g[l] = advance_digits(p, g[l - 1], stride);
  }
  const std::uint32_t k = draw_contact_count(p, i0, g[0]);
  const std::uint32_t r = 2u * k;
  LaneU sample;
  for (int l = 0; l < multicontact_sample_batch; ++l) sample[l] = i0 + std::uint64_t{stride} * l;
  LaneI bad = LaneI{};

  // G (delassus stream): the kernels' lane-generic draw (models/multicontact/delassus_draw.hpp).
  LaneD G[max_contact_rows][max_contact_rows];
  double log10_cond[multicontact_sample_batch];
  {
    LaneSampleRng<LaneD> rng(p.seed, static_cast<std::uint32_t>(MultiStream::delassus), sample);
    LaneD work[max_mechanism_dof][max_mechanism_dof];
    draw_multicontact_delassus<LaneD>(p, rng, g, r, multicontact_mechanism_dof(p), log10_cond_needed, work, G,
                                      log10_cond, &bad);
  }

  // Velocities and coefficients, one stream each, in contact order (sample_inputs.hpp).
  LaneD gamma[max_contact_rows], body_v[planar_body_dof], mu[max_contacts], eps_N[max_contacts],
      eps_T[max_contacts];
  // g++ cannot follow generate's run-time count of words to the draws that read them (-Wmaybe-uninitialized
  // on st.w): every word a draw reads was generated.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
  const auto draw = [&](MultiStream s, const ScalarDist& d, std::uint32_t MultiGridDigits::*digit,
                        std::uint32_t n, LaneD* v) COLLSWEEP_LAMBDA_INLINE {
    StreamLanes st;
    st.generate(p.seed, static_cast<std::uint32_t>(s), sample, uniforms_of(d) * static_cast<int>(n));
    for (std::uint32_t j = 0; j < n; ++j) v[j] = input_lanes(d, st, g, digit, &bad);
  };
  draw_contact_inputs<LaneD>(p, k, draw, gamma, body_v, mu, eps_N, eps_T);
#pragma GCC diagnostic pop
  LaneD spread, mu_mean;
  contact_derived(k, mu, eps_N, eps_T, spread, mu_mean);

  int redrawn = 0;
  for (int l = 0; l < multicontact_sample_batch; ++l) {
    MultiContactSample& s = out[l];
    if (bad[l] != 0) {
      s = draw_multicontact_sample<SimdNormals>(p, i0 + std::uint64_t{stride} * l, log10_cond_needed);
      ++redrawn;
      continue;
    }
    s = MultiContactSample{};
    s.k = k;
    for (std::uint32_t a = 0; a < r; ++a) {
      for (std::uint32_t b = 0; b < r; ++b) s.G[a][b] = G[a][b][l];
      s.gamma_minus[a] = gamma[a][l];
    }
    for (int d = 0; d < planar_body_dof; ++d) s.body_velocity[d] = body_v[d][l];
    for (std::uint32_t j = 0; j < k; ++j) {
      s.mu[j] = mu[j][l];
      s.eps_N[j] = eps_N[j][l];
      s.eps_T[j] = eps_T[j][l];
    }
    s.log10_cond = log10_cond[l];
    s.eps_spread = spread[l];
    s.mu_mean = mu_mean[l];
    // The law parameters, one sample at a time (constants or grids but for a drawn threshold: no lanes
    // needed), with the scalar sampler's code.
    draw_multicontact_parameters(p, i0 + std::uint64_t{stride} * l, g[l], k, s.params);
  }
  return redrawn;
}

// The same body compiled for three instruction sets (the bits do not depend on which).
#if defined(__x86_64__)
__attribute__((target("arch=x86-64-v4"))) int draw_avx512(const MultiContactSamplePlan& p, std::uint64_t i0,
                                                          std::uint32_t stride, bool log10_cond_needed,
                                                          MultiContactSample* out) {
  return draw_lanes(p, i0, stride, log10_cond_needed, out);
}
__attribute__((target("arch=x86-64-v3"))) int draw_avx2(const MultiContactSamplePlan& p, std::uint64_t i0,
                                                        std::uint32_t stride, bool log10_cond_needed,
                                                        MultiContactSample* out) {
  return draw_lanes(p, i0, stride, log10_cond_needed, out);
}
#endif
int draw_baseline(const MultiContactSamplePlan& p, std::uint64_t i0, std::uint32_t stride,
                  bool log10_cond_needed, MultiContactSample* out) {
  return draw_lanes(p, i0, stride, log10_cond_needed, out);
}

using Draw = int (*)(const MultiContactSamplePlan&, std::uint64_t, std::uint32_t, bool, MultiContactSample*);

Draw draw_for(LaneIsa isa) {
#if defined(__x86_64__)
  if (isa == LaneIsa::avx512) return draw_avx512;
  if (isa == LaneIsa::avx2) return draw_avx2;
#endif
  (void)isa;
  return draw_baseline;
}

}  // namespace

std::uint32_t multicontact_lanes_sample_stride(const MultiContactSamplePlan& p) {
  // k constant (stride 1), or a grid of k with at most four points (stride = its number of points; k is the
  // fastest grid digit, so samples i, i + n, ... share it whatever the other grid axes).
  std::uint32_t stride = 0, r = 0;
  if (p.contacts.kind == ScalarKind::constant) {
    stride = 1;
    r = 2u * contact_count_of(p.contacts.lo);
  } else if (p.contacts.kind == ScalarKind::grid &&
             grid_points(p.contacts) <= multicontact_sample_max_stride) {
    stride = grid_points(p.contacts);
    r = max_contact_rows;  // (the largest k the grid may give)
  }
  // A mechanism with fewer DOF than contact rows projects gamma^- onto range(G), one sample at a time.
  const bool kind =
      p.G_kind == DelassusKind::direct || p.G_kind == DelassusKind::body ||
      (p.G_kind == DelassusKind::mechanism && lanes_draw_scalar(p.log10_cond_M) &&
       multicontact_mechanism_dof(p) >= r) ||
      (p.G_kind == DelassusKind::wishart && std::uint64_t{r} * (r + std::uint64_t{p.wishart_extra_dof}) <=
                                                static_cast<std::uint64_t>(kLaneStreamMaxNormals));
  const bool inputs = lanes_take_input(p.log10_cond) && lanes_take_input(p.gamma_N) &&
                      lanes_take_input(p.gamma_T) && lanes_take_input(p.mu) && lanes_take_input(p.eps_N) &&
                      lanes_take_input(p.eps_T_ratio) && lanes_take_input(p.v_x) && lanes_take_input(p.v_y) &&
                      lanes_take_input(p.omega);
  return kind && inputs ? stride : 0u;
}

bool multicontact_lanes_sample_serve(const MultiContactSamplePlan& p) {
  return multicontact_lanes_sample_stride(p) > 0u;
}

int draw_multicontact_lanes(const MultiContactSamplePlan& plan, std::uint64_t i0,
                            MultiContactSample (&out)[multicontact_sample_batch], bool log10_cond_needed,
                            std::uint32_t stride) {
  static const Draw draw = draw_for(planar_lanes_isa());
  return draw(plan, i0, stride, log10_cond_needed, out);
}

int draw_multicontact_lanes_with(LaneIsa isa, const MultiContactSamplePlan& plan, std::uint64_t i0,
                                 MultiContactSample (&out)[multicontact_sample_batch], bool log10_cond_needed,
                                 std::uint32_t stride) {
  return draw_for(isa)(plan, i0, stride, log10_cond_needed, out);
}

}  // namespace collsweep

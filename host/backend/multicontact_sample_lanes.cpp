// The CPU's SIMD multi-contact sampler (multicontact_sample_lanes.hpp), compiled for AVX-512 (x86-64-v4),
// AVX2 (x86-64-v3) and baseline x86-64 and picked at run time; the bits do not depend on which (no FMA
// contraction, IEEE operations only), which tests/test_multicontact_sample_lanes.cpp checks for each one the
// CPU can run. The grid axes, the per-contact streams and the derived quantities are the kernels' own
// (models/multicontact/sample_inputs.hpp, instantiated here for eight lanes); the steps and the order of the
// words of G are draw_multicontact_sample's (models/multicontact/sampler.hpp, direct, wishart and mechanism
// kinds); only the plans it serves are drawn here.
#include "backend/multicontact_sample_lanes.hpp"

#include "backend/lane_math.hpp"
#include "backend/mechanism_lanes.hpp"
#include "backend/normal_lanes.hpp"
#include "backend/simd_lanes.hpp"

namespace collsweep {
namespace {

// log10_cond of G (wishart and mechanism kinds) from its Jacobi eigenvalues, every lane its own run,
// finished per lane as the scalar sampler does (log10_cond_of_eigenvalues); not computed unless needed.
COLLSWEEP_HD_INLINE void log10_cond_lanes(const LaneD (&G)[max_contact_rows][max_contact_rows],
                                          std::uint32_t r, bool needed,
                                          double (&log10_cond)[multicontact_sample_batch]) {
  if (!needed) {
    for (int l = 0; l < multicontact_sample_batch; ++l) log10_cond[l] = kLog10CondNotComputed;
    return;
  }
  LaneD work[max_mechanism_dof][max_mechanism_dof];
  for (std::uint32_t a = 0; a < r; ++a)  // a copy of G (exactly symmetric)
    for (std::uint32_t b = 0; b < r; ++b) work[a][b] = G[a][b];
  smallmat::jacobi_run(work, static_cast<int>(r));
  for (int l = 0; l < multicontact_sample_batch; ++l) {
    double eig[max_contact_rows];
    for (std::uint32_t a = 0; a < r; ++a) eig[a] = work[a][a][l];
    log10_cond[l] = log10_cond_of_eigenvalues(eig, r);
  }
}

// The wishart kind's G (delassus stream, draw_delassus_wishart): dof = 2k + extra columns of 2k normals,
// G = (sum of a a^T) / dof accumulated column by column, then scaled once.
COLLSWEEP_HD_INLINE void draw_wishart_lanes(const MultiContactSamplePlan& p, LaneU sample, std::uint32_t r,
                                            LaneD (&G)[max_contact_rows][max_contact_rows], LaneI* bad) {
  const std::uint32_t dof = r + p.wishart_extra_dof, normals = r * dof;
  StreamLanes st;
  st.generate(p.seed, static_cast<std::uint32_t>(MultiStream::delassus), sample,
              2 * static_cast<int>((normals + 1u) / 2u));
  for (std::uint32_t a = 0; a < r; ++a)
    for (std::uint32_t b = 0; b < r; ++b) G[a][b] = LaneD{};
  LaneD col[max_contact_rows], spare{};
  for (std::uint32_t c = 0, z = 0; c < dof; ++c) {
    for (std::uint32_t a = 0; a < r; ++a, ++z) {  // normal z: z0 of a Box-Muller pair, then its z1
      if (z % 2u == 0u) {
        const LaneD u1 = st.uniform(), u2 = st.uniform();
        box_muller_lanes(u1, u2, &col[a], &spare, bad);
      } else {
        col[a] = spare;
      }
    }
    wishart_add_column(G, col, r);
  }
  wishart_finish(G, r, dof);
}

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

  // G (delassus stream): x, the spectrum, the r x r Gaussian's normals, Q, Q diag(lambda) Q^T.
  LaneD G[max_contact_rows][max_contact_rows];
  LaneD x;
  double log10_cond[multicontact_sample_batch];
  if (p.G_kind == DelassusKind::mechanism) {
    draw_mechanism_lanes(p.seed, static_cast<std::uint32_t>(MultiStream::delassus), sample, p.log10_cond_M,
                         multicontact_mechanism_dof(p), r, G, &bad);
    log10_cond_lanes(G, r, log10_cond_needed, log10_cond);
  } else if (p.G_kind == DelassusKind::wishart) {
    draw_wishart_lanes(p, sample, r, G, &bad);
    log10_cond_lanes(G, r, log10_cond_needed, log10_cond);
  } else {
    StreamLanes st;
    const int spectrum = r > 2u ? static_cast<int>(r) - 2 : 0;
    st.generate(p.seed, static_cast<std::uint32_t>(MultiStream::delassus), sample,
                uniforms_of(p.log10_cond) + spectrum + int(r * r));
    x = input_lanes(p.log10_cond, st, g, &MultiGridDigits::log10_cond, &bad);
    LaneD lambda[max_contact_rows];
    lambda[0] = splat_lanes<LaneD>(1.0);
    const bool grid = p.log10_cond.kind == ScalarKind::grid;  // (x = 0 is pow10's exact branch: scalar)
    const auto pow10_of = [&](LaneD e) COLLSWEEP_LAMBDA_INLINE {
      return grid ? per_lane(e, [](double v) { return detmath::pow10(v); }) : pow10_lanes(e, &bad);
    };
    for (std::uint32_t i = 1; i + 1 < r; ++i) lambda[i] = pow10_of(-x * st.uniform());
    lambda[r - 1] = p.log10_cond.kind == ScalarKind::constant
                        ? splat_lanes<LaneD>(detmath::pow10(-p.log10_cond.lo))
                        : pow10_of(-x);
    LaneD Q[max_contact_rows][max_contact_rows];
    for (std::uint32_t pair = 0; pair < r * r / 2u; ++pair) {  // Box-Muller, z0 then z1 (box_muller)
      const LaneD u1 = st.uniform(), u2 = st.uniform();
      LaneD z0, z1;
      box_muller_lanes(u1, u2, &z0, &z1, &bad);
      const std::uint32_t z = 2u * pair;  // normals z, z + 1 fill Q column by column
      Q[z / r][z % r] = z0;
      Q[(z + 1u) / r][(z + 1u) % r] = z1;
    }
    orthonormalize_columns(Q, r);
    rotate_spectrum(Q, lambda, r, G);
    for (int l = 0; l < multicontact_sample_batch; ++l) log10_cond[l] = x[l];  // exact by construction
  }

  // Velocities and coefficients, one stream each, in contact order (sample_inputs.hpp).
  LaneD gamma[max_contact_rows], mu[max_contacts], eps_N[max_contacts], eps_T[max_contacts];
  const auto draw = [&](MultiStream s, const ScalarDist& d, std::uint32_t MultiGridDigits::*digit,
                        std::uint32_t n, LaneD* v) COLLSWEEP_LAMBDA_INLINE {
    StreamLanes st;
    st.generate(p.seed, static_cast<std::uint32_t>(s), sample, uniforms_of(d) * static_cast<int>(n));
    for (std::uint32_t j = 0; j < n; ++j) v[j] = input_lanes(d, st, g, digit, &bad);
  };
  draw_contact_inputs<LaneD>(p, k, draw, gamma, mu, eps_N, eps_T);
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
    for (std::uint32_t j = 0; j < k; ++j) {
      s.mu[j] = mu[j][l];
      s.eps_N[j] = eps_N[j][l];
      s.eps_T[j] = eps_T[j][l];
    }
    s.log10_cond = log10_cond[l];
    s.eps_spread = spread[l];
    s.mu_mean = mu_mean[l];
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
  const bool kind =
      p.G_kind == DelassusKind::direct ||
      (p.G_kind == DelassusKind::mechanism && lanes_draw_scalar(p.log10_cond_M)) ||
      (p.G_kind == DelassusKind::wishart && std::uint64_t{r} * (r + std::uint64_t{p.wishart_extra_dof}) <=
                                                static_cast<std::uint64_t>(kLaneStreamMaxNormals));
  const bool inputs = lanes_take_input(p.log10_cond) && lanes_take_input(p.gamma_N) &&
                      lanes_take_input(p.gamma_T) && lanes_take_input(p.mu) && lanes_take_input(p.eps_N) &&
                      lanes_take_input(p.eps_T_ratio);
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

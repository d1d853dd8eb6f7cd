// The multi-contact sampler: sample index i of a MultiContactSamplePlan -> one k-contact impact problem.
//
// Same rules as the planar sampler (models/planar/sampler.hpp): Philox streams of (plan.seed, i), one per
// purpose (MultiStream, plan.hpp), the deterministic elementary functions of det_math.hpp, fixed-size arrays
// only; the same bits on CPU and GPU. Per stream, in this order:
//   contacts             k = round(x), x = draw_scalar(plan.contacts): k = 1 + [x >= 1.5] + [x >= 2.5] +
//                        [x >= 3.5], i.e. nearest integer (halves up) clamped to 1..4 (NaN -> 1). A grid over
//                        integers (lo = 1, hi = 4, n = 4) gives k = 1, 2, 3, 4 exactly.
//   delassus             G (2k x 2k, [N1..Nk, T1..Tk]) by plan.G_kind:
//     direct     x = draw_scalar(log10_cond); spectrum lambda_0 = 1, lambda_{2k-1} = 10^-x, lambda_i =
//                10^(-x u_i) between (draw_log_uniform_spectrum, 2k-2 uniforms); a 2k x 2k Gaussian matrix
//                column by column (one NormalSequence); Q = its orthogonal factor with positive R diagonal
//                (Haar, modified Gram-Schmidt twice); G = Q diag(lambda) Q^T. log10_cond = x exactly (the
//                spectrum's ratio before G's entries are rounded).
//     wishart    dof = 2k + wishart_extra_dof columns of A, each 2k standard normals (one NormalSequence,
//                column by column; for k = 1 the same normals as the planar wishart kind); G = (sum_i a_i
//                a_i^T) / dof, accumulated column by column then scaled once. E[G] = I.
//     mechanism  n = mechanism_dof clamped to [1, max_mechanism_dof]; x = draw_scalar(log10_cond_M); then
//                the mechanism steps with 2k Jacobian rows (sampling/mechanism.hpp: spectrum of M, n x n
//                Gaussian column by column, J 2k x n row by row with rows N1..Nk, T1..Tk, Q, M = Q diag(m)
//                Q^T, L = chol(M), Y = L^-1 J^T, G = Y^T Y; n = 1 gives M = 1 whatever x). n < 2k gives a
//                singular G (rank n) and gamma^- is projected onto its range (below); an M that is not
//                positive definite to working precision gives G = 0.
//     body       G = J M^-1 J^T of the plan's planar body (planar_body.hpp); the stream is not read.
//                For wishart and mechanism, log10_cond = log10(lambda_max) - log10(lambda_min) from the
//                Jacobi eigenvalues of G (smallmat::eigen_range), clamped below at 0, +inf when
//                lambda_min <= 0 or a value is not finite.
//   velocity             gamma_Nj^- = draw_scalar(gamma_N), j = 0 .. k-1           (not the body kind)
//   tangent_velocity     gamma_Tj^- = draw_scalar(gamma_T), j = 0 .. k-1           (not the body kind)
//   body_v_x, body_v_y, body_omega                                              (the body kind only)
//                        v = (draw_scalar(v_x), draw_scalar(v_y), draw_scalar(omega)), one stream each;
//                        gamma^- = J v (planar_body.hpp), body_velocity = v
//   friction             mu_j = draw_scalar(mu), j = 0 .. k-1
//   restitution          eps_Nj = draw_scalar(eps_N), j = 0 .. k-1
//   tangent_restitution  r_j = draw_scalar(eps_T_ratio), eps_Tj = r_j eps_Nj, j = 0 .. k-1
//   engine               the engine law's settings, parameters.hpp's rows iterations .. block_solver in order
//                        (integers are constants or grids, which read no word; threshold may be drawn)
//   normal_order         permutation = draw_scalar(permutation); where order = 2 and it is -1, the index of a
//                        uniformly random order of the k normal impulses, floor(u k!) of one u01
// (The grid axes' order, the per-contact streams and the derived quantities are written once, for any lane
// type, in sample_inputs.hpp; the CPU's SIMD sampler, host/backend/multicontact_sample_lanes.cpp, uses them.)
// Per-contact values are drawn in contact order from their own stream, so contact j's gamma, mu and eps
// do not depend on k (a sample with more contacts extends one with fewer). r_j <= 1 and eps_Nj >= 0 give
// 0 <= eps_Tj <= eps_Nj exactly (rounding is monotone); ranges outside [0, 1] are the config validator's
// job and are NOT clamped here (validate_multicontact reports them).
// Derived: eps_spread = max - min over the k eps_Nj and the k eps_Tj; mu_mean = (sum_j mu_j) / k, j
// ascending.
// A mechanism with n < 2k DOF: gamma^- is then the orthogonal projection of the drawn velocities onto
// range(G) = range(J), the contact velocities the mechanism can have (range_projection.hpp).
//
// Grid axes: one mixed-radix counter g = i mod G_total, G_total = product of grid_points of every
// ScalarDist of the plan (a non-grid one counts 1), digits in the fixed order (contacts fastest)
//   contacts, log10_cond, log10_cond_M, gamma_N, gamma_T, mu, eps_N, eps_T_ratio, v_x, v_y, omega,
//   then the law parameters' in parameters.hpp's row order (iterations .. permutation).
// A grid axis the G kind does not read still counts in G_total (as in the planar sampler). A grid
// coefficient takes the same grid value at every contact and draws nothing.
//
// A draw that is not SPD, or where no contact approaches, is returned as drawn, never redrawn: the law
// reports it (validate_multicontact) and the sweep counts it.
//
// Device stack: the sample (about 0.7 KB) plus, for the mechanism kind, M and a scratch buffer (12 x 12
// each) and J (8 x 12): about 4 KB of local memory per thread in the worst case.
#pragma once

#include <cstdint>

#include "collsweep/hd.hpp"
#include "collsweep/lcp/small_matrix.hpp"
#include "collsweep/math/det_math.hpp"
#include "collsweep/models/multicontact/delassus_draw.hpp"
#include "collsweep/models/multicontact/plan.hpp"
#include "collsweep/models/multicontact/range_projection.hpp"
#include "collsweep/models/multicontact/sample_inputs.hpp"
#include "collsweep/random/philox.hpp"
#include "collsweep/sampling/mechanism.hpp"
#include "collsweep/sampling/scalar.hpp"

namespace collsweep {

// G_total: the number of grid combinations (1 without grid axes).
COLLSWEEP_HD_INLINE std::uint64_t multicontact_grid_size(const MultiContactSamplePlan& p) {
  std::uint64_t G = 1;
  for_multicontact_grid_axes([&](auto, auto dist) { G *= grid_points(p.*dist); });
  return G;
}

// Digits of g = i mod G_total in the documented order (contacts fastest).
COLLSWEEP_HD_INLINE MultiGridDigits multicontact_grid_digits(const MultiContactSamplePlan& p,
                                                             std::uint64_t i) {
  MultiGridDigits d;
  const std::uint64_t G = multicontact_grid_size(p);
  if (G == 1u) return d;
  std::uint64_t g = i % G;
  for_multicontact_grid_axes([&](auto digit, auto dist) { d.*digit = pop_grid_digit(g, p.*dist); });
  return d;
}

COLLSWEEP_HD_INLINE SampleRng multi_stream_rng(const MultiContactSamplePlan& plan, MultiStream s,
                                               std::uint64_t i) {
  return SampleRng(plan.seed, static_cast<std::uint32_t>(s), i);
}

// k from a drawn real x: the nearest integer (halves rounded up) clamped to 1 .. max_contacts; NaN -> 1.
COLLSWEEP_HD_INLINE std::uint32_t contact_count_of(double x) {
  return 1u + (x >= 1.5 ? 1u : 0u) + (x >= 2.5 ? 1u : 0u) + (x >= 3.5 ? 1u : 0u);
}

// k of sample i (contacts stream).
COLLSWEEP_HD_INLINE std::uint32_t draw_contact_count(const MultiContactSamplePlan& plan, std::uint64_t i,
                                                     const MultiGridDigits& g) {
  SampleRng rng = multi_stream_rng(plan, MultiStream::contacts, i);
  return contact_count_of(draw_scalar(plan.contacts, rng, g.contacts));
}

// n of the mechanism kind: plan.mechanism_dof clamped to [1, max_mechanism_dof].
COLLSWEEP_HD_INLINE std::uint32_t multicontact_mechanism_dof(const MultiContactSamplePlan& plan) {
  const std::uint32_t n = plan.mechanism_dof;
  return n < 1u ? 1u : n > static_cast<std::uint32_t>(max_mechanism_dof) ? max_mechanism_dof : n;
}

// Whether the plan's G has fewer DOF behind it than contact rows (a mechanism with n < 2k; not the body
// kind, whose velocities are drawn in the body's own coordinates), so that gamma^- must be projected.
COLLSWEEP_HD_INLINE bool projects_contact_velocities(const MultiContactSamplePlan& plan, std::uint32_t k) {
  return plan.G_kind == DelassusKind::mechanism && multicontact_mechanism_dof(plan) < 2u * k;
}

// The mechanism behind sample i's G (plan.G_kind must be mechanism), for tests: replays the contacts and
// delassus streams, so G is bitwise the G of draw_multicontact_sample(plan, i). Row-major M (n x n) and J
// (2k x n, rows N1..Nk, T1..Tk); only the leading blocks are meaningful.
struct MultiContactMechanism {
  std::uint32_t k = 0, n = 0;
  double log10_cond_M = 0.0;  // x: M's eigenvalue ratio is 10^x
  double m[max_mechanism_dof] = {};
  double M[max_mechanism_dof][max_mechanism_dof] = {};
  double J[max_contact_rows][max_mechanism_dof] = {};
  bool cholesky_ok = false;  // M positive definite to working precision (else G = 0)
  double G[max_contact_rows][max_contact_rows] = {};
};

template <class Normals = PairwiseNormals>
COLLSWEEP_HD_INLINE void draw_multicontact_mechanism(const MultiContactSamplePlan& plan, std::uint64_t i,
                                                     MultiContactMechanism& out) {
  const MultiGridDigits g[1] = {multicontact_grid_digits(plan, i)};
  out.k = draw_contact_count(plan, i, g[0]);
  out.n = multicontact_mechanism_dof(plan);
  SampleRng rng = multi_stream_rng(plan, MultiStream::delassus, i);
  double work[max_mechanism_dof][max_mechanism_dof];
  double Y[max_contact_rows][max_mechanism_dof];
  bool bad = false;
  out.cholesky_ok = draw_delassus_mechanism_lanes<double, Normals>(
      plan, rng, g, out.n, 2u * out.k, out.log10_cond_M, out.m, out.M, out.J, Y, work, out.G, &bad);
}

// The index of a uniformly random order of k normal impulses among the k! (lexicographic), from the
// normal_order stream of sample i: floor(u k!) of one u01 u in (0, 1).
COLLSWEEP_HD_INLINE double draw_normal_order(const MultiContactSamplePlan& plan, std::uint64_t i,
                                             std::uint32_t k) {
  std::uint32_t orders = 1;
  for (std::uint32_t j = 2; j <= k; ++j) orders *= j;
  if (orders == 1u) return 0.0;
  SampleRng rng = multi_stream_rng(plan, MultiStream::normal_order, i);
  std::uint32_t index = static_cast<std::uint32_t>(rng.uniform() * static_cast<double>(orders));
  if (index >= orders) index = orders - 1u;
  return static_cast<double>(index);
}

// The law parameters of sample i (parameters.hpp) in the table's order, each group of rows from its
// stream. Every row is drawn: a row no law of the sweep reads keeps the constant default (the config refuses
// its key), which reads no word, so sweeps without the engine law pay nothing for it. Where order = 2 and
// permutation = -1, the permutation is drawn (draw_normal_order).
COLLSWEEP_HD_INLINE void draw_multicontact_parameters(const MultiContactSamplePlan& p, std::uint64_t i,
                                                      const MultiGridDigits& g, std::uint32_t k,
                                                      MultiContactEngineParams& s) {
#define COLLSWEEP_OPEN(id) multi_stream_rng(p, MultiStream::id, i)
#define COLLSWEEP_X(name, holder, stream, at, slot, reads, ...) \
  COLLSWEEP_PARAMETER_GROUP_##at(true, rng, COLLSWEEP_OPEN(stream)) s.name = draw_scalar(p.name, rng, g.name);
  if (false) {
    COLLSWEEP_MULTICONTACT_PARAMETERS(COLLSWEEP_X)
  }
#undef COLLSWEEP_X
#undef COLLSWEEP_OPEN
  if (s.order == 2.0 && s.permutation < 0.0) s.permutation = draw_normal_order(p, i, k);
}

// Sample i of the plan (see the top of this file for every distribution and the stream layout).
// log10_cond_needed = false (a sweep that maps no log10_cond axis): the wishart and mechanism kinds skip the
// Jacobi eigenvalues of G, the larger part of drawing them for k = 3, 4, and leave log10_cond NaN; every
// other field, and the direct kind's log10_cond, are the same bits. Normals: where G's normals come from
// (mechanism.hpp's NormalSequence; the host passes its SIMD batches), the same values either way.
template <class Normals = PairwiseNormals>
COLLSWEEP_HD inline MultiContactSample draw_multicontact_sample(const MultiContactSamplePlan& plan,
                                                                std::uint64_t i,
                                                                bool log10_cond_needed = true) {
  const MultiGridDigits g[1] = {multicontact_grid_digits(plan, i)};
  MultiContactSample s;
  const std::uint32_t k = draw_contact_count(plan, i, g[0]);
  const std::uint32_t r = 2u * k;
  s.k = k;

  // G (delassus stream; delassus_draw.hpp).
  {
    double work[max_mechanism_dof][max_mechanism_dof];
    SampleRng rng = multi_stream_rng(plan, MultiStream::delassus, i);
    double log10_cond[1] = {s.log10_cond};  // (every kind sets it)
    bool bad = false;
    draw_multicontact_delassus<double, Normals>(plan, rng, g, r, multicontact_mechanism_dof(plan),
                                                log10_cond_needed, work, s.G, log10_cond, &bad);
    s.log10_cond = log10_cond[0];
  }

  // Velocities and coefficients, one stream each, in contact order (sample_inputs.hpp).
  const auto draw = [&](MultiStream stream, const ScalarDist& d, std::uint32_t MultiGridDigits::*digit,
                        std::uint32_t n, double* v) {
    SampleRng rng = multi_stream_rng(plan, stream, i);
    for (std::uint32_t j = 0; j < n; ++j) v[j] = draw_scalar(d, rng, g[0].*digit);
  };
  draw_contact_inputs<double>(plan, k, draw, s.gamma_minus, s.body_velocity, s.mu, s.eps_N, s.eps_T);
  if (projects_contact_velocities(plan, k)) project_onto_delassus_range(s.G, s.gamma_minus);
  contact_derived(k, s.mu, s.eps_N, s.eps_T, s.eps_spread, s.mu_mean);
  draw_multicontact_parameters(plan, i, g[0], k, s.params);
  return s;
}

// Host helper: samples first .. first + count - 1 into out[0 .. count-1] (the same values as
// draw_multicontact_sample one by one; batch boundaries never change a sample).
inline void generate_multicontact_batch(const MultiContactSamplePlan& plan, std::uint64_t first,
                                        std::uint64_t count, MultiContactSample* out) {
  for (std::uint64_t i = 0; i < count; ++i) out[i] = draw_multicontact_sample(plan, first + i);
}

}  // namespace collsweep

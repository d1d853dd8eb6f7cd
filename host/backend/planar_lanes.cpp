// The CPU's SIMD planar sampler (planar_lanes.hpp): the kernels' draw_planar_inputs
// (models/planar/inputs.hpp) on eight lanes, compiled for AVX-512 (x86-64-v4), AVX2 (x86-64-v3) and baseline
// x86-64 and picked at run time; the bits do not depend on which (no FMA contraction, IEEE operations only),
// which tests/sweep/test_planar_lanes.cpp checks for each one the CPU can run.
#include "backend/planar_lanes.hpp"

#include "backend/lane_math.hpp"
#include "backend/mechanism_lanes.hpp"
#include "backend/normal_lanes.hpp"
#include "backend/simd_lanes.hpp"
#include "collsweep/models/planar/inputs.hpp"

namespace collsweep {
namespace {

COLLSWEEP_HD_INLINE int draw_lanes(const PlanarSamplePlan& p, SampleNeeds needs, std::uint64_t k0,
                                   PlanarSample* out) {
  GridDigits g[planar_lane_batch] = {};
  if (needs.grid) planar_grid_digits_lanes(p, k0, g);
  PlanarInputs<LaneD> in;
  LaneI bad = LaneI{};
  draw_planar_inputs<LaneD>(p, needs, k0, g, in, &bad);

  int redrawn = 0;
  for (int l = 0; l < planar_lane_batch; ++l) {
    if (bad[l] != 0) {  // a lane off the lanes' path: the whole sample one at a time
      out[l] = draw_planar_sample<SimdNormals>(p, k0 + static_cast<std::uint64_t>(l), needs);
      ++redrawn;
      continue;
    }
    PlanarInputs<double> one;
    one.nn = in.nn[l];
    one.nt = in.nt[l];
    one.tt = in.tt[l];
    one.log10_cond = in.log10_cond[l];
    one.rho = in.rho[l];
    one.kappa = in.kappa[l];
    one.theta_deg = in.theta_deg[l];
    one.cos_theta = in.cos_theta[l];
    one.v_t = in.v_t[l];
    one.alpha = in.alpha[l];
#define COLLSWEEP_X(name, ...) one.name = in.name[l];
    COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X)
#undef COLLSWEEP_X
    out[l] = planar_sample_of(p, needs, one);
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
#if defined(__clang__) && __clang_major__ < 16
  // clang before 16 (the fuzz build's) knows the levels' features, not the levels' names.
  const bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                  __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
  const bool v4 = v3 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                  __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512dq") &&
                  __builtin_cpu_supports("avx512vl");
#else
  const bool v4 = __builtin_cpu_supports("x86-64-v4"), v3 = __builtin_cpu_supports("x86-64-v3");
#endif
  if (v4) return LaneIsa::avx512;
  if (v3) return LaneIsa::avx2;
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
#define COLLSWEEP_X(name, holder, stream, at, slot, reads, ...) \
  (!parameter_drawn(needs.inputs, reads) || lanes_take_input(p.name))&&
  return W && lanes_take_input(p.theta_deg) && COLLSWEEP_PLANAR_PARAMETERS(COLLSWEEP_X) true;
#undef COLLSWEEP_X
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

// The planar family's GPU-against-CPU comparison of drawn inputs and per-law outcomes, sample by sample
// (gpu_check.hpp).
#include "families/planar/gpu_check.hpp"

#include <cmath>
#include <cstring>

#include "backend/normal_lanes.hpp"

namespace collsweep {
namespace {

double rel(double a, double b, double scale) {
  return scale > 0 ? std::fabs(a - b) / scale : std::fabs(a - b);
}

}  // namespace

CrossCheck compare_planar_outcomes(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                   const PlanarSample* gpu_samples, const PlanarOutcome* gpu) {
  CrossCheck r;
  r.samples = count;
  r.laws.resize(spec.n_laws);
  for (std::uint64_t i = 0; i < count; ++i) {
    const PlanarSample cpu_sample = draw_planar_sample<SimdNormals>(spec.plan, first + i);
    const PlanarCollision& a = cpu_sample.c;
    const PlanarCollision& b = gpu_samples[i].c;
    if (std::memcmp(&a, &b, sizeof a) != 0) {
      ++r.input_mismatches;
      const double in_a[] = {a.W.nn, a.W.nt, a.W.tt, a.v.n, a.v.t, a.mu, a.e, a.e_t};
      const double in_b[] = {b.W.nn, b.W.nt, b.W.tt, b.v.n, b.v.t, b.mu, b.e, b.e_t};
      for (int k = 0; k < 8; ++k)
        r.max_input_difference = std::fmax(r.max_input_difference, rel(in_a[k], in_b[k], std::fabs(in_a[k])));
    }
    for (int l = 0; l < spec.n_laws; ++l) {
      const PlanarOutcome x = evaluate(spec.laws[l], a);
      const PlanarOutcome& y = gpu[i * spec.n_laws + l];
      LawComparison& c = r.laws[l];
      if (x.status != y.status) {
        ++c.status_mismatches;
        continue;
      }
      if (x.status != Status::ok) continue;
      if (x.type != y.type) ++c.type_mismatches;
      if ((x.dE_rel > spec.tolerance) != (y.dE_rel > spec.tolerance)) ++c.gain_mismatches;
      const double P = std::hypot(x.I_n, x.I_t), v = std::hypot(a.v.n, a.v.t);
      const double d = std::fmax(
          std::fmax(rel(x.I_n, y.I_n, P), rel(x.I_t, y.I_t, P)),
          std::fmax(std::fmax(rel(x.v_n2, y.v_n2, v), rel(x.v_t2, y.v_t2, v)), rel(x.dE, y.dE, P * v)));
      keep_largest_difference(d, first + i, &c.max_relative_difference, &c.worst_sample);
    }
  }
  return r;
}

}  // namespace collsweep

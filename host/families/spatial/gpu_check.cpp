// The spatial family's GPU-against-CPU comparison, sample by sample and bit for bit (gpu_check.hpp).
#include "families/spatial/gpu_check.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <sstream>

#include "backend/spatial_routh_lanes.hpp"
#include "sweep/cross_check.hpp"

namespace collsweep {
namespace {

double rel(double a, double b, double scale) {
  return scale > 0 ? std::fabs(a - b) / scale : std::fabs(a - b);
}

// Every field of the sample: W, v, mu, e, e_t, the angles, log10_cond, mu_c and the thesis laws' parameters.
bool same_sample(const SpatialSample& a, const SpatialSample& b) {
  const auto fields = [](const SpatialSample& s) {
    const SpatialThesisParams& p = s.params;
    return std::array<double, 24>{
        s.c.W.a,  s.c.W.c1, s.c.W.c2, s.c.W.b11, s.c.W.b12,    s.c.W.b22,   s.c.v.n,        s.c.v.t1,
        s.c.v.t2, s.c.mu,   s.c.e,    s.c.e_t,   s.psi_deg,    s.phi_deg,   s.log10_cond,   s.mu_c,
        p.s1,     p.s2,     p.r1,     p.r2,      p.iterations, p.threshold, p.normal_first, p.friction_cone};
  };
  const std::array<double, 24> x = fields(a), y = fields(b);
  return std::memcmp(x.data(), y.data(), sizeof(double) * x.size()) == 0;
}

}  // namespace

bool same_bits(const SpatialOutcome& a, const SpatialOutcome& b) {
  const double x[] = {a.mu_c, a.I.n,    a.I.t1, a.I.t2, a.vf.n, a.vf.t1, a.vf.t2,
                      a.dE,   a.dE_rel, a.W_n,  a.W_t,  a.I_nc, a.I_nh,  a.swerve_deg};
  const double y[] = {b.mu_c, b.I.n,    b.I.t1, b.I.t2, b.vf.n, b.vf.t1, b.vf.t2,
                      b.dE,   b.dE_rel, b.W_n,  b.W_t,  b.I_nc, b.I_nh,  b.swerve_deg};
  return a.status == b.status && a.mode == b.mode && a.n_invariant == b.n_invariant &&
         std::memcmp(x, y, sizeof x) == 0;
}

SpatialCrossCheck compare_spatial_outcomes(const SpatialSweepSpec& spec, std::uint64_t first,
                                           std::uint64_t count, const SpatialSample* gpu_samples,
                                           const SpatialOutcome* gpu) {
  SpatialCrossCheck r;
  r.samples = count;
  r.laws.resize(spec.n_laws);
  // The CPU's outcomes block by block: the Routh laws on the SIMD lanes (the same bits as one sample at a
  // time, backend/spatial_routh_lanes.hpp), the others sample by sample below.
  constexpr std::uint64_t kBlock = 4096;
  SpatialRouthBlock block(spec, kBlock);
  for (std::uint64_t b = 0; b < r.samples; b += kBlock) {
    const std::uint64_t n = std::min(kBlock, r.samples - b);
    // As the GPU's per-sample kernel draws it: every input, e_t and the thesis laws' parameters included.
    block.fill(first + b, n, SpatialNeeds{});
    for (std::uint64_t j = 0; j < n; ++j) {
      const std::uint64_t i = b + j;
      const SpatialSample& s = block.sample(j);
      if (!same_sample(s, gpu_samples[i])) ++r.input_mismatches;
      for (int l = 0; l < spec.n_laws; ++l) {
        const SpatialOutcome* given = block.outcome(l, j);
        const SpatialOutcome x = given ? *given : evaluate_spatial(spec.laws[l], s.c, s.params);
        const SpatialOutcome& y = gpu[i * spec.n_laws + l];
        SpatialLawCheck& c = r.laws[l];
        if (same_bits(x, y)) continue;
        ++c.differing;
        if (x.status != y.status) {
          ++c.status_differ;
          continue;
        }
        if (x.status != Status::ok) continue;
        if (x.mode != y.mode) ++c.mode_differ;
        const double P = std::sqrt(x.I.n * x.I.n + x.I.t1 * x.I.t1 + x.I.t2 * x.I.t2);
        const double v = std::sqrt(s.c.v.n * s.c.v.n + s.c.v.t1 * s.c.v.t1 + s.c.v.t2 * s.c.v.t2);
        double d = rel(x.dE, y.dE, P * v);
        for (const auto& [a, bb] : {std::pair{x.I.n, y.I.n}, {x.I.t1, y.I.t1}, {x.I.t2, y.I.t2}})
          d = std::fmax(d, rel(a, bb, P));
        for (const auto& [a, bb] : {std::pair{x.vf.n, y.vf.n}, {x.vf.t1, y.vf.t1}, {x.vf.t2, y.vf.t2}})
          d = std::fmax(d, rel(a, bb, v));
        keep_largest_difference(d, first + i, &c.max_relative_difference, &c.worst_sample);
      }
    }
  }
  return r;
}

void SpatialLawCheck::merge(const SpatialLawCheck& later) {
  differing += later.differing;
  status_differ += later.status_differ;
  mode_differ += later.mode_differ;
  keep_largest_difference(later.max_relative_difference, later.worst_sample, &max_relative_difference,
                          &worst_sample);
}

void SpatialCrossCheck::merge(const SpatialCrossCheck& later) {
  samples += later.samples;
  input_mismatches += later.input_mismatches;
  merge_law_checks(laws, later.laws);
}

bool SpatialCrossCheck::identical() const {
  if (input_mismatches) return false;
  for (const SpatialLawCheck& c : laws)
    if (c.differing) return false;
  return true;
}

std::string SpatialCrossCheck::report(const SpatialSweepSpec& spec) const {
  std::ostringstream o;
  o << samples << " samples; drawn inputs differing in any bit: " << input_mismatches << '\n';
  for (std::size_t l = 0; l < laws.size(); ++l) {
    const SpatialLawCheck& c = laws[l];
    o << "  " << law_name(spec.laws[l]) << ": outcomes differing in any bit " << c.differing
      << " (status differences " << c.status_differ << ", mode differences " << c.mode_differ
      << "; largest relative difference " << c.max_relative_difference;
    if (c.differing) o << " at sample " << c.worst_sample;
    o << ")\n";
  }
  return o.str();
}

}  // namespace collsweep

// The multi-contact family's GPU-against-CPU comparison of drawn inputs and per-law outcomes, sample by
// sample (gpu_check.hpp).
#include "families/multicontact/gpu_check.hpp"

#include <cmath>
#include <cstring>
#include <vector>

#include "backend/multicontact_lanes.hpp"
#include "backend/multicontact_sample_lanes.hpp"
#include "backend/normal_lanes.hpp"
#include "families/multicontact/law_instances.hpp"

namespace collsweep {

namespace {

// Samples of k contacts waiting for a full batch of the SIMD lanes, and where their summaries go.
template <int K>
struct LaneBatch {
  MultiContactCollision<K> c[multicontact_lane_batch];
  MultiContactSummary* out[multicontact_lane_batch];
  int n = 0;

  void flush(MultiContactLaw law, const MultiContactOptions& opt) {
    MultiContactOutcome<K> o[multicontact_lane_batch];
    if (n == multicontact_lane_batch && law_has_lanes(law)) {  // (the engine law has none)
      evaluate_multicontact_lanes<K>(law, c, opt, o);
    } else {
      for (int s = 0; s < n; ++s) o[s] = evaluate_lcp<K>(law, c[s], opt);
    }
    for (int s = 0; s < n; ++s) *out[s] = summarize(o[s]);
    n = 0;
  }
  void add(MultiContactLaw law, const MultiContactOptions& opt, const MultiContactCollision<K>& x,
           MultiContactSummary* at) {
    c[n] = x;
    out[n] = at;
    if (++n == multicontact_lane_batch) flush(law, opt);
  }
};

// draw_multicontact_sample(plan, first + i) into s[i]: eight at a time by the SIMD sampler where it serves
// the plan (the same bits; a grid of k of n points draws samples i, i + n, ..., i + 7 n together), the rest
// one by one.
void draw_multicontact_samples_cpu(const MultiContactSamplePlan& plan, std::uint64_t first,
                                   std::uint64_t count, MultiContactSample* s) {
  const std::uint32_t stride = multicontact_lanes_sample_stride(plan);
  const std::uint64_t block = std::uint64_t{multicontact_sample_batch} * stride;
  std::uint64_t i = 0;
  MultiContactSample drawn[multicontact_sample_batch];
  for (; stride > 0u && count - i >= block; i += block)
    for (std::uint32_t b = 0; b < stride; ++b) {
      draw_multicontact_lanes(plan, first + i + b, drawn, true, stride);
      for (int l = 0; l < multicontact_sample_batch; ++l) s[i + b + std::uint64_t{stride} * l] = drawn[l];
    }
  for (; i < count; ++i) s[i] = draw_multicontact_sample<SimdNormals>(plan, first + i);
}

// The CPU's evaluate_multicontact(law, s[i], solver) of every law, into out[i * n_laws + l]: the one- and
// two-contact samples eight at a time on the SIMD lanes where they serve the solver (the same bits), the
// others one by one.
void cpu_multicontact_summaries(const MultiContactSweepSpec& spec, const MultiContactSample* s,
                                std::uint64_t n, MultiContactSummary* out) {
  MultiContactOptions opt;
  opt.solver = spec.solver;
  const bool lanes = multicontact_lanes_serve(2, opt);
  for (int l = 0; l < spec.n_laws; ++l) {
    const MultiContactLaw law = spec.laws[l];
    LaneBatch<1> one;
    LaneBatch<2> two;
    for (std::uint64_t i = 0; i < n; ++i) {
      MultiContactSummary* at = out + i * spec.n_laws + l;
      if (lanes && s[i].k == 1)
        one.add(law, opt, collision_of<1>(s[i]), at);
      else if (lanes && s[i].k == 2)
        two.add(law, opt, collision_of<2>(s[i]), at);
      else
        *at = evaluate_multicontact(law, s[i], opt);
    }
    one.flush(law, opt);
    two.flush(law, opt);
  }
}

}  // namespace

CrossCheck compare_multicontact_outcomes(const MultiContactSweepSpec& spec, std::uint64_t first,
                                         std::uint64_t count, const MultiContactSample* gpu_samples,
                                         const MultiContactSummary* gpu) {
  CrossCheck r;
  r.samples = count;
  r.laws.resize(spec.n_laws);
  std::vector<MultiContactSample> cpu_samples(count);
  draw_multicontact_samples_cpu(spec.plan, first, count, cpu_samples.data());
  std::vector<MultiContactSummary> cpu(count * spec.n_laws);
  cpu_multicontact_summaries(spec, cpu_samples.data(), count, cpu.data());
  for (std::uint64_t i = 0; i < count; ++i) {
    if (std::memcmp(&cpu_samples[i], &gpu_samples[i], sizeof cpu_samples[i]) != 0) ++r.input_mismatches;
    for (int l = 0; l < spec.n_laws; ++l) {
      const MultiContactSummary& x = cpu[i * spec.n_laws + l];
      const MultiContactSummary& y = gpu[i * spec.n_laws + l];
      LawComparison& c = r.laws[l];
      if (x.status != y.status) {
        ++c.status_mismatches;
        continue;
      }
      if (x.status != Status::ok) continue;
      if (x.solutions != y.solutions) ++c.type_mismatches;
      if ((x.W_max > spec.tolerance * x.T_acc) != (y.W_max > spec.tolerance * y.T_acc)) ++c.gain_mismatches;
      const double d = std::fmax(std::fabs(x.W - y.W),
                                 std::fmax(std::fabs(x.W_min - y.W_min), std::fabs(x.W_max - y.W_max))) /
                       x.T_acc;
      keep_largest_difference(d, first + i, &c.max_relative_difference, &c.worst_sample);
    }
  }
  return r;
}

}  // namespace collsweep

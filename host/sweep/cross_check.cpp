// GPU-versus-CPU comparison of drawn inputs and per-law outcomes, sample by sample.
#include "sweep/cross_check.hpp"

#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include "backend/multicontact_lanes.hpp"
#include "backend/multicontact_sample_lanes.hpp"
#include "backend/normal_lanes.hpp"

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
    if (n == multicontact_lane_batch) {
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

void LawComparison::merge(const LawComparison& later) {
  status_mismatches += later.status_mismatches;
  type_mismatches += later.type_mismatches;
  gain_mismatches += later.gain_mismatches;
  keep_largest_difference(later.max_relative_difference, later.worst_sample, &max_relative_difference,
                          &worst_sample);
}

void CrossCheck::merge(const CrossCheck& later) {
  samples += later.samples;
  input_mismatches += later.input_mismatches;
  max_input_difference = std::fmax(max_input_difference, later.max_input_difference);
  merge_law_checks(laws, later.laws);
}

bool CrossCheck::within(double tolerance) const {
  for (const auto& c : laws)
    if (c.status_mismatches || !(c.max_relative_difference <= tolerance)) return false;
  return true;
}

std::string CrossCheck::report(const PlanarSweepSpec& spec) const {
  std::vector<std::string> names;
  for (int l = 0; l < spec.n_laws; ++l) names.push_back(law_name(spec.laws[l]));
  return report(names);
}

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

std::string CrossCheck::report(const std::vector<std::string>& law_names) const {
  std::ostringstream o;
  o << samples << " samples; drawn inputs differing in any bit: " << input_mismatches
    << " (largest relative difference " << max_input_difference << ")\n";
  for (std::size_t l = 0; l < laws.size() && l < law_names.size(); ++l) {
    const LawComparison& c = laws[l];
    o << "  " << law_names[l] << ": largest relative difference " << c.max_relative_difference << " (sample "
      << c.worst_sample << "), status differences " << c.status_mismatches << ", Type differences "
      << c.type_mismatches << ", energy-gain flag differences " << c.gain_mismatches << '\n';
  }
  return o.str();
}

}  // namespace collsweep

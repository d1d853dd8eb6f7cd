// GPU-versus-CPU comparison of drawn inputs and per-law outcomes, sample by sample.
#include "sweep/cross_check.hpp"

#include <cmath>
#include <cstring>
#include <sstream>

#include "backend/normal_lanes.hpp"

namespace collsweep {

void evaluate_planar_samples_cpu(const PlanarSweepSpec& spec, std::uint64_t first, std::uint64_t count,
                                 std::vector<PlanarSample>& samples, std::vector<PlanarOutcome>& outcomes) {
  samples.resize(count);
  outcomes.resize(count * spec.n_laws);
  for (std::uint64_t i = 0; i < count; ++i) {
    samples[i] = draw_planar_sample<SimdNormals>(spec.plan, first + i);
    for (int l = 0; l < spec.n_laws; ++l)
      outcomes[i * spec.n_laws + l] = evaluate(spec.laws[l], samples[i].c);
  }
}

namespace {

double rel(double a, double b, double scale) {
  return scale > 0 ? std::fabs(a - b) / scale : std::fabs(a - b);
}

}  // namespace

CrossCheck compare_outcomes(const PlanarSweepSpec& spec, const std::vector<PlanarSample>& ref_samples,
                            const std::vector<PlanarOutcome>& ref,
                            const std::vector<PlanarSample>& cand_samples,
                            const std::vector<PlanarOutcome>& cand, std::uint64_t first) {
  CrossCheck r;
  r.samples = ref_samples.size();
  r.laws.resize(spec.n_laws);
  for (std::uint64_t i = 0; i < r.samples; ++i) {
    const PlanarCollision& a = ref_samples[i].c;
    const PlanarCollision& b = cand_samples[i].c;
    if (std::memcmp(&a, &b, sizeof a) != 0) {
      ++r.input_mismatches;
      const double in_a[] = {a.W.nn, a.W.nt, a.W.tt, a.v.n, a.v.t, a.mu, a.e, a.e_t};
      const double in_b[] = {b.W.nn, b.W.nt, b.W.tt, b.v.n, b.v.t, b.mu, b.e, b.e_t};
      for (int k = 0; k < 8; ++k)
        r.max_input_difference = std::fmax(r.max_input_difference, rel(in_a[k], in_b[k], std::fabs(in_a[k])));
    }
    for (int l = 0; l < spec.n_laws; ++l) {
      const PlanarOutcome& x = ref[i * spec.n_laws + l];
      const PlanarOutcome& y = cand[i * spec.n_laws + l];
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
      if (d > c.max_relative_difference) {
        c.max_relative_difference = d;
        c.worst_sample = first + i;
      }
    }
  }
  return r;
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
                                         const std::vector<MultiContactSample>& gpu_samples,
                                         const std::vector<MultiContactSummary>& gpu) {
  CrossCheck r;
  r.samples = gpu_samples.size();
  r.laws.resize(spec.n_laws);
  for (std::uint64_t i = 0; i < r.samples; ++i) {
    const MultiContactSample cs = draw_multicontact_sample<SimdNormals>(spec.plan, first + i);
    if (std::memcmp(&cs, &gpu_samples[i], sizeof cs) != 0) ++r.input_mismatches;
    for (int l = 0; l < spec.n_laws; ++l) {
      const MultiContactSummary x = evaluate_multicontact(spec.laws[l], cs, spec.solver);
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
      if (d > c.max_relative_difference) {
        c.max_relative_difference = d;
        c.worst_sample = first + i;
      }
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

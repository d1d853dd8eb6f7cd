// The multi-contact CPU sweep: the shared loop of cpu_sweep_loop.hpp over the multi-contact sample body, with
// the samples of a plan it serves drawn eight at a time by the SIMD sampler (multicontact_sample_lanes.hpp)
// and the one- and two-contact laws evaluated eight samples at a time by the SIMD path
// (multicontact_lanes.hpp).
#include "backend/cpu_backend.hpp"
#include "backend/cpu_sweep_loop.hpp"
#include "backend/multicontact_lanes.hpp"
#include "backend/multicontact_sample_lanes.hpp"
#include "backend/normal_lanes.hpp"
#include "collsweep/models/multicontact/sweep.hpp"

namespace collsweep {
namespace {

// Drawn samples of k contacts waiting for a full batch of the SIMD path: their indices and map cells.
template <int K>
struct PendingBatch {
  MultiContactCollision<K> c[multicontact_lane_batch];
  std::uint64_t index[multicontact_lane_batch];
  int cell[multicontact_lane_batch];
  int n = 0;

  // Evaluates and records every law on the pending samples: the full batch by the SIMD path, a shorter one
  // (the end of a range) one sample at a time. The results are the same bits either way. opt: the sweep's
  // (sweep_law_options), the theorem predicates and the near-singular flag left to SweepSampleFlags as in
  // sweep_sample.
  template <class Sink>
  void flush(const MultiContactSweepSpec& spec, const MultiContactOptions& opt, const TallyLayout& L,
             u64* words, Sink& sink) {
    SweepSampleFlags flags[multicontact_lane_batch];
    if (n == multicontact_lane_batch) {  // the near-singular test's bracket on the lanes (the same verdicts)
      CondVerdict verdict[multicontact_lane_batch];
      multicontact_cond_verdicts<K>(c, verdict);
      for (int s = 0; s < n; ++s) flags[s].given_verdict(verdict[s]);
    }
    for (int l = 0; l < spec.n_laws; ++l) {
      MultiContactOutcome<K> out[multicontact_lane_batch];
      if (n == multicontact_lane_batch && law_has_lanes(spec.laws[l])) {  // (the engine law has none)
        evaluate_multicontact_lanes<K>(spec.laws[l], c, opt, out);
      } else {
        for (int s = 0; s < n; ++s) out[s] = evaluate_lcp<K>(spec.laws[l], c[s], opt);
      }
      for (int s = 0; s < n; ++s)
        record_multicontact<PlainOps>(spec, L, words, cell[s], l,
                                      flags[s].apply(summarize(out[s]), spec.tolerance, c[s]), index[s],
                                      sink);
    }
    n = 0;
  }
};

}  // namespace

template <class Sink>
void cpu_sweep_range(const MultiContactSweepSpec& spec, const MultiContactSweepConstants& constants,
                     const TallyLayout& L, u64* words, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  const MultiContactOptions opt = sweep_law_options(spec.solver);  // as sweep_sample
  if (!multicontact_lanes_serve(2, opt)) {
    for (std::uint64_t i = lo; i < hi; ++i)
      sweep_sample<PlainOps, SimdNormals>(spec, constants, L, words, i, sink);
    return;
  }
  PendingBatch<1> one;
  PendingBatch<2> two;
  // Samples drawn eight at a time by the SIMD sampler where it serves the plan (the same bits), else one by
  // one. A grid of k (stride n > 1) is drawn n batches at a time, batch c holding samples i + c + n l, so
  // that sample i + c + n l is drawn[c][l] (read in place: a sample is 704 bytes).
  const std::uint32_t stride = multicontact_lanes_sample_stride(spec.plan);
  const std::uint64_t block = std::uint64_t{multicontact_sample_batch} * stride;
  MultiContactSample drawn[multicontact_sample_max_stride][multicontact_sample_batch];
  std::uint64_t drawn_end = 0;
  std::uint32_t drawn_stride = 1, dc = 0, dl = 0;  // sample i is drawn[dc][dl]
  for (std::uint64_t i = lo; i < hi; ++i) {
    if (i >= drawn_end) {
      dc = dl = 0;
      if (stride > 0u && hi - i >= block) {
        for (std::uint32_t b = 0; b < stride; ++b)
          draw_multicontact_lanes(spec.plan, i + b, drawn[b], constants.log10_cond, stride);
        drawn_stride = stride;
        drawn_end = i + block;
      } else {
        drawn[0][0] = draw_multicontact_sample<SimdNormals>(spec.plan, i, constants.log10_cond);
        drawn_stride = 1;
        drawn_end = i + 1;
      }
    }
    const MultiContactSample& smp = drawn[dc][dl];
    if (++dc == drawn_stride) {
      dc = 0;
      ++dl;
    }
    if (smp.k > 2) {  // k = 3, 4: the one-sample body
      sweep_drawn_sample<PlainOps>(spec, L, words, i, smp, sink);
      continue;
    }
    const int cell = static_cast<int>(L.tally_cell(map_cell(spec, smp)));  // outside: its pseudo-cell
    PlainOps::fetch_add(words + L.samples(static_cast<std::uint32_t>(cell)), 1);
    auto add = [&](auto& batch, const auto& c) {
      batch.c[batch.n] = c;
      batch.index[batch.n] = i;
      batch.cell[batch.n] = cell;
      if (++batch.n == multicontact_lane_batch) batch.flush(spec, opt, L, words, sink);
    };
    if (smp.k == 1)
      add(one, collision_of<1>(smp));
    else
      add(two, collision_of<2>(smp));
  }
  one.flush(spec, opt, L, words, sink);
  two.flush(spec, opt, L, words, sink);
}

template MultiContactSweepResult run_sweep_cpu(const MultiContactSweepSpec&, std::uint64_t, std::uint64_t,
                                               std::uint64_t, int, Progress*);

}  // namespace collsweep

// The loop body of a multi-contact sweep: sample i -> poisson-lcp / newton-lcp -> the map tally (CPU and
// GPU).
//
// Pair words of a multi-contact tally (MultiContactWords; tally/map_tally.hpp has the common layout):
//   valid          status ok
//   gain_max       W_max > tolerance * T_acc: some admissible solution gains energy
//   gain_min       W_min > tolerance * T_acc: every solution gains energy
//   gain_chosen    the chosen solution gains energy
//   violation_111, violation_117, violation_121
//                  a gain (W_max) while Glocker's sufficient condition (111), (117) or (121) holds — a
//                  theorem violation, must stay 0
//   no_solution, solver_failure, singular, invalid   failures by status (singular: G not positive
//                  semidefinite, gamma^- outside its range, or an outcome a singular G leaves indeterminate)
//   truncated      more distinct solutions than the solver keeps (the count is a lower bound)
//   sum_lo, sum_hi fixed-point sum of the chosen solution's W / T_acc
//   max_key        ordered key of the largest W_max / T_acc
//   solutions_1 .. solutions_8   histogram of the number of distinct solutions
//   semidefinite   status ok with G singular (rank < 2k), accepted as positive semidefinite
//   near_singular  status ok with G of full rank and cond2(G) > 1e8 (near_singular.hpp)
// and in sweeps with the engine law (MultiContactWords::count_engine), for its outcomes only:
//   not_converged  status not_converged (K = 0 ran out of sweeps; also counted in solver_failure)
//   unconverged    status ok, but the last of its K >= 1 sweeps changed an impulse beyond the tolerance
//   iterations_sum the sweeps of the valid outcomes (their mean: / valid)
//   order_spread   status ok and W's spread over the orders of the normal impulses > 1e-6 T_acc
//   order_spread_max  ordered key of the largest spread / T_acc
#pragma once

#include "collsweep/models/multicontact/near_singular.hpp"
#include "collsweep/models/multicontact/quantities.hpp"
#include "collsweep/models/multicontact/sampler.hpp"
#include "collsweep/models/multicontact/summary.hpp"
#include "collsweep/models/multicontact/sweep_spec.hpp"
#include "collsweep/sweep/sweep_limits.hpp"
#include "collsweep/tally/map_tally.hpp"

namespace collsweep {

// The contact counts a device compilation unit has laws for. The GPU's kernels for plans of k <= 2
// (kernels/multicontact_sweep_cuda.cu) leave the k = 3, 4 laws out: smaller kernels, built in a fraction of
// the time; the sweep kernel for plans that draw k = 3 or 4 (kernels/multicontact_sweep_k4_cuda.cu) and the
// per-sample kernel of `validate` (kernels/multicontact_samples_cuda.cu) define it as 4 before any include.
// Each .cu file is its own device module (no relocatable device code), and host code always has every k.
#ifndef COLLSWEEP_DEVICE_MAX_CONTACTS
#define COLLSWEEP_DEVICE_MAX_CONTACTS 2
#endif

// f(collision_of<K>(s)) for the sample's number of contacts K; `unsupported` where the compilation unit has
// no code for K (device code with COLLSWEEP_DEVICE_MAX_CONTACTS 2 and k > 2: the launchers send such plans
// to the kernels built with 4).
template <class Result, class F>
COLLSWEEP_HD_INLINE Result with_collision(const MultiContactSample& s, F f, Result unsupported) {
  switch (s.k) {
    case 1:
      return f(collision_of<1>(s));
    case 2:
      return f(collision_of<2>(s));
#if COLLSWEEP_DEVICE_COMPILE && COLLSWEEP_DEVICE_MAX_CONTACTS < 4
    default:
      return unsupported;
#else
    case 3:
      return f(collision_of<3>(s));
    default:
      (void)unsupported;
      return f(collision_of<4>(s));
#endif
  }
}

// The law on a drawn sample, dispatched on its number of contacts.
COLLSWEEP_HD_INLINE MultiContactSummary evaluate_multicontact(MultiContactLaw law,
                                                              const MultiContactSample& s,
                                                              const MultiContactOptions& opt) {
  MultiContactSummary unsupported;
  unsupported.status = Status::device_unsupported;
  return with_collision(
      s, [&](const auto& c) { return summarize(evaluate_lcp(law, c, opt)); }, unsupported);
}

// The same with every option at its default but the solver (theorem predicates included).
COLLSWEEP_HD_INLINE MultiContactSummary evaluate_multicontact(MultiContactLaw law,
                                                              const MultiContactSample& s, LcpSolver solver) {
  MultiContactOptions opt;
  opt.solver = solver;
  return evaluate_multicontact(law, s, opt);
}

// Whether a sweep counts the outcome as an energy gain (the tally's gain_max and the witnesses).
COLLSWEEP_HD_INLINE bool gains_energy(const MultiContactSummary& r, double tolerance) {
  return r.status == Status::ok && r.W_max > tolerance * r.T_acc;
}

// The theorem predicates of a sample (glocker_conditions), for a drawn sample or a law's input.
template <int K>
COLLSWEEP_HD_INLINE GlockerConditions theorem_conditions(const MultiContactCollision<K>& c) {
  return glocker_conditions(c);
}
COLLSWEEP_HD_INLINE GlockerConditions theorem_conditions(const MultiContactSample& s) {
  return with_collision(
      s, [](const auto& c) { return glocker_conditions(c); }, GlockerConditions{});
}

// The theorem predicates of a sample in a sweep. A sweep reads them only where a law gains energy (the
// violation counters), which few samples do, so the laws run without them (two or three Jacobi eigenvalue
// runs, as much work as both LCP phases) and the flags are computed at the sample's first gain and shared
// by its laws: the laws' own flags (glocker_conditions on the same input), so the same tallies.
class SweepTheoremFlags {
 public:
  // r, an outcome of sample s, with the flags set if it gains energy (false otherwise, where no counter reads
  // them).
  template <class Sample>
  COLLSWEEP_HD_INLINE MultiContactSummary apply(MultiContactSummary r, double tolerance, const Sample& s) {
    if (!gains_energy(r, tolerance)) return r;
    if (!done_) {
      conditions_ = theorem_conditions(s);
      done_ = true;
    }
    r.psd_111 = conditions_.psd_111;
    r.similar_117 = conditions_.similar_117;
    r.small_121 = conditions_.small_121;
    return r;
  }

 private:
  GlockerConditions conditions_;
  bool done_ = false;
};

// Whether the G of a sample (its leading 2k x 2k block) or of a law's input is nearly singular, given G of
// full rank (delassus_near_singular); `given`: the bracket's verdict when the caller has it, else null.
template <int K>
COLLSWEEP_HD_INLINE bool sample_near_singular(const MultiContactCollision<K>& c, const CondVerdict* given) {
  return given ? delassus_near_singular(c.G, 2 * K, *given) : delassus_near_singular(c.G, 2 * K);
}
COLLSWEEP_HD_INLINE bool sample_near_singular(const MultiContactSample& s, const CondVerdict* given) {
  return with_collision(
      s, [given](const auto& c) { return sample_near_singular(c, given); }, false);
}

// What a sweep computes once per sample for all its laws: the theorem predicates where a law gains energy
// (SweepTheoremFlags), and whether G is nearly singular where a law's outcome is valid with G of full rank
// (the laws run without their predicates, so without cond(G); the bracket of near_singular.hpp decides it
// for almost every sample, Jacobi only in its band: the definition's value).
class SweepSampleFlags {
 public:
  // The bracket's verdict on the sample's G, computed by the caller (the CPU's SIMD lanes, for a batch).
  COLLSWEEP_HD_INLINE void given_verdict(CondVerdict v) {
    verdict_ = v;
    has_verdict_ = true;
  }

  template <class Sample>
  COLLSWEEP_HD_INLINE MultiContactSummary apply(MultiContactSummary r, double tolerance, const Sample& s) {
    r = theorem_.apply(r, tolerance, s);
    if (r.status != Status::ok || r.semidefinite()) return r;
    if (!near_done_) {
      near_singular_ = sample_near_singular(s, has_verdict_ ? &verdict_ : nullptr);
      near_done_ = true;
    }
    r.near_singular = near_singular_;
    return r;
  }

 private:
  SweepTheoremFlags theorem_;
  CondVerdict verdict_ = CondVerdict::undecided;
  bool has_verdict_ = false, near_singular_ = false, near_done_ = false;
};

// The laws' options in a sweep: the spec's solver, the predicates left to SweepSampleFlags.
COLLSWEEP_HD_INLINE MultiContactOptions sweep_law_options(LcpSolver solver) {
  MultiContactOptions opt;
  opt.solver = solver;
  opt.theorem_predicates = false;
  return opt;
}

// The spread of W over the orders of the normal impulses beyond which a sample counts in order_spread.
inline constexpr double kOrderSpreadCounted = 1e-6;

// engine: the outcome is the engine law's and the layout has its words.
template <class Ops>
COLLSWEEP_HD_INLINE void tally_multicontact(const TallyLayout& L, u64* words, std::uint32_t cell,
                                            std::uint32_t law, const MultiContactSummary& r, double tolerance,
                                            bool engine = false) {
  using Wd = MultiContactWords;
  u64* p = words + L.pair(cell, law);
  engine = engine && L.pair_words == Wd::count_engine;
  if (r.status != Status::ok) {
    std::uint32_t slot = Wd::invalid;
    if (r.status == Status::no_solution)
      slot = Wd::no_solution;
    else if (r.status == Status::solver_failure || r.status == Status::numerical_failure ||
             r.status == Status::not_converged)
      slot = Wd::solver_failure;
    else if (r.status == Status::singular_delassus || r.status == Status::delassus_not_spd ||
             r.status == Status::indeterminate_outcome)
      slot = Wd::singular;
    Ops::fetch_add(p + slot, 1);
    if (engine && r.status == Status::not_converged) Ops::fetch_add(p + Wd::not_converged, 1);
    return;
  }
  if (engine) {
    if (!r.converged) Ops::fetch_add(p + Wd::unconverged, 1);
    if (r.iterations) Ops::fetch_add(p + Wd::iterations_sum, r.iterations);
    if (r.order_spread_W > kOrderSpreadCounted) Ops::fetch_add(p + Wd::order_spread, 1);
    Ops::max(p + Wd::order_spread_max, ordered_key(r.order_spread_W));
  }
  Ops::fetch_add(p + Wd::valid, 1);
  const double limit = tolerance * r.T_acc;
  const bool gains = gains_energy(r, tolerance);
  if (gains) {
    Ops::fetch_add(p + Wd::gain_max, 1);
    if (r.psd_111) Ops::fetch_add(p + Wd::violation_111, 1);
    if (r.similar_117) Ops::fetch_add(p + Wd::violation_117, 1);
    if (r.small_121) Ops::fetch_add(p + Wd::violation_121, 1);
  }
  if (r.W_min > limit) Ops::fetch_add(p + Wd::gain_min, 1);
  if (r.W > limit) Ops::fetch_add(p + Wd::gain_chosen, 1);
  if (r.truncated) Ops::fetch_add(p + Wd::truncated, 1);
  if (r.semidefinite()) Ops::fetch_add(p + Wd::semidefinite, 1);
  if (r.near_singular) Ops::fetch_add(p + Wd::near_singular, 1);
  if (r.solutions >= 1) Ops::fetch_add(p + Wd::solutions_1 + (r.solutions > 8 ? 7 : r.solutions - 1), 1);
  bool clamped;
  add_int128<Ops>(p + Wd::sum_lo, p + Wd::sum_hi, to_fixed_point(r.W / r.T_acc, &clamped));
  if (clamped) Ops::fetch_add(words + L.clamped(), 1);
  Ops::max(p + Wd::max_key, ordered_key(r.W_max / r.T_acc));
}

// Records law number l's outcome r on sample i of map cell `cell`: the tally, and the sample as a witness
// when it gains energy (the largest W_max / T_acc are kept).
template <class Ops, class Sink>
COLLSWEEP_HD_INLINE void record_multicontact(const MultiContactSweepSpec& s, const TallyLayout& L, u64* words,
                                             int cell, int l, const MultiContactSummary& r, std::uint64_t i,
                                             Sink& sink) {
  tally_multicontact<Ops>(L, words, static_cast<std::uint32_t>(cell), static_cast<std::uint32_t>(l), r,
                          s.tolerance, law_reports_convergence(s.laws[l]));
  if (gains_energy(r, s.tolerance)) sink.offer(l, r.W_max / r.T_acc, i);
}

// What a multi-contact sweep derives from the spec beforehand (the generic sweep loops pass this): whether
// some map axis reads log10 cond(G) (the wishart and mechanism kinds then need G's eigenvalues).
struct MultiContactSweepConstants {
  bool log10_cond = true;
};

COLLSWEEP_HD_INLINE MultiContactSweepConstants sweep_constants(const MultiContactSweepSpec& s) {
  MultiContactSweepConstants c;
  c.log10_cond = false;
  for (int a = 0; a < s.n_axes; ++a)
    c.log10_cond = c.log10_cond || s.axes[a].quantity == MultiContactQuantity::log10_cond;
  return c;
}

// The GPU sweep sorts each chunk of samples by cost class before evaluating it, so that a warp's threads
// take one law path (kernels/sweep_launch.cuh; the results do not depend on which thread takes a sample).
// A multi-contact sample's class is k - 1: 3^k tangential modes per phase, enumerated for k <= 2, Lemke's
// 3k x 3k tableaux for k = 3, 4 under the automatic solver. Classes differ only where the plan draws k.
COLLSWEEP_HD_INLINE int sweep_cost_classes(const MultiContactSweepSpec& s) {
  return s.plan.contacts.kind == ScalarKind::constant ? 1 : static_cast<int>(max_contacts);
}

// Sample i's cost class in [0, sweep_cost_classes(s)): the k it draws (its contacts stream alone), less one.
COLLSWEEP_HD_INLINE int sweep_cost_class(const MultiContactSweepSpec& s, std::uint64_t i) {
  const int k = static_cast<int>(draw_contact_count(s.plan, i, multicontact_grid_digits(s.plan, i)));
  return k < 1 ? 0 : (k > static_cast<int>(max_contacts) ? static_cast<int>(max_contacts) - 1 : k - 1);
}

// Evaluates every law on smp, the drawn sample i, and records the outcomes; the largest W_max / T_acc of
// energy gains are offered to the witness lists.
template <class Ops, class Sink>
COLLSWEEP_HD_INLINE void sweep_drawn_sample(const MultiContactSweepSpec& s, const TallyLayout& L, u64* words,
                                            std::uint64_t i, const MultiContactSample& smp, Sink& sink) {
  const int cell = static_cast<int>(L.tally_cell(map_cell(s, smp)));  // outside: its pseudo-cell
  Ops::fetch_add(words + L.samples(static_cast<std::uint32_t>(cell)), 1);
  const MultiContactOptions opt = sweep_law_options(s.solver);
  SweepSampleFlags flags;
  for (int l = 0; l < s.n_laws; ++l)
    record_multicontact<Ops>(s, L, words, cell, l,
                             flags.apply(evaluate_multicontact(s.laws[l], smp, opt), s.tolerance, smp), i,
                             sink);
}

// Draws sample i, then sweep_drawn_sample; Normals as for draw_multicontact_sample.
template <class Ops, class Normals = PairwiseNormals, class Sink>
COLLSWEEP_HD_INLINE void sweep_sample(const MultiContactSweepSpec& s, const MultiContactSweepConstants& sc,
                                      const TallyLayout& L, u64* words, std::uint64_t i, Sink& sink) {
  const MultiContactSample smp = draw_multicontact_sample<Normals>(s.plan, i, sc.log10_cond);
  sweep_drawn_sample<Ops>(s, L, words, i, smp, sink);
}

}  // namespace collsweep

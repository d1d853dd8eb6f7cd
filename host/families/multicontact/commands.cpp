// The multi-contact family's part of each command (commands.hpp).
#include "families/multicontact/commands.hpp"

#include <iostream>
#include <memory>

#include "backend/cpu_backend.hpp"
#include "families/multicontact/gpu_check.hpp"
#include "families/multicontact/lcp_eval.hpp"
#include "families/multicontact/lcp_header.hpp"
#include "families/multicontact/lcp_law.hpp"
#include "families/multicontact/solve_lcp.hpp"
#include "families/shared/validate_samples.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep {

std::uint64_t theorem_violations(const MultiContactSweepResult& r) {
  std::uint64_t v = 0;
  for (int l = 0; l < r.spec.n_laws; ++l)
    for (std::uint32_t w : {MultiContactWords::violation_111, MultiContactWords::violation_117,
                            MultiContactWords::violation_121})
      v += r.pair_total(l, w);
  return v;
}

namespace families {
namespace {

template <int K>
RowEvaluator lcp_evaluator(const HeaderIndex& header, MultiContactLaw law, LcpSolver solver) {
  using C = MultiContactCollision<K>;
  const auto schema = std::make_shared<const RowSchema<C, LcpEvalOutcome<K>>>(lcp_schema<K>(law, solver));
  const auto binding = std::make_shared<const RecordBinding<C>>(header, schema->inputs);
  return [schema, binding](const std::vector<std::string>& fields, long line) {
    const MultiContactOutcome<K> o = schema->compute(binding->parse(fields, line)).out;
    Reproduced r;
    r.ok = o.status == Status::ok;
    if (!r.ok) r.reason = lcp_status_reason(o.status);
    // W_max_rel as the run wrote it (multicontact_outputs.cpp): W_max / T_acc of the same outcome.
    r.values = {static_cast<double>(o.solutions), o.W_min, o.W_max, o.W, o.W_max / o.T_acc};
    return r;
  };
}

}  // namespace

int validate_family(const ValidateOptions& o, const RunSettings& config, const MultiContactSweepSpec& spec,
                    const cuda::DeviceInfo& gpu) {
  const std::optional<CrossCheck> check =
      families::validate_samples(o, spec, config.name, &compare_multicontact_outcomes);
  if (!check) return 1;
  std::vector<std::string> names;
  for (int l = 0; l < spec.n_laws; ++l) names.push_back(law_name(spec.laws[l]));
  std::cout << "GPU " << describe_device(gpu) << " against the CPU reference, samples [" << o.first << ", "
            << o.first + o.samples << ") of " << config.name
            << " (multi-contact; \"Type\" = solution count):\n"
            << check->report(names);
  const bool ok = check->within(o.tolerance) && check->input_mismatches == 0;
  std::cout << (ok ? "PASS" : "FAIL") << ": tolerance " << o.tolerance << " relative to T_acc\n";
  return ok ? 0 : 1;
}

std::optional<SolveFailure> solve_family(families::FamilyTag<MultiContactSweepSpec>, const SolveOptions& o) {
  return solve_lcp({o.law, o.contacts, o.G, o.gamma, o.mu, o.eN, o.eT, o.solver, o.bodies, o.json, o});
}

EvalTable family_table(families::FamilyTag<MultiContactSweepSpec>, const EvalOptions& o) {
  MultiContactLaw law{};
  parse_lcp_law(o.law, &law);
  const int k = o.contacts.empty() ? 0 : parse_contacts(o.contacts);  // 0: the k of the header's columns
  const LcpSolver solver = parse_lcp_solver(o.solver);
  return {
      [law, k, solver](std::istream& in, io::CsvWriter& w) { return eval_lcp_csv(in, w, law, k, solver); },
      "where their law is " + o.law + " and their contacts the k in use",
      [law, k, solver](const std::vector<std::string>& names) {
        const int kk = lcp_header_contacts(HeaderIndex(names, 0), k, false);
        return with_contacts(
            kk, [&](auto kc) { return column_evaluator(lcp_schema<decltype(kc)::value>(law, solver)); });
      }};
}

// Rows carry their k in "contacts"; the columns are those of the plan's largest k.
WitnessSchema witness_schema(families::FamilyTag<MultiContactSweepSpec>, const RunSummary& summary) {
  WitnessSchema w;
  w.extra_columns = {"contacts"};
  w.recorded = lcp_recorded_columns();
  w.note = std::string(", solver ") + lcp_solver_name(summary.solver);
  const LcpSolver solver = summary.solver;
  w.evaluator = [solver](const HeaderIndex& header, const std::string& law,
                         const std::vector<std::string>& extra, long line) -> RowEvaluator {
    const int header_k = lcp_header_contacts(header, 0, false);
    int k = 0;
    try {
      k = parse_contacts_field(extra[0]);
    } catch (const std::invalid_argument& e) {
      throw MalformedInput(line, std::string("column 'contacts': ") + e.what());
    }
    if (k > header_k)
      throw MalformedInput(line, "column 'contacts': " + std::to_string(k) +
                                     ", but the header has the columns of " + std::to_string(header_k) +
                                     " contacts");
    MultiContactLaw multi{};
    if (!parse_lcp_law(law, &multi)) return nullptr;
    return with_contacts(k,
                         [&](auto kc) { return lcp_evaluator<decltype(kc)::value>(header, multi, solver); });
  };
  return w;
}

}  // namespace families
}  // namespace collsweep

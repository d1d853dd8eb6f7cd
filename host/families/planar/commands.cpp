// The planar family's part of each command (commands.hpp).
#include "families/planar/commands.hpp"

#include <iostream>
#include <memory>

#include "backend/cpu_backend.hpp"
#include "families/planar/gpu_check.hpp"
#include "families/planar/planar_eval.hpp"
#include "families/planar/solve_planar.hpp"
#include "families/shared/sweep_backend.hpp"
#include "families/shared/validate_samples.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep {

std::uint64_t theorem_violations(const PlanarSweepResult& r) {
  std::uint64_t v = 0;
  for (int l = 0; l < r.spec.n_laws; ++l) v += r.pair_total(l, PlanarWords::violation);
  return v;
}

namespace families {
namespace {

RowEvaluator planar_evaluator(const HeaderIndex& header, PlanarLaw law) {
  const auto schema =
      std::make_shared<const RowSchema<PlanarCollision, PlanarEvalResult>>(planar_schema(law));
  const auto binding = std::make_shared<const RecordBinding<PlanarCollision>>(header, schema->inputs);
  return [schema, binding](const std::vector<std::string>& fields, long line) {
    const PlanarOutcome o = schema->compute(binding->parse(fields, line)).outcome;
    Reproduced r;
    r.ok = o.status == Status::ok;
    if (!r.ok) r.reason = status_reason(o.status);
    r.values = {static_cast<double>(o.type), o.dE, o.dE_rel};
    return r;
  };
}

}  // namespace

int validate_family(const ValidateOptions& o, const RunSettings& config, const PlanarSweepSpec& spec,
                    const cuda::DeviceInfo& gpu) {
  const std::optional<CrossCheck> check =
      families::validate_samples(o, spec, config.name, &compare_planar_outcomes);
  if (!check) return 1;
  std::cout << "GPU " << describe_device(gpu) << " against the CPU reference, samples [" << o.first << ", "
            << o.first + o.samples << ") of " << config.name << ":\n"
            << check->report(spec);
  const bool ok = check->within(o.tolerance);
  std::cout << (ok ? "PASS" : "FAIL") << ": tolerance " << o.tolerance << " relative\n";
  return ok ? 0 : 1;
}

std::optional<SolveFailure> solve_family(families::FamilyTag<PlanarSweepSpec>, const SolveOptions& o) {
  return solve_planar(o);
}

EvalTable family_table(families::FamilyTag<PlanarSweepSpec>, const EvalOptions& o) {
  PlanarLaw law{};
  parse_law(o.law.c_str(), &law);
  const bool constraints = o.constraints;
  return {[law, constraints](std::istream& in, io::CsvWriter& w) {
            return eval_csv(in, w, planar_schema(law, constraints));
          },
          "where their law is " + o.law,
          [law, constraints](const std::vector<std::string>&) {
            return column_evaluator(planar_schema(law, constraints));
          }};
}

WitnessSchema witness_schema(families::FamilyTag<PlanarSweepSpec>, const RunSummary&) {
  WitnessSchema w;
  w.recorded = planar_recorded_columns();
  w.evaluator = [](const HeaderIndex& header, const std::string& law, const std::vector<std::string>&,
                   long) -> RowEvaluator {
    PlanarLaw planar{};
    if (!parse_law(law.c_str(), &planar)) return nullptr;
    return planar_evaluator(header, planar);
  };
  return w;
}

}  // namespace families
}  // namespace collsweep

// The spatial family's part of each command (commands.hpp).
#include "families/spatial/commands.hpp"

#include <iostream>
#include <memory>

#include "backend/cpu_backend.hpp"
#include "collsweep/models/spatial/constraints.hpp"
#include "families/shared/sweep_backend.hpp"
#include "families/shared/thesis_columns.hpp"
#include "families/shared/validate_samples.hpp"
#include "families/spatial/gpu_check.hpp"
#include "families/spatial/solve_spatial.hpp"
#include "families/spatial/spatial_eval.hpp"
#include "families/spatial/thesis_eval_3d.hpp"
#include "vocabulary/eval_table.hpp"

namespace collsweep {

std::uint64_t theorem_violations(const SpatialSweepResult& r) {
  std::uint64_t v = 0;
  for (int l = 0; l < r.spec.n_laws; ++l) v += r.pair_total(l, SpatialWords::violation);
  return v;
}

namespace families {
namespace {

// A witness row's evaluator from a law's eval schema (the spatial laws' or the thesis laws'): the recorded
// columns of spatial_recorded_columns(), mode (a label), directions, dE, dE_rel, swerve_deg.
template <class Record, class Result>
RowEvaluator witness_evaluator(const HeaderIndex& header, RowSchema<Record, Result> schema_value,
                               SpatialOutcome (*outcome)(const Result&)) {
  const auto schema = std::make_shared<const RowSchema<Record, Result>>(std::move(schema_value));
  const auto binding = std::make_shared<const RecordBinding<Record>>(header, schema->inputs);
  return [schema, binding, outcome](const std::vector<std::string>& fields, long line) {
    const SpatialOutcome o = outcome(schema->compute(binding->parse(fields, line)));
    Reproduced r;
    r.ok = o.status == Status::ok;
    if (!r.ok) r.reason = spatial_status_reason(o.status);
    r.label = mode_name(o.mode);
    r.values = {0.0, static_cast<double>(o.n_invariant), o.dE, o.dE_rel, o.swerve_deg};
    return r;
  };
}

RowEvaluator spatial_evaluator(const HeaderIndex& header, SpatialLaw law) {
  if (is_thesis_law(law))
    return witness_evaluator(
        header, spatial_thesis_schema(law), +[](const SpatialThesisResult& r) { return r.outcome; });
  return witness_evaluator(
      header, spatial_schema(law), +[](const SpatialOutcome& o) { return o; });
}

}  // namespace

int validate_family(const ValidateOptions& o, const RunSettings& config, const SpatialSweepSpec& spec,
                    const cuda::DeviceInfo& gpu) {
  const std::optional<SpatialCrossCheck> check =
      families::validate_samples(o, spec, config.name, &compare_spatial_outcomes);
  if (!check) return 1;
  std::cout << "GPU " << describe_device(gpu) << " against the CPU reference, samples [" << o.first << ", "
            << o.first + o.samples << ") of " << config.name << " (spatial; compared bit for bit):\n"
            << check->report(spec);
  const bool ok = check->identical();
  std::cout << (ok ? "PASS" : "FAIL") << ": every drawn input and every outcome field "
            << (ok ? "identical" : "must be identical")
            << " (the spatial kernels are compared bitwise; --tolerance is not used)\n";
  return ok ? 0 : 1;
}

std::optional<SolveFailure> solve_family(families::FamilyTag<SpatialSweepSpec>, const SolveOptions& o) {
  SpatialLaw law{};
  if (parse_law(o.law.c_str(), &law) && is_thesis_law(law)) return solve_spatial_thesis(o, law);
  return solve_spatial(o);
}

namespace {

// eval --constraints: the law's schema with C1..C4, eta appended.
auto constrained_spatial_schema(SpatialLaw law) {
  const auto check = [](const SpatialCollision& c, const SpatialOutcome& out) {
    return check_constraints(c, out);
  };
  return with_constraints(spatial_schema(law), check);
}

}  // namespace

EvalTable family_table(families::FamilyTag<SpatialSweepSpec>, const EvalOptions& o) {
  SpatialLaw law{};
  parse_law(o.law.c_str(), &law);  // a spatial law (the command chose the family by it)
  if (is_thesis_law(law))          // their C1..C4 and eta are always written
    return {[law](std::istream& in, io::CsvWriter& w) { return eval_csv(in, w, spatial_thesis_schema(law)); },
            "where their law is " + o.law,
            [law](const std::vector<std::string>&) { return column_evaluator(spatial_thesis_schema(law)); }};
  if (o.constraints)
    return {
        [law](std::istream& in, io::CsvWriter& w) {
          return eval_csv(in, w, constrained_spatial_schema(law));
        },
        "where their law is " + o.law,
        [law](const std::vector<std::string>&) { return column_evaluator(constrained_spatial_schema(law)); }};
  return {[law](std::istream& in, io::CsvWriter& w) { return eval_csv(in, w, spatial_schema(law)); },
          "where their law is " + o.law,
          [law](const std::vector<std::string>&) { return column_evaluator(spatial_schema(law)); }};
}

WitnessSchema witness_schema(families::FamilyTag<SpatialSweepSpec>, const RunSummary&) {
  WitnessSchema w;
  w.recorded = spatial_recorded_columns();
  w.first_is_label = true;
  w.evaluator = [](const HeaderIndex& header, const std::string& law, const std::vector<std::string>&,
                   long) -> RowEvaluator {
    SpatialLaw spatial{};
    if (!parse_law(law.c_str(), &spatial)) return nullptr;
    return spatial_evaluator(header, spatial);
  };
  return w;
}

}  // namespace families
}  // namespace collsweep

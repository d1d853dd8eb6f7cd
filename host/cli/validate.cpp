// `collsweep validate CONFIG.toml --samples N`: the same samples on the GPU and the CPU, compared one by one.
#include <iostream>

#include "backend/cuda_backend.hpp"
#include "cli/subcommands.hpp"
#include "config/run_config.hpp"
#include "sweep/cross_check.hpp"

namespace collsweep::cli {

namespace {

struct ValidateOptions {
  std::string config;
  std::uint64_t samples = 1000000;
  std::uint64_t first = 0;
  double tolerance = 1e-12;
};

int validate_family(const ValidateOptions& o, const RunConfig& config, const PlanarSweepSpec& spec,
                    const cuda::DeviceInfo& gpu);

// Multi-contact: inputs bit for bit; per law the status, the number of solutions, the energy-gain flag, and
// W, W_min, W_max relative to T_acc.
int validate_family(const ValidateOptions& o, const RunConfig& config, const MultiContactSweepSpec& spec,
                    const cuda::DeviceInfo& gpu) {
  std::vector<MultiContactSample> samples(o.samples);
  std::vector<MultiContactSummary> outcomes(o.samples * spec.n_laws);
  char err[512] = {};
  if (!cuda::evaluate_multicontact_samples(spec, o.first, o.samples, samples.data(), outcomes.data(), err,
                                           sizeof err)) {
    std::cerr << "collsweep validate: " << err << '\n';
    return 1;
  }
  const CrossCheck check = compare_multicontact_outcomes(spec, o.first, samples, outcomes);
  std::vector<std::string> names;
  for (int l = 0; l < spec.n_laws; ++l) names.push_back(law_name(spec.laws[l]));
  std::cout << "GPU " << describe_device(gpu) << " against the CPU reference, samples [" << o.first << ", "
            << o.first + o.samples << ") of " << config.name
            << " (multi-contact; \"Type\" = solution count):\n"
            << check.report(names);
  const bool ok = check.within(o.tolerance) && check.input_mismatches == 0;
  std::cout << (ok ? "PASS" : "FAIL") << ": tolerance " << o.tolerance << " relative to T_acc\n";
  return ok ? 0 : 1;
}

int validate(const ValidateOptions& o) {
  RunConfig config;
  try {
    config = load_run_config(o.config);
  } catch (const ConfigError& e) {
    std::cerr << "collsweep validate: invalid config: " << e.what() << '\n';
    return 2;
  }
  const cuda::DeviceInfo gpu = cuda::query_device();
  if (!gpu.available) {
    std::cerr << "collsweep validate: needs a GPU to compare against the CPU: " << gpu.message << '\n';
    return 3;
  }
  return std::visit([&](const auto& spec) { return validate_family(o, config, spec, gpu); }, config.model);
}

// Planar: inputs and every outcome field, relative.
int validate_family(const ValidateOptions& o, const RunConfig& config, const PlanarSweepSpec& spec,
                    const cuda::DeviceInfo& gpu) {
  std::vector<PlanarSample> gpu_samples(o.samples), cpu_samples;
  std::vector<PlanarOutcome> gpu_outcomes(o.samples * spec.n_laws), cpu_outcomes;
  char err[512] = {};
  if (!cuda::evaluate_planar_samples(spec, o.first, o.samples, gpu_samples.data(), gpu_outcomes.data(), err,
                                     sizeof err)) {
    std::cerr << "collsweep validate: " << err << '\n';
    return 1;
  }
  evaluate_planar_samples_cpu(spec, o.first, o.samples, cpu_samples, cpu_outcomes);
  const CrossCheck check =
      compare_outcomes(spec, cpu_samples, cpu_outcomes, gpu_samples, gpu_outcomes, o.first);
  std::cout << "GPU " << describe_device(gpu) << " against the CPU reference, samples [" << o.first << ", "
            << o.first + o.samples << ") of " << config.name << ":\n"
            << check.report(spec);
  const bool ok = check.within(o.tolerance);
  std::cout << (ok ? "PASS" : "FAIL") << ": tolerance " << o.tolerance << " relative\n";
  return ok ? 0 : 1;
}

}  // namespace

void register_validate(CLI::App& app, int& status) {
  auto opts = std::make_shared<ValidateOptions>();
  CLI::App* cmd =
      app.add_subcommand("validate", "Compare GPU and CPU outcomes sample by sample on a config's samples");
  cmd->add_option("config", opts->config, "the sweep's TOML config")->required();
  cmd->add_option("--samples", opts->samples, "how many samples (default 1e6)")->check(CLI::PositiveNumber);
  cmd->add_option("--first", opts->first, "first sample index (default 0)");
  cmd->add_option("--tolerance", opts->tolerance, "largest allowed relative difference (default 1e-12)")
      ->check(CLI::PositiveNumber);
  cmd->callback([opts, &status] { status = validate(*opts); });
}

}  // namespace collsweep::cli

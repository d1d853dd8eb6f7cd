// `collsweep validate CONFIG.toml --samples N`: the same samples on the GPU and the CPU, compared one by one.
#include <iostream>

#include "backend/cuda_backend.hpp"
#include "cli/subcommands.hpp"
#include "config/run_config.hpp"
#include "families/commands.hpp"

namespace collsweep::cli {

namespace {

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

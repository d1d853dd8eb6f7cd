// `collsweep validate CONFIG.toml --samples N`: the same samples on the GPU and the CPU, compared one by one
// (in chunks of bounded memory, the CPU's reference on every core: sweep/chunked_validation.hpp).
#include <iostream>

#include "backend/cuda_backend.hpp"
#include "cli/subcommands.hpp"
#include "families/commands.hpp"
#include "families/run_config.hpp"
#include "vocabulary/parse_numbers.hpp"

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
  return std::visit([&](const auto& spec) { return families::validate_family(o, config, spec, gpu); },
                    config.model);
}

}  // namespace

void register_validate(CLI::App& app, int& status) {
  auto opts = std::make_shared<ValidateOptions>();
  CLI::App* cmd =
      app.add_subcommand("validate", "Compare GPU and CPU outcomes sample by sample on a config's samples");
  cmd->add_option("config", opts->config, "the sweep's TOML config")->required();
  // "1e9" as well as "1000000000": written out into the integer CLI11 then reads.
  const auto count = [](const char* option, bool index) {
    return CLI::Validator(
        [option, index](std::string& text) {
          try {
            text = std::to_string(parse_sample_count(option, text, index));
            return std::string();
          } catch (const UsageError& e) {  // CLI11 puts "--samples: " before it
            const std::string message = e.what();
            return message.substr(message.find(": ") + 2);
          }
        },
        index ? "INDEX" : "COUNT");
  };
  cmd->add_option("--samples", opts->samples, "how many samples (default 1e6; any number, in chunks)")
      ->transform(count("--samples", false));
  cmd->add_option("--first", opts->first, "first sample index (default 0)")
      ->transform(count("--first", true));
  cmd->add_option("--tolerance", opts->tolerance, "largest allowed relative difference (default 1e-12)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--threads", opts->threads, "CPU threads of the reference (default: all cores)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--chunk", opts->chunk, "samples per GPU chunk (default: about 256 MiB of results)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--quiet", opts->quiet, "no progress on stderr");
  cmd->callback([opts, &status] { status = validate(*opts); });
}

}  // namespace collsweep::cli
